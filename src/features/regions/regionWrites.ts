import { locationsApi } from '../../api/locations';
import { db } from '../../db/database';
import type { Region } from '../../domain/locations';
import { pullRegionsAfterWrite } from '../../sync/pull';
import { regionInputOf, type RegionFormValues } from './regionForm';

/**
 * Region writes go straight to the server (an Admin action, online only), then the shared
 * catalogue in Dexie is pulled again: the browse filters and the listing editor read regions
 * from there, and the server's list decides the order. Should that pull fail (the connection
 * dropped just after the write), the answer is applied locally so no screen shows the old
 * region; the next pull (start, online, focus) puts it in the server's order.
 */
async function refreshCatalogue(applyLocally: () => Promise<unknown>): Promise<void> {
  try {
    await pullRegionsAfterWrite();
  } catch {
    await applyLocally().catch(() => undefined);
  }
}

/** Creates (no `existing`) or updates a region; resolves with the server's answer once Dexie has it. */
export async function saveRegion(existing: Region | null, values: RegionFormValues): Promise<Region> {
  const body = regionInputOf(values);
  const saved = existing
    ? await locationsApi.updateRegion(existing.id, body, existing.version)
    : await locationsApi.createRegion(body);
  await refreshCatalogue(async () => {
    const stored = await db.regions.get(saved.id);
    await db.regions.put({ ...saved, position: stored?.position ?? (await db.regions.count()) });
  });
  return saved;
}

export async function deleteRegion(region: Region): Promise<void> {
  await locationsApi.deleteRegion(region.id);
  await refreshCatalogue(() => db.regions.delete(region.id));
}

/**
 * After a failed write the stored list may be the stale one (changed or deleted by another
 * Admin: 412, 404): pull it again so the cards show what the server has. Best effort.
 */
export function refreshAfterFailure(): void {
  pullRegionsAfterWrite().catch(() => undefined);
}
