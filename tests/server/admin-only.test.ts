import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '../../src/domain/constants';
import { categoryServices, products, subCategoryServices, users } from '../../server/db/schema';
import { AccessTokens, requireAdmin } from '../../server/lib/auth';
import { MAX_JSON_DEPTH } from '../../server/lib/input-guards';
import { PASSWORD, signUp, signUpAdmin } from './helpers/accounts';
import { createCompany } from './helpers/companies';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Every Admin-only route refuses everyone else, and the set of such routes is discovered from
 * Fastify (the onRoute hook buildApp offers), not kept by hand: a new route guarded by
 * requireAdmin is covered the day it is added, with a `{}` body and random UUIDs for its params
 * when nothing below knows better. The refusal must come before validation, so `{}` is enough.
 *
 * Admin checks that live inside handlers instead of a requireAdmin preHandler (grep ADMIN_ROLE in
 * server/modules) are not Admin-only routes, so they are not in the discovered set, on purpose:
 * - GET /dev/outbox and /api/dev/outbox: an Admin OR a request from the machine itself
 *   (server/modules/dev/routes.ts, tested in tests/server/security.test.ts);
 * - companies, listings, files, planner events and statistics: the owner OR an Admin may manage
 *   (tested per module).
 */

let t: TestApp;
let world: Awaited<ReturnType<typeof listingFixture>>;
let adminToken: string;
let customerToken: string;
let ownerToken: string;
let deletedAdminToken: string;
let expiredAdminToken: string;
let ids: { categoryService: string; subCategoryService: string; product: string };

interface Endpoint {
  method: string;
  /** The url as registered, with `:params` (e.g. `/api/category/:id`). */
  url: string;
}
const label = (e: Endpoint) => `${e.method} ${e.url}`;

/** Route-level hooks that can refuse a request before its handler runs. */
const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const guardsOf = (route: RouteOptions): unknown[] =>
  GUARD_HOOKS.flatMap((name) => {
    const hooks: unknown = route[name];
    return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  });

/** Every method × url the app serves; HEAD routes are Fastify's copies of the GETs, hooks and all. */
function endpoints(filter: (route: RouteOptions) => boolean): Endpoint[] {
  return t.routes.filter(filter)
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })))
    .filter((e) => e.method !== 'HEAD');
}
const isAdminOnly = (route: RouteOptions) => guardsOf(route).includes(requireAdmin);
const adminEndpoints = () => endpoints(isAdminOnly);

/**
 * Routes that must be found Admin-only, so a refactor that hides them from discovery (a guard
 * wrapped in another function, a route registered some other way) fails here.
 */
const KNOWN_ADMIN_ONLY = [
  ...['/api/category', '/api/subcategory', '/api/categoryService', '/api/subCategoryService', '/api/product'].flatMap((path) =>
    [`POST ${path}`, `PUT ${path}/:id`, `DELETE ${path}/:id`]),
  'POST /api/locations', 'PUT /api/locations/:id', 'DELETE /api/locations/:id',
  'PUT /api/locations/regions/:id', 'DELETE /api/locations/regions/:id',
  'GET /api/company',
  'GET /api/approval/100', 'GET /api/approval/200', 'GET /api/approval/300', 'POST /api/approval',
  'GET /api/product', 'GET /api/product/:id',
  'GET /api/subscription',
  'GET /api/admin/settings', 'PUT /api/admin/settings', 'POST /api/admin/demo-reset', 'GET /api/admin/audit-log', 'GET /api/admin/summary',
];

/** A real row for the params of the routes below (so a request that got through would change it); a random UUID otherwise. */
function paramFor(url: string): string {
  const known: [RegExp, () => string][] = [
    [/^\/api\/category\//, () => world.catA.id],
    [/^\/api\/subcategory\//, () => world.subA1.id],
    [/^\/api\/categoryService\//, () => ids.categoryService],
    [/^\/api\/subCategoryService\//, () => ids.subCategoryService],
    [/^\/api\/locations\//, () => world.region.id],
    [/^\/api\/product\//, () => ids.product],
  ];
  return known.find(([pattern]) => pattern.test(url))?.[1]() ?? randomUUID();
}
const concreteUrl = (e: Endpoint) => e.url.replace(/:\w+/g, () => paramFor(e.url)).replace(/\*$/, 'x');

/** A body the route would accept from an Admin; `{}` for routes this file does not know (still refused before validation). */
function plausibleBody(e: Endpoint): Record<string, unknown> | undefined {
  if (e.method === 'GET' || e.method === 'DELETE') return undefined;
  return PLAUSIBLE_BODIES[e.url.replace(/\/:\w+$/, '')]?.() ?? {};
}
const knowsBodyOf = (e: Endpoint) => PLAUSIBLE_BODIES[e.url.replace(/\/:\w+$/, '')] !== undefined;

/** By path without its trailing `/:id`; a new Admin route with a body should get an entry (see the hostile-body cases). */
const PLAUSIBLE_BODIES: Record<string, () => Record<string, unknown>> = {
  '/api/category': () => ({ name: 'Refused category', shortDescription: 'Short', description: 'Long' }),
  '/api/subcategory': () => ({ categoryId: world.catA.id, name: 'Refused sub-category' }),
  '/api/categoryService': () => ({ categoryId: world.catA.id, name: 'Refused service' }),
  '/api/subCategoryService': () => ({ subCategoryId: world.subA1.id, name: 'Refused service' }),
  '/api/locations': () => ({ name: 'Refused region', country: 'NO', counties: ['Refused county'] }),
  '/api/locations/regions': () => ({ name: 'Refused region', country: 'NO', counties: ['Refused county'] }),
  '/api/product': () => ({ name: 'Refused plan', description: 'A plan', price: 99, currency: 2, listingsTokens: 1, eventClickTokens: 1, isActive: true, type: 100 }),
  '/api/approval': () => ({ id: world.hiddenCompany.id, approved: true, type: 100 }),
  '/api/admin/settings': () => ({ contactEmail: 'refused@example.no', organisationNumber: '987 654 321' }),
  // A reset in the Admin's pass below would wipe this file's world mid-test: the body is well formed
  // but not the exact confirmation, so the Admin gets a 400 from the route itself (past the guard).
  '/api/admin/demo-reset': () => ({ confirmation: 'reset' }),
};

function send(e: Endpoint, options: { token?: string; authorization?: string; payload?: string | object } = {}) {
  const payload = options.payload ?? plausibleBody(e);
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  if (typeof payload === 'string') headers['content-type'] = 'application/json';
  return t.request({
    method: e.method as 'GET', url: concreteUrl(e), headers,
    ...(options.token ? { token: options.token } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Every table's row count and a hash of its rows: equal before and after means nothing was written. */
async function fingerprint(): Promise<Record<string, string>> {
  const db = t.deps.db;
  const tables = (await db.execute(sql`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(sql`select count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as h
      from ${sql.identifier(name)} r`)) as unknown as { rows: { n: number; h: string }[] };
    out[name] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return out;
}

const jwtPayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; roles: string[] };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  t = await createTestApp();
  world = await listingFixture(t);
  const [service] = await t.deps.db.insert(categoryServices).values({ categoryId: world.catA.id, name: 'Lighting' }).returning();
  const [subService] = await t.deps.db.insert(subCategoryServices).values({ subCategoryId: world.subA1.id, name: 'Albums' }).returning();
  const [product] = await t.deps.db.insert(products).values({ name: 'Gold', priceMinor: 19900, currency: 2, type: 100 }).returning();
  ids = { categoryService: service!.id, subCategoryService: subService!.id, product: product!.id };

  adminToken = (await signUpAdmin(t)).accessToken;
  customerToken = (await signUp(t)).accessToken;
  const owner = await signUp(t);
  await createCompany(t, owner.accessToken);
  ownerToken = owner.accessToken;

  // An Admin whose token worked, then whose account is gone (there is no account deletion in the
  // API, so the row is deleted; its sessions go with it). The clock moves past the session
  // check's cache so the "live" answer its first request left behind has expired.
  const doomed = await signUpAdmin(t);
  expect((await t.request({ method: 'GET', url: '/api/product', token: doomed.accessToken })).statusCode).toBe(200);
  await t.deps.db.delete(users).where(eq(users.email, doomed.email));
  t.advance(t.config.sessionCheckTtlMs + 1000);
  deletedAdminToken = doomed.accessToken;

  // The live Admin's own session, signed with the server's secret, but expired a minute ago.
  const claims = jwtPayload(adminToken);
  const past = new Date(Date.now() - (t.config.accessTokenTtlSeconds + 60) * 1000);
  expiredAdminToken = await new AccessTokens(t.config.jwtSecret, t.config.accessTokenTtlSeconds)
    .sign({ userId: claims.sub, roles: claims.roles, sessionId: claims.sid }, past);
});
afterAll(() => t.close());

describe('discovery', () => {
  it('finds every known Admin-only route by its requireAdmin guard', () => {
    const found = adminEndpoints().map(label);
    expect(found).toEqual(expect.arrayContaining(KNOWN_ADMIN_ONLY));
    // And nothing public is counted as Admin-only: the public reads of the same tables stay open.
    for (const open of ['GET /api/category', 'GET /api/locations', 'GET /api/product/active', 'GET /api/company/:id']) {
      expect(found).not.toContain(open);
    }
  });

  it('no other route refuses a signed-in non-Admin for its role (an Admin guard hidden from discovery, e.g. a scope hook)', async () => {
    const sweeper = await signUp(t);
    let token = sweeper.accessToken;
    const adminOnly = new Set(adminEndpoints().map(label));
    const others = endpoints(() => true).filter((e) => !adminOnly.has(label(e)));
    expect(others.length).toBeGreaterThan(50);
    const refusedForRole: string[] = [];
    for (const e of others) {
      let res = await send(e, { token, payload: e.method === 'GET' ? undefined : {} });
      if (res.statusCode === 401) {
        // A route of the sweep ended the session (POST /auth/logout): log in again and retry.
        const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: sweeper.email, password: PASSWORD } });
        token = (login.json() as { accessToken: string }).accessToken;
        res = await send(e, { token, payload: e.method === 'GET' ? undefined : {} });
      }
      if (res.statusCode === 403 && res.body.includes('Admin role required')) refusedForRole.push(label(e));
    }
    expect(refusedForRole).toEqual([]);
  });
});

describe('refusals on every Admin-only route', () => {
  const forged = async () => {
    const { sub, sid } = jwtPayload(customerToken);
    const [header, , signature] = customerToken.split('.');
    return {
      'a token signed with another secret': await new AccessTokens('another-secret-another-secret-0123456', 900)
        .sign({ userId: sub, roles: [ADMIN_ROLE], sessionId: sid }, new Date()),
      "a customer's token with Admin written into its payload": `${header}.${b64({ ...jwtPayload(customerToken), roles: [ADMIN_ROLE] })}.${signature}`,
      'an unsigned token (alg none)': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...jwtPayload(adminToken) })}.`,
      'a token that is not a JWT': 'not-a-token',
    };
  };

  it('refuses no token with 401, a customer and a company owner with 403, each with a message; nothing is written', async () => {
    const routes = adminEndpoints();
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN_ADMIN_ONLY.length);
    const before = await fingerprint();
    for (const e of routes) {
      const anonymous = await send(e);
      expect(anonymous.statusCode, `${label(e)} without a token: ${anonymous.body}`).toBe(401);
      expect(anonymous.json().message, label(e)).toEqual(expect.any(String));
      for (const [who, token] of [['customer', customerToken], ['company owner', ownerToken]] as const) {
        const res = await send(e, { token });
        expect(res.statusCode, `${label(e)} as ${who}: ${res.body}`).toBe(403);
        expect(res.json().message, `${label(e)} as ${who}`).toBe('Admin role required');
      }
      if (e.method === 'GET') {
        // Fastify's HEAD copy of the GET carries the same guard (no body to hold a message).
        expect((await send({ ...e, method: 'HEAD' })).statusCode, `HEAD ${e.url}`).toBe(401);
        expect((await send({ ...e, method: 'HEAD' }, { token: customerToken })).statusCode, `HEAD ${e.url}`).toBe(403);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses a deleted Admin, an expired Admin token and forged tokens with 401 and a message; nothing is written', async () => {
    const tokens = { "a deleted Admin's token": deletedAdminToken, "an expired Admin's token": expiredAdminToken, ...(await forged()) };
    const before = await fingerprint();
    for (const e of adminEndpoints()) {
      for (const [what, token] of Object.entries(tokens)) {
        const res = await send(e, { token });
        expect(res.statusCode, `${label(e)} with ${what}: ${res.body}`).toBe(401);
        expect(res.json().message, `${label(e)} with ${what}`).toMatch(/\w/);
      }
      // An Authorization header of another scheme or an empty Bearer is no login either.
      for (const authorization of ['Bearer ', `Basic ${Buffer.from('admin:admin').toString('base64')}`]) {
        const res = await send(e, { authorization });
        expect(res.statusCode, `${label(e)} with "${authorization}": ${res.body}`).toBe(401);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });
});

/** Every string in `value` replaced (keys kept). */
function mapStrings(value: unknown, replace: (s: string) => unknown): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, replace)]));
  return value;
}
const countStrings = (value: unknown): number =>
  typeof value === 'string' ? 1 : value && typeof value === 'object' ? Object.values(value).reduce((n: number, v) => n + countStrings(v), 0) : 0;
/** The body, or `{name}` when it has no text to spoil (an unknown route's `{}`). */
const withText = (body: Record<string, unknown>) => (countStrings(body) > 0 ? body : { ...body, name: 'Name' });
/** Each field given a value of the wrong type. */
const wrongTypes = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(withText(body)).map(([k, v]) => [k,
  typeof v === 'string' ? 12345 : typeof v === 'number' ? 'twelve' : typeof v === 'boolean' ? 'yes' : Array.isArray(v) ? { not: 'a list' } : ['x']]));

interface HostileCase {
  name: string;
  payload: (body: Record<string, unknown>) => string;
  /** Only where the handler reads the body: a DELETE ignores a well-formed body, as it should. */
  bodyRead?: true;
  /**
   * Spoils the fields of the route's plausible body, so only for routes whose body this file knows:
   * on `{}` it would add a `name` that a route without one may rightly ignore (and then succeed).
   */
  fields?: true;
  status?: number;
}
const ONE_MB = 1024 * 1024;
const HOSTILE: HostileCase[] = [
  { name: `nested far deeper than ${MAX_JSON_DEPTH} levels`, payload: () => '['.repeat(5000) + '{"a":1}' + ']'.repeat(5000) },
  { name: 'a body over the 1 MB limit', payload: (b) => JSON.stringify({ ...b, name: 'a'.repeat(ONE_MB) }), status: 413 },
  { name: 'NUL bytes in every text', payload: (b) => JSON.stringify(mapStrings(withText(b), (s) => `${s}\u0000x`)) },
  { name: 'a NUL byte in a key', payload: (b) => JSON.stringify({ ...b, ['na\u0000me']: 'x' }) },
  { name: 'a __proto__ key', payload: (b) => JSON.stringify(b).replace(/^\{/, '{"__proto__":{"roles":["Admin"]},').replace(',}', '}') },
  { name: 'malformed JSON', payload: () => '{"name": "x",' },
  { name: 'text of almost 1 MB in every text field', bodyRead: true, fields: true,
    payload: (b) => JSON.stringify(mapStrings(withText(b), () => 'a'.repeat(Math.floor(900_000 / countStrings(withText(b)))))) },
  { name: 'the wrong type in every field', bodyRead: true, fields: true, payload: (b) => JSON.stringify(wrongTypes(b)) },
  { name: 'an array instead of the object', bodyRead: true, payload: (b) => JSON.stringify([b]) },
  { name: 'a bare string', bodyRead: true, payload: () => '"category"' },
  { name: 'a bare number', bodyRead: true, payload: () => '42' },
  { name: 'null', bodyRead: true, payload: () => 'null' },
];

describe("hostile bodies from the Admin on every Admin-only route that takes one", () => {
  it.each(HOSTILE.map((c) => [c.name, c] as const))('%s: a 4xx with a message, nothing written', async (_name, hostile) => {
    const writes = adminEndpoints().filter((e) => e.method !== 'GET');
    expect(writes.length).toBeGreaterThan(15);
    const before = await fingerprint();
    for (const e of writes) {
      const bodyRead = e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH';
      if ((hostile.bodyRead && !bodyRead) || (hostile.fields && !knowsBodyOf(e))) continue;
      const res = await send(e, { token: adminToken, payload: hostile.payload(plausibleBody(e) ?? {}) });
      const where = `${label(e)}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (hostile.status) expect(res.statusCode, where).toBe(hostile.status);
      expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, where).toBeLessThan(500);
      expect(res.json().message, where).toMatch(/\w/);
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('the Admin gets through (so the refusals above are the guard, not a broken request)', () => {
  it('answers the Admin on every Admin-only route with neither 401/403 nor 5xx, and the plausible writes do write', async () => {
    const before = await fingerprint();
    // Reads and writes first, deletes last, so the rows the writes address still exist. A route this
    // file does not know gets `{}` from the Admin too: one that acts on an empty body (a reset, say)
    // must ask for a confirmation in it, or get a PLAUSIBLE_BODIES entry that keeps it harmless.
    const routes = adminEndpoints().sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const statuses: Record<string, number> = {};
    for (const e of routes) {
      const res = await send(e, { token: adminToken });
      statuses[label(e)] = res.statusCode;
      expect([401, 403], `${label(e)}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${label(e)}: ${res.body}`).toBeLessThan(500);
    }
    // The bodies above are valid: the known creates succeed, so the "nothing written" checks could fail.
    for (const create of ['POST /api/category', 'POST /api/subcategory', 'POST /api/categoryService', 'POST /api/subCategoryService', 'POST /api/locations', 'POST /api/product']) {
      expect(statuses[create], create).toBe(201);
    }
    expect(statuses['POST /api/approval']).toBe(200);
    expect(statuses['PUT /api/admin/settings']).toBe(200);
    // Refused by its confirmation, not by the guard (see PLAUSIBLE_BODIES): nothing was reset.
    expect(statuses['POST /api/admin/demo-reset']).toBe(400);
    expect(statuses['GET /api/product']).toBe(200);
    expect(await fingerprint()).not.toEqual(before);
  });
});
