import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { EventStatus } from '../../domain/events';

/** The planner list's status filter (spec 3 §2): Approved by default; All Events leaves out cancelled ones. */
export type EventFilter = 'approved' | 'drafts' | 'pending' | 'rejected' | 'all';

export const EVENT_FILTERS: readonly { value: EventFilter; label: MessageDescriptor }[] = [
  { value: 'approved', label: msg`Approved` },
  { value: 'drafts', label: msg`Drafts` },
  { value: 'pending', label: msg`Pending` },
  { value: 'rejected', label: msg`Rejected` },
  { value: 'all', label: msg`All Events` },
];

export const DEFAULT_FILTER: EventFilter = 'approved';

const STATUS_OF: Record<Exclude<EventFilter, 'all'>, number> = {
  approved: EventStatus.Approved,
  drafts: EventStatus.Draft,
  pending: EventStatus.AwaitingApproval,
  rejected: EventStatus.Rejected,
};

export const isEventFilter = (value: string | null): value is EventFilter => EVENT_FILTERS.some((f) => f.value === value);

/** The events a filter shows, in the order given. */
export function filterEvents<E extends { status: number }>(events: readonly E[], filter: EventFilter): E[] {
  if (filter === 'all') return events.filter((e) => e.status !== EventStatus.Cancelled);
  return events.filter((e) => e.status === STATUS_OF[filter]);
}
