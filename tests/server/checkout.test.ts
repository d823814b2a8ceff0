import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionStatus, type CompanySubscription, type Product } from '../../src/domain/products';
import { checkoutSessions, companies, companySubscriptions } from '../../server/db/schema';
import { completeCheckout } from '../../server/modules/products/checkout';
import { ListingTokenMessages } from '../../server/modules/products/listing-tokens';
import { SubscriptionMessages } from '../../server/modules/products/subscriptions';
import { listingFixture } from './helpers/listings';
import { signUp, signUpAdmin } from './helpers/accounts';
import { approveCompany, createCompany } from './helpers/companies';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let plan: Product;
let pack: Product;

const call = apiCaller(() => t, () => owner.accessToken);

async function product(body: Record<string, unknown>): Promise<Product> {
  const res = await call('POST', '/product', { description: '', currency: 0, isActive: true, ...body }, admin.accessToken);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  owner = await signUp(t);
  other = await signUp(t);
  plan = await product({ name: 'Pro', price: 299, listingsTokens: 25, eventClickTokens: 300, type: 100 });
  pack = await product({ name: 'Pack', price: 49.5, listingsTokens: 3, eventClickTokens: 30, type: 200 });
});
afterAll(() => t.close());

async function activeCompany() {
  const company = await createCompany(t, owner.accessToken);
  await approveCompany(t, admin.accessToken, company.id);
  return company;
}

/** POST /stripe/create-checkout-session; the test checkout's session id from the answered address. */
async function startCheckout(companyId: string, productId: string): Promise<string> {
  const res = await call('POST', '/stripe/create-checkout-session', { companyId, productId });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  const match = /^\/api\/stripe\/test-checkout\/([0-9a-f-]{36})$/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

const companyRow = async (id: string) => (await t.deps.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const subscription = async (companyId: string) => (await call('GET', `/subscription/${companyId}`)).json() as CompanySubscription;

describe('test checkout', () => {
  it('shows a page labelled as a test payment, and Pay gives the company the plan with its tokens', async () => {
    const company = await activeCompany();
    const sessionId = await startCheckout(company.id, plan.id);
    const page = await t.request({ method: 'GET', url: `/api/stripe/test-checkout/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Test payment — no money is moved');
    expect(page.body).toContain(`action="/api/stripe/test-checkout/${sessionId}/complete"`);
    expect((await call('GET', `/subscription/${company.id}`)).statusCode).toBe(404);

    const pay = await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`http://app.test/company/order-complete/success?companyId=${company.id}&productId=${plan.id}`);

    const sub = await subscription(company.id);
    expect(sub).toMatchObject({ companyId: company.id, productId: plan.id, productName: 'Pro', status: SubscriptionStatus.Active, paused: false, eventClickTokens_Subscription: 300, listingsTokens: 25 });
    const year = new Date(sub.periodEnd).getTime() - t.deps.clock().getTime();
    expect(year).toBeGreaterThan(364 * DAY);
    expect(year).toBeLessThanOrEqual(365 * DAY);
    const row = await companyRow(company.id);
    expect(row).toMatchObject({ activeProductId: plan.id, activeSubscriptionId: sub.id, eventClickTokensSubscription: 300 });

    // Finished: the page no longer offers Pay, and paying again grants nothing more.
    expect((await t.request({ method: 'GET', url: `/api/stripe/test-checkout/${sessionId}` })).body).not.toContain('/complete');
    await t.deps.db.update(companySubscriptions).set({ eventClickTokens: 7 }).where(eq(companySubscriptions.companyId, company.id));
    const again = await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete` });
    expect(again.statusCode).toBe(303);
    expect((await subscription(company.id)).eventClickTokens_Subscription).toBe(7);
  });

  it('adds a one-time pack to the company balances, without touching the subscription', async () => {
    const company = await activeCompany();
    for (let i = 0; i < 2; i++) {
      const sessionId = await startCheckout(company.id, pack.id);
      expect((await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete` })).statusCode).toBe(303);
    }
    const row = await companyRow(company.id);
    expect(row.listingTokens).toBe(6);
    expect(row.eventClickTokensExtras).toBe(60);
    expect(row.oneTimePurchaseHistory).toHaveLength(2);
    expect((await call('GET', `/subscription/${company.id}`)).statusCode).toBe(404);
  });

  it('Cancel goes back to the subscription view and the session can no longer complete', async () => {
    const company = await activeCompany();
    const sessionId = await startCheckout(company.id, plan.id);
    const cancel = await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`http://app.test/company?companyId=${company.id}&view=subscription`);
    expect((await completeCheckout(t.deps.db, t.deps.clock(), sessionId, 'late')).granted).toBe(false);
    expect((await call('GET', `/subscription/${company.id}`)).statusCode).toBe(404);
  });

  it('grants once when the completion is delivered twice at the same time', async () => {
    const company = await activeCompany();
    const sessionId = await startCheckout(company.id, pack.id);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => completeCheckout(t.deps.db, t.deps.clock(), sessionId, `evt_${i}`)));
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect((await companyRow(company.id)).listingTokens).toBe(3);
    const [session] = await t.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe('completed');
  });

  it('refuses checkout for another user, an inactive company or product, and bad bodies', async () => {
    const company = await activeCompany();
    const pending = await createCompany(t, owner.accessToken);
    const hidden = await product({ name: 'Hidden', price: 1, listingsTokens: 0, eventClickTokens: 0, type: 200, isActive: false });
    const post = (body: unknown, token = owner.accessToken) => call('POST', '/stripe/create-checkout-session', body, token);
    expect((await post({ companyId: company.id, productId: plan.id }, ANON)).statusCode).toBe(401);
    expect((await post({ companyId: company.id, productId: plan.id }, other.accessToken)).statusCode).toBe(403);
    expect((await post({ companyId: pending.id, productId: plan.id })).statusCode).toBe(409);
    expect((await post({ companyId: company.id, productId: hidden.id })).statusCode).toBe(409);
    expect((await post({ companyId: company.id, productId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await post({ companyId: crypto.randomUUID(), productId: plan.id })).statusCode).toBe(404);
    for (const body of [null, [], { companyId: 'x', productId: plan.id }, { companyId: company.id }, 'text']) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/stripe/test-checkout/nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/stripe/test-checkout/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${crypto.randomUUID()}/complete` })).statusCode).toBe(404);
  });
});

describe('subscription transitions', () => {
  async function subscribed() {
    const company = await activeCompany();
    const sessionId = await startCheckout(company.id, plan.id);
    await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete` });
    return company;
  }

  it('pauses with a reason, resumes, and cancels for good while keeping the benefits until the period end', async () => {
    const company = await subscribed();
    const base = `/subscription/${company.id}`;
    expect((await call('POST', `${base}/pause`, {})).statusCode).toBe(400);
    expect((await call('POST', `${base}/pause`, { reason: ' ' })).statusCode).toBe(400);
    expect((await call('POST', `${base}/pause`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call('POST', `${base}/resume`)).statusCode).toBe(409);
    const paused = await call('POST', `${base}/pause`, { reason: 'Closed for the winter' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, pauseReason: 'Closed for the winter', status: SubscriptionStatus.Active });
    expect((await call('POST', `${base}/pause`, { reason: 'again' })).json()).toMatchObject({ message: SubscriptionMessages.AlreadyPaused });
    expect((await call('POST', `${base}/resume`)).json()).toMatchObject({ paused: false, pauseReason: null });

    const cancelled = await call('POST', `${base}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: SubscriptionStatus.Cancelled, cancelAtPeriodEnd: true, eventClickTokens_Subscription: 300, listingsTokens: 25 });
    expect((await call('POST', `${base}/cancel`)).json()).toMatchObject({ status: SubscriptionStatus.Cancelled });
    expect((await call('POST', `${base}/resume`)).statusCode).toBe(409);
    expect((await call('POST', `${base}/pause`, { reason: 'r' })).json()).toMatchObject({ message: SubscriptionMessages.Cancelled });

    // After the period end nothing is left.
    await t.deps.db.update(companySubscriptions).set({ periodEnd: new Date(t.deps.clock().getTime() - 1000) }).where(eq(companySubscriptions.companyId, company.id));
    expect(await subscription(company.id)).toMatchObject({ status: SubscriptionStatus.Cancelled, eventClickTokens_Subscription: 0, listingsTokens: 0 });
  });

  it('a new purchase after cancelling starts a new Active period', async () => {
    const company = await subscribed();
    await call('POST', `/subscription/${company.id}/cancel`);
    const sessionId = await startCheckout(company.id, plan.id);
    await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete` });
    expect(await subscription(company.id)).toMatchObject({ status: SubscriptionStatus.Active, cancelAtPeriodEnd: false });
  });

  it('only the owner or an Admin reads or changes it; bad ids are 400', async () => {
    const company = await subscribed();
    for (const path of ['', '/resume', '/cancel']) {
      const method = path ? 'POST' : 'GET';
      expect((await call(method, `/subscription/${company.id}${path}`, undefined, ANON)).statusCode).toBe(401);
      expect((await call(method, `/subscription/${company.id}${path}`, undefined, other.accessToken)).statusCode).toBe(403);
    }
    expect((await call('GET', `/subscription/${company.id}`, undefined, admin.accessToken)).statusCode).toBe(200);
    expect((await call('GET', '/subscription/not-an-id')).statusCode).toBe(400);
    expect((await call('GET', `/subscription/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('POST', `/subscription/${company.id}/pause`, [1, 2])).statusCode).toBe(400);
  });
});

describe('listing tokens', () => {
  it('sending a listing for approval spends one token of a subscribed company, then the pack tokens, then 409', async () => {
    const f = await listingFixture(t);
    const company = await activeCompany();
    const listing = (status: number) => ({
      companyId: company.id, name: `Token test ${crypto.randomUUID().slice(0, 8)}`, shortDescription: 'Photos of your wedding day',
      description: '<p>Hello</p>', price: 100, categoryId: f.catA.id, subCategoryId: f.subA1.id, categoryServiceIds: [], subCategoryServiceIds: [],
      locations: [], cardImageUri: null, bannerImageUri: null, galleryImageIds: [], videoLinks: [], status,
    });
    // Never subscribed: not limited.
    expect((await call('POST', '/listing', listing(100))).statusCode).toBe(201);

    const small = await product({ name: 'One listing', price: 1, listingsTokens: 1, eventClickTokens: 0, type: 100 });
    const sessionId = await startCheckout(company.id, small.id);
    await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${sessionId}/complete` });

    const draft = await call('POST', '/listing', listing(0));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await subscription(company.id)).listingsTokens).toBe(1);
    const draftId = (draft.json() as { id: string }).id;
    const send = await call('PUT', `/listing/${draftId}`, listing(100));
    expect(send.statusCode, send.body).toBe(200);
    expect((await subscription(company.id)).listingsTokens).toBe(0);
    // Saving it again while pending spends nothing more.
    expect((await call('PUT', `/listing/${draftId}`, listing(100))).statusCode).toBe(200);

    const refused = await call('POST', '/listing', listing(100));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: ListingTokenMessages.NoneLeft });
    const packSession = await startCheckout(company.id, pack.id);
    await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${packSession}/complete` });
    expect((await call('POST', '/listing', listing(100))).statusCode).toBe(201);
    expect((await companyRow(company.id)).listingTokens).toBe(2);
  });

  it("an Unpaid or paused plan's period tokens are not spent (the benefits are suspended or waiting)", async () => {
    const f = await listingFixture(t);
    const company = await activeCompany();
    const pending = () => ({
      companyId: company.id, name: `Token test ${crypto.randomUUID().slice(0, 8)}`, shortDescription: 'Photos of your wedding day',
      description: '<p>Hello</p>', price: 100, categoryId: f.catA.id, subCategoryId: f.subA1.id, categoryServiceIds: [], subCategoryServiceIds: [],
      locations: [], cardImageUri: null, bannerImageUri: null, galleryImageIds: [], videoLinks: [], status: 100,
    });
    const plan = await product({ name: 'Two listings', price: 1, listingsTokens: 2, eventClickTokens: 0, type: 100 });
    await t.request({ method: 'POST', url: `/api/stripe/test-checkout/${await startCheckout(company.id, plan.id)}/complete` });
    const setState = (values: Partial<typeof companySubscriptions.$inferInsert>) =>
      t.deps.db.update(companySubscriptions).set(values).where(eq(companySubscriptions.companyId, company.id));

    await setState({ status: SubscriptionStatus.Unpaid });
    expect((await call('POST', '/listing', pending())).statusCode).toBe(409);
    await setState({ status: SubscriptionStatus.Active, paused: true, pauseReason: 'Winter' });
    expect((await call('POST', '/listing', pending())).statusCode).toBe(409);
    await setState({ paused: false, pauseReason: null });
    expect((await call('POST', '/listing', pending())).statusCode).toBe(201);
    expect((await subscription(company.id)).listingsTokens).toBe(1);
  });
});

describe('Stripe webhook', () => {
  const SECRET = 'whsec_test_secret';
  let s: TestApp;
  const stripe = new Stripe('sk_test_not_used');

  beforeAll(async () => {
    s = await createTestApp({ stripeSecretKey: 'sk_test_not_used', stripeWebhookSecret: SECRET });
  });
  afterAll(() => s.close());

  const deliver = (event: object, secret = SECRET, payload = JSON.stringify(event)) => s.request({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });

  /** An open Stripe checkout session of an Active company, inserted directly (no network). */
  async function openSession() {
    const a = await signUpAdmin(s);
    const o = await signUp(s);
    const company = await createCompany(s, o.accessToken);
    await approveCompany(s, a.accessToken, company.id);
    const res = await s.request({ method: 'POST', url: '/api/product', token: a.accessToken, payload: { name: 'Pro', price: 10, currency: 0, listingsTokens: 2, eventClickTokens: 20, type: 100 } });
    const productId = (res.json() as Product).id;
    const [session] = await s.deps.db.insert(checkoutSessions).values({ companyId: company.id, productId, provider: 'stripe', providerSessionId: `cs_test_${crypto.randomUUID()}` }).returning();
    return { companyId: company.id, sessionId: session!.id, token: o.accessToken };
  }

  const completed = (id: string, sessionId: string, subscription = 'sub_1') => ({
    id, object: 'event', type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_1', object: 'checkout.session', metadata: { sessionId }, client_reference_id: sessionId, subscription, customer: 'cus_1' } },
  });

  it('refuses a wrong or missing signature and a body changed after signing', async () => {
    const { sessionId, companyId, token } = await openSession();
    expect((await deliver(completed('evt_bad', sessionId), 'whsec_wrong')).statusCode).toBe(400);
    const signed = JSON.stringify(completed('evt_changed', sessionId));
    const tampered = await s.request({
      method: 'POST', url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: signed, secret: SECRET }) },
      payload: signed.replace('sub_1', 'sub_2'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await s.request({ method: 'POST', url: '/api/stripe/webhook', payload: signed, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await s.request({ method: 'GET', url: `/api/subscription/${companyId}`, token })).statusCode).toBe(404);
  });

  it('completes the checkout once, records the Stripe ids, and follows the subscription', async () => {
    const { sessionId, companyId, token } = await openSession();
    const first = await deliver(completed('evt_1', sessionId));
    expect(first.statusCode, first.body).toBe(200);
    await s.deps.db.update(companySubscriptions).set({ eventClickTokens: 5 }).where(eq(companySubscriptions.companyId, companyId));
    expect((await deliver(completed('evt_1', sessionId))).statusCode).toBe(200);
    expect((await deliver(completed('evt_1_retry_new_id', sessionId))).statusCode).toBe(200);
    const read = async () => (await s.request({ method: 'GET', url: `/api/subscription/${companyId}`, token })).json() as CompanySubscription;
    expect(await read()).toMatchObject({ status: SubscriptionStatus.Active, eventClickTokens_Subscription: 5 });
    const [row] = await s.deps.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row!.stripeCustomerId).toBe('cus_1');

    const renewedEnd = Math.floor(s.deps.clock().getTime() / 1000) + 400 * 86400;
    expect((await deliver({
      id: 'evt_inv', object: 'event', type: 'invoice.paid',
      data: { object: { object: 'invoice', billing_reason: 'subscription_cycle', parent: { subscription_details: { subscription: 'sub_1' } }, lines: { data: [{ period: { end: renewedEnd } }] } } },
    })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ eventClickTokens_Subscription: 20, periodEnd: new Date(renewedEnd * 1000).toISOString() });

    expect((await deliver({
      id: 'evt_upd', object: 'event', type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription', status: 'past_due', cancel_at_period_end: false, pause_collection: null } },
    })).statusCode).toBe(200);
    expect((await read()).status).toBe(SubscriptionStatus.PastDue);

    expect((await deliver({
      id: 'evt_del', object: 'event', type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1', object: 'subscription', status: 'canceled', cancel_at_period_end: false, pause_collection: null } },
    })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ status: SubscriptionStatus.Cancelled, eventClickTokens_Subscription: 0 });
  });

  it('waits for the delayed payment of an unpaid completed session', async () => {
    const { sessionId, companyId, token } = await openSession();
    const unpaid = completed('evt_unpaid', sessionId, 'sub_async');
    (unpaid.data.object as Record<string, unknown>).payment_status = 'unpaid';
    expect((await deliver(unpaid)).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/subscription/${companyId}`, token })).statusCode).toBe(404);
    expect((await deliver({ ...completed('evt_async', sessionId, 'sub_async'), type: 'checkout.session.async_payment_succeeded' })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: `/api/subscription/${companyId}`, token })).json()).toMatchObject({ status: SubscriptionStatus.Active });
  });

  it('has no test checkout page when Stripe is configured', async () => {
    expect((await s.request({ method: 'GET', url: `/api/stripe/test-checkout/${crypto.randomUUID()}` })).statusCode).toBe(404);
  });
});
