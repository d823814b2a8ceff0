import { clearUserEntities } from './entities/registry';

/**
 * Clears one user's rows of every mirrored per-user entity (the registry's). Wired to the session
 * with `onSessionCleared(clearUserData)`; the outbox is kept: its entries carry their user id and
 * are never replayed under another user, and logout warns first when it holds any.
 */
export async function clearUserData(userId: string | null): Promise<void> {
  if (!userId) return;
  const [failure] = await clearUserEntities(userId);
  if (failure !== undefined) throw failure;
}
