import type { OutboxEntry } from '../db/database';
import { discardEntry, retryEntry } from './outbox';
import { writeKind } from './entities/registry';

/**
 * What the user can do with a change the server did not take (ARCHITECTURE §3: nothing is
 * dropped silently): send it again, give it up, or after a conflict keep theirs or mine.
 */

/** Send again as it is (a failed entry after the cause was fixed, e.g. back online or data corrected). */
export const retryChange = (entry: OutboxEntry) => retryEntry(entry.seq!);

/** Give the change up: the entry goes and the server's copy replaces the local one. */
export async function discardChange(entry: OutboxEntry): Promise<void> {
  await discardEntry(entry.seq!);
  await writeKind(entry.kind)?.refresh(entry.payload, entry.userId).catch(() => undefined);
}

/** Conflict, keep mine: re-send the local change on top of the server's current version. */
export async function keepMine(entry: OutboxEntry): Promise<void> {
  const kind = writeKind(entry.kind);
  const version = kind?.serverVersion ? await kind.serverVersion(entry.payload, entry.userId) : null;
  await retryEntry(entry.seq!, version);
}

/** Conflict, take theirs: the same as giving the change up. */
export const takeTheirs = discardChange;
