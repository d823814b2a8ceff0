import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CHECKOUT_SESSIONS_PER_MINUTE } from '../src/domain/products';

/**
 * PostgreSQL connections per process when DATABASE_POOL_MAX is not set. A query's time is mostly
 * the database server's CPU, so connections beyond a few per core only queue inside PostgreSQL
 * instead of in the pool; 10 keeps a 2-core server busy while a slow query holds one or two.
 */
export const DEFAULT_POOL_MAX = 10;

export interface RateLimitSetting {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; null means the embedded PGlite database under dataDir (or in memory). */
  databaseUrl: string | null;
  /** Most connections to PostgreSQL this process keeps open for its queries (DATABASE_POOL_MAX); the search's own pipelining connections come on top: up to 4 plain and 4 generic-plan ones, fewer when this is lower (server/db/client.ts). */
  databasePoolMax: number;
  /** Embedded database in memory (tests). Ignored with databaseUrl. */
  inMemoryDatabase: boolean;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  whatsAppApiUrl: string | null;
  whatsAppToken: string | null;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  seedDemo: boolean;
  /** With seedDemo: a year of demo statistics events when the events table is empty (SEED_DEMO_STATISTICS, default on). */
  seedDemoStatistics: boolean;
  demoPassword: string;
  maxUploadBytes: number;
  /**
   * Requests per window per client address on the auth entry points; `statistics` is per address
   * and device on the public statistics recorder (the address alone gets 10 times that).
   */
  rateLimits: {
    login: RateLimitSetting; register: RateLimitSetting; forgotPassword: RateLimitSetting; existsCheck: RateLimitSetting;
    phoneCode: RateLimitSetting; statistics: RateLimitSetting;
    /** Per account: POST /stripe/create-checkout-session (each one a payment provider call). */
    checkout: RateLimitSetting;
  };
  /**
   * How long this process trusts that a login session is still live before asking the database
   * again (server/lib/session-check.ts): with several processes, a logout in one ends the access
   * tokens in the others within this time. 0 asks on every request.
   */
  sessionCheckTtlMs: number;
  /**
   * Which proxies in front may name the client's address (X-Forwarded-For), as Fastify's
   * `trustProxy`: false (none: the socket's address is the client's), true (any: only behind a
   * proxy that overwrites the header), a hop count, or proxy addresses/CIDRs. Sets request.ip,
   * which every rate limit counts by.
   */
  trustProxy: TrustProxy;
  /** Uploaded files in S3-compatible object storage instead of DATA_DIR/files (S3_URL). */
  s3: S3Config | null;
  /** Live chat-hub connections one account may hold on one process (tabs, devices). */
  hubConnectionsPerUser: number;
  /** Resend confirmation: spacing between mails and the most resends allowed. */
  resendSpacingMs: number;
  maxResends: number;
  logLevel: string;
  staticDir: string | null;
  /**
   * The server entry of the app (`vite build --ssr`, dist-server/): with it and staticDir the public
   * pages are rendered on the server (server/ssr); null or missing, the app shell answers them.
   */
  ssrDir: string | null;
  /**
   * Layout QA only: serves the pseudo-locale catalog (GET /dev/pseudo-locale/messages.js, compiled
   * from the .po files with the dev dependencies), which the app uses with ?locale=en-XA.
   */
  pseudoLocale: boolean;
  /**
   * The in-process search caches (server/modules/listings/search-cache.ts): `enabled` keeps whole
   * answers, `totals` the exact total of each filter. Either is off only for measuring cold
   * searches (bench) or debugging. Other processes' writes empty them through the process bus at
   * once; ttlMs is the backstop should a notification be missed.
   */
  searchCache: { enabled: boolean; totals: boolean; ttlMs: number; maxEntries: number; maxBytes: number };
  /**
   * Stripe: with a secret key checkout goes to Stripe and POST /api/stripe/webhook takes its
   * events (signed with the webhook secret); without one the built-in test checkout is used.
   */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /**
   * The Power BI report of the analytics page ("embed for your customers" with a service
   * principal, server/modules/analytics); null when not configured (the page shows its built-in report).
   */
  powerBi: PowerBiConfig | null;
}

export type TrustProxy = boolean | number | string[];

export interface S3Config {
  /** The service's address (http(s)://host:port), or null for AWS's own endpoint of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (http://host/bucket/key), which most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface PowerBiConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  workspaceId: string;
  reportId: string;
  /** Azure AD's base address (the token endpoint is `${authorityUrl}/${tenantId}/oauth2/v2.0/token`). */
  authorityUrl: string;
  /** The Power BI REST API's base address. */
  apiUrl: string;
  /** How long one upstream call may take before the answer is a 502. */
  timeoutMs: number;
}

/** The five settings that together turn the Power BI report on; all or none. */
const POWERBI_REQUIRED = ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET', 'POWERBI_WORKSPACE_ID', 'POWERBI_REPORT_ID'] as const;

const bool = (fallback: boolean) =>
  z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).optional().transform((v) =>
    v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('EventMarket <no-reply@eventmarket.local>'),
  WHATSAPP_API_URL: z.url().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SEED_DEMO: z.string().optional(),
  SEED_DEMO_STATISTICS: z.string().optional(),
  DEMO_PASSWORD: z.string().min(8).default('Demo1234!'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_STATISTICS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_CHECK_TTL_SECONDS: z.coerce.number().min(0).max(900).default(10),
  TRUST_PROXY: z.string().optional(),
  S3_URL: z.string().optional(),
  HUB_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().optional(),
  SSR_DIR: z.string().optional(),
  PSEUDO_LOCALE: z.string().optional(),
  SEARCH_CACHE: z.string().optional(),
  SEARCH_TOTALS_CACHE: z.string().optional(),
  SEARCH_CACHE_TTL_SECONDS: z.coerce.number().min(0).default(30),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').optional(),
  POWERBI_TENANT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_SECRET: z.string().min(1).optional(),
  POWERBI_WORKSPACE_ID: z.string().min(1).optional(),
  POWERBI_REPORT_ID: z.string().min(1).max(100).optional(),
  POWERBI_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  POWERBI_API_URL: z.url().default('https://api.powerbi.com'),
}).superRefine((e, ctx) => {
  // Half a configuration would show a page that always fails: refuse to start instead.
  const set = POWERBI_REQUIRED.filter((name) => e[name] !== undefined);
  if (set.length > 0 && set.length < POWERBI_REQUIRED.length) {
    for (const name of POWERBI_REQUIRED.filter((n) => e[n] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${set.join(', ')}` });
    }
  }
});

function powerBiConfig(e: z.infer<typeof envSchema>): PowerBiConfig | null {
  if (!e.POWERBI_TENANT_ID || !e.POWERBI_CLIENT_ID || !e.POWERBI_CLIENT_SECRET || !e.POWERBI_WORKSPACE_ID || !e.POWERBI_REPORT_ID) return null;
  return {
    tenantId: e.POWERBI_TENANT_ID,
    clientId: e.POWERBI_CLIENT_ID,
    clientSecret: e.POWERBI_CLIENT_SECRET,
    workspaceId: e.POWERBI_WORKSPACE_ID,
    reportId: e.POWERBI_REPORT_ID,
    authorityUrl: e.POWERBI_AUTHORITY_URL.replace(/\/+$/, ''),
    apiUrl: e.POWERBI_API_URL.replace(/\/+$/, ''),
    timeoutMs: 5000,
  };
}

/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: off/false/0 (default), on/true, a hop count, or a comma-separated list of addresses, CIDRs or keywords. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(value)) return false;
  if (['true', 'on', 'yes'].includes(value)) return true;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!(PROXY_KEYWORDS.has(entry) || (family !== 0 && validBits && rest.length === 0))) {
      throw new Error(`Invalid settings:\n  TRUST_PROXY: "${entry}" is not true, false, a hop count, an IP address, a CIDR or one of ${[...PROXY_KEYWORDS].join(', ')}`);
    }
  }
  return entries;
}

/**
 * S3_URL: http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=...&forcePathStyle=true,
 * or s3://ACCESS_KEY:SECRET@bucket[/prefix]?region=... for AWS itself. Key and secret are
 * URL-encoded. The bucket must exist.
 */
export function parseS3Url(raw: string | undefined): S3Config | null {
  if (raw === undefined || raw.trim() === '') return null;
  const fail = (why: string): never => { throw new Error(`Invalid settings:\n  S3_URL: ${why}`); };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('is not a URL (http(s)://KEY:SECRET@host:port/bucket?region=... or s3://KEY:SECRET@bucket?region=...)');
  }
  if (!['http:', 'https:', 's3:'].includes(url.protocol)) fail('must start with http://, https:// or s3://');
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId || !secretAccessKey) fail('needs the access key and secret as KEY:SECRET@');
  const path = url.pathname.split('/').filter(Boolean);
  const aws = url.protocol === 's3:';
  const bucket = aws ? url.hostname : path.shift() ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail(`the bucket name "${bucket}" is not a valid bucket name`);
  const prefix = path.length > 0 ? `${path.join('/')}/` : '';
  const forcePathStyle = url.searchParams.get('forcePathStyle');
  return {
    endpoint: aws ? null : `${url.protocol}//${url.host}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix,
    accessKeyId,
    secretAccessKey,
    // Self-hosted servers rarely have a DNS name per bucket: path style unless told otherwise.
    forcePathStyle: forcePathStyle === null ? !aws : ['1', 'true', 'yes', 'on'].includes(forcePathStyle),
  };
}

/** Keeps a generated JWT secret in DATA_DIR so tokens survive restarts without configuration. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const perMinute = (max: number): RateLimitSetting => ({ max, windowMs: 60_000 });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    inMemoryDatabase: false,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    whatsAppApiUrl: e.WHATSAPP_API_URL ?? null,
    whatsAppToken: e.WHATSAPP_TOKEN ?? null,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    seedDemo: bool(!e.DATABASE_URL).parse(e.SEED_DEMO),
    seedDemoStatistics: bool(true).parse(e.SEED_DEMO_STATISTICS),
    demoPassword: e.DEMO_PASSWORD,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    rateLimits: {
      login: perMinute(e.RATE_LIMIT_AUTH_PER_MINUTE),
      register: perMinute(e.RATE_LIMIT_AUTH_PER_MINUTE),
      forgotPassword: perMinute(e.RATE_LIMIT_AUTH_PER_MINUTE),
      existsCheck: perMinute(e.RATE_LIMIT_AUTH_PER_MINUTE * 3),
      phoneCode: perMinute(5),
      statistics: perMinute(e.RATE_LIMIT_STATISTICS_PER_MINUTE),
      checkout: perMinute(CHECKOUT_SESSIONS_PER_MINUTE),
    },
    sessionCheckTtlMs: e.SESSION_CHECK_TTL_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    s3: parseS3Url(e.S3_URL),
    hubConnectionsPerUser: e.HUB_CONNECTIONS_PER_USER,
    resendSpacingMs: 60_000,
    maxResends: 5,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : resolve('dist'),
    ssrDir: e.SSR_DIR ? resolve(e.SSR_DIR) : resolve('dist-server'),
    pseudoLocale: bool(false).parse(e.PSEUDO_LOCALE),
    searchCache: {
      enabled: bool(true).parse(e.SEARCH_CACHE),
      totals: bool(true).parse(e.SEARCH_TOTALS_CACHE),
      ttlMs: e.SEARCH_CACHE_TTL_SECONDS * 1000,
      maxEntries: 2000,
      // A page of 24 cards is ~15 KB of JSON, of 96 cards ~60 KB: the byte bound caps big pages.
      maxBytes: 48 * 1024 * 1024,
    },
    stripeSecretKey: e.STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    powerBi: powerBiConfig(e),
  };
}
