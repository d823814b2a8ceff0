import { sql } from 'drizzle-orm';
import {
  boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '../../src/domain/user';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** Hex SHA-256 of the stored bytes; also the blob's name on disk. */
  sha256: text('sha256').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  originalName: text('original_name'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('files_sha256_idx').on(t.sha256)]);

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

/** Top level of the service taxonomy (spec 3 §3). image_uri is a file id. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  imageUri: uuid('image_uri'),
  sortOrder: integer('sort_order').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subCategories = pgTable('sub_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  imageUri: uuid('image_uri'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sub_categories_category_idx').on(t.categoryId)]);

export const categoryServices = pgTable('category_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  groupName: text('group_name').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('category_services_category_idx').on(t.categoryId)]);

export const subCategoryServices = pgTable('sub_category_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  subCategoryId: uuid('sub_category_id').notNull().references(() => subCategories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  groupName: text('group_name').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sub_category_services_sub_category_idx').on(t.subCategoryId)]);

/** Norwegian fylker and Swedish län; their counties are the kommuner. */
export const regions = pgTable('regions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  country: text('country', { enum: ['NO', 'SE'] }).notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('regions_name_key').on(t.name)]);

export const counties = pgTable('counties', {
  id: uuid('id').primaryKey().defaultRandom(),
  regionId: uuid('region_id').notNull().references(() => regions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('counties_region_name_key').on(t.regionId, t.name)]);

/** A PostgreSQL tsvector, read only through SQL (the full-text search column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Supplier companies (spec 2 §3). Only approved ones are public. */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  logoImageUri: uuid('logo_image_uri'),
  bannerImageUri: uuid('banner_image_uri'),
  organizationNumber: text('organization_number'),
  websiteUrl: text('website_url'),
  facebookUrl: text('facebook_url'),
  instagramUrl: text('instagram_url'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  status: text('status', { enum: ['approved', 'pending', 'rejected'] }).notNull().default('pending'),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('companies_status_idx').on(t.status), index('companies_created_by_idx').on(t.createdById)]);

/**
 * Listings (spec 2 §3). `search` is generated: name (A), short description (B) and the
 * description without tags (C), each in the Norwegian and the English configuration.
 */
/** The rows anyone may see; the partial indexes below cover exactly these. */
export const PUBLIC_LISTING = sql`status = 'approved' and is_active`;

export const listings = pgTable('listings', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  /** Rich text (HTML). */
  description: text('description').notNull().default(''),
  cardImageUri: uuid('card_image_uri'),
  bannerImageUri: uuid('banner_image_uri'),
  galleryImageIds: uuid('gallery_image_ids').array().notNull().default(sql`'{}'::uuid[]`),
  videoLinks: text('video_links').array().notNull().default(sql`'{}'::text[]`),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
  subCategoryId: uuid('sub_category_id').references(() => subCategories.id, { onDelete: 'set null' }),
  categoryServiceIds: uuid('category_service_ids').array().notNull().default(sql`'{}'::uuid[]`),
  subCategoryServiceIds: uuid('sub_category_service_ids').array().notNull().default(sql`'{}'::uuid[]`),
  countyIds: uuid('county_ids').array().notNull().default(sql`'{}'::uuid[]`),
  regionIds: uuid('region_ids').array().notNull().default(sql`'{}'::uuid[]`),
  /** Whole kroner; null = no price given. */
  price: integer('price'),
  status: text('status', { enum: ['approved', 'pending', 'rejected', 'draft'] }).notNull().default('draft'),
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  search: tsvector('search').generatedAlwaysAs(sql`
    setweight(to_tsvector('norwegian'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') ||
    setweight(to_tsvector('norwegian'::regconfig, coalesce(short_description, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(short_description, '')), 'B') ||
    setweight(to_tsvector('norwegian'::regconfig, regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C') ||
    setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C')`),
}, (t) => [
  index('listings_search_idx').using('gin', t.search),
  index('listings_company_idx').on(t.companyId),
  index('listings_category_idx').on(t.categoryId),
  index('listings_status_created_idx').on(t.status, t.createdAt),
  index('listings_created_idx').on(t.createdAt),
  index('listings_price_idx').on(t.price),
  index('listings_name_idx').on(t.name),
  index('listings_region_ids_idx').using('gin', t.regionIds),
  index('listings_county_ids_idx').using('gin', t.countyIds),
  // Partial indexes over public rows only, in the exact order of the search sorts: counts and
  // first pages read these instead of the whole table (measured in bench/README.md).
  index('listings_public_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_LISTING),
  index('listings_public_price_asc_idx').on(t.price.asc().nullsLast(), t.id).where(PUBLIC_LISTING),
  index('listings_public_price_desc_idx').on(t.price.desc().nullsLast(), t.id).where(PUBLIC_LISTING),
  index('listings_public_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_LISTING),
]);

export const favorites = pgTable('favorites', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  listingId: uuid('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('favorites_listing_idx').on(t.listingId)]);

/** Interaction events for the statistics (spec 2 §4, §7). */
export const listingEvents = pgTable('listing_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  listingId: uuid('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
  eventType: text('event_type', { enum: ['view', 'linkopen', 'chatstart', 'phoneclick', 'favorite'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('listing_events_listing_created_idx').on(t.listingId, t.createdAt)]);

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
