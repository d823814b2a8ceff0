import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { requireAdmin, requireUser } from '../../lib/auth';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { accountLimit } from '../../lib/rate-limit';
import { parse } from '../../lib/validate';
import type { Caller } from '../listings/ownership';
import { cancelCheckout, completeCheckout, createCheckout, findSession, handleStripeEvent } from './checkout';
import { stripeGateway, testGateway, type PaymentGateway } from './gateway';
import { checkoutBody, companyIdParam, pauseBody, productBody, productIdParam, sessionIdParam } from './schemas';
import { checkedProduct, presentProduct, productService } from './service';
import { subscriptionService } from './subscriptions';
import { testCheckoutPage } from './test-checkout-page';

/** Most bytes a Stripe event may have (they are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const userOf = (request: FastifyRequest): Caller => {
  if (!request.auth) throw unauthorized();
  return { userId: request.auth.userId, roles: request.auth.roles };
};

/** Products, subscriptions and checkout (docs/api.md "Products, subscriptions and checkout"). */
export function productRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const stripe = config.stripeSecretKey ? new Stripe(config.stripeSecretKey) : null;
  const gateway: PaymentGateway = stripe ? stripeGateway(stripe) : testGateway;
  const catalogue = productService(db, clock);
  const subscriptions = subscriptionService(db, clock, gateway);
  const admin = { preHandler: requireAdmin };
  const guard = { preHandler: requireUser };
  const productIdOf = (request: FastifyRequest) => parse(productIdParam, request.params, 'params').id;
  const companyIdOf = (request: FastifyRequest) => parse(companyIdParam, request.params, 'params').id;
  // Written in the change's own transaction: both or neither.
  const audit = (request: FastifyRequest, action: 'create' | 'update' | 'delete' | 'deactivate') => (tx: Db, product: { id: string; name: string }) =>
    recordAudit(tx, request, clock(), {
      action, entityType: 'product', entityId: product.id,
      summary: action === 'deactivate' ? `deactivated product '${product.name}' (in use, so kept)` : `${action}d product '${product.name}'`,
    });

  app.get('/product', admin, async () => catalogue.list());
  // The plans on sale are public: the prices page is no secret and the hub shows them to owners.
  app.get('/product/active', async () => catalogue.listActive());
  app.get('/product/:id', admin, async (request) => {
    const row = await catalogue.find(productIdOf(request));
    if (!row) throw notFound('Product not found');
    return presentProduct(row);
  });
  app.post('/product', admin, async (request, reply) => {
    const created = await catalogue.create(checkedProduct(parse(productBody, request.body)), audit(request, 'create'));
    reply.code(201);
    return created;
  });
  app.put('/product/:id', admin, async (request) => {
    const id = productIdOf(request);
    const body = parse(productBody.extend({ id: productIdParam.shape.id.optional() }), request.body);
    if (body.id !== undefined && body.id !== id) throw badRequest('id must match the product in the address', [{ field: 'id', message: 'id must match the product in the address' }]);
    return catalogue.update(id, checkedProduct(body), audit(request, 'update'));
  });
  app.delete('/product/:id', admin, async (request, reply) => {
    const result = await catalogue.remove(productIdOf(request), (tx, { product, removed }) =>
      audit(request, removed ? 'delete' : 'deactivate')(tx, product));
    if (result.removed) return reply.code(204).send();
    return result;
  });

  app.get('/subscription', admin, async () => subscriptions.needingAttention());
  // {id} is the company's id: the client knows its company, not the subscription row.
  app.get('/subscription/:id', guard, async (request) => subscriptions.get(userOf(request), companyIdOf(request)));
  app.post('/subscription/:id/pause', guard, async (request) =>
    subscriptions.pause(userOf(request), companyIdOf(request), parse(pauseBody, request.body).reason));
  app.post('/subscription/:id/resume', guard, async (request) => subscriptions.resume(userOf(request), companyIdOf(request)));
  app.post('/subscription/:id/cancel', guard, async (request) => subscriptions.cancel(userOf(request), companyIdOf(request)));

  // Each session is a provider call and a stored row: a script looping on it is stopped per account.
  const checkoutLimit = accountLimit(app, 'checkout', config.rateLimits.checkout);
  app.post('/stripe/create-checkout-session', { preHandler: [requireUser, checkoutLimit] }, async (request) => {
    const { url } = await createCheckout({ db, publicUrl: config.publicUrl, apiUrl: '/api' }, gateway, userOf(request), parse(checkoutBody, request.body));
    return { url };
  });

  if (!stripe) testCheckoutRoutes(app, deps);
  else webhookRoute(app, deps, stripe);
}

/**
 * The built-in test checkout. The session id (a random UUID the buyer got from an authenticated
 * call) is the capability: a browser navigation carries no bearer token.
 */
function testCheckoutRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const origin = new URL(config.publicUrl).origin;
  void app.register(async (scope) => {
    // The page's forms send an empty urlencoded body; nothing in it is read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_r, _b, done) => done(null, {}));
    const sessionOf = async (request: FastifyRequest) => {
      const { sessionId } = parse(sessionIdParam, request.params, 'params');
      const session = await findSession(db, sessionId);
      if (!session || session.provider !== 'test') throw notFound('Checkout not found');
      return session;
    };

    scope.get('/stripe/test-checkout/:sessionId', async (request, reply) => {
      const session = await sessionOf(request);
      const product = await productService(db, clock).find(session.productId);
      if (!product) throw notFound('Checkout not found');
      reply.header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`);
      reply.header('cache-control', 'no-store');
      reply.type('text/html; charset=utf-8');
      return testCheckoutPage(session.id, presentProduct(product), session.status === 'open');
    });

    scope.post('/stripe/test-checkout/:sessionId/complete', async (request, reply) => {
      const session = await sessionOf(request);
      const result = await completeCheckout(db, clock(), session.id, `test_${randomUUID()}`);
      if (!result.granted) request.log.warn({ sessionId: session.id, status: session.status }, 'test checkout completed again: nothing granted');
      const query = new URLSearchParams({ companyId: session.companyId, productId: session.productId });
      // A finished or cancelled session goes to the same page; the company view shows what is true.
      return reply.redirect(session.status === 'cancelled'
        ? `${config.publicUrl}/company?${new URLSearchParams({ companyId: session.companyId, view: 'subscription' })}`
        : `${config.publicUrl}/company/order-complete/success?${query}`, 303);
    });

    scope.post('/stripe/test-checkout/:sessionId/cancel', async (request, reply) => {
      const session = await sessionOf(request);
      await cancelCheckout(db, session.id);
      request.log.info({ sessionId: session.id }, 'test checkout cancelled by the buyer');
      return reply.redirect(`${config.publicUrl}/company?${new URLSearchParams({ companyId: session.companyId, view: 'subscription' })}`, 303);
    });
  });
}

/** Stripe's events, verified against the raw body; only this route's scope parses bodies as bytes. */
function webhookRoute(app: FastifyInstance, deps: AppDeps, stripe: Stripe) {
  const { db, clock, config } = deps;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/stripe/webhook', async (request) => {
      const secret = config.stripeWebhookSecret;
      if (!secret) throw notFound('Webhook not configured');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw badRequest('Invalid Stripe signature');
      }
      const outcome = await handleStripeEvent(db, clock(), event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true };
    });
  });
}
