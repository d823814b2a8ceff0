import { SNACKBAR_MS } from '../../domain/constants';
import { notify, type Severity } from '../../state/snackbar';
import { queueWrite, waitForOutcome, type WriteOutcome } from '../../sync/outbox';
import { discardChange } from '../../sync/resolve';
import type { WriteKind } from '../../sync/entities/define';
import { SEND_WAIT_MS } from './useEventWizard';

/**
 * Queues an event write from the list (applied on this device at once) and waits a little for the
 * server. A refusal is taken back out of the queue (the card shows the server's state again and the
 * planner is told why); a conflict stays for keep mine / take theirs; pending goes when back online.
 */
export async function sendEventWrite<P>(kind: WriteKind<P>, payload: P, userId: string): Promise<WriteOutcome> {
  const entry = await queueWrite(kind, payload, userId);
  const outcome = await waitForOutcome(entry.id, navigator.onLine ? SEND_WAIT_MS : 0);
  if (outcome.state === 'failed') await discardChange(outcome.entry);
  return outcome;
}

/** A snackbar for 6 s, one per action and event: a newer outcome replaces the older. */
export function eventToast(action: 'cancel' | 'delete' | 'save', eventId: string, message: string, severity: Severity): void {
  notify(message, { key: `event:${action}:${eventId}`, severity, durationMs: SNACKBAR_MS });
}
