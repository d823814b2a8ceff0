import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * Interaction events for the statistics (spec 2 §4, §7). Clients record the first five types
 * (POST /ListingStatistics/record); 'eventhit' is recorded only by the server, when a company
 * opens a chat with the planner of an event the listing matches (issue 14).
 *
 * Index: migration 0011 keeps one covering index, listing_events_listing_created_type_idx on
 * (listing_id, created_at) INCLUDE (event_type), so the statistics reads are index-only scans
 * (bench/README.md "stats"). It is written by hand in the migration and not declared here:
 * drizzle-kit's index builder has no INCLUDE, and a declaration without it would make the next
 * generated migration rebuild the index without the included column.
 */
export const listingEvents = pgTable('listing_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  listingId: uuid('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  eventType: text('event_type', { enum: ['view', 'linkopen', 'chatstart', 'phoneclick', 'favorite', 'eventhit'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});
