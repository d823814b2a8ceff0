import { z } from 'zod';
import { Currency, PRODUCT_LIMITS, ProductType } from '../../../src/domain/products';

export { uuidParam as productIdParam } from '../../lib/validate';
export const companyIdParam = z.object({ id: z.uuid('Must be a valid id') });
export const sessionIdParam = z.object({ sessionId: z.uuid('Must be a valid id') });

/** The words the old client may send for the codes (spec 2 §5: "the two readings of the type field"). */
const TYPE_WORDS: Record<string, number> = { subscription: ProductType.Subscription, onetime: ProductType.OneTime };
const CURRENCY_WORDS: Record<string, number> = Object.fromEntries(Object.entries(Currency).map(([k, v]) => [k.toLowerCase(), v]));
const code = (words: Record<string, number>) => (v: unknown) =>
  typeof v === 'string' && words[v.trim().toLowerCase()] !== undefined ? words[v.trim().toLowerCase()] : v;

/**
 * The product form. Types are loose here (unknown) on purpose: validateProduct of src/domain
 * (shared with the client's form) answers every field's problem at once, with its messages.
 */
export const productBody = z.object({
  name: z.unknown(),
  description: z.string('Must be text').nullish().transform((v) => v ?? ''),
  price: z.unknown(),
  currency: z.unknown().transform(code(CURRENCY_WORDS)).transform((v) => v ?? Currency.USD),
  listingsTokens: z.unknown().transform((v) => v ?? 0),
  eventClickTokens: z.unknown().transform((v) => v ?? 0),
  isActive: z.boolean('Must be true or false').optional().default(true),
  type: z.unknown().transform(code(TYPE_WORDS)),
}, 'The body must be a JSON object');

export const checkoutBody = z.object({
  productId: z.uuid('Must be a valid id'),
  companyId: z.uuid('Must be a valid id'),
}, 'The body must be a JSON object');

export const pauseBody = z.object({
  reason: z.string('Must be text').trim().min(1, 'A reason is required')
    .max(PRODUCT_LIMITS.pauseReason, `Must be at most ${PRODUCT_LIMITS.pauseReason} characters`),
}, 'The body must be a JSON object');
