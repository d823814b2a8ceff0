import { Currency, ProductType, type Product } from '../../../../src/domain/products';

export const P1 = '11111111-1111-4111-8111-111111111111';
export const P2 = '22222222-2222-4222-8222-222222222222';
export const P3 = '33333333-3333-4333-8333-333333333333';

/** A product as GET /product answers it. */
export const product = (id: string, extra: Partial<Product> = {}): Product => ({
  id, name: `Product ${id.slice(0, 4)}`, description: '', price: 99, currency: Currency.USD,
  listingsTokens: 5, eventClickTokens: 50, isActive: true, type: ProductType.Subscription, ...extra,
});

export const BASIC = product(P1, { name: 'Basic', description: 'A few listings', price: 99, listingsTokens: 5, eventClickTokens: 50 });
export const PRO = product(P2, { name: 'Pro', price: 299.5, listingsTokens: 25, eventClickTokens: 300, isActive: false });
export const PACK = product(P3, { name: 'Token pack', price: 49, listingsTokens: 3, eventClickTokens: 30, type: ProductType.OneTime });
