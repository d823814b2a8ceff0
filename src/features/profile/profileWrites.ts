import { db } from '../../db/database';
import type { User } from '../../domain/user';
import { session, setUser } from '../../state/session';
import { queueWrite, waitForOutcome, type WriteOutcome } from '../../sync/outbox';
import { discardChange } from '../../sync/resolve';
import type { WriteKind } from '../../sync/entities/define';

/** How long a form waits for the server before saying the change will go later. */
export const SEND_WAIT_MS = 10_000;

/** A plain copy for IndexedDB: the session's user is a valtio proxy, which structured clone refuses. */
const plain = (user: User): User => JSON.parse(JSON.stringify(user)) as User;

/** The profile as stored in the session, mirrored into Dexie so queued edits apply to it. */
export async function ensureLocalProfile(user: User): Promise<void> {
  if (!(await db.profiles.get(user.id))) await db.profiles.put({ ...plain(user), fetchedAt: 0 });
}

/** After an online-only change (avatar, phone verification): the server's user, in Dexie and in the session. */
export async function storeProfile(user: User): Promise<void> {
  const copy = plain(user);
  await db.profiles.put({ ...copy, fetchedAt: Date.now() });
  setUser(copy);
}

/**
 * Queues a profile edit (applied locally at once) and waits a little for the server. A refusal
 * the form can show (failed, with field messages) is taken back out of the queue, since the form
 * keeps the user's values and says what to fix; a conflict stays for keep-mine / take-theirs.
 */
export async function saveProfileChange<P>(kind: WriteKind<P>, payload: P): Promise<WriteOutcome> {
  const user = session.user;
  if (!user) throw new Error('Not logged in');
  await ensureLocalProfile(user as User);
  const entry = await queueWrite(kind, payload, user.id);
  const outcome = await waitForOutcome(entry.id, navigator.onLine ? SEND_WAIT_MS : 0);
  if (outcome.state === 'failed') await discardChange(outcome.entry);
  return outcome;
}
