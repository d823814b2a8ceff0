import type { EventService, PlannerEvent } from '../../../../src/domain/events';

export const EV1 = 'e1111111-1111-4111-8111-111111111111';
export const EV2 = 'e2222222-2222-4222-8222-222222222222';

const service = (id: string, name: string, isSelected: boolean): EventService => ({ id, name, groupName: null, isSelected, description: null });

/**
 * An Approved wedding with two categories chosen: Venues (its service Hall chosen, Garden not;
 * sub-category Barns chosen with its service Hayloft) and Catering (its service Buffet chosen;
 * sub-category Cakes not chosen but its service Wedding cake chosen).
 */
export function plannerEvent(id: string, extra: Partial<PlannerEvent> = {}): PlannerEvent {
  return {
    id,
    eventType: 10,
    eventConfig: { eventName: 'Kari and Ola', startDate: '2026-06-05', endDate: '2026-06-07', numberOfAttendees: 120, budget: 50000, description: 'A summer wedding by the fjord.' },
    eventLocations: [
      { id: 'r-vest', name: 'Vestland', isSelected: true, counties: [{ id: 'c-bergen', name: 'Bergen', regionId: 'r-vest', isSelected: false }] },
      { id: 'r-ost', name: 'Østlandet', isSelected: false, counties: [
        { id: 'c-oslo', name: 'Oslo', regionId: 'r-ost', isSelected: true },
        { id: 'c-akershus', name: 'Akershus', regionId: 'r-ost', isSelected: false },
      ] },
    ],
    eventCategories: [{ id: 'cat-venues', name: 'Venues' }, { id: 'cat-catering', name: 'Catering' }],
    selectedServices: {
      'cat-venues': {
        categoryServices: [service('svc-hall', 'Hall', true), service('svc-garden', 'Garden', false)],
        subCategories: [{ id: 'sub-barns', name: 'Barns', isSelected: true, services: [service('svc-hayloft', 'Hayloft', true)] }],
      },
      'cat-catering': {
        categoryServices: [service('svc-buffet', 'Buffet', true)],
        subCategories: [{ id: 'sub-cakes', name: 'Cakes', isSelected: false, services: [service('svc-cake', 'Wedding cake', true)] }],
      },
    },
    status: 200,
    createdBy: 'planner-1',
    createdAt: '2026-02-01T12:00:00.000Z',
    lastUpdated: '2026-02-02T12:00:00.000Z',
    approved: true,
    rejectionMessage: null,
    version: 3,
    ...extra,
  };
}
