import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './listings';
import { users } from './users';

/**
 * The product catalogue (spec 2 §5). The price is kept in minor units (cents/øre) so sums and
 * the payment provider's amounts are exact; the API answers it as a decimal number.
 */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceMinor: integer('price_minor').notNull(),
  /** Codes of src/domain/products Currency (0 USD … 4 DKK). */
  currency: integer('currency').notNull().default(0),
  listingsTokens: integer('listings_tokens').notNull().default(0),
  eventClickTokens: integer('event_click_tokens').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Codes of src/domain/products ProductType (100 Subscription, 200 OneTime). */
  type: integer('type').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('products_active_idx').on(t.isActive)]);

/**
 * A company's current subscription: at most one row per company, renewed in place by a new
 * purchase or the provider's renewal. The counters are what is left of this period's tokens.
 */
export const companySubscriptions = pgTable('company_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
  /** Codes of src/domain/products SubscriptionStatus (0 Active … 5 Unpaid). */
  status: integer('status').notNull().default(0),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  paused: boolean('paused').notNull().default(false),
  pauseReason: text('pause_reason'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** The provider's subscription id (Stripe `sub_…`); null for the built-in test checkout. */
  providerSubscriptionId: text('provider_subscription_id'),
  listingsTokens: integer('listings_tokens').notNull().default(0),
  eventClickTokens: integer('event_click_tokens').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('company_subscriptions_company_uq').on(t.companyId),
  index('company_subscriptions_product_idx').on(t.productId),
  uniqueIndex('company_subscriptions_provider_uq').on(t.providerSubscriptionId).where(sql`provider_subscription_id is not null`),
]);

/**
 * One checkout attempt. Completion flips status 'open' → 'completed' with a conditional UPDATE
 * in the same transaction that grants the tokens, so a completion delivered twice (or twice at
 * once) grants once.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  /** 'test' (the built-in checkout) or 'stripe'. */
  provider: text('provider').notNull(),
  providerSessionId: text('provider_session_id'),
  /** 'open', 'completed' or 'cancelled'. */
  status: text('status').notNull().default('open'),
  /** The provider event that completed it (the test checkout uses its own id). */
  providerEventId: text('provider_event_id'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('checkout_sessions_company_idx').on(t.companyId, t.createdAt),
  index('checkout_sessions_product_idx').on(t.productId),
  uniqueIndex('checkout_sessions_provider_uq').on(t.providerSessionId).where(sql`provider_session_id is not null`),
]);

/** Provider webhook events already handled: a redelivered event id is acknowledged and skipped. */
export const paymentEvents = pgTable('payment_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
