import { useCallback, useEffect, useRef } from 'react';
import { EventStatus } from '../../domain/events';
import { stableStringify } from '../../domain/stable-json';
import { queueEventSave, type EventSave } from '../../sync/entities/events';
import { worthAutosaving, type WizardStep } from './wizardSteps';

/** A new draft is queued for the server this long after the planner stops changing it. */
export const AUTOSAVE_IDLE_MS = 2_000;

export interface EventAutosave {
  /** Queues what is not queued yet now (leaving the wizard, closing the app). */
  flush(): void;
  /** No autosaves while the planner's own save is on its way. */
  stop(): void;
  /** Autosaves again (the save was refused and the planner goes on editing). */
  resume(): void;
}

/**
 * Keeps a draft event on the server side of the queue as the planner goes (spec 3 §2: a new draft
 * is autosaved with status Draft), without a write per keystroke: one queued save when the step
 * changes, after AUTOSAVE_IDLE_MS without changes, and when the page is hidden or left. A save
 * repeats nothing already queued, and the entity replaces an edit still waiting in the outbox.
 * `baseline` is the content the server already has (an existing draft), so opening one queues nothing.
 */
export function useEventAutosave({ userId, input, step, enabled, baseline }: {
  userId: string; input: EventSave | null; step: WizardStep; enabled: boolean; baseline: EventSave | null;
}): EventAutosave {
  const latest = useRef<EventSave | null>(input);
  const queued = useRef<string | null>(null);
  const stopped = useRef(false);
  const active = useRef(enabled);
  useEffect(() => {
    latest.current = input;
    active.current = enabled;
  });
  // The stored event arrives after the first render: what the server has is not queued again.
  useEffect(() => {
    if (baseline && queued.current === null) queued.current = stableStringify({ ...baseline, status: EventStatus.Draft });
  }, [baseline]);

  const send = useCallback(() => {
    const event = latest.current;
    if (stopped.current || !active.current || !event || !worthAutosaving(event)) return;
    const draft: EventSave = { ...event, status: EventStatus.Draft };
    const json = stableStringify(draft);
    if (json === queued.current) return;
    queued.current = json;
    queueEventSave(draft, userId).catch(() => {
      // Not queued (storage full): the form draft still holds it; the next change tries again.
      queued.current = null;
    });
  }, [userId]);

  // After a pause in typing.
  useEffect(() => {
    if (!enabled || !input) return;
    const timer = setTimeout(send, AUTOSAVE_IDLE_MS);
    return () => clearTimeout(timer);
  }, [enabled, input, send]);

  // At every step change (not on opening).
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    send();
  }, [step, send]);

  // The app being closed or put away, and the wizard being left.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') send();
    };
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', send);
      document.removeEventListener('visibilitychange', onHide);
      send();
    };
  }, [send]);

  return {
    flush: send,
    stop: () => {
      stopped.current = true;
    },
    resume: () => {
      stopped.current = false;
      queued.current = null;
    },
  };
}
