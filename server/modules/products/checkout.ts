import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CompanyStatus } from '../../../src/domain/companies';
import { ProductType, SUBSCRIPTION_PERIOD_MS, SubscriptionStatus, type SubscriptionStatusCode } from '../../../src/domain/products';
import type { Db } from '../../db/client';
import { bumpCatalogue } from '../listings/search-cache';
import { checkoutSessions, companies, companySubscriptions, paymentEvents, products } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { managedCompany, type Caller } from '../listings/ownership';
import type { PaymentGateway } from './gateway';
import { presentProduct } from './service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const CheckoutMessages = {
  CompanyNotActive: 'The company must be active to buy a plan',
  ProductNotFound: 'Product not found',
  ProductInactive: 'This product is not for sale',
  SessionNotFound: 'Checkout not found',
  SessionClosed: 'This checkout is already finished',
} as const;

/** What the provider says about a completed subscription, when it is a real one. */
export interface CompletionDetails {
  providerSubscriptionId?: string | null;
  stripeCustomerId?: string | null;
  /** The provider's period end; one year from now otherwise. */
  periodEnd?: Date | null;
}

export type CompletionResult = { granted: false } | { granted: true; companyId: string; productId: string };

/**
 * The one way a checkout completes, for the test page and the Stripe webhook alike. The
 * conditional UPDATE (status 'open' → 'completed') and the grant are one transaction: a second
 * delivery, even a concurrent one, finds no open row and grants nothing.
 */
export async function completeCheckout(
  db: Db, now: Date, sessionId: string, providerEventId: string, details: CompletionDetails = {},
): Promise<CompletionResult> {
  const result = await db.transaction(async (tx): Promise<CompletionResult> => {
    const [session] = await tx.update(checkoutSessions)
      .set({ status: 'completed', completedAt: now, providerEventId })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')))
      .returning();
    if (!session) return { granted: false };
    const [product] = await tx.select().from(products).where(eq(products.id, session.productId));
    if (!product) return { granted: false }; // restricted by the foreign key; kept for the type
    if (product.type === ProductType.Subscription) {
      await startPeriod(tx, now, session.companyId, product, details);
    } else {
      // One-time packs add to the company's lasting balances, which a renewal does not reset.
      await tx.update(companies).set({
        listingTokens: sql`${companies.listingTokens} + ${product.listingsTokens}`,
        eventClickTokensExtras: sql`${companies.eventClickTokensExtras} + ${product.eventClickTokens}`,
        oneTimePurchaseHistory: sql`${companies.oneTimePurchaseHistory} || ${JSON.stringify([{ productId: product.id, purchasedAt: now.toISOString(), sessionId }])}::jsonb`,
        version: sql`${companies.version} + 1`,
        updatedAt: now,
      }).where(eq(companies.id, session.companyId));
    }
    if (details.stripeCustomerId) {
      await tx.update(companies).set({ stripeCustomerId: details.stripeCustomerId }).where(eq(companies.id, session.companyId));
    }
    return { granted: true, companyId: session.companyId, productId: product.id };
  });
  // The company row changed (its plan, tokens, version): cached public answers must not outlive it.
  if (result.granted) bumpCatalogue();
  return result;
}

/** A new (or renewed) period of `product` for the company: Active, tokens set to the product's. */
async function startPeriod(
  tx: Tx, now: Date, companyId: string, product: typeof products.$inferSelect, details: CompletionDetails,
): Promise<void> {
  const periodEnd = details.periodEnd ?? new Date(now.getTime() + SUBSCRIPTION_PERIOD_MS);
  const values = {
    productId: product.id,
    status: SubscriptionStatus.Active,
    periodStart: now,
    periodEnd,
    paused: false,
    pauseReason: null,
    cancelAtPeriodEnd: false,
    providerSubscriptionId: details.providerSubscriptionId ?? null,
    listingsTokens: product.listingsTokens,
    eventClickTokens: product.eventClickTokens,
    updatedAt: now,
  };
  const [sub] = await tx.insert(companySubscriptions).values({ companyId, ...values })
    .onConflictDoUpdate({ target: companySubscriptions.companyId, set: values }).returning();
  // The company record carries the same facts (spec 2 §3 Company fields).
  await tx.update(companies).set({
    activeSubscriptionId: sub!.id,
    activeProductId: product.id,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd,
    eventClickTokensSubscription: product.eventClickTokens,
    subscriptionHistory: sql`${companies.subscriptionHistory} || ${JSON.stringify([{ productId: product.id, periodStart: now.toISOString(), periodEnd: periodEnd.toISOString() }])}::jsonb`,
    version: sql`${companies.version} + 1`,
    updatedAt: now,
  }).where(eq(companies.id, companyId));
}

/** The buyer gave up: the session can no longer complete. False when it was not open. */
export async function cancelCheckout(db: Db, sessionId: string): Promise<{ cancelled: boolean; companyId: string | null }> {
  const [row] = await db.update(checkoutSessions).set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')))
    .returning({ companyId: checkoutSessions.companyId });
  if (row) return { cancelled: true, companyId: row.companyId };
  const [other] = await db.select({ companyId: checkoutSessions.companyId }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return { cancelled: false, companyId: other?.companyId ?? null };
}

export async function findSession(db: Db, sessionId: string) {
  return (await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1))[0] ?? null;
}

/** POST /stripe/create-checkout-session: a new open session and the address to send the buyer to. */
export async function createCheckout(
  deps: { db: Db; publicUrl: string; apiUrl: string }, gateway: PaymentGateway, caller: Caller,
  body: { productId: string; companyId: string },
): Promise<{ url: string; sessionId: string }> {
  const { db, publicUrl, apiUrl } = deps;
  const company = await managedCompany(db, body.companyId, caller);
  if (company.status !== CompanyStatus.Active) throw conflict(CheckoutMessages.CompanyNotActive);
  const [product] = await db.select().from(products).where(eq(products.id, body.productId));
  if (!product) throw notFound(CheckoutMessages.ProductNotFound);
  if (!product.isActive) throw conflict(CheckoutMessages.ProductInactive);
  const [{ stripeCustomerId }] = await db.select({ stripeCustomerId: companies.stripeCustomerId }).from(companies)
    .where(eq(companies.id, company.id)) as [{ stripeCustomerId: string | null }];
  const [session] = await db.insert(checkoutSessions)
    .values({ companyId: company.id, productId: product.id, createdById: caller.userId, provider: gateway.kind }).returning();
  const query = new URLSearchParams({ companyId: company.id, productId: product.id });
  const { providerSessionId, url } = await gateway.createSession({
    sessionId: session!.id,
    companyId: company.id,
    product: presentProduct(product),
    successUrl: `${publicUrl}/company/order-complete/success?${query}`,
    cancelUrl: `${publicUrl}/company?${new URLSearchParams({ companyId: company.id, view: 'subscription' })}`,
    stripeCustomerId,
  }, `${apiUrl}/stripe/test-checkout/${session!.id}`);
  if (providerSessionId) {
    await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, session!.id));
  }
  return { url, sessionId: session!.id };
}

const STRIPE_STATUS: Record<string, SubscriptionStatusCode> = {
  active: SubscriptionStatus.Active,
  trialing: SubscriptionStatus.Active,
  canceled: SubscriptionStatus.Cancelled,
  past_due: SubscriptionStatus.PastDue,
  incomplete: SubscriptionStatus.Incomplete,
  incomplete_expired: SubscriptionStatus.IncompleteExpired,
  unpaid: SubscriptionStatus.Unpaid,
  paused: SubscriptionStatus.Active,
};

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : v?.id ?? null);

/** The subscription an invoice pays, across Stripe API versions (`parent` since 2025, `subscription` before). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

/**
 * A verified Stripe event. Each event id is handled once (payment_events); the checkout's own
 * guard makes a completion idempotent even across different event ids.
 */
export async function handleStripeEvent(db: Db, now: Date, event: Stripe.Event): Promise<'handled' | 'duplicate' | 'ignored'> {
  const [fresh] = await db.insert(paymentEvents).values({ providerEventId: event.id, type: event.type })
    .onConflictDoNothing().returning();
  if (!fresh) return 'duplicate';
  try {
    return await applyStripeEvent(db, now, event);
  } catch (error) {
    // Not handled after all: Stripe's retry of the same event must be processed, not skipped.
    await db.delete(paymentEvents).where(eq(paymentEvents.providerEventId, event.id));
    throw error;
  }
}

async function applyStripeEvent(db: Db, now: Date, event: Stripe.Event): Promise<'handled' | 'ignored'> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its async_payment_succeeded grants.
      if (session.payment_status === 'unpaid') return 'ignored';
      const sessionId = session.metadata?.sessionId ?? session.client_reference_id;
      if (!sessionId || !/^[0-9a-f-]{36}$/i.test(sessionId)) return 'ignored';
      await completeCheckout(db, now, sessionId, event.id, {
        providerSubscriptionId: idOf(session.subscription),
        stripeCustomerId: idOf(session.customer),
      });
      return 'handled';
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      // The first invoice is the checkout's own; its completion already granted the period.
      if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle') return 'ignored';
      const periodEnd = invoice.lines.data[0]?.period?.end;
      await db.transaction(async (tx) => {
        const [sub] = await tx.select().from(companySubscriptions)
          .where(eq(companySubscriptions.providerSubscriptionId, subscriptionId)).for('update');
        if (!sub) return;
        const [product] = await tx.select().from(products).where(eq(products.id, sub.productId));
        if (product) {
          await startPeriod(tx, now, sub.companyId, product, {
            providerSubscriptionId: subscriptionId, periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
          });
        }
      });
      return 'handled';
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const deleted = event.type === 'customer.subscription.deleted';
      const status = deleted ? SubscriptionStatus.Cancelled : STRIPE_STATUS[subscription.status] ?? SubscriptionStatus.Incomplete;
      await db.update(companySubscriptions).set({
        status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        paused: !deleted && subscription.pause_collection !== null,
        // Ended at the provider: the benefits end now, not at the old period end.
        ...(deleted ? { periodEnd: now } : {}),
        updatedAt: now,
      }).where(eq(companySubscriptions.providerSubscriptionId, subscription.id));
      return 'handled';
    }
    default:
      return 'ignored';
  }
}
