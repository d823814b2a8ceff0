import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { settingsApi } from '../../../../src/api/settings';
import { db } from '../../../../src/db/database';
import type { AdminSettings, AuditEntry, AuditLogPage } from '../../../../src/domain/settings';
import AdminCenterPage from '../../../../src/features/admin/AdminCenterPage';
import AdminSettingsPage from '../../../../src/features/admin-settings/AdminSettingsPage';
import { pageReload, RELOAD_AFTER_RESET_MS } from '../../../../src/features/admin-settings/demoResetDevice';
import { Footer } from '../../../../src/app/Footer';
import { session } from '../../../../src/state/session';
import { resetSiteSettingsForTests } from '../../../../src/ui/siteSettings';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';

const settings = (extra: Partial<AdminSettings> = {}): AdminSettings => ({
  contactEmail: 'post@eventmarket.no', organisationNumber: '912 345 678', updatedAt: null, demoResetAvailable: true,
  providers: { mail: 'outbox', whatsApp: 'outbox', payments: 'stripe', analytics: 'built-in', database: 'embedded' },
  ...extra,
});
const entry = (id: number, summary: string, at: string): AuditEntry => ({
  id, at, userId: 'admin-1', userEmail: 'ada@example.com', action: 'update', entityType: 'category', entityId: `c-${id}`, summary,
});
const page = (entries: AuditEntry[], nextBefore: number | null = null): AuditLogPage => ({ entries, nextBefore });

beforeEach(() => {
  localStorage.clear();
  resetSiteSettingsForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSiteSettingsForTests();
  session.user = null;
});

/** Waits until the call `spy` made first has failed, and lets the screen take the failure in. */
async function failureHandled(spy: { mock: { results: { value: unknown }[] } }) {
  await waitFor(() => expect(spy.mock.results.length).toBeGreaterThan(0));
  await act(async () => {
    await expect(spy.mock.results[0]!.value as Promise<unknown>).rejects.toBeInstanceOf(ApiError);
  });
}

const RESET_ANSWER = { sessionKept: true, counts: { categories: 9, regions: 36, products: 3, companies: 12, listings: 100, users: 3 } };

async function resetDemoData() {
  fireEvent.click(await screen.findByTestId('demo-reset-open'));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Confirmation'), { target: { value: 'RESET' } });
  fireEvent.click(within(dialog).getByTestId('demo-reset-confirm'));
  await screen.findByTestId('demo-reset-result');
}

describe('AdminSettingsPage', () => {
  it('validates, saves normalised values with a snackbar-worthy answer, and updates the footer', async () => {
    const fetchMock = stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': () => json(200, page([])),
      'GET /settings/public': () => json(200, { contactEmail: 'post@eventmarket.no', organisationNumber: '912 345 678' }),
      'PUT /admin/settings': (init) => {
        const body = JSON.parse(String(init.body)) as { contactEmail: string; organisationNumber: string };
        return json(200, settings(body));
      },
    });
    renderAt(<><AdminSettingsPage /><Footer /></>, '/admin/settings');
    const email = await screen.findByLabelText(/Contact e-mail/);
    const org = screen.getByLabelText(/Organisation number/);
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.change(org, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address, e.g. post@example.no')).toBeTruthy();
    expect(screen.getByText('The organisation number must be 9 digits, e.g. 912 345 678')).toBeTruthy();
    expect(calls(fetchMock, '/admin/settings').filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'kontakt@example.no' } });
    fireEvent.change(org, { target: { value: '987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('kontakt@example.no'));
    await waitFor(() => expect((org as HTMLInputElement).value).toBe('987 654 321'));
    const put = calls(fetchMock, '/admin/settings').find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ contactEmail: 'kontakt@example.no', organisationNumber: '987 654 321' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'kontakt@example.no' }).getAttribute('href')).toBe('mailto:kontakt@example.no');
    expect(JSON.parse(localStorage.getItem('siteSettings')!)).toEqual({ contactEmail: 'kontakt@example.no', organisationNumber: '987 654 321' });
  });

  it('shows the providers in plain words and the server error of a refused save', async () => {
    stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': () => json(200, page([])),
      'PUT /admin/settings': () => json(400, { message: 'The organisation number must be 9 digits, e.g. 912 345 678' }),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    const mail = await screen.findByTestId('provider-mail');
    expect(within(mail).getByText('Local default')).toBeTruthy();
    expect(within(screen.getByTestId('provider-payments')).getByText('Active')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The organisation number must be 9 digits');
  });

  it('hides the demo reset on PostgreSQL', async () => {
    stubApi({
      'GET /admin/settings': () => json(200, settings({ demoResetAvailable: false, providers: { ...settings().providers, database: 'postgres' } })),
      'GET /admin/audit-log': () => json(200, page([])),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    await screen.findByTestId('providers');
    expect(screen.queryByRole('button', { name: 'Reset demo data' })).toBeNull();
    expect(await screen.findByText('No admin changes recorded yet')).toBeTruthy();
  });

  it('keeps the reset disabled until RESET is typed, then resets and shows the result', async () => {
    const fetchMock = stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': () => json(200, page([])),
      'POST /admin/demo-reset': () => json(200, { sessionKept: true, counts: { categories: 9, regions: 36, products: 3, companies: 12, listings: 100, users: 3 } }),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    fireEvent.click(await screen.findByTestId('demo-reset-open'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByTestId('demo-reset-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Confirmation'), { target: { value: 'reset' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Confirmation'), { target: { value: 'RESET' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('demo-reset-result')).textContent).toContain('100 listings');
    const post = calls(fetchMock, '/admin/demo-reset')[0]!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ confirmation: 'RESET' });
  });

  it("drops this device's copy of the old data after a reset and reloads the page, saying so first", async () => {
    session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
    await db.categories.put({ id: 'c-old', name: 'Old', shortDescription: '', description: '', imageUri: null, version: 1, position: 0 });
    await db.favorites.put({ userId: 'admin-1', listingId: 'l-old', position: 0 });
    await db.meta.bulkPut([{ key: 'files.manifestEtag', value: '"old"' }, { key: 'kept', value: 1 }]);
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': () => json(200, page([])),
      'POST /admin/demo-reset': () => json(200, RESET_ANSWER),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    await resetDemoData();
    expect(screen.getByTestId('demo-reset-reload').textContent).toBe('The page reloads in a moment with the new demo data.');
    expect((screen.getByTestId('demo-reset-open') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: RELOAD_AFTER_RESET_MS + 2000 });
    expect(await db.categories.count()).toBe(0);
    expect(await db.favorites.count()).toBe(0);
    expect(await db.meta.get('files.manifestEtag')).toBeUndefined();
    expect(await db.meta.get('kept')).toEqual({ key: 'kept', value: 1 });
  });

  it("reloads at once with 'Reload now', once the device's copy is gone", async () => {
    await db.regions.put({ id: 'r-old', name: 'Old', country: 'NO', counties: [], version: 1, position: 0 });
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': () => json(200, page([])),
      'POST /admin/demo-reset': () => json(200, RESET_ANSWER),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    await resetDemoData();
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await db.regions.count()).toBe(0);
  });

  it('lists the audit log, sorts by time, filters and loads more', async () => {
    const fetchMock = stubApi({
      'GET /admin/settings': () => json(200, settings()),
      'GET /admin/audit-log': (init) => (init.url.searchParams.get('before') === '2'
        ? json(200, page([entry(1, "created category 'Old'", '2026-01-01T10:00:00.000Z')]))
        : json(200, page([entry(3, "updated region 'Nordland'", '2026-01-03T10:00:00.000Z'), entry(2, "deleted product 'Gold'", '2026-01-02T10:00:00.000Z')], 2))),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    const table = await screen.findByTestId('audit-log-table');
    const summaries = () => within(table).getAllByTestId('audit-log-row').map((r) => r.lastElementChild!.textContent);
    expect(summaries()).toEqual(["updated region 'Nordland'", "deleted product 'Gold'"]);
    // Action and entity are words in the reader's language, not the server's codes.
    const first = within(table).getAllByTestId('audit-log-row')[0]!.querySelectorAll('td');
    expect([first[2]!.textContent, first[3]!.textContent]).toEqual(['Changed', 'Category']);
    expect(first[4]!.getAttribute('lang')).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(summaries()).toHaveLength(3));
    expect(calls(fetchMock, '/admin/audit-log')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(screen.getByTestId('audit-log-sort'));
    expect(summaries()).toEqual(["created category 'Old'", "deleted product 'Gold'", "updated region 'Nordland'"]);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'gold' } });
    expect(summaries()).toEqual(["deleted product 'Gold'"]);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zzz' } });
    expect(screen.getByText('No entries match the filter')).toBeTruthy();
  });

  it("shows 'Failed to fetch settings' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({
      'GET /admin/settings': () => (fail ? json(500, { message: 'boom' }) : json(200, settings())),
      'GET /admin/audit-log': () => json(200, page([])),
    });
    renderAt(<AdminSettingsPage />, '/admin/settings');
    await screen.findByText('Failed to fetch settings');
    fail = false;
    fireEvent.click(within(screen.getByTestId('settings-error')).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText(/Contact e-mail/)).toBeTruthy();
  });
});

describe('Footer', () => {
  it('shows the last kept values at once, then the server answer', async () => {
    localStorage.setItem('siteSettings', JSON.stringify({ contactEmail: 'kept@example.no', organisationNumber: '111 222 333' }));
    let answer: (r: Response) => void = () => {};
    stubApi({ 'GET /settings/public': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt(<Footer />);
    expect(screen.getByText('Org. no. 111 222 333')).toBeTruthy();
    answer(json(200, { contactEmail: 'new@example.no', organisationNumber: '444 555 666' }));
    expect(await screen.findByText('Org. no. 444 555 666')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'new@example.no' })).toBeTruthy();
  });

  it('falls back to the shipped values when nothing is kept and the server cannot be reached', async () => {
    stubApi({ 'GET /settings/public': () => Promise.reject(new TypeError('Failed to fetch')) });
    const publicSettings = vi.spyOn(settingsApi, 'public');
    renderAt(<Footer />);
    await failureHandled(publicSettings);
    expect(screen.getByText('Org. no. 912 345 678')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'post@eventmarket.no' })).toBeTruthy();
    expect(localStorage.getItem('siteSettings')).toBeNull();
  });

  it('asks again when the connection comes back after a failed first request (the app stayed open)', async () => {
    let reachable = false;
    const fetchMock = stubApi({
      'GET /settings/public': () => (reachable
        ? json(200, { contactEmail: 'back@example.no', organisationNumber: '444 555 666' })
        : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const publicSettings = vi.spyOn(settingsApi, 'public');
    renderAt(<Footer />);
    await failureHandled(publicSettings);
    const tries = calls(fetchMock, '/settings/public').length;
    reachable = true;
    fireEvent(window, new Event('online'));
    expect(await screen.findByText('Org. no. 444 555 666')).toBeTruthy();
    expect(calls(fetchMock, '/settings/public')).toHaveLength(tries + 1);
    // Answered: a later reconnect does not ask again.
    fireEvent(window, new Event('online'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls(fetchMock, '/settings/public')).toHaveLength(tries + 1);
  });

  it('shows what another tab kept (its storage event)', async () => {
    stubApi({ 'GET /settings/public': () => json(200, { contactEmail: 'post@eventmarket.no', organisationNumber: '912 345 678' }) });
    renderAt(<Footer />);
    expect(screen.getByText('Org. no. 912 345 678')).toBeTruthy();
    const value = JSON.stringify({ contactEmail: 'other-tab@example.no', organisationNumber: '777 888 999' });
    localStorage.setItem('siteSettings', value);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'siteSettings', newValue: value }));
    });
    expect(screen.getByText('Org. no. 777 888 999')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'other-tab@example.no' })).toBeTruthy();
  });
});

describe('AdminCenterPage', () => {
  it('shows the waiting count on the four Approvals cards', async () => {
    stubApi({ 'GET /admin/summary': () => json(200, { companies: 3, listings: 0, events: 1, subscriptions: 2 }) });
    renderAt(<AdminCenterPage />, '/admin');
    expect(await screen.findByRole('link', { name: 'Companies 3 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Listings 0 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Events 1 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscriptions 2 waiting' })).toBeTruthy();
    expect(screen.getAllByTestId('waiting-count')).toHaveLength(4);
  });

  it('keeps the cards as plain links when the counts cannot be fetched', async () => {
    stubApi({ 'GET /admin/summary': () => json(500, { message: 'boom' }) });
    const summary = vi.spyOn(settingsApi, 'summary');
    renderAt(<AdminCenterPage />, '/admin');
    await failureHandled(summary);
    expect(screen.getByRole('link', { name: 'Companies' }).getAttribute('href')).toBe('/admin/approvals/companies');
    expect(screen.queryByTestId('waiting-count')).toBeNull();
  });
});
