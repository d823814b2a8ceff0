/**
 * Planner events (spec 3 §3–§5): wire types, status and type codes, the transitions the server
 * enforces, and the wizard's step rules, shared by the app and the server.
 */

/** Event status codes (spec 3 §4). */
export const EventStatus = {
  Draft: 0,
  AwaitingApproval: 100,
  Approved: 200,
  Rejected: 300,
  Completed: 400,
  Cancelled: 500,
} as const;
export type EventStatusCode = (typeof EventStatus)[keyof typeof EventStatus];
export const EVENT_STATUSES: readonly number[] = Object.values(EventStatus);

/** Event type codes (spec 3 §3). None is a new draft's type until one is chosen. */
export const EventType = {
  None: -1,
  Wedding: 10,
  Birthday: 20,
  TeamBuilding: 30,
  BachelorParty: 40,
  Seminar: 50,
  Custom: 999,
} as const;
export type EventTypeCode = (typeof EventType)[keyof typeof EventType];
export const EVENT_TYPES: readonly number[] = Object.values(EventType);

/** Event approval type in POST /approval (spec 3 §3, §9). */
export const EVENT_APPROVAL_TYPE = 300;

export const EVENT_LIMITS = {
  name: 120,
  description: 5000,
  attendeesMax: 100_000,
  budgetMax: 1_000_000_000,
  rejectionMessage: 1000,
} as const;

export interface EventConfig {
  eventName: string;
  /** ISO date (YYYY-MM-DD) or null. */
  startDate: string | null;
  endDate: string | null;
  numberOfAttendees: number;
  /** Dollars (spec 3 §2: the overview shows the budget in dollars); null = not given. */
  budget: number | null;
  description: string;
}

export interface EventCounty {
  id: string;
  name: string;
  regionId: string;
  isSelected: boolean;
}

export interface EventRegion {
  id: string;
  name: string;
  isSelected: boolean;
  counties: EventCounty[];
}

export interface EventCategory {
  id: string;
  name: string;
}

export interface EventService {
  id: string;
  name: string;
  groupName: string | null;
  isSelected: boolean;
  description: string | null;
}

export interface EventSubCategory {
  id: string;
  name: string;
  isSelected: boolean;
  services: EventService[];
}

/** Per category id: its services and sub-categories with theirs, each marked selected or not. */
export type SelectedServices = Record<string, { categoryServices: EventService[]; subCategories: EventSubCategory[] }>;

/** What the wizard sends (POST /PlannerEvent, PUT /PlannerEvent/{id}). `id` on POST: made on the device. */
export interface EventInput {
  id?: string;
  eventType: EventTypeCode;
  eventConfig: EventConfig;
  eventLocations: EventRegion[];
  eventCategories: EventCategory[];
  selectedServices: SelectedServices;
  /** Draft (Save as Draft, autosave) or AwaitingApproval (Save for Approval); Cancelled to cancel. */
  status: EventStatusCode;
}

/** An event as its planner (or an Admin) sees it. */
export interface PlannerEvent extends Omit<EventInput, 'id'> {
  id: string;
  createdBy: string;
  createdAt: string;
  lastUpdated: string;
  /** True once an Admin approved it (status Approved, Completed, or Cancelled after approval). */
  approved: boolean;
  /** The Admin's reason when Rejected, else null. */
  rejectionMessage: string | null;
  version: number;
  /** Only on GET /PlannerEvent/company/{companyId}: the company's public listings that match. */
  matchingListingIds?: string[];
}

export const EventMessages = {
  NotFound: 'Event not found',
  DeleteOnlyDraftOrRejected: 'Only a draft or a rejected event can be deleted',
  CancelNotAllowed: 'A draft or a rejected event cannot be cancelled; delete it instead',
  StatusNotAllowed: 'This change of status is not allowed',
  RejectionReasonRequired: 'A reason is required to reject an event',
  NotAwaitingApproval: 'This event is not awaiting approval',
} as const;

/**
 * The status an event gets when its planner saves it with `requested` (spec 3 §4), or null when
 * the move is not allowed. Approve and Reject are the Admin's (POST /approval), not a save.
 * - Save as Draft → Draft; Save for Approval → AwaitingApproval; an edit of an Approved event is
 *   an approval request again (AwaitingApproval) whatever was asked.
 * - Cancel → Cancelled, only from AwaitingApproval or Approved (neither Draft nor Rejected).
 * - A Cancelled or Completed event is not edited any more.
 */
export function plannerTransition(current: EventStatusCode | null, requested: EventStatusCode): EventStatusCode | null {
  if (current === EventStatus.Cancelled || current === EventStatus.Completed) return null;
  if (requested === EventStatus.Cancelled) {
    return current === EventStatus.AwaitingApproval || current === EventStatus.Approved ? EventStatus.Cancelled : null;
  }
  if (requested !== EventStatus.Draft && requested !== EventStatus.AwaitingApproval) return null;
  if (current === EventStatus.Approved) return EventStatus.AwaitingApproval;
  return requested;
}

/** Delete is offered only for a Draft or a Rejected event (spec 3 §4). */
export const canDeleteEvent = (status: number) => status === EventStatus.Draft || status === EventStatus.Rejected;
/** Cancel is offered for events that are neither Draft nor Rejected (and not already over). */
export const canCancelEvent = (status: number) => status === EventStatus.AwaitingApproval || status === EventStatus.Approved;

/** Step 2 (spec 3 §5): Continue needs a name, an attendee count, a start and an end date, all valid. */
export function basicsComplete(config: EventConfig): boolean {
  return config.eventName.trim().length > 0 && config.numberOfAttendees > 0
    && isIsoDate(config.startDate) && isIsoDate(config.endDate);
}

/** Step 3: Next needs at least one region or county. */
export const locationsComplete = (regions: readonly EventRegion[]) =>
  regions.some((r) => r.isSelected || r.counties.some((c) => c.isSelected));

/** Step 4: Continue needs at least one selected category service, sub-category or sub-category service. */
export function servicesComplete(selected: SelectedServices): boolean {
  return Object.values(selected).some((entry) => entry.categoryServices.some((s) => s.isSelected)
    || entry.subCategories.some((sub) => sub.isSelected || sub.services.some((s) => s.isSelected)));
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A new draft (spec 3 §2): type None, empty configuration, 0 attendees, Draft. */
export function newEventInput(id?: string): EventInput {
  return {
    ...(id ? { id } : {}),
    eventType: EventType.None,
    eventConfig: { eventName: '', startDate: null, endDate: null, numberOfAttendees: 0, budget: null, description: '' },
    eventLocations: [],
    eventCategories: [],
    selectedServices: {},
    status: EventStatus.Draft,
  };
}
