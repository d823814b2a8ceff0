import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { EventStatus, EventType, type EventTypeCode } from '../../domain/events';
import { EVENT_TYPE_LABELS } from '../../ui/EventSummary';

/** The six types a planner chooses from (spec 3 §2), in the wizard's order. */
export const CHOOSABLE_TYPES = [
  EventType.Wedding, EventType.Birthday, EventType.TeamBuilding, EventType.BachelorParty, EventType.Seminar, EventType.Custom,
] as const satisfies readonly EventTypeCode[];

/** The type names, one list for the whole app (ui/EventSummary). */
export const TYPE_LABELS = EVENT_TYPE_LABELS;

/** A type code's label, or null for None or a code this app does not know. */
export const typeLabel = (type: number): MessageDescriptor | null => (Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type]! : null);

export const STATUS_LABELS: Record<number, MessageDescriptor> = {
  [EventStatus.Draft]: msg`Draft`,
  [EventStatus.AwaitingApproval]: msg`Pending Approval`,
  [EventStatus.Approved]: msg`Approved`,
  [EventStatus.Rejected]: msg`Rejected`,
  [EventStatus.Completed]: msg`Completed`,
  [EventStatus.Cancelled]: msg`Cancelled`,
};

/** Chip colours per status (light and dark through the tokens). */
export const STATUS_TONES: Record<number, string> = {
  [EventStatus.Draft]: 'border-border bg-surface-2 text-fg',
  [EventStatus.AwaitingApproval]: 'border-accent text-accent',
  [EventStatus.Approved]: 'border-success text-success',
  [EventStatus.Rejected]: 'border-danger text-danger',
  [EventStatus.Completed]: 'border-border text-muted',
  [EventStatus.Cancelled]: 'border-border text-muted line-through',
};
