import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp } from './helpers/test-app';

/**
 * Property-based fuzz of every route: generated malformed bodies, odd path params and
 * query strings, sent with no token, a user's, an Admin's and a tampered one. Any 5xx fails.
 * FUZZ_SEED replays another sequence (the failure report prints the seed and the shrunk
 * request); FUZZ_RUNS sets the requests per route (default 16, a quarter per kind of token);
 * FUZZ_DEBUG=1 prints every answer's status (to see how deep the generated requests get).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 16);

// Top-level await: the route table comes from the built app, and vitest needs it to name one test per route.
const t = await createTestApp({ maxUploadBytes: 300_000 });
afterAll(() => t.close());

/** Every method + url the app serves, read from Fastify's own route tree (HEAD is GET's twin). */
function routeTable(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url: path });
  }
  return routes;
}

const routes = routeTable(t.app);

// Real rows, so some generated requests get past "not found" into the code behind it.
const world = await listingFixture(t);
const listing = await world.add();
const user = await signUp(t);
const admin = await signUpAdmin(t);
const png = await makePng(16, 16);
const upload = await t.request({ method: 'POST', url: '/api/files', token: user.accessToken, ...(await multipart('data', png, 'a.png', 'image/png')) });
const fileId = (upload.json() as { id: string }).id;

/** Tokens that look right and are not: a flipped signature, a forged payload, `alg: none`, junk. */
function tampered(token: string): string[] {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const flip = signature.endsWith('A') ? `${signature.slice(0, -1)}B` : `${signature.slice(0, -1)}A`;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['Admin'] })).toString('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return [`${header}.${payload}.${flip}`, `${header}.${forged}.${signature}`, `${none}.${payload}.`, 'x.y.z', 'a'.repeat(5000)];
}

const TOKEN_KINDS = {
  none: fc.constant(undefined),
  user: fc.constant(user.accessToken),
  admin: fc.constant(admin.accessToken),
  tampered: fc.constantFrom(...tampered(user.accessToken), ...tampered(admin.accessToken)),
} as const;

/** Text that has broken servers: NUL, unpaired surrogates, long runs, numbers as text, markup, traversal. */
const oddText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '💥', 'null', 'undefined', 'NaN', '-1', '0', '1e400',
    '9'.repeat(40), '<script>alert(1)</script>', '../../etc/passwd', "' or 1=1 --", '%', '%zz', 'regions/', '{}', '[]'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const realIds = [listing.id, world.catA.id, world.subA1.id, world.region.id, world.county1.id, world.company.id, fileId, user.user.id];
const idLike = fc.oneof(fc.uuid(), fc.constantFrom(...realIds), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));

/**
 * encodeURIComponent refuses unpaired surrogates; send them as the bytes a careless client would
 * (their CESU-8 form, which is not valid UTF-8) so the server's URL decoding meets them too.
 */
const encode = (s: string) => encodeURIComponent(s.replace(/\p{Cs}/gu, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');

/** A path param: ids (real and not), odd text percent-encoded, and raw escapes the URL decoder must survive. */
const param = fc.oneof(
  { weight: 4, arbitrary: idLike },
  oddText.map(encode),
  idLike.map((id) => `regions%2F${id}`),
  fc.constantFrom('%', '%zz', '%00', '%C0%AF', '%ED%A0%80', '..', '.', 'a;b', '%2F%2F'),
);

/** JSON values of every type, with the keys the routes read so values land on real fields. */
const KEYS = ['email', 'password', 'confirmPassword', 'newPassword', 'oldPassword', 'firstName', 'lastName', 'name', 'id', 'ids',
  'listingId', 'categoryId', 'subCategoryId', 'subCategoryIds', 'regions', 'counties', 'country', 'searchQuery', 'pageNumber',
  'pageSize', 'sortBy', 'sortDirection', 'seed', 'eventType', 'metadata', 'token', 'userId', 'refreshToken', 'phoneNumber',
  'countryCode', 'verificationCode', 'dateOfBirth', 'gender', 'acceptedTerms', 'imageUri', 'sortOrder', 'profilePictureId',
  'notificationTypes', 'whatsApp', 'rememberMe', 'deviceId', 'groupName', 'description', '__proto__', 'constructor'];
const leaf = fc.oneof(oddText, idLike, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 31, 1e308));
const { value: jsonish } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 })),
}));
const keyedBody = fc.dictionary(fc.constantFrom(...KEYS), jsonish, { minKeys: 1, maxKeys: 6 });

/** Raw bodies: broken JSON, very deep nesting, JSON text the parser should refuse. */
const rawBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,]', '{"a":1}}', '', 'null', '0', '"text"', '\u0000', '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}', '\ufeff{}', '{"a":"\\u0000"}', '{"email":"\\ud800"}'),
  fc.integer({ min: 1, max: 6000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 30, max: 5000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

const truncatedPng = png.subarray(0, Math.floor(png.length / 2));
const body = fc.oneof(
  { weight: 3, arbitrary: keyedBody.map((b) => ({ kind: 'json' as const, payload: JSON.stringify(b) })) },
  { weight: 2, arbitrary: jsonish.map((b) => ({ kind: 'json' as const, payload: JSON.stringify(b) ?? 'null' })) },
  { weight: 2, arbitrary: rawBody.map((payload) => ({ kind: 'json' as const, payload })) },
  { weight: 1, arbitrary: fc.record({
    kind: fc.constant('other' as const),
    payload: fc.string({ maxLength: 50 }),
    type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'),
  }) },
  { weight: 1, arbitrary: fc.record({
    kind: fc.constant('multipart' as const),
    field: fc.constantFrom('data', 'file', ''),
    bytes: fc.oneof(fc.constantFrom(png, truncatedPng, Buffer.from('GIF89a'), Buffer.from('<svg/>')), fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a))),
    filename: fc.oneof(oddText, fc.constantFrom('a.png', 'a\u0000.png')),
  }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

const QUERY_KEYS = ['q', 'query', 'width', 'categoryId', 'subCategoryId', 'token', 'userId', 'phoneNumber', 'countryCode', 'email', 'page'];
const someQuery = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), fc.oneof(oddText, idLike, fc.integer().map(String))), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`))
  .chain((parts) => fc.constantFrom(parts, [...parts, 'a[b]=1', 'width[]=1', 'q=%00', 'q=%zz', '&&=&']).map((p) => p.join('&')));

// Half the requests without a query string, so the body and params decide the answer.
const query = fc.oneof(fc.constant(''), someQuery);

const headers = fc.record({
  idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'bad key!', 'k'.repeat(300), 'same-key')), { nil: undefined }),
  ifMatch: fc.option(fc.constantFrom('"1"', '1', 'W/"1"', '*', '"-1"', '"99999999999999999999"', 'garbage'), { nil: undefined }),
}, { requiredKeys: [] });

const request = fc.record({ params: fc.array(param, { minLength: 1, maxLength: 2 }), query, body, headers });
type GeneratedRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

async function send(method: string, url: string, token: string | undefined, req: GeneratedRequest) {
  let n = 0;
  const path = url.replace(/:\w+/g, () => req.params[n++ % req.params.length]!);
  const head: Record<string, string> = {};
  if (req.headers.idempotencyKey !== undefined) head['idempotency-key'] = req.headers.idempotencyKey;
  if (req.headers.ifMatch !== undefined) head['if-match'] = req.headers.ifMatch;
  const options: InjectOptions = { method: method as InjectOptions['method'], url: req.query ? `${path}?${req.query}` : path, headers: head };
  const b = req.body;
  if (method !== 'GET' && b.kind === 'json') {
    options.payload = b.payload;
    head['content-type'] = 'application/json';
  } else if (method !== 'GET' && b.kind === 'other') {
    options.payload = b.payload;
    head['content-type'] = b.type;
  } else if (method !== 'GET' && b.kind === 'multipart') {
    const form = await multipart(b.field, b.bytes, b.filename, 'image/png');
    options.payload = form.payload;
    Object.assign(head, form.headers);
  }
  return t.request({ ...options, token });
}

describe('fuzz: no generated request makes any route answer 5xx', () => {
  it('finds the whole route table', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/files', 'PUT /api/files/:id', 'DELETE /api/category/:id', 'POST /api/auth/login']));
  });

  routes.forEach(({ method, url }, index) => {
    it(`${method} ${url}`, async () => {
      const kinds = Object.entries(TOKEN_KINDS);
      for (const [k, [kind, tokens]] of kinds.entries()) {
        await fc.assert(
          fc.asyncProperty(tokens, request, async (token, req) => {
            const res = await send(method, url, token, req);
            if (process.env.FUZZ_DEBUG) console.log('FUZZSTAT', method, url, res.statusCode, res.statusCode >= 500 ? res.body.slice(0, 200) : '');
            if (res.statusCode >= 500) throw new Error(`${kind} token: ${res.statusCode} ${res.body.slice(0, 300)}`);
          }),
          { numRuns: Math.max(1, Math.round(RUNS_PER_ROUTE / kinds.length)), seed: SEED + index * 8 + k },
        );
      }
    });
  });
});
