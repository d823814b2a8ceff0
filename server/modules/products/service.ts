import { asc, eq, or, sql } from 'drizzle-orm';
import { validateProduct, priceInMinorUnits, type CurrencyCode, type Product, type ProductInput, type ProductTypeCode } from '../../../src/domain/products';
import type { Db } from '../../db/client';
import type { InTransaction } from '../../lib/admin-crud';
import { checkoutSessions, companySubscriptions, products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { assertValid } from '../../lib/validate';
import type { z } from 'zod';
import type { productBody } from './schemas';

export type ProductRow = typeof products.$inferSelect;

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceMinor / 100,
    currency: row.currency as CurrencyCode,
    listingsTokens: row.listingsTokens,
    eventClickTokens: row.eventClickTokens,
    isActive: row.isActive,
    type: row.type as ProductTypeCode,
  };
}

/** The body after the shared rules: 400 with every field's problem otherwise. */
export function checkedProduct(body: z.infer<typeof productBody>): ProductInput {
  assertValid(validateProduct(body));
  const input = body as unknown as ProductInput; // validateProduct checked every field's type and range
  return { ...input, name: input.name.trim() };
}

const columns = (input: ProductInput) => ({
  name: input.name,
  description: input.description,
  priceMinor: priceInMinorUnits(input.price),
  currency: input.currency,
  listingsTokens: input.listingsTokens,
  eventClickTokens: input.eventClickTokens,
  isActive: input.isActive,
  type: input.type,
});

const ordered = [asc(products.type), asc(products.priceMinor), asc(products.name), asc(products.id)];

/** The product catalogue (docs/api.md "Products, subscriptions and checkout"). */
export function productService(db: Db, clock: () => Date) {
  const find = async (id: string) => (await db.select().from(products).where(eq(products.id, id)).limit(1))[0] ?? null;

  return {
    find,
    async list(): Promise<Product[]> {
      return (await db.select().from(products).orderBy(...ordered)).map(presentProduct);
    },
    async listActive(): Promise<Product[]> {
      return (await db.select().from(products).where(eq(products.isActive, true)).orderBy(...ordered)).map(presentProduct);
    },
    /** `then` runs in the write's transaction (the audit entry), as in update and remove. */
    async create(input: ProductInput, then?: InTransaction<Product>): Promise<Product> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(products).values(columns(input)).returning();
        const created = presentProduct(row!);
        await then?.(tx, created);
        return created;
      });
    },
    async update(id: string, input: ProductInput, then?: InTransaction<Product>): Promise<Product> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(products).set({ ...columns(input), updatedAt: clock() }).where(eq(products.id, id)).returning();
        if (!row) throw notFound('Product not found');
        const updated = presentProduct(row);
        await then?.(tx, updated);
        return updated;
      });
    },
    /**
     * Removes a product nobody bought or tried to buy; one that subscriptions or checkouts refer
     * to is deactivated instead (kept for their history), answered as `{removed:false, product}`.
     */
    async remove(id: string, then?: InTransaction<{ product: ProductRow; removed: boolean }>): Promise<{ removed: true } | { removed: false; product: Product }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!row) throw notFound('Product not found');
        const [used] = await tx.select({ n: sql<number>`1` }).from(products)
          .where(or(
            sql`exists (select 1 from ${companySubscriptions} where ${companySubscriptions.productId} = ${id})`,
            sql`exists (select 1 from ${checkoutSessions} where ${checkoutSessions.productId} = ${id})`,
          )).limit(1);
        if (!used) {
          await tx.delete(products).where(eq(products.id, id));
          await then?.(tx, { product: row, removed: true });
          return { removed: true as const };
        }
        const [updated] = await tx.update(products).set({ isActive: false, updatedAt: clock() }).where(eq(products.id, id)).returning();
        await then?.(tx, { product: updated!, removed: false });
        return { removed: false as const, product: presentProduct(updated!) };
      });
    },
  };
}
