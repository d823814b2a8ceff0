import { filesApi } from '../../api/files';
import { pullTaxonomyAfterWrite } from '../../sync/pull';

/**
 * Taxonomy writes go straight to the server (Admin actions, online only), then the shared taxonomy
 * in Dexie is pulled again: the browse filters, the planner and the listing editor read it from
 * there. Should that pull fail, `applyLocally` puts the server's answer in Dexie so no screen shows
 * the old row; the next pull puts it in the server's order.
 */
export async function refreshTaxonomy(applyLocally: () => Promise<unknown>): Promise<void> {
  try {
    await pullTaxonomyAfterWrite();
  } catch {
    await applyLocally().catch(() => undefined);
  }
}

/** How a screen wants a delete to end. */
export interface DeleteOptions {
  /**
   * The screen shows the deleted item itself and leaves after a delete: `onDeleted` runs as soon
   * as the server confirms, while the stored taxonomy is still refreshed.
   */
  leaves?: boolean;
}

/** After a failed write the stored taxonomy may be stale (412, 404): pull it again. Best effort. */
export function refreshAfterFailure(): void {
  pullTaxonomyAfterWrite().catch(() => undefined);
}

/** A cropped WebP goes to the files API at once: taxonomy writes are online only. */
export async function uploadTaxonomyImage(blob: Blob, name: string): Promise<string> {
  return (await filesApi.upload(blob, name)).id;
}
