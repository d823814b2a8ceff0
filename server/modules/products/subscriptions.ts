import { asc, count, eq, inArray } from 'drizzle-orm';
import {
  ATTENTION_STATUSES, SubscriptionStatus, type AttentionSubscription, type CompanySubscription, type SubscriptionStatusCode, SubscriptionMessages } from '../../../src/domain/products';
import type { Db } from '../../db/client';
import { companies, companySubscriptions, products, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { managedCompany, type Caller } from '../listings/ownership';
import type { PaymentGateway } from './gateway';

/** The subscription calls' messages live in the domain, so the app can translate them. */
export { SubscriptionMessages };

type Row = typeof companySubscriptions.$inferSelect;

/**
 * What the company sees. After the period end nothing is left: a cancelled (or unrenewed)
 * subscription keeps its tokens only until then (spec 2 §5).
 */
export function presentSubscription(row: Row, productName: string, now: Date): CompanySubscription {
  const live = row.periodEnd.getTime() > now.getTime();
  return {
    id: row.id,
    companyId: row.companyId,
    productId: row.productId,
    productName,
    status: row.status as SubscriptionStatusCode,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    paused: row.paused,
    pauseReason: row.pauseReason,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    eventClickTokens_Subscription: live ? row.eventClickTokens : 0,
    listingsTokens: live ? row.listingsTokens : 0,
  };
}

/** A company's subscription: read, pause, resume, cancel. `{id}` in the address is the company's id. */
export function subscriptionService(db: Db, clock: () => Date, gateway: PaymentGateway) {
  async function current(companyId: string) {
    const [found] = await db.select({ row: companySubscriptions, productName: products.name })
      .from(companySubscriptions).innerJoin(products, eq(products.id, companySubscriptions.productId))
      .where(eq(companySubscriptions.companyId, companyId)).limit(1);
    if (!found) throw notFound(SubscriptionMessages.None);
    return found;
  }

  async function write(companyId: string, values: Partial<Row>): Promise<CompanySubscription> {
    await db.update(companySubscriptions).set({ ...values, updatedAt: clock() }).where(eq(companySubscriptions.companyId, companyId));
    const { row, productName } = await current(companyId);
    return presentSubscription(row, productName, clock());
  }

  return {
    /**
     * GET /subscription (Admin): subscriptions whose payment needs a look (ATTENTION_STATUSES),
     * with the company and its owner's e-mail, the longest waiting (oldest change) first.
     */
    /** How many needingAttention lists, counted by the database (the Admin Center's badge). */
    async countNeedingAttention(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(companySubscriptions)
        .innerJoin(products, eq(products.id, companySubscriptions.productId))
        .innerJoin(companies, eq(companies.id, companySubscriptions.companyId))
        .where(inArray(companySubscriptions.status, [...ATTENTION_STATUSES]));
      return row?.n ?? 0;
    },

    async needingAttention(): Promise<AttentionSubscription[]> {
      const rows = await db.select({
        row: companySubscriptions, productName: products.name, companyName: companies.name, companyStatus: companies.status, ownerEmail: users.email,
      }).from(companySubscriptions)
        .innerJoin(products, eq(products.id, companySubscriptions.productId))
        .innerJoin(companies, eq(companies.id, companySubscriptions.companyId))
        .leftJoin(users, eq(users.id, companies.createdById))
        .where(inArray(companySubscriptions.status, [...ATTENTION_STATUSES]))
        .orderBy(asc(companySubscriptions.updatedAt), asc(companySubscriptions.id));
      const now = clock();
      return rows.map((r) => ({
        ...presentSubscription(r.row, r.productName, now),
        companyName: r.companyName,
        companyStatus: r.companyStatus,
        ownerEmail: r.ownerEmail ?? null,
        updatedAt: r.row.updatedAt.toISOString(),
      }));
    },

    async get(caller: Caller, companyId: string): Promise<CompanySubscription> {
      await managedCompany(db, companyId, caller);
      const { row, productName } = await current(companyId);
      return presentSubscription(row, productName, clock());
    },

    async pause(caller: Caller, companyId: string, reason: string): Promise<CompanySubscription> {
      await managedCompany(db, companyId, caller);
      const { row } = await current(companyId);
      if (row.status === SubscriptionStatus.Cancelled) throw conflict(SubscriptionMessages.Cancelled);
      if (row.status !== SubscriptionStatus.Active) throw conflict(SubscriptionMessages.NotActive);
      if (row.paused) throw conflict(SubscriptionMessages.AlreadyPaused);
      if (row.providerSubscriptionId) await gateway.pause(row.providerSubscriptionId);
      return write(companyId, { paused: true, pauseReason: reason });
    },

    async resume(caller: Caller, companyId: string): Promise<CompanySubscription> {
      await managedCompany(db, companyId, caller);
      const { row } = await current(companyId);
      if (row.status === SubscriptionStatus.Cancelled) throw conflict(SubscriptionMessages.Cancelled);
      if (!row.paused) throw conflict(SubscriptionMessages.NotPaused);
      if (row.providerSubscriptionId) await gateway.resume(row.providerSubscriptionId);
      return write(companyId, { paused: false, pauseReason: null });
    },

    /** Final: the status becomes Cancelled; tokens stay usable until the period end. Repeating it changes nothing. */
    async cancel(caller: Caller, companyId: string): Promise<CompanySubscription> {
      await managedCompany(db, companyId, caller);
      const { row, productName } = await current(companyId);
      if (row.status === SubscriptionStatus.Cancelled) return presentSubscription(row, productName, clock());
      if (row.providerSubscriptionId) await gateway.cancelAtPeriodEnd(row.providerSubscriptionId);
      return write(companyId, { status: SubscriptionStatus.Cancelled, cancelAtPeriodEnd: true, paused: false });
    },
  };
}
