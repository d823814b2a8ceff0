import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CompanyEventsView from '../../../../src/features/company-events/CompanyEventsView';
import { renderAt } from '../auth/render';
import { json, stubApi } from '../../sync/fixtures';
import { EV1, EV2, plannerEvent } from './event-fixture';

const CO = 'c0000000-0000-4000-8000-000000000001';
const open = () => renderAt(<CompanyEventsView companyId={CO} />, `/company?companyId=${CO}&view=events`);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("CompanyEventsView (the hub's Events view)", () => {
  it('shows loading, then each matching event with name, type, dates, attendees, matching listings count and Open Event', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ [`GET /PlannerEvent/company/${CO}`]: () => new Promise<Response>((resolve) => { answer = resolve; }) });
    open();
    expect(screen.getByText('Loading…')).toBeTruthy();
    answer(json(200, [
      { ...plannerEvent(EV1), matchingListingIds: ['l1', 'l2'] },
      { ...plannerEvent(EV2, { eventType: 30, eventConfig: { eventName: '', startDate: '2026-09-01', endDate: '2026-09-01', numberOfAttendees: 40, budget: null, description: '' } }), matchingListingIds: ['l1'] },
    ]));
    const cards = await screen.findAllByTestId('company-event');
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading').textContent).toBe('Kari and Ola');
    expect(within(first).getByTestId('event-type').textContent).toBe('Wedding');
    expect(within(first).getByTestId('event-dates').textContent).toBe('05/06/2026 – 07/06/2026');
    expect(within(first).getByTestId('event-attendees').textContent).toBe('120');
    expect(within(first).getByTestId('event-matches').textContent).toBe('2');
    expect(within(first).getByRole('link', { name: 'Open Event Kari and Ola' }).getAttribute('href'))
      .toBe(`/company/event/${EV1}?companyId=${CO}`);
    expect(within(second).getByRole('heading').textContent).toBe('Untitled Event');
    expect(within(second).getByTestId('event-type').textContent).toBe('Team Building');
    expect(within(second).getByTestId('event-dates').textContent).toBe('01/09/2026');
    expect(within(second).getByTestId('event-matches').textContent).toBe('1');
  });

  it("shows 'No events currently match this company's listings.' when there are none", async () => {
    stubApi({ [`GET /PlannerEvent/company/${CO}`]: () => json(200, []) });
    open();
    expect((await screen.findByTestId('company-events-empty')).textContent).toBe("No events currently match this company's listings.");
  });

  it("shows 'Failed to fetch company events' with Try Again, which loads again", async () => {
    let fail = true;
    stubApi({ [`GET /PlannerEvent/company/${CO}`]: () => (fail ? json(500, { message: 'boom' }) : json(200, [plannerEvent(EV1)])) });
    open();
    await screen.findByText('Failed to fetch company events');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Open Event Kari and Ola' })).toBeTruthy();
    // No matchingListingIds on the answer: nothing is claimed to match.
    expect(screen.getByTestId('event-matches').textContent).toBe('0');
  });

  it('offline: the failure says the events show once back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({ [`GET /PlannerEvent/company/${CO}`]: () => json(200, []) });
    open();
    await screen.findByText('Failed to fetch company events');
    expect(screen.getByText('You are offline. Events show when you are back online.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
