import { count } from 'drizzle-orm';
import { Currency, ProductType } from '../../../src/domain/products';
import type { Db } from '../client';
import { products } from '../schema';

/** The demo catalogue: two yearly plans and a one-time token pack (prices in cents). */
export const DEMO_PRODUCTS = [
  { name: 'Basic', description: 'For a small company: a few listings and event clicks each year.', priceMinor: 9900, currency: Currency.USD, listingsTokens: 5, eventClickTokens: 50, type: ProductType.Subscription },
  { name: 'Pro', description: 'For a busy company: many listings and event clicks each year.', priceMinor: 29900, currency: Currency.USD, listingsTokens: 25, eventClickTokens: 300, type: ProductType.Subscription },
  { name: 'Token pack', description: 'Extra listings and event clicks that do not expire with the plan.', priceMinor: 4900, currency: Currency.USD, listingsTokens: 3, eventClickTokens: 30, type: ProductType.OneTime },
] as const;

/** Seeds the demo products when the catalogue is empty (an Admin's own catalogue is never touched). */
export async function seedProducts(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p })));
}
