import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import EventPage from '../../../../src/features/events/EventPage';
import { renderAt } from '../auth/render';
import { json, stubApi } from '../../sync/fixtures';
import { EV1, plannerEvent } from './event-fixture';

const open = () => renderAt(<Route path="/event/:eventId" component={EventPage} />, `/event/${EV1}`);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EventPage (public page of an approved event)', () => {
  it('shows the name, type, dates, attendees, places as chips, the chosen categories and services, and the description', async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1)) });
    open();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari and Ola' })).toBeTruthy();
    expect(screen.getByTestId('event-type').textContent).toBe('Wedding');
    expect(screen.getByTestId('event-dates').textContent).toBe('05/06/2026 – 07/06/2026');
    expect(screen.getByTestId('event-attendees').textContent).toBe('120');
    expect([...screen.getByTestId('event-locations').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Vestland (All)', 'Oslo']);
    expect(screen.getAllByTestId('event-service').map((s) => s.textContent)).toEqual(['Hall', 'Hayloft', 'Buffet', 'Wedding cake']);
    expect(screen.getByText('A summer wedding by the fjord.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Locations' })).toBeTruthy();
    expect(screen.queryByTestId('event-budget')).toBeNull();
  });

  it("names an event without a name 'Untitled Event' and one without dates 'N/A'", async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1, { eventConfig: { eventName: '  ', startDate: null, endDate: null, numberOfAttendees: 5, budget: null, description: '' } })) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled Event' })).toBeTruthy();
    expect(screen.getByTestId('event-dates').textContent).toBe('N/A');
  });

  it.each([100, 0, 300, 500])("shows 'Event not found' for an event with status %i (not Approved)", async (status) => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(200, plannerEvent(EV1, { status: status as 0 })) });
    open();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Event not found');
    expect(screen.queryByText('Kari and Ola')).toBeNull();
  });

  it("shows 'Event not found' on 404 and 'Failed to fetch event' with Try Again on another failure", async () => {
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => json(404, { message: 'Event not found' }) });
    const first = open();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Event not found');
    first.unmount();
    let fail = true;
    stubApi({ [`GET /PlannerEvent/${EV1}`]: () => (fail ? json(500, { message: 'boom' }) : json(200, plannerEvent(EV1))) });
    open();
    await screen.findByText('Failed to fetch event');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari and Ola' })).toBeTruthy();
  });
});
