import { db } from '../../db/database';
import { queueWrite, waitForOutcome, type WriteOutcome } from '../../sync/outbox';
import { discardChange } from '../../sync/resolve';
import { createListing, updateListing, type ListingSave } from '../../sync/entities/listings';

/** How long a save waits for the server before saying it will be sent later. */
export const SEND_WAIT_MS = 10_000;

/**
 * Queues Save as Draft / Request Approval (the local copy changes at once) and waits a little for
 * the server. A refusal is taken back out of the queue (the form keeps the values and says what
 * went wrong), and a refused create leaves no local listing behind; a conflict stays queued for
 * the unsent-changes panel (keep mine / take theirs).
 */
export async function saveListing(kind: 'create' | 'update', payload: ListingSave, userId: string): Promise<WriteOutcome> {
  const entry = await queueWrite(kind === 'create' ? createListing : updateListing, payload, userId);
  const outcome = await waitForOutcome(entry.id, navigator.onLine ? SEND_WAIT_MS : 0);
  if (outcome.state === 'failed') {
    await discardChange(outcome.entry);
    if (kind === 'create') await db.ownListings.delete(payload.input.id);
  }
  return outcome;
}
