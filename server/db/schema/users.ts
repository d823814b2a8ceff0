import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '../../../src/domain/user';
import { createdAt, updatedAt } from './columns';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lowercased and trimmed; the unique index makes e-mail the login key. */
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender'),
  phoneNumber: text('phone_number'),
  /** "+" and digits of phoneNumber, for existence checks regardless of spacing. */
  phoneKey: text('phone_key'),
  phoneNumberConfirmed: boolean('phone_number_confirmed').notNull().default(false),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  profilePictureId: uuid('profile_picture_id'),
  address: text('address'),
  zipCode: text('zip_code'),
  city: text('city'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  notificationPreferences: jsonb('notification_preferences').$type<NotificationPreferences>().notNull(),
  acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
  confirmationSentCount: integer('confirmation_sent_count').notNull().default(0),
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('users_email_key').on(t.email),
  index('users_phone_key_idx').on(t.phoneKey),
]);

/** Single-use secrets mailed or sent to a user: e-mail confirmation, password reset, phone code. */
export const userTokens = pgTable('user_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['confirm-email', 'reset-password', 'verify-phone'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  /** For phone codes: the number the code was sent to. */
  target: text('target'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('user_tokens_lookup_idx').on(t.userId, t.purpose),
  index('user_tokens_hash_idx').on(t.tokenHash),
]);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each login starts a family; a refresh rotates
 * within it. Presenting an already-rotated token revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
  index('refresh_tokens_family_idx').on(t.familyId),
]);
