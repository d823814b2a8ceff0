import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { db } from '../../../../src/db/database';
import type { NotificationPreferences } from '../../../../src/domain/user';
import { NotificationPreferencesCard } from '../../../../src/features/profile/NotificationPreferencesCard';
import { toPreferencesPayload, toPreferencesState } from '../../../../src/features/profile/preferences';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { activateEnglish, makeUser, queueBackend, renderWithI18n, resetDexie } from './helpers';

beforeAll(activateEnglish);
let backend: ReturnType<typeof queueBackend> | null = null;
beforeEach(async () => {
  session.user = makeUser();
  snackbars.items = [];
  await resetDexie();
});
afterEach(() => {
  backend?.stop();
  backend = null;
  vi.restoreAllMocks();
});

const sentPreferences = () => (backend!.calls['PUT /users/notification-preferences'] ?? []) as NotificationPreferences[];

const messages = () => snackbars.items.map((s) => s.message);

describe('preference conversion', () => {
  it('uses words in the interface and numbers on the wire, without expanded', () => {
    const state = toPreferencesState(makeUser().notificationPreferences);
    expect(state.email.frequencies.newsAndOffers).toBe('weekly');
    expect(state.email.expanded).toBe(true);
    expect(state.whatsApp.expanded).toBe(false);
    state.email.frequencies.newMessages = 'endOfDay';
    const payload = toPreferencesPayload(state);
    expect(payload.email.notificationTypes.newMessages).toEqual({ name: 'New messages', frequency: 1 });
    expect(payload.email.notificationTypes.newsAndOffers?.frequency).toBe(2);
    expect('expanded' in payload.email).toBe(false);
  });
});

describe('NotificationPreferencesCard', () => {
  it('saves every change at once with numeric frequencies', async () => {
    backend = queueBackend({ 'PUT /users/notification-preferences': (p) => p });
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified={false} />);
    const email = screen.getByTestId('prefs-email');
    fireEvent.change(within(email).getByLabelText('New messages'), { target: { value: 'disabled' } });
    expect(screen.getByTestId('prefs-status').textContent).toBe('Saving…');
    await waitFor(() => expect(sentPreferences()).toHaveLength(1));
    const sent = sentPreferences()[0]!;
    expect(sent.email.notificationTypes.newMessages?.frequency).toBe(3);
    expect(sent.email.notificationTypes.eventRequests?.frequency).toBe(0);
    expect(sent.email.notificationTypes.newsAndOffers?.frequency).toBe(2);
    expect(sent.whatsApp.enabled).toBe(false);
    await waitFor(() => expect(screen.getByTestId('prefs-status').textContent).toBe('Saved'));
    // The inline 'Saved' is the one message: no snackbar saying it again.
    expect(messages()).toEqual([]);
    expect((await db.profiles.get('u1'))?.notificationPreferences.email.notificationTypes.newMessages?.frequency).toBe(3);
  });

  it('offline, keeps the change on this device and says so', async () => {
    backend = queueBackend({ 'PUT /users/notification-preferences': () => { throw new TypeError('Failed to fetch'); } });
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified={false} />);
    const select = within(screen.getByTestId('prefs-email')).getByLabelText('Event requests') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'weekly' } });
    await waitFor(() => expect(screen.getByTestId('prefs-status').textContent).toBe('Saved on this device'));
    expect(select.value).toBe('weekly');
    expect(await db.outbox.where('state').equals('pending').count()).toBe(1);
  });

  it('switching a channel off collapses it and saves; a failure puts the switch and panel back', async () => {
    backend = queueBackend({
      'PUT /users/notification-preferences': () => { throw new ApiError(400, 'bad'); },
      'GET /users/profile': () => makeUser(),
    });
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified />);
    const emailSwitch = screen.getByTestId('prefs-email-switch');
    expect(emailSwitch.getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByTestId('prefs-email')).queryByLabelText('New messages')).not.toBeNull();
    fireEvent.click(emailSwitch);
    expect(emailSwitch.getAttribute('aria-checked')).toBe('false');
    expect(within(screen.getByTestId('prefs-email')).queryByLabelText('New messages')).toBeNull();
    await waitFor(() => expect(sentPreferences()).toHaveLength(1));
    expect(sentPreferences()[0]!.email.enabled).toBe(false);
    await waitFor(() => expect(emailSwitch.getAttribute('aria-checked')).toBe('true'));
    expect(within(screen.getByTestId('prefs-email')).queryByLabelText('New messages')).not.toBeNull();
    expect(messages()).toContain('Failed to update notification preferences');
    expect(screen.getByTestId('prefs-status').textContent).toBe('');
  });

  it('reverts a frequency when the save fails', async () => {
    backend = queueBackend({
      'PUT /users/notification-preferences': () => { throw new ApiError(400, 'bad'); },
      'GET /users/profile': () => makeUser(),
    });
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified={false} />);
    const select = within(screen.getByTestId('prefs-email')).getByLabelText('Event requests') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'weekly' } });
    expect(select.value).toBe('weekly');
    await waitFor(() => expect(select.value).toBe('instant'));
  });

  it('says "Error saving changes" when the change cannot even be stored on this device', async () => {
    session.user = null; // no session: nothing can be queued
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified={false} />);
    fireEvent.change(within(screen.getByTestId('prefs-email')).getByLabelText('News and offers'), { target: { value: 'instant' } });
    await waitFor(() => expect(messages()).toContain('Error saving changes'));
  });

  it('disables the WhatsApp switch, with a note, until the phone is verified', () => {
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified={false} />);
    const whatsApp = screen.getByTestId('prefs-whatsapp-switch');
    expect(whatsApp.hasAttribute('disabled') || whatsApp.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.getByTestId('prefs-whatsapp-note').textContent).toMatch(/Verify your phone number/);
  });

  it('enables WhatsApp with a verified phone; its selects are active only while it is on', async () => {
    backend = queueBackend({ 'PUT /users/notification-preferences': (p) => p });
    renderWithI18n(<NotificationPreferencesCard preferences={makeUser().notificationPreferences} phoneVerified />);
    const panel = screen.getByTestId('prefs-whatsapp');
    fireEvent.click(within(panel).getByRole('button', { name: 'Show WhatsApp settings' }));
    expect((within(panel).getByLabelText('New messages') as HTMLSelectElement).disabled).toBe(true);
    const whatsApp = screen.getByTestId('prefs-whatsapp-switch');
    expect(whatsApp.hasAttribute('disabled')).toBe(false);
    fireEvent.click(whatsApp);
    expect((within(panel).getByLabelText('New messages') as HTMLSelectElement).disabled).toBe(false);
    await waitFor(() => expect(sentPreferences()).toHaveLength(1));
    expect(sentPreferences()[0]!.whatsApp.enabled).toBe(true);
    expect(screen.queryByTestId('prefs-whatsapp-note')).toBeNull();
  });
});
