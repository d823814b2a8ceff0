import type { FieldError } from './validation';

/** Spec 2 §5 "Product and subscription": the numeric codes on the wire. */
export const ProductType = { Subscription: 100, OneTime: 200 } as const;
export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];
export const PRODUCT_TYPES: readonly number[] = Object.values(ProductType);

export const Currency = { USD: 0, EUR: 1, NOK: 2, SEK: 3, DKK: 4 } as const;
export type CurrencyCode = (typeof Currency)[keyof typeof Currency];
export const CURRENCIES: readonly number[] = Object.values(Currency);
/** ISO 4217 names by code (what a payment provider wants). */
export const CURRENCY_ISO: Record<CurrencyCode, string> = { 0: 'usd', 1: 'eur', 2: 'nok', 3: 'sek', 4: 'dkk' };

export const SubscriptionStatus = {
  Active: 0, Cancelled: 1, PastDue: 2, Incomplete: 3, IncompleteExpired: 4, Unpaid: 5,
} as const;
export type SubscriptionStatusCode = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const PRODUCT_LIMITS = {
  name: 100,
  description: 2000,
  /** Far above any real plan; keeps the price a safe number of cents. */
  maxPrice: 1_000_000,
  maxTokens: 1_000_000,
  pauseReason: 500,
} as const;

/** How long one paid subscription period lasts (a yearly plan, spec 2 §1 '/year'). */
export const SUBSCRIPTION_PERIOD_MS = 365 * 24 * 60 * 60 * 1000;

export interface ProductInput {
  name: string;
  description: string;
  /** At most 2 decimals. */
  price: number;
  currency: CurrencyCode;
  listingsTokens: number;
  eventClickTokens: number;
  isActive: boolean;
  type: ProductTypeCode;
}

export interface Product extends ProductInput {
  id: string;
}

/** The company's current subscription (GET /subscription/{companyId}). */
export interface CompanySubscription {
  id: string;
  companyId: string;
  productId: string;
  productName: string;
  status: SubscriptionStatusCode;
  periodStart: string;
  /** ISO time; also the date the event clicks reset. */
  periodEnd: string;
  paused: boolean;
  pauseReason: string | null;
  cancelAtPeriodEnd: boolean;
  /** Remaining event clicks of this period. */
  eventClickTokens_Subscription: number;
  /** Remaining listing tokens (one is spent per listing sent for approval). */
  listingsTokens: number;
}

export const ProductMessages = {
  NameRequired: 'Name is required',
  NameTooLong: `Name must be at most ${PRODUCT_LIMITS.name} characters`,
  DescriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.description} characters`,
  PriceInvalid: 'Price must be a number of 0 or more with at most 2 decimals',
  TokensInvalid: 'Must be a whole number of 0 or more',
  TypeInvalid: 'Type must be 100 (Subscription) or 200 (OneTime)',
  CurrencyInvalid: 'Currency must be 0 (USD), 1 (EUR), 2 (NOK), 3 (SEK) or 4 (DKK)',
} as const;

/** True when `price` is finite, in range and has at most 2 decimals (floating-point tolerant). */
export function isValidPrice(price: unknown): price is number {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > PRODUCT_LIMITS.maxPrice) return false;
  return Math.abs(Math.round(price * 100) - price * 100) < 1e-6;
}

const isTokenCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= PRODUCT_LIMITS.maxTokens;

/** The product form's rules (spec 2 §8): the server answers the same field errors. */
export function validateProduct(input: Partial<Record<keyof ProductInput, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.push({ field: 'name', message: ProductMessages.NameRequired });
  else if (name.length > PRODUCT_LIMITS.name) errors.push({ field: 'name', message: ProductMessages.NameTooLong });
  if (typeof input.description === 'string' && input.description.length > PRODUCT_LIMITS.description) {
    errors.push({ field: 'description', message: ProductMessages.DescriptionTooLong });
  }
  if (!isValidPrice(input.price)) errors.push({ field: 'price', message: ProductMessages.PriceInvalid });
  for (const field of ['listingsTokens', 'eventClickTokens'] as const) {
    if (!isTokenCount(input[field])) errors.push({ field, message: ProductMessages.TokensInvalid });
  }
  if (!PRODUCT_TYPES.includes(input.type as number)) errors.push({ field: 'type', message: ProductMessages.TypeInvalid });
  if (!CURRENCIES.includes(input.currency as number)) errors.push({ field: 'currency', message: ProductMessages.CurrencyInvalid });
  return errors;
}

/** Price in the smallest currency unit (cents/øre), what payment providers take. */
export const priceInMinorUnits = (price: number) => Math.round(price * 100);

/**
 * Statuses an Admin must look at (/admin/approvals/subscriptions): a payment failed (PastDue), the
 * first payment never completed (Incomplete) or the provider gave up retrying (Unpaid).
 */
export const ATTENTION_STATUSES: readonly SubscriptionStatusCode[] = [
  SubscriptionStatus.PastDue, SubscriptionStatus.Incomplete, SubscriptionStatus.Unpaid,
];

/** One row of GET /subscription (Admin): a subscription needing attention, with its company. */
export interface AttentionSubscription extends CompanySubscription {
  companyName: string;
  /** The company's status code (src/domain/companies.ts CompanyStatus). */
  companyStatus: number;
  /** The owner's e-mail, to contact them about the payment. */
  ownerEmail: string | null;
  /** When the subscription row last changed (ISO): how long it has waited. */
  updatedAt: string;
}

/**
 * Event clicks (spec 2 "eventClickTokens"): a company opening a conversation with the planner of a
 * matching event (POST /chats/event-chat, the first time per company and event) is one event click.
 * It spends one token of a subscribed company (this period's first, then the lasting extras) and
 * records an 'eventhit' statistic on each of the company's listings that match the event.
 */
export const EventClickMessages = {
  NoneLeft: 'No event clicks left: buy a plan or a token pack to contact more event planners',
} as const;

/** Creating checkout sessions: per account and minute (a payment provider call each). */
export const CHECKOUT_SESSIONS_PER_MINUTE = 10;

/** What the subscription calls answer when they refuse (GET /subscription/{id}, pause, resume, cancel). */
export const SubscriptionMessages = {
  None: 'This company has no subscription',
  Cancelled: 'The subscription is cancelled; cancellation cannot be undone',
  AlreadyPaused: 'The subscription is already paused',
  NotPaused: 'The subscription is not paused',
  NotActive: 'Only an active subscription can be paused',
} as const;
