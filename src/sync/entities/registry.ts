import type { WriteKind } from './define';
import { chatMessages, chats } from './chats';
import { companies } from './companies';
import { favorites } from './favorites';
import { localFiles } from './files';
import { formDrafts } from './form-drafts';
import { plannerEvents } from './events';
import { listings } from './listings';
import { profile } from './profile';
import { savedViews } from './saved-views';

/**
 * Every mirrored per-user entity. Start-up and reconnect pulls, reconcile after the queue drains,
 * clearing on logout, the replayer's and the unsent-changes list's lookup of a stored write kind
 * all loop over this list; a new entity is one `defineEntity` module added here.
 */
export const ENTITIES = [favorites, profile, formDrafts, companies, localFiles, listings, plannerEvents, chats, chatMessages, savedViews] as const;

type AnyEntity = (typeof ENTITIES)[number];
/** The name of a mirrored per-user entity ('favorites', 'profile'): outbox `entity`, sync-state hooks. */
export type EntityName = AnyEntity['name'];
/** Every kind of queued write ('favorite.add', 'profile.update', …): outbox `kind`, unsent-change labels. */
export type WriteKindName = KindsOf<AnyEntity>;
type KindsOf<E> = E extends { writes: infer W }
  ? { [A in keyof W]: W[A] extends { kind: infer K extends string } ? K : never }[keyof W]
  : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of every payload type
const kinds = new Map<string, WriteKind<any, WriteKindName, EntityName>>(
  ENTITIES.flatMap((entity) => Object.values(entity.writes).map((kind) => [kind.kind, kind] as const)),
);

/** The write kind of a stored outbox entry (entries outlive the session that queued them). */
export function writeKind(name: string): WriteKind<unknown, WriteKindName, EntityName> | undefined {
  return kinds.get(name);
}

/** Runs `step` for every entity; one failing does not stop the others. Resolves with the failures. */
async function each(step: (entity: AnyEntity) => Promise<unknown>): Promise<unknown[]> {
  const results = await Promise.allSettled(ENTITIES.map((entity) => step(entity)));
  return results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
}

/** Start-up, online, focus: pull each entity of the user. The pulls' own promises, for the caller to settle. */
export const pullUserEntities = (userId: string): Promise<unknown>[] => ENTITIES.map((entity) => entity.pull(userId));

/** After the queue drained: each entity pulls and merges (server wins except over pending writes). */
export const reconcileUserEntities = (userId: string) => each((entity) => entity.reconcile(userId));

/** Logout: each entity removes the user's rows. */
export const clearUserEntities = (userId: string) => each((entity) => entity.clear(userId));
