import { db } from '../../db/database';
import { defineEntity } from './define';

/**
 * Answers last seen on read-only screens (`savedViews`): LOCAL-ONLY copies refreshed by their
 * screens when online, never written back, so there is nothing to pull or send; they are private
 * to the user (a company's figures) and go on logout.
 */
export const savedViews = defineEntity({
  name: 'savedViews',
  table: 'savedViews',
  key: (_p: never) => '',
  pull: async () => undefined,
  clear: async (userId) => {
    await db.savedViews.where('userId').equals(userId).delete();
  },
  actionPrefix: 'savedView',
  writes: {},
});
