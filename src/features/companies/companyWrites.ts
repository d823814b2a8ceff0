import { SNACKBAR_MS } from '../../domain/constants';
import { notify, type Severity } from '../../state/snackbar';
import { queueWrite, waitForOutcome, type WriteOutcome } from '../../sync/outbox';
import { discardChange } from '../../sync/resolve';
import type { WriteKind } from '../../sync/entities/define';

/** How long a screen waits for the server before saying the change will go later. */
export const SEND_WAIT_MS = 10_000;

/**
 * Queues a company write (applied on this device at once) and waits a little for the server.
 * A refusal the screen reports (failed, with the server's message and field errors) is taken back
 * out of the queue, since the screen keeps the user's input and says what to fix; a conflict
 * stays for keep mine / take theirs; pending goes when the connection is back.
 */
export async function sendCompanyWrite<P>(kind: WriteKind<P>, payload: P, userId: string): Promise<WriteOutcome> {
  const entry = await queueWrite(kind, payload, userId);
  const outcome = await waitForOutcome(entry.id, navigator.onLine ? SEND_WAIT_MS : 0);
  if (outcome.state === 'failed') await discardChange(outcome.entry);
  return outcome;
}

/** The company screens' actions: a newer outcome of an action replaces its older message. */
export type CompanyAction = 'save' | 'delete' | 'restore';

/** A snackbar for 6 s (spec 2 §9), one per action and company. */
export function companyToast(action: CompanyAction, companyId: string, message: string, severity: Severity): void {
  notify(message, { key: `company:${action}:${companyId}`, severity, durationMs: SNACKBAR_MS });
}
