import Stripe from 'stripe';
import { CURRENCY_ISO, ProductType, priceInMinorUnits, type CurrencyCode, type Product } from '../../../src/domain/products';
import { HttpError } from '../../lib/errors';

export interface CheckoutRequest {
  sessionId: string;
  companyId: string;
  product: Product;
  successUrl: string;
  cancelUrl: string;
  stripeCustomerId: string | null;
}

/**
 * Where payments happen. `test` is the built-in checkout page (no money moves); `stripe` talks
 * to Stripe with STRIPE_SECRET_KEY. Both complete through completeCheckout (checkout.ts).
 */
export interface PaymentGateway {
  kind: 'test' | 'stripe';
  /** The provider's session id and the address the buyer goes to. */
  createSession(request: CheckoutRequest, testPageUrl: string): Promise<{ providerSessionId: string | null; url: string }>;
  pause(providerSubscriptionId: string): Promise<void>;
  resume(providerSubscriptionId: string): Promise<void>;
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
}

/** The built-in test checkout: the subscription lives only in this database. */
export const testGateway: PaymentGateway = {
  kind: 'test',
  createSession: async (_request, testPageUrl) => ({ providerSessionId: null, url: testPageUrl }),
  pause: async () => {},
  resume: async () => {},
  cancelAtPeriodEnd: async () => {},
};

/** A provider failure is the provider's problem, answered 502 without its internals. */
async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(502, 'The payment provider refused the request');
    throw error;
  }
}

export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    kind: 'stripe',
    async createSession(request) {
      const { product } = request;
      const subscription = product.type === ProductType.Subscription;
      const session = await provider(() => stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [{
          quantity: 1,
          price_data: {
            currency: CURRENCY_ISO[product.currency as CurrencyCode],
            unit_amount: priceInMinorUnits(product.price),
            product_data: { name: product.name, ...(product.description ? { description: product.description.slice(0, 500) } : {}) },
            ...(subscription ? { recurring: { interval: 'year' as const } } : {}),
          },
        }],
        metadata: { companyId: request.companyId, productId: product.id, sessionId: request.sessionId },
        ...(subscription ? { subscription_data: { metadata: { companyId: request.companyId, productId: product.id } } } : {}),
        client_reference_id: request.sessionId,
        ...(request.stripeCustomerId ? { customer: request.stripeCustomerId } : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      }));
      if (!session.url) throw new HttpError(502, 'The payment provider gave no checkout address');
      return { providerSessionId: session.id, url: session.url };
    },
    pause: async (id) => { await provider(() => stripe.subscriptions.update(id, { pause_collection: { behavior: 'void' } })); },
    resume: async (id) => { await provider(() => stripe.subscriptions.update(id, { pause_collection: '' })); },
    cancelAtPeriodEnd: async (id) => { await provider(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })); },
  };
}
