import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import { saveFormDraft } from '../../../../src/db/form-drafts';
import { EventStatus } from '../../../../src/domain/events';
import PlannerPage from '../../../../src/features/planner/PlannerPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { userEntries } from '../../../../src/sync/outbox';
import { makeUser } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { eventRegion, goOffline, plannerEvent, region, renderAt, startReplayer, storeEvent } from './helpers';

let stopReplayer = () => {};
beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
  snackbars.items = [];
  stopReplayer = startReplayer();
});
afterEach(() => {
  stopReplayer();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

const card = (name: string) => screen.getAllByTestId('event-card').find((c) => within(c).queryByTestId('event-name')?.textContent === name)!;
const chooseFilter = (label: string) => fireEvent.click(screen.getByRole('radio', { name: label }));

const ALL = [
  plannerEvent('d', { status: EventStatus.Draft, eventConfig: { eventName: '', startDate: null, endDate: null, numberOfAttendees: 0, budget: null, description: '' } }),
  plannerEvent('p', { status: EventStatus.AwaitingApproval }),
  plannerEvent('a', { status: EventStatus.Approved, eventConfig: { eventName: 'Event a', startDate: '2026-06-01', endDate: '2026-06-03', numberOfAttendees: 5, budget: null, description: '' } }),
  plannerEvent('r', { status: EventStatus.Rejected, rejectionMessage: 'Dates are in the past' }),
  plannerEvent('x', { status: EventStatus.Cancelled }),
];

describe('/planner', () => {
  it('shows Approved events by default; the filter is a radio group and All Events leaves out cancelled ones', async () => {
    stubApi({ 'GET /PlannerEvent': () => json(200, ALL) });
    renderAt(<PlannerPage />, '/planner');
    await screen.findByText('Event a');
    expect((screen.getByRole('radio', { name: 'Approved' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByTestId('event-card')).toHaveLength(1);
    chooseFilter('All Events');
    expect(screen.getAllByTestId('event-name').map((n) => n.textContent).sort()).toEqual(['Event a', 'Event p', 'Event r', 'Untitled Event']);
    chooseFilter('Drafts');
    expect(screen.getAllByTestId('event-name').map((n) => n.textContent)).toEqual(['Untitled Event']);
    chooseFilter('Pending');
    expect(within(card('Event p')).getByTestId('event-status').textContent).toBe('Pending Approval');
    expect(screen.getByRole('link', { name: 'Create Event' }).getAttribute('href')).toBe('/planner/event');
  });

  it('a card shows short dates or N/A, the rejection reason, and the actions its status allows', async () => {
    stubApi({ 'GET /PlannerEvent': () => json(200, ALL) });
    renderAt(<PlannerPage />, '/planner');
    const approved = await screen.findByTestId('event-card');
    expect(within(approved).getByTestId('event-start').textContent).toBe('Jun 1, 2026');
    expect(within(approved).getByTestId('event-end').textContent).toBe('Jun 3, 2026');
    expect(approved.style.height).toBe('600px');
    expect(within(approved).getByTestId('event-type-visual').style.height).toBe('220px');
    const actions = (name: string) => [...card(name).querySelectorAll('a, button')].map((el) => el.textContent);
    expect(actions('Event a')).toEqual(['Edit', 'Cancel']);
    chooseFilter('All Events');
    expect(actions('Event p')).toEqual(['Edit', 'Cancel']);
    expect(actions('Untitled Event')).toEqual(['Edit', 'Delete']);
    expect(actions('Event r')).toEqual(['Edit', 'Delete']);
    expect(within(card('Untitled Event')).getByTestId('event-start').textContent).toBe('N/A');
    expect(within(card('Event r')).getByTestId('rejection-reason').textContent).toContain('Dates are in the past');
    expect(within(card('Event a')).getByRole('link', { name: 'Edit Event a' }).getAttribute('href')).toBe('/planner/event?id=a');
  });

  it('location chips: first 3 counties then +N more / Show Less; many or all collapse to a count or (All)', async () => {
    const small = region('r1', 'Agder', 8);
    const many = region('r2', 'Viken', 10);
    const whole = region('r3', 'Oslo', 2);
    stubApi({
      'GET /PlannerEvent': () => json(200, [plannerEvent('a', {
        status: EventStatus.Approved,
        eventLocations: [eventRegion(small, [1, 2, 3, 4, 5]), eventRegion(many, [1, 2, 3, 4, 5, 6, 7]), eventRegion(whole, [1, 2])],
      })]),
    });
    renderAt(<PlannerPage />, '/planner');
    await screen.findByTestId('event-card');
    expect(screen.getAllByTestId('county-chip').map((c) => c.textContent)).toEqual(['Agder 1', 'Agder 2', 'Agder 3']);
    expect(screen.getAllByTestId('region-chip').map((c) => c.textContent)).toEqual(['Viken (7)', 'Oslo (All)']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more in Agder' }));
    expect(screen.getAllByTestId('county-chip')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show less of Agder' }));
    expect(screen.getAllByTestId('county-chip')).toHaveLength(3);
  });

  it('Cancel asks first, then shows the event Cancelled at once and sends a PUT with status 500', async () => {
    let put: unknown;
    stubApi({
      'GET /PlannerEvent': () => json(200, [ALL[2]]),
      'PUT /PlannerEvent/a': (init) => {
        put = JSON.parse(init.body as string);
        return json(200, { ...ALL[2], status: EventStatus.Cancelled, version: 2 });
      },
    });
    renderAt(<PlannerPage />, '/planner');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Event a' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this event?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Event' }));
    await waitFor(() => expect(put).toMatchObject({ status: EventStatus.Cancelled, eventConfig: { eventName: 'Event a' } }));
    await waitFor(() => expect(screen.queryAllByTestId('event-card')).toHaveLength(0));
  });

  it('Delete offline asks first, removes the card and keeps the DELETE queued with a pending note', async () => {
    await storeEvent(ALL[3]!);
    await saveFormDraft('u1', 'event:new', { input: { ...ALL[3], status: 0 }, step: 2 });
    await saveFormDraft('u1', 'event:other', { kept: true });
    goOffline();
    stubApi({});
    renderAt(<PlannerPage />, '/planner');
    chooseFilter('Rejected');
    expect((await screen.findByTestId('planner-stale')).textContent).toContain('You are offline');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Event r' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Event' }));
    await waitFor(() => expect(screen.queryAllByTestId('event-card')).toHaveLength(0));
    expect((await userEntries('u1')).map((e) => `${e.method} ${e.path}`)).toEqual(['DELETE /PlannerEvent/r']);
    // The wizard does not offer the deleted event back.
    await waitFor(async () => expect((await db.formDrafts.toArray()).map((d) => d.key)).toEqual(['event:other']));
    await waitFor(() => expect(snackbars.items.map((s) => s.message)).toContain('Saved on this device. It will be sent when you are back online.'));
  });

  it('a refused delete says API Error with the server\'s message and the card comes back', async () => {
    await storeEvent(ALL[0]!);
    stubApi({
      'GET /PlannerEvent': () => json(200, [ALL[0]]),
      'DELETE /PlannerEvent/d': () => json(409, { message: 'Only a draft or a rejected event can be deleted' }),
    });
    renderAt(<PlannerPage />, '/planner');
    chooseFilter('Drafts');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Untitled Event' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Event' }));
    await waitFor(() => expect(snackbars.items.map((s) => s.message)).toContain('API Error: Only a draft or a rejected event can be deleted'));
    await screen.findByText('Untitled Event');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a conflict on a card offers keep mine and take theirs', async () => {
    await storeEvent(ALL[2]!);
    await db.outbox.add({
      id: 'k1', userId: 'u1', kind: 'plannerEvent.update', method: 'PUT', path: '/PlannerEvent/a', body: {}, payload: { ...ALL[2] },
      entity: 'plannerEvent', entityId: 'a', baseVersion: 1, createdAt: 1, attempts: 1, state: 'conflict', lastError: 'Stale',
    });
    let got = false;
    stubApi({
      'GET /PlannerEvent': () => {
        got = true;
        return json(200, [{ ...ALL[2], version: 3 }]);
      },
    });
    renderAt(<PlannerPage />, '/planner');
    const sync = await screen.findByTestId('event-sync');
    expect(sync.getAttribute('data-state')).toBe('conflict');
    await within(sync).findByRole('button', { name: 'Keep mine' });
    fireEvent.click(within(sync).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByTestId('event-sync')).toBeNull());
    expect(got).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says Failed to fetch events when nothing is stored and the server fails', async () => {
    stubApi({ 'GET /PlannerEvent': () => json(500, { message: 'Boom' }) });
    renderAt(<PlannerPage />, '/planner');
    await screen.findByText('Failed to fetch events');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('shows an empty state with Create Event', async () => {
    stubApi({ 'GET /PlannerEvent': () => json(200, []) });
    renderAt(<PlannerPage />, '/planner');
    const empty = await screen.findByTestId('planner-empty');
    expect(within(empty).getByRole('link', { name: 'Create Event' }).getAttribute('href')).toBe('/planner/event');
  });
});
