import { useEffect, useRef, useState } from 'react';
import { clearFormDraft, readFormDraft, saveFormDraft, useFormDraft } from '../../db/form-drafts';
import { usePlannerEvent } from '../../db/planner-events';
import type { StoredPlannerEvent } from '../../db/database';
import { EventStatus, newEventInput, type EventStatusCode } from '../../domain/events';
import { useDirtyForm } from '../../state/dirty-forms';
import { pullPlannerEvents, queueEventSave, type EventSave } from '../../sync/entities/events';
import { waitForOutcome, type WriteOutcome } from '../../sync/outbox';
import { discardChange } from '../../sync/resolve';
import { usePulled, type PullStatus } from '../../ui/usePulled';
import { useEventAutosave } from './useEventAutosave';
import type { WizardStep } from './wizardSteps';

/** Typing is written to the device this long after the last change. */
export const DRAFT_DEBOUNCE_MS = 300;
/** How long Save waits for the server before saying the event will go later. */
export const SEND_WAIT_MS = 10_000;

/** The form draft key of the wizard: 'event:new' or `event:${id}`. */
export const eventDraftKey = (eventId: string | null) => (eventId ? `event:${eventId}` : 'event:new');

/** What the wizard keeps on the device while the planner goes through it. */
export interface WizardDraft {
  input: EventSave;
  step: WizardStep;
}

const isWizardDraft = (value: unknown): value is WizardDraft =>
  typeof value === 'object' && value !== null && 'input' in value && 'step' in value
  && typeof (value as WizardDraft).input?.id === 'string' && typeof (value as WizardDraft).step === 'number';

/** The event's content as the wizard edits it. */
const contentOf = (row: StoredPlannerEvent): EventSave => ({
  id: row.id,
  eventType: row.eventType,
  eventConfig: row.eventConfig,
  eventLocations: row.eventLocations,
  eventCategories: row.eventCategories,
  selectedServices: row.selectedServices,
  status: row.status,
});

/**
 * Forgets what the wizard kept of an event (saved, or deleted from the list): its own draft, and
 * the new-event draft when that one is this event (it was autosaved, then opened with Edit).
 */
export async function clearEventDrafts(userId: string, id: string): Promise<void> {
  await clearFormDraft(userId, eventDraftKey(id));
  const kept = await readFormDraft<unknown>(userId, eventDraftKey(null));
  if (isWizardDraft(kept) && kept.input.id === id) await clearFormDraft(userId, eventDraftKey(null));
}

const fresh = (): WizardDraft => ({ input: newEventInput(crypto.randomUUID()) as EventSave, step: 1 });

export type SaveResult = WriteOutcome;

export interface EventWizard {
  /** 'loading' until the draft (and the event, when editing) is read; 'missing' when the event is not to be found. */
  phase: 'loading' | 'ready' | 'missing';
  pull: PullStatus;
  retry: () => void;
  /** The event being edited as stored, or null for a new one. */
  stored: StoredPlannerEvent | null;
  draft: WizardDraft | null;
  /** The wizard was opened with changes kept from an earlier visit. */
  restored: boolean;
  update(change: (draft: WizardDraft) => WizardDraft): void;
  /** Starts over: a new event (a new id) for Create Event, the saved event for Edit Event. */
  reset(): void;
  /** Save as Draft (Draft) or Save for Approval (AwaitingApproval). */
  save(status: EventStatusCode): Promise<SaveResult>;
}

/**
 * The wizard's state: restored from the form draft (`event:new` / `event:${id}`) or the stored event,
 * written back to the device as it changes, autosaved to the server as a Draft while it is one,
 * and saved through the outbox (offline too).
 */
export function useEventWizard(userId: string, eventId: string | null): EventWizard {
  const key = eventDraftKey(eventId);
  const storedDraft = useFormDraft<unknown>(userId, key);
  const row = usePlannerEvent(userId, eventId);
  // Opening an event this device does not have yet (another device made it): the list pull brings it.
  const { status: pull, retry } = usePulled(eventId ? `${userId}:${eventId}` : null, () => pullPlannerEvents(userId), { quietReconnect: true });
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [restored, setRestored] = useState(false);
  const [baseline, setBaseline] = useState<EventSave | null>(null);
  const [done, setDone] = useState(false);

  const stored = row ?? null;
  const rowKnown = !eventId || row !== undefined && (row !== null || pull !== 'loading');
  if (draft === null && storedDraft !== undefined && rowKnown && (!eventId || row)) {
    const kept = isWizardDraft(storedDraft) && (!eventId || storedDraft.input.id === eventId) ? storedDraft : null;
    const initial: WizardDraft = row ? { input: contentOf(row), step: 1 } : fresh();
    setDraft(kept ?? initial);
    setRestored(kept !== null);
    setBaseline(row ? contentOf(row) : null);
  }
  const phase = draft ? 'ready' : eventId && row === null && pull !== 'loading' ? 'missing' : 'loading';

  // The server gets drafts only: editing a pending, approved or rejected event is saved by the planner.
  const autosaves = !done && draft !== null && (!stored || stored.status === EventStatus.Draft);
  const autosave = useEventAutosave({ userId, input: draft?.input ?? null, step: draft?.step ?? 1, enabled: autosaves, baseline });

  useDirtyForm(`event-wizard:${key}`, draft !== null && !done && (!baseline || JSON.stringify(draft.input) !== JSON.stringify(baseline)));

  // The wizard's state on the device, a moment after each change.
  const latest = useRef(draft);
  const finished = useRef(false);
  useEffect(() => {
    latest.current = draft;
    if (!draft || done) return;
    const timer = setTimeout(() => {
      // Saved meanwhile: the draft is gone for good, not written back.
      if (!finished.current) void saveFormDraft(userId, key, draft);
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, done, userId, key]);
  useEffect(() => () => {
    if (latest.current && !finished.current) void saveFormDraft(userId, key, latest.current);
  }, [userId, key]);

  const clearDrafts = async (id: string) => {
    finished.current = true;
    await clearEventDrafts(userId, id);
  };

  return {
    phase,
    pull,
    retry,
    stored,
    draft,
    restored,
    update(change) {
      setDraft((d) => (d ? change(d) : d));
    },
    reset() {
      setRestored(false);
      setDraft(stored ? { input: contentOf(stored), step: 1 } : fresh());
    },
    async save(status) {
      const current = latest.current;
      if (!current) return { state: 'pending' };
      autosave.stop();
      const entry = await queueEventSave({ ...current.input, status }, userId);
      const outcome = await waitForOutcome(entry.id, navigator.onLine ? SEND_WAIT_MS : 0);
      if (outcome.state === 'failed') {
        // The planner is told why and keeps the wizard; the refused change does not wait in the queue.
        await discardChange(outcome.entry);
        autosave.resume();
        return outcome;
      }
      setDone(true);
      await clearDrafts(current.input.id);
      return outcome;
    },
  };
}
