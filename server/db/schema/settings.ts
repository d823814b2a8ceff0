import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The site's own settings an Admin edits at /admin/settings: one row (id 1, enforced), created by
 * the migration with the values the app shipped with.
 */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  contactEmail: text('contact_email').notNull(),
  /** Stored as 'NNN NNN NNN'. */
  organisationNumber: text('organisation_number').notNull(),
  /** Null until an Admin first saves. */
  updatedAt: timestamp('updated_at', { withTimezone: true }),
}, () => [check('site_settings_single_row', sql`id = 1`)]);

/**
 * Every admin change (who, what, when). No foreign key to users: an entry outlives the account
 * (and a demo reset), so the e-mail is copied in when it is written.
 */
export const auditLog = pgTable('audit_log', {
  /** Increasing in write order: newest first is `id desc`, and it is the page cursor. */
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
  userEmail: text('user_email').notNull(),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  summary: text('summary').notNull(),
  createdAt: createdAt(),
});
