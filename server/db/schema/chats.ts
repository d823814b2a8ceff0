import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { plannerEvents } from './events';
import { companies, listings } from './listings';
import { users } from './users';

/**
 * A conversation between one customer and one company (spec 3 §3 Chat): about a listing (the
 * customer started it; one per customer and listing) or about a planner event (the company
 * started it; one per company and event). The names are copied when the chat starts, so a chat
 * still reads right after its listing or event is gone (the reference is then set null).
 */
export const chats = pgTable('chats', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  listingName: text('listing_name'),
  eventId: uuid('event_id').references(() => plannerEvents.id, { onDelete: 'set null' }),
  eventName: text('event_name'),
  createdAt: createdAt(),
  /** Null until the first message; lists sort by coalesce(last_message_at, created_at). */
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  /** Each side's "read up to"; null: nothing read yet. */
  customerLastReadAt: timestamp('customer_last_read_at', { withTimezone: true }),
  companyLastReadAt: timestamp('company_last_read_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('chats_customer_listing_key').on(t.customerId, t.listingId).where(sql`listing_id is not null`),
  uniqueIndex('chats_company_event_key').on(t.companyId, t.eventId).where(sql`event_id is not null`),
  index('chats_customer_activity_idx').on(t.customerId, sql`coalesce(last_message_at, created_at)`),
  index('chats_company_activity_idx').on(t.companyId, sql`coalesce(last_message_at, created_at)`),
]);

/**
 * Messages (spec 3 §3 Message). `id` is the sending device's UUID, so a replayed send lands once;
 * `seq` orders messages of one chat stably even when two share a timestamp. A deleted sender's
 * messages stay (sender set null) so the other side's history does not change.
 */
export const chatMessages = pgTable('chat_messages', {
  id: uuid('id').primaryKey(),
  chatId: uuid('chat_id').notNull().references(() => chats.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
}, (t) => [
  index('chat_messages_chat_seq_idx').on(t.chatId, t.seq),
]);
