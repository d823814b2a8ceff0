import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import type { TrustProxy } from './config';
import type { AppDeps } from './deps';
import { AccessTokens } from './lib/auth';
import { httpErrorFromDatabase } from './lib/db-errors';
import { registerAuthentication } from './lib/authenticate';
import { loggableError, logRequestFailure } from './lib/error-log';
import { HttpError } from './lib/errors';
import { registerIdempotency } from './lib/idempotency';
import { registerInputGuards } from './lib/input-guards';
import { registerSecurityHeaders } from './lib/security-headers';
import { SessionCheck } from './lib/session-check';
import { CHAT_HUB } from '../src/domain/chats';
import { shareCatalogueBumps } from './lib/catalogue-bumps';
import { SharedWindows, sharedRateLimitStore } from './lib/rate-limit-store';
import { chatBusOver } from './platform/chat-bus';
import { memoryProcessBus } from './platform/process-bus';
import { registerSignalRHub } from './realtime/signalr';
import { chatHub } from './modules/chats/hub';
import { chatRoutes } from './modules/chats/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { approvalRoutes } from './modules/approvals/routes';
import { authRoutes } from './modules/auth/routes';
import { Sessions } from './modules/auth/service';
import { devOutboxRoutes } from './modules/dev/routes';
import { pseudoLocaleRoutes } from './modules/dev/pseudo-locale';
import { eventRoutes } from './modules/events/routes';
import { companyRetentionJob } from './modules/companies/retention';
import { companyRoutes } from './modules/companies/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { fileRoutes } from './modules/files/routes';
import { listingRoutes } from './modules/listings/routes';
import { locationRoutes } from './modules/locations/routes';
import { productRoutes } from './modules/products/routes';
import { settingsRoutes } from './modules/settings/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { syncRoutes } from './modules/sync/routes';
import { taxonomyRoutes } from './modules/taxonomy/routes';
import { userRoutes } from './modules/users/routes';
import { registerServerRendering } from './ssr';

export interface BuildOptions {
  /**
   * Sees every route as it is added, with its full url and route-level hooks. Tests enumerate the
   * routes and their guards with it (tests/server/admin-only.test.ts); main.ts passes nothing.
   */
  onRoute?: (route: RouteOptions) => void;
}

/** Fastify's trustProxy for TRUST_PROXY; a hop count as the function Fastify would make of it (its types omit numbers). */
function trustProxyOption(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole HTTP application; main.ts listens on it, tests inject requests into it. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // One line per request only when asked for (debug/trace); errors are always logged.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(deps.config.logLevel) }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: request.ip is the client's address behind the named proxies (rate limits, logs).
    // The dev outbox never trusts forwarded addresses, whatever this says (server/modules/dev/routes.ts).
    trustProxy: trustProxyOption(deps.config.trustProxy),
  });
  // First, so every route below (in every plugin scope, which inherits root hooks) is seen.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const tokens = new AccessTokens(deps.config.jwtSecret, deps.config.accessTokenTtlSeconds);
  const sessionCheck = new SessionCheck(deps, deps.config.sessionCheckTtlMs);
  const sessions = new Sessions(deps, tokens, sessionCheck);

  // What every server process must hear (server/platform/process-bus.ts): LISTEN/NOTIFY on
  // PostgreSQL, in-process on the embedded database. A bus the runtime made is closed by the runtime.
  const processBus = deps.processBus ?? memoryProcessBus();
  const warnOfBus = (error: unknown) => app.log.warn({ error: loggableError(error) }, 'process bus: publish failed');
  const stopSessionSharing = sessionCheck.share(processBus, warnOfBus);
  const catalogueBumps = shareCatalogueBumps(processBus, warnOfBus);
  // An answer to a catalogue write leaves once the other processes were told, so the caller's
  // next search, on whichever process, does not see the old catalogue.
  app.addHook('onSend', async () => catalogueBumps.flush());
  app.addHook('onClose', async () => {
    stopSessionSharing();
    catalogueBumps.stop();
    if (!deps.processBus) await processBus.close();
  });

  registerAuthentication(app, deps, tokens, sessionCheck);
  registerSecurityHeaders(app, deps.config.publicUrl, { powerBi: deps.config.powerBi !== null });

  registerInputGuards(app);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    error = httpErrorFromDatabase(error) ?? error;
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      logRequestFailure(request, error);
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    if (status === 415 || status === 400) {
      // Malformed JSON, an empty JSON body, or a body type the route does not take: bad input.
      const message = status === 415 ? 'Send the body as JSON (Content-Type: application/json)' : error.message;
      return reply.code(400).send({ message, errors: [{ field: 'body', message }] });
    }
    // Fastify's other 4xx (body too large, rate limit, method not allowed...).
    return reply.code(status).send({ message: error.message });
  });

  await app.register(rateLimitPlugin, {
    global: false,
    // On PostgreSQL every process counts in the same table; the embedded database has one process.
    ...(deps.databaseKind === 'postgres' ? { store: sharedRateLimitStore(new SharedWindows(deps.db, deps.clock)) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 10 } });

  // The chat hub (server/realtime) and the REST chat calls share one fan-out: a message stored by
  // either reaches every hub connection of every process.
  const chatBus = deps.chatBus ?? chatBusOver(processBus, (message) => app.log.warn(message));
  const hub = registerSignalRHub(app, {
    path: CHAT_HUB.path,
    authenticate: async (token) => {
      const auth = await tokens.verify(token, deps.clock());
      return auth && (await sessionCheck.isLive(auth)) ? auth : null;
    },
    hub: (server) => chatHub(server, deps, chatBus),
    limits: { connectionsPerUser: deps.config.hubConnectionsPerUser },
  });
  app.addHook('onClose', async () => {
    await hub.close();
    // A bus the caller made is closed by the caller; the one over the process bus is the app's own.
    if (!deps.chatBus) await chatBus.close();
  });

  await app.register(async (api) => {
    registerIdempotency(api, deps);
    api.get('/health', async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    });
    authRoutes(api, deps, sessions);
    userRoutes(api, deps, sessions);
    fileRoutes(api, deps);
    taxonomyRoutes(api, deps);
    locationRoutes(api, deps);
    listingRoutes(api, deps);
    companyRoutes(api, deps);
    approvalRoutes(api, deps);
    favoriteRoutes(api, deps);
    syncRoutes(api, deps);
    statisticsRoutes(api, deps);
    eventRoutes(api, deps);
    chatRoutes(api, deps, chatBus);
    productRoutes(api, deps);
    analyticsRoutes(api, deps);
    settingsRoutes(api, deps, {
      sessionsEnded: (ended) => {
        for (const { userId, familyId } of ended) sessionCheck.ended(userId, [familyId]);
      },
      reconnectRealtime: () => hub.reconnectAll(),
    });
  }, { prefix: '/api' });

  // Deleted companies are purged after their 30 days: once when the app is ready, then hourly until it closes.
  const companyRetention = companyRetentionJob({
    db: deps.db,
    clock: deps.clock,
    onError: (error) => app.log.error({ error: loggableError(error) }, 'company purge failed'),
  });
  app.addHook('onReady', () => companyRetention.start());
  app.addHook('onClose', () => companyRetention.stop());

  if (deps.mailer.kind === 'outbox' || deps.whatsApp.kind === 'outbox') devOutboxRoutes(app, deps);
  if (deps.config.pseudoLocale) pseudoLocaleRoutes(app);

  const staticDir = deps.config.staticDir;
  const indexHtml = staticDir && existsSync(join(staticDir, 'index.html')) ? readFileSync(join(staticDir, 'index.html')) : null;
  if (staticDir && indexHtml) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false, cacheControl: false,
      // dist/ holds .br/.gz beside each asset (scripts/compress-dist.mjs): sent to clients that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else must be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      } });
    // The public pages rendered on the server when the server entry is built (server/ssr); the shell otherwise.
    const rendered = await registerServerRendering(app, deps, indexHtml.toString('utf8'), deps.config.ssrDir);
    if (!rendered) app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/chathub') || path.startsWith('/dev/');
    if (!isApi && indexHtml && request.method === 'GET') {
      // SPA fallback: the app's router shows its own not-found page for unknown paths.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });

  return app;
}
