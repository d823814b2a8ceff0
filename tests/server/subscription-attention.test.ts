import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_SESSIONS_PER_MINUTE, SubscriptionStatus, type AttentionSubscription, type CompanySubscription } from '../../src/domain/products';
import { companySubscriptions, products } from '../../server/db/schema';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

const DAY = 86_400_000;

let t: TestApp;
let owner: Account;
let admin: Account;
let productId: string;

const call = apiCaller(() => t, () => admin.accessToken);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  admin = await signUpAdmin(t);
  const [product] = await t.deps.db.insert(products).values({ name: 'Yearly', priceMinor: 9900, type: 100, eventClickTokens: 50, listingsTokens: 5 }).returning();
  productId = product!.id;
});
afterAll(() => t.close());

describe('GET /subscription (subscriptions needing attention)', () => {
  it('lists the past-due, incomplete and unpaid ones with company and owner, longest waiting first', async () => {
    const base = t.deps.clock().getTime();
    // One company per status 0..5; the updatedAt order differs from the status order.
    const ages = [6, 2, 9, 4, 7, 3];
    const made: { companyId: string; name: string; status: number; updatedAt: Date }[] = [];
    for (const status of [0, 1, 2, 3, 4, 5]) {
      const company = await createCompany(t, owner.accessToken);
      await approveCompany(t, admin.accessToken, company.id);
      const updatedAt = new Date(base - ages[status]! * DAY);
      await t.deps.db.insert(companySubscriptions).values({
        companyId: company.id, productId, status, periodStart: new Date(base - 10 * DAY), periodEnd: new Date(base + 355 * DAY),
        eventClickTokens: 50, listingsTokens: 5, updatedAt,
      });
      made.push({ companyId: company.id, name: company.name, status, updatedAt });
    }

    const res = await call('GET', '/subscription');
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as AttentionSubscription[]).filter((s) => made.some((m) => m.companyId === s.companyId));
    // Unpaid (3 days) is newer than Incomplete (4) and PastDue (9): oldest change first.
    expect(list.map((s) => s.status)).toEqual([SubscriptionStatus.PastDue, SubscriptionStatus.Incomplete, SubscriptionStatus.Unpaid]);
    const pastDue = made.find((m) => m.status === SubscriptionStatus.PastDue)!;
    expect(list[0]).toMatchObject({
      companyId: pastDue.companyId, companyName: pastDue.name, companyStatus: 100, ownerEmail: owner.email,
      productId, productName: 'Yearly', updatedAt: pastDue.updatedAt.toISOString(), eventClickTokens_Subscription: 50, listingsTokens: 5,
      paused: false, cancelAtPeriodEnd: false,
    });
    expect(typeof list[0]!.id).toBe('string');

    // The company's own read still answers its subscription (the id is the company's).
    const own = await call('GET', `/subscription/${pastDue.companyId}`, undefined, owner.accessToken);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as CompanySubscription).status).toBe(SubscriptionStatus.PastDue);

    // A write keeps updatedAt current: cancelling takes it off the list, stamped now.
    const cancelled = await call('POST', `/subscription/${pastDue.companyId}/cancel`, undefined, owner.accessToken);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await call('GET', '/subscription')).json() as AttentionSubscription[];
    expect(after.some((s) => s.companyId === pastDue.companyId)).toBe(false);
    const [row] = await t.deps.db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, pastDue.companyId));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(pastDue.updatedAt.getTime() + DAY);
  });

  it('shows an owner whose account is gone as a null e-mail', async () => {
    const gone = await signUp(t);
    const company = await createCompany(t, gone.accessToken);
    const now = t.deps.clock();
    await t.deps.db.insert(companySubscriptions).values({
      companyId: company.id, productId, status: SubscriptionStatus.Unpaid, periodStart: now, periodEnd: new Date(now.getTime() + DAY),
    });
    await t.deps.db.execute(sql`update companies set created_by_id = null where id = ${company.id}`);
    const list = (await call('GET', '/subscription')).json() as AttentionSubscription[];
    expect(list.find((s) => s.companyId === company.id)).toMatchObject({ ownerEmail: null, companyStatus: 200 });
  });

  it('is for Admins only', async () => {
    expect((await call('GET', '/subscription', undefined, ANON)).statusCode).toBe(401);
    expect((await call('GET', '/subscription', undefined, owner.accessToken)).statusCode).toBe(403);
  });
});

describe('POST /stripe/create-checkout-session rate limit', () => {
  it(`allows ${CHECKOUT_SESSIONS_PER_MINUTE} per account and minute, then 429 with Retry-After; other accounts go on`, async () => {
    const limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, checkout: { max: CHECKOUT_SESSIONS_PER_MINUTE, windowMs: 60_000 } } });
    try {
      const buyer = await signUp(limited);
      const other = await signUp(limited);
      const boss = await signUpAdmin(limited);
      const [product] = await limited.deps.db.insert(products).values({ name: 'Plan', priceMinor: 100, type: 100 }).returning();
      const company = await createCompany(limited, buyer.accessToken);
      await approveCompany(limited, boss.accessToken, company.id);
      const checkout = (token: string) => limited.request({
        method: 'POST', url: '/api/stripe/create-checkout-session', token, payload: { companyId: company.id, productId: product!.id },
      });
      // Anonymous calls are refused before they count.
      expect((await checkout(ANON)).statusCode).toBe(401);
      for (let i = 0; i < CHECKOUT_SESSIONS_PER_MINUTE; i += 1) {
        const res = await checkout(buyer.accessToken);
        expect(res.statusCode, res.body).toBe(200);
      }
      const refused = await checkout(buyer.accessToken);
      expect(refused.statusCode, refused.body).toBe(429);
      const { message } = refused.json() as { message: string };
      const seconds = Number(/^Too many requests\. Please try again in (\d+) seconds\.$/.exec(message)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(refused.headers['retry-after']).toBe(String(seconds));
      // The limit is the account's: another account (here refused for not owning the company) still gets its answer.
      expect((await checkout(other.accessToken)).statusCode).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
