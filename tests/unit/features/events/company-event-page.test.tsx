import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import CompanyEventPage from '../../../../src/features/events/CompanyEventPage';
import { renderAt } from '../auth/render';
import { calls, detail, json, stubApi } from '../../sync/fixtures';
import { EV1, plannerEvent } from './event-fixture';

vi.mock('../../../../src/ui/Image', () => ({ Image: () => <div data-testid="card-image" /> }));

const CO = 'c0000000-0000-4000-8000-000000000001';

/** The page behind both of its addresses and the bare ones without an event id, as the route table has them. */
const open = (path: string) => renderAt(
  <Switch>
    <Route path="/company/event/:eventId" component={CompanyEventPage} />
    <Route path="/events/:eventId" component={CompanyEventPage} />
    <Route path="/company/event" component={CompanyEventPage} />
    <Route path="/events" component={CompanyEventPage} />
    <Route path="/companies"><p data-testid="companies">My companies</p></Route>
  </Switch>,
  path,
);

const hall = detail('l-hall', { name: 'Fjord Hall', categoryId: 'cat-venues', categoryServiceIds: ['svc-hall'], companyId: CO });
const api = (matching: string[] = ['l-hall']) => stubApi({
  [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1)),
  [`GET /PlannerEvent/company/${CO}`]: () => json(200, [{ ...plannerEvent(EV1), matchingListingIds: matching }]),
  'GET /listing/l-hall': () => json(200, hall),
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CompanyEventPage', () => {
  it.each(['/company/event', '/events', '/company/event/%20?companyId=x'])('without an event id (%s) goes to /companies', async (path) => {
    const fetchMock = stubApi({});
    const { location } = open(path);
    await screen.findByTestId('companies');
    expect(location.history.at(-1)).toBe('/companies');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the event with only the categories and services the matching listings have, and those listings as cards', async () => {
    api();
    open(`/company/event/${EV1}?companyId=${CO}`);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari and Ola' })).toBeTruthy();
    expect(screen.getByTestId('event-type').textContent).toBe('Wedding');
    expect(screen.getByTestId('event-dates').textContent).toBe('05/06/2026 – 07/06/2026');
    expect(screen.getByTestId('event-attendees').textContent).toBe('120');
    // Catering, Barns, Hayloft and the cake were chosen by the planner but no listing of this company offers them.
    const categories = screen.getAllByTestId('event-category');
    expect(categories.map((c) => c.firstChild?.textContent)).toEqual(['Venues']);
    expect(screen.getAllByTestId('event-service').map((s) => s.textContent)).toEqual(['Hall']);
    expect(screen.queryByText('Catering')).toBeNull();
    expect(screen.queryByText('Barns')).toBeNull();
    const listings = screen.getByTestId('matching-listings');
    expect(within(listings).getByRole('link', { name: 'Fjord Hall' }).getAttribute('href')).toBe('/listing/l-hall');
    // The company's view does not show the planner's budget.
    expect(screen.queryByTestId('event-budget')).toBeNull();
  });

  it('Open Chat carries the event, the company and the planner as the customer', async () => {
    api();
    open(`/events/${EV1}?companyId=${CO}`);
    const chat = await screen.findByRole('link', { name: 'Open Chat' });
    const url = new URL(chat.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/messages');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mode: 'new-event-chat', isCompany: 'true', eventId: EV1, companyId: CO, customerId: 'planner-1',
    });
  });

  it('leaves out a matching listing that is no longer public, and says when none is left', async () => {
    stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1)),
      [`GET /PlannerEvent/company/${CO}`]: () => json(200, [{ ...plannerEvent(EV1), matchingListingIds: ['l-gone'] }]),
      'GET /listing/l-gone': () => json(404, { message: 'Listing not found' }),
    });
    open(`/company/event/${EV1}?companyId=${CO}`);
    expect((await screen.findByTestId('no-matching-listings')).textContent).toBe("None of this company's listings match this event.");
    expect(screen.queryAllByTestId('event-category')).toEqual([]);
  });

  it("shows 'Event not found' when the server has no such event", async () => {
    stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(404, { message: 'Event not found' }),
      [`GET /PlannerEvent/company/${CO}`]: () => json(200, []),
    });
    open(`/company/event/${EV1}?companyId=${CO}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Event not found');
  });

  it("shows 'Failed to fetch event' on another failure, and Try Again loads it", async () => {
    let fail = true;
    const fetchMock = stubApi({
      [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1)),
      [`GET /PlannerEvent/company/${CO}`]: () => (fail ? json(403, { message: 'Forbidden' }) : json(200, [{ ...plannerEvent(EV1), matchingListingIds: [] }])),
    });
    open(`/company/event/${EV1}?companyId=${CO}`);
    await screen.findByText('Failed to fetch event');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 1, name: 'Kari and Ola' });
    expect(calls(fetchMock, `/PlannerEvent/company/${CO}`).length).toBe(2);
  });

  it('offline: says so with the failure', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api();
    open(`/company/event/${EV1}?companyId=${CO}`);
    await screen.findByText('Failed to fetch event');
    expect(screen.getByText('You are offline.')).toBeTruthy();
  });
});
