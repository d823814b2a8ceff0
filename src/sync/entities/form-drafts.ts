import { db } from '../../db/database';
import { defineEntity } from './define';

/**
 * Unsaved form contents (`formDrafts`): LOCAL-ONLY, never sent as such (saving a form queues the
 * entity's own write), so there is nothing to pull; the user's drafts go on logout.
 */
export const formDrafts = defineEntity({
  name: 'formDrafts',
  table: 'formDrafts',
  key: (_p: never) => '',
  pull: async () => undefined,
  clear: async (userId) => {
    await db.formDrafts.where('userId').equals(userId).delete();
  },
  actionPrefix: 'formDraft',
  writes: {},
});
