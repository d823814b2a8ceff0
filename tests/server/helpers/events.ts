import { expect } from 'vitest';
import { EventStatus, EventType, type EventInput, type EventRegion, type PlannerEvent, type SelectedServices } from '../../../src/domain/events';
import type { listingFixture } from './listings';
import type { TestApp } from './test-app';

type Fixture = Awaited<ReturnType<typeof listingFixture>>;

/** The fixture's region with its two counties, each ticked as asked. */
export function places(f: Fixture, pick: { region?: boolean; county1?: boolean; county2?: boolean } = {}): EventRegion[] {
  return [{
    id: f.region.id, name: f.region.name, isSelected: pick.region ?? false,
    counties: [
      { id: f.county1.id, name: f.county1.name, regionId: f.region.id, isSelected: pick.county1 ?? false },
      { id: f.county2.id, name: f.county2.name, regionId: f.region.id, isSelected: pick.county2 ?? false },
    ],
  }];
}

/** Category A with its sub-categories, the given ones ticked. */
export function services(f: Fixture, ticked: string[] = [f.subA1.id]): SelectedServices {
  return {
    [f.catA.id]: {
      categoryServices: [],
      subCategories: [f.subA1, f.subA2].map((s) => ({ id: s.id, name: s.name, isSelected: ticked.includes(s.id), services: [] })),
    },
  };
}

/** An event that passes every wizard step (Save for Approval is allowed), Draft unless told. */
export function completeEvent(f: Fixture, overrides: Partial<EventInput> = {}): EventInput {
  return {
    eventType: EventType.Wedding,
    eventConfig: {
      eventName: 'Kari and Ola', startDate: '2027-06-12', endDate: '2027-06-13', numberOfAttendees: 80, budget: 20000,
      description: 'A summer wedding by the fjord',
    },
    eventLocations: places(f, { county1: true }),
    eventCategories: [{ id: f.catA.id, name: f.catA.name }],
    selectedServices: services(f),
    status: EventStatus.Draft,
    ...overrides,
  };
}

/** POST /PlannerEvent as `token`; the created event (201). */
export async function createEvent(t: TestApp, token: string, input: EventInput): Promise<PlannerEvent> {
  const res = await t.request({ method: 'POST', url: '/api/PlannerEvent', token, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PlannerEvent;
}
