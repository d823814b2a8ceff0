import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { EventType, basicsComplete, locationsComplete, servicesComplete, type EventInput } from '../../domain/events';
import { endsBeforeStart } from './dates';

/** The wizard's five steps (spec 3 §2), numbered from 1. */
export const STEPS: readonly { n: WizardStep; title: MessageDescriptor }[] = [
  { n: 1, title: msg`Choose event type` },
  { n: 2, title: msg`Configure` },
  { n: 3, title: msg`Select locations` },
  { n: 4, title: msg`Select services` },
  { n: 5, title: msg`Overview` },
];
export type WizardStep = 1 | 2 | 3 | 4 | 5;
export const LAST_STEP: WizardStep = 5;

/**
 * Whether the step's Continue / Next may be pressed (spec 3 §5): configure needs the basics (and an
 * end date not before the start, which the server refuses); locations at least one region or
 * county; services at least one service or sub-category. Choosing a type is the type step's own advance.
 */
export function canLeaveStep(step: WizardStep, input: EventInput): boolean {
  switch (step) {
    case 1: return input.eventType !== EventType.None;
    case 2: return basicsComplete(input.eventConfig) && !endsBeforeStart(input.eventConfig.startDate, input.eventConfig.endDate);
    case 3: return locationsComplete(input.eventLocations);
    case 4: return servicesComplete(input.selectedServices);
    case 5: return false;
  }
}

/** Save for Approval needs every step's rule (the server checks them for status Awaiting Approval). */
export const readyForApproval = (input: EventInput) => ([1, 2, 3, 4] as const).every((step) => canLeaveStep(step, input));

/** Worth saving to the server as a draft: the planner gave it a name or a type (spec 3 §2 autosave). */
export const worthAutosaving = (input: EventInput) => input.eventType !== EventType.None || input.eventConfig.eventName.trim().length > 0;
