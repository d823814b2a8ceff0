import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/** Interaction events for the statistics (spec 2 §4, §7). */
export const listingEvents = pgTable('listing_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  listingId: uuid('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  eventType: text('event_type', { enum: ['view', 'linkopen', 'chatstart', 'phoneclick', 'favorite'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('listing_events_listing_created_idx').on(t.listingId, t.createdAt)]);
