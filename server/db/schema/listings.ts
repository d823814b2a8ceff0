import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { categories, subCategories } from './taxonomy';
import { users } from './users';

/** A PostgreSQL tsvector, read only through SQL (the full-text search column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Supplier companies (spec 2 §3). Status codes of src/domain/companies (100 Active, 200
 * AwaitingApproval, 250 Rejected, 300 Deleted); only Active ones are public.
 */
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
  twitterUrl: text('twitter_url'),
  youtubeUrl: text('youtube_url'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  status: integer('status').notNull().default(200),
  /** Set when deleted (status 300); the purge job removes the company 30 days later. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** The status a Deleted company had before; a restore brings it back. Null unless Deleted. */
  statusBeforeDelete: integer('status_before_delete'),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  // Subscription and token fields (spec 2 §3), written by the subscription and checkout flows.
  stripeCustomerId: text('stripe_customer_id'),
  activeSubscriptionId: text('active_subscription_id'),
  activeProductId: uuid('active_product_id'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  subscriptionHistory: jsonb('subscription_history').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  oneTimePurchaseHistory: jsonb('one_time_purchase_history').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  listingTokens: integer('listing_tokens').notNull().default(0),
  eventClickTokensSubscription: integer('event_click_tokens_subscription').notNull().default(0),
  eventClickTokensExtras: integer('event_click_tokens_extras').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * The company's part of a search card, kept by PostgreSQL with every write of the row: its name
   * and logo as JSON text, closing the card (migration 0017, `company_card_json`). Copied into its
   * listings' `card_json` by triggers (migration 0019); read by nothing else.
   */
  cardJson: text('card_json').generatedAlwaysAs(sql`company_card_json(name, logo_image_uri)`),
}, (t) => [
  index('companies_status_idx').on(t.status),
  index('companies_created_by_idx').on(t.createdById),
  index('companies_deleted_at_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
]);

/**
 * The rows anyone may see: Approved (200) or Active (400), with `is_active` (its company is
 * Active). The partial indexes below cover exactly these; the text must match theirs.
 */
export const PUBLIC_LISTING = sql`status in (200, 400) and is_active`;

/**
 * Listings (spec 2 §3). `search` is generated: name (A), short description (B) and the
 * description without tags (C), each in the Norwegian and the English configuration.
 */
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
  /** Status codes of src/domain/listings (0 Draft … 600 Deleted). */
  status: integer('status').notNull().default(0),
  /** Whether the listing's company is Active (kept in step by the company writes), so the public filter reads one table. */
  isActive: boolean('is_active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * The listing's place in the one stored shuffle the random sort rotates (a seed picks where the
   * rotation starts: docs/decisions.md, "The random sort"). Drawn once, by the default, for every
   * new row.
   */
  shuffleKey: doublePrecision('shuffle_key').notNull().default(sql`random()`),
  /**
   * The listing's whole search card as JSON text, its company's name and logo included (migration
   * 0019): written by PostgreSQL, never by the app. The trigger `listing_card_fill` sets it on
   * every insert and update of the row (`listing_card_json` of the row's fields, then the
   * company's `card_json`), and `company_card_spread` rewrites a company's listings' cards when its
   * part changes. A search page reads 24 stored texts, with no join to companies (bench/README.md,
   * "Session 17").
   */
  cardJson: text('card_json'),
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
  // With the id: in the newest sort's whole order, so that a planner never picks it and sorts after
  // it for the public newest page (migration 0020).
  index('listings_created_idx').on(t.createdAt, t.id),
  index('listings_price_idx').on(t.price),
  index('listings_name_idx').on(t.name),
  index('listings_region_ids_idx').using('gin', t.regionIds),
  index('listings_county_ids_idx').using('gin', t.countyIds),
  // Partial indexes over public rows only, in the exact order of the search sorts: counts and
  // first pages read these instead of the whole table (measured in bench/README.md).
  index('listings_public_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_LISTING),
  index('listings_public_price_asc_idx').on(t.price.asc().nullsLast(), t.id).where(PUBLIC_LISTING),
  index('listings_public_price_desc_idx').on(t.price.desc().nullsLast(), t.id).where(PUBLIC_LISTING),
  index('listings_public_shuffle_idx').on(t.shuffleKey, t.id).where(PUBLIC_LISTING),
  // The name sorts (ties by id ascending both ways): a page is the index's first rows, where the
  // plain name index needed a sort of every row sharing a name (0.41 → 0.15–0.19 ms a page).
  index('listings_public_name_asc_idx').on(t.name.asc(), t.id).where(PUBLIC_LISTING),
  index('listings_public_name_desc_idx').on(t.name.desc().nullsFirst(), t.id).where(PUBLIC_LISTING),
  index('listings_public_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(PUBLIC_LISTING),
]);

/**
 * The text index ordered by date: one row per lexeme of each public listing's `search`, kept by
 * the trigger `listing_words_sync` (migration 0018), never written by the app. A search of one
 * word sorted by date walks its lexeme's rows in the index's order and reads just a page of them,
 * where the GIN index can only hand over every match unordered (bench/README.md, "Session 9").
 * No foreign key: the trigger deletes a listing's rows with it, and a key would cost a look-up
 * per lexeme of every listing written.
 */
export const listingWords = pgTable('listing_words', {
  lexeme: text('lexeme').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  listingId: uuid('listing_id').notNull(),
}, (t) => [
  index('listing_words_lexeme_created_idx').on(t.lexeme, t.createdAt.desc().nullsFirst(), t.listingId.desc().nullsFirst()),
  // The trigger's delete of a listing's rows.
  index('listing_words_listing_idx').on(t.listingId),
]);
