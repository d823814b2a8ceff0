import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Mail and WhatsApp messages kept locally while no outside provider is configured. */
export const outboxMessages = pgTable('outbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
}, (t) => [index('outbox_messages_created_idx').on(t.createdAt)]);

/** Small key/value counters shared by every server process (e.g. the file manifest version). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * The first answer to each mutating request sent with an Idempotency-Key (ARCHITECTURE §3): a
 * replayed write (a lost response, a retry from the outbox) gets the stored answer instead of
 * running twice. Keys are scoped by user ('anonymous' without a login) and kept 24 h.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  /** SHA-256 of method, path and body: the same key with another request is refused. */
  fingerprint: text('fingerprint').notNull(),
  state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
  statusCode: integer('status_code'),
  contentType: text('content_type'),
  body: text('body'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);

/**
 * Rate-limit windows shared by every server process on one PostgreSQL (server/lib/rate-limit-store.ts):
 * one fixed window per key, counted by an atomic upsert. UNLOGGED (migration 0013): counters are
 * worth nothing after a crash, and skipping the write-ahead log keeps each count cheap.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('rate_limit_windows_expires_idx').on(t.expiresAt)]);
