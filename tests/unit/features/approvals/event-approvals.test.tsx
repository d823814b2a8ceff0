import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import EventApprovalsPage from '../../../../src/features/approvals/EventApprovalsPage';
import EventReviewPage from '../../../../src/features/approvals/EventReviewPage';
import { session } from '../../../../src/state/session';
import { snackbars } from '../../../../src/state/snackbar';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';
import { EV1, EV2, plannerEvent } from '../events/event-fixture';

const pending = (id: string, extra: Parameters<typeof plannerEvent>[1] = {}) => plannerEvent(id, { status: 100, approved: false, ...extra });
const messages = () => snackbars.items.map((s) => `${s.severity}:${s.message}`);
const openReview = (id = EV1) => renderAt(<Route path="/admin/approvals/events/:id" component={EventReviewPage} />, `/admin/approvals/events/${id}`);

beforeEach(() => {
  snackbars.items = [];
  session.user = makeUser({ id: 'admin-1', roles: ['Admin'] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('EventApprovalsPage', () => {
  it('shows loading, then the events awaiting approval in the order given, each with Review Event to its review page', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ 'GET /approval/300': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    renderAt(<EventApprovalsPage />, '/admin/approvals/events');
    expect(screen.getByRole('heading', { level: 1, name: 'Event approvals' })).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    answer(json(200, [pending(EV1), pending(EV2, { eventType: 50, eventConfig: { eventName: '', startDate: null, endDate: null, numberOfAttendees: 0, budget: null, description: '' } })]));
    const cards = await screen.findAllByTestId('approval-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Kari and Ola', 'Untitled Event']);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('event-type').textContent).toBe('Wedding');
    expect(within(first).getByTestId('event-dates').textContent).toBe('05/06/2026 – 07/06/2026');
    expect(within(first).getByRole('link', { name: 'Review Event Kari and Ola' }).getAttribute('href')).toBe(`/admin/approvals/events/${EV1}`);
    expect(within(second).getByTestId('event-type').textContent).toBe('Seminar');
    expect(within(second).getByTestId('event-dates').textContent).toBe('N/A');
    expect(screen.getByTestId('approvals-count').textContent).toBe('2 waiting');
  });

  it("shows 'No events are waiting for approval' when the queue is empty", async () => {
    stubApi({ 'GET /approval/300': () => json(200, []) });
    renderAt(<EventApprovalsPage />, '/admin/approvals/events');
    expect((await screen.findByTestId('approvals-empty')).textContent).toContain('No events are waiting for approval');
  });

  it("shows 'Failed to fetch event approvals' with Try Again, which loads again", async () => {
    let fail = true;
    const fetchMock = stubApi({ 'GET /approval/300': () => (fail ? json(500, { message: 'boom' }) : json(200, [pending(EV1)])) });
    renderAt(<EventApprovalsPage />, '/admin/approvals/events');
    await screen.findByText('Failed to fetch event approvals');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('link', { name: 'Review Event Kari and Ola' });
    // A 500 is retried once by the client, so the first load is two calls.
    expect(calls(fetchMock, '/approval/300').length).toBeGreaterThanOrEqual(2);
  });
});

describe('EventReviewPage', () => {
  it('shows the event in full (budget included) with Approve Event and Reject Event', async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, pending(EV1)) });
    openReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari and Ola' })).toBeTruthy();
    expect(screen.getByTestId('event-budget').textContent).toBe('$50,000');
    expect(screen.getAllByTestId('event-service').map((s) => s.textContent)).toEqual(['Hall', 'Hayloft', 'Buffet', 'Wedding cake']);
    expect(screen.getByRole('button', { name: 'Approve Event' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject Event' })).toBeTruthy();
  });

  it('Approve Event posts the approval (type 300) and returns to the grid with a snackbar', async () => {
    const fetchMock = stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(200, pending(EV1)),
      'POST /approval': () => json(200, plannerEvent(EV1)),
    });
    const { location } = openReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Event' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/events'));
    const [post] = calls(fetchMock, '/approval');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ id: EV1, approved: true, rejectionMessage: null, type: 300 });
    expect(new Headers(post![1]!.headers).get('Idempotency-Key')).toBeTruthy();
    expect(messages()).toEqual(['success:Event approved']);
  });

  it('Reject Event asks for a reason: confirm stays disabled until the reason is non-blank after trimming, and the trimmed reason is sent', async () => {
    const fetchMock = stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(200, pending(EV1)),
      'POST /approval': () => json(200, plannerEvent(EV1, { status: 300, approved: false, rejectionMessage: 'Dates are missing' })),
    });
    const { location } = openReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this event?' });
    const reason = within(dialog).getByLabelText(/Reason for rejection/);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    const confirm = within(dialog).getByTestId('confirm-reject') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '   \n ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(calls(fetchMock, '/approval')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: '  Dates are missing ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/approvals/events'));
    const [post] = calls(fetchMock, '/approval');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ id: EV1, approved: false, rejectionMessage: 'Dates are missing', type: 300 });
    expect(messages()).toEqual(['success:Event rejected']);
  });

  it('Cancel closes the reason dialog without deciding', async () => {
    const fetchMock = stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, pending(EV1)) });
    openReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Event' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, '/approval')).toHaveLength(0);
  });

  it("a refused decision stays on the page and names the server's reason", async () => {
    stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(200, pending(EV1)),
      'POST /approval': () => json(409, { message: 'This event is not awaiting approval' }),
    });
    const { location } = openReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Event' }));
    await waitFor(() => expect(messages()).toEqual(['error:Failed to approve event: This event is not awaiting approval']));
    expect(location.history.at(-1)).toBe(`/admin/approvals/events/${EV1}`);
    expect((screen.getByRole('button', { name: 'Approve Event' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an event no longer awaiting approval shows no decision buttons', async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1)) });
    openReview();
    await screen.findByText('This event is not awaiting approval');
    expect(screen.queryByRole('button', { name: 'Approve Event' })).toBeNull();
  });

  it("shows 'Event not found' for a missing event, 'Failed to fetch event' for another failure", async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(404, { message: 'Event not found' }) });
    const first = openReview();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Event not found');
    expect(screen.queryByRole('button', { name: 'Approve Event' })).toBeNull();
    first.unmount();
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(500, { message: 'boom' }) });
    openReview();
    await screen.findByText('Failed to fetch event');
  });
});
