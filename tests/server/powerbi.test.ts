import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsEmbedConfig, AnalyticsReportInfo } from '../../src/domain/analytics';
import { buildApp } from '../../server/app';
import { loadConfig, type PowerBiConfig } from '../../server/config';
import { POWERBI_SCOPE } from '../../server/modules/analytics/powerbi';
import { PASSWORD, signUp, signUpAdmin } from './helpers/accounts';
import { createCompany } from './helpers/companies';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

/**
 * A stand-in for Azure AD and the Power BI REST API on 127.0.0.1: the only fake is the outside
 * world; the app's own client, routes and checks run as in production.
 */
interface Seen { method: string; path: string; headers: IncomingMessage['headers']; body: string }

let fake: Server;
let base: string;
const seen: Seen[] = [];
/** How the fake answers the next requests, by path suffix; absent = the normal answer. */
let failures: Record<string, number | 'hang'> = {};
let tokenCount = 0;

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = req.url ?? '';
  seen.push({ method: req.method ?? '', path, headers: req.headers, body });
  const failure = Object.entries(failures).find(([suffix]) => path.endsWith(suffix))?.[1];
  if (failure === 'hang') return; // never answers: the client's timeout must end it
  const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  if (failure) return json(failure, { error: { code: 'Failure', message: 'as asked' } });
  if (path === '/aad/tenant-1/oauth2/v2.0/token' && req.method === 'POST') {
    tokenCount += 1;
    return json(200, { token_type: 'Bearer', expires_in: 3599, access_token: `aad-token-${tokenCount}` });
  }
  if (path === '/pbi/v1.0/myorg/groups/ws-1/reports/rep-1' && req.method === 'GET') {
    return json(200, { id: 'rep-1', name: 'Company report', datasetId: 'ds-1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=rep-1' });
  }
  if (path === '/pbi/v1.0/myorg/GenerateToken' && req.method === 'POST') {
    return json(200, { token: 'embed-token-1', tokenId: randomUUID(), expiration: '2030-01-01T01:00:00Z' });
  }
  return json(404, { error: 'unknown path' });
}

let t: TestApp;
let bare: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let companyId: string;

const call = apiCaller(() => t, () => owner.accessToken);
const embed = (company: string = companyId, reportId = 'rep-1', token?: string) =>
  call('GET', `/powerbi/embed-config/${reportId}?companyId=${company}`, undefined, token);
const tokenRequests = () => seen.filter((s) => s.path.includes('/oauth2/'));

/** Moves the clock on and logs everyone in again (their access tokens last 15 minutes). */
async function advance(ms: number) {
  t.advance(ms);
  for (const account of [owner, stranger, admin]) {
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    account.accessToken = (login.json() as { accessToken: string }).accessToken;
  }
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const powerBi: PowerBiConfig = {
    tenantId: 'tenant-1', clientId: 'client-1', clientSecret: 'secret-1', workspaceId: 'ws-1', reportId: 'rep-1',
    authorityUrl: `${base}/aad`, apiUrl: `${base}/pbi`, timeoutMs: 300,
  };
  t = await createTestApp({ powerBi });
  bare = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  admin = await signUpAdmin(t);
  companyId = (await createCompany(t, owner.accessToken)).id;
});
afterAll(async () => {
  await t.close();
  await bare.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  failures = {};
});

describe('GET /powerbi/report', () => {
  it('lets the page frame app.powerbi.com only when a report is configured', async () => {
    const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
    expect(csp(await call('GET', '/powerbi/report'))).toMatch(/frame-src [^;]*https:\/\/app\.powerbi\.com/);
    expect(csp(await bare.request({ method: 'GET', url: '/api/health' }))).not.toContain('powerbi');
  });

  it('answers the configured report, or null without a configuration; login required', async () => {
    expect((await call('GET', '/powerbi/report')).json()).toEqual({ reportId: 'rep-1' } satisfies AnalyticsReportInfo);
    expect((await call('GET', '/powerbi/report', undefined, ANON)).statusCode).toBe(401);
    const account = await signUp(bare);
    const res = await bare.request({ method: 'GET', url: '/api/powerbi/report', token: account.accessToken });
    expect(res.json()).toEqual({ reportId: null });
    const embedBare = await bare.request({ method: 'GET', url: `/api/powerbi/embed-config/rep-1?companyId=${randomUUID()}`, token: account.accessToken });
    expect(embedBare.statusCode).toBe(404);
    expect(embedBare.json()).toMatchObject({ message: 'Power BI is not configured' });
  });
});

describe('GET /powerbi/embed-config/{reportId}', () => {
  it('gets an app-only token, the report and an embed token for the company as its effective identity', async () => {
    seen.length = 0;
    const res = await embed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reportId: 'rep-1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=rep-1', embedToken: 'embed-token-1', expiresAt: '2030-01-01T01:00:00Z',
    } satisfies AnalyticsEmbedConfig);

    const [token, report, generate] = seen;
    expect(token).toMatchObject({ method: 'POST', path: '/aad/tenant-1/oauth2/v2.0/token' });
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'client_credentials', client_id: 'client-1', client_secret: 'secret-1', scope: POWERBI_SCOPE,
    });
    expect(POWERBI_SCOPE).toBe('https://analysis.windows.net/powerbi/api/.default');
    const bearer = `Bearer aad-token-${tokenCount}`;
    expect(report).toMatchObject({ method: 'GET', path: '/pbi/v1.0/myorg/groups/ws-1/reports/rep-1' });
    expect(report!.headers.authorization).toBe(bearer);
    expect(generate).toMatchObject({ method: 'POST', path: '/pbi/v1.0/myorg/GenerateToken' });
    expect(generate!.headers.authorization).toBe(bearer);
    expect(JSON.parse(generate!.body)).toEqual({
      reports: [{ id: 'rep-1' }],
      datasets: [{ id: 'ds-1' }],
      identities: [{ username: companyId, roles: ['Company'], datasets: ['ds-1'] }],
    });
    expect(seen).toHaveLength(3);
  });

  it('keeps the Azure AD token until shortly before it expires', async () => {
    const before = tokenRequests().length;
    expect((await embed()).statusCode).toBe(200);
    expect((await embed()).statusCode).toBe(200);
    // Still cached 50 minutes on (it lasts 3599 s).
    await advance(50 * 60_000);
    expect((await embed()).statusCode).toBe(200);
    expect(tokenRequests().length - before).toBeLessThanOrEqual(1);
    const afterFirst = tokenRequests().length;
    // 56 minutes after it was issued it is within the renewal margin: a new one is asked for and used.
    await advance(6 * 60_000);
    seen.length = 0;
    expect((await embed()).statusCode).toBe(200);
    expect(tokenRequests()).toHaveLength(1);
    expect(seen.find((s) => s.path.endsWith('/GenerateToken'))!.headers.authorization).toBe(`Bearer aad-token-${tokenCount}`);
    expect(tokenCount).toBe(afterFirst + 1);
  });

  it('answers the company\'s owner and Admins only, and checks the input first', async () => {
    expect((await embed(companyId, 'rep-1', ANON)).statusCode).toBe(401);
    expect((await embed(companyId, 'rep-1', stranger.accessToken)).statusCode).toBe(403);
    expect((await embed(companyId, 'rep-1', admin.accessToken)).statusCode).toBe(200);
    expect((await embed(randomUUID())).statusCode).toBe(404);
    const other = await embed(companyId, 'rep-2');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Report not found' });
    for (const bad of ['', 'not-an-id', '%00']) expect((await embed(bad)).statusCode).toBe(400);
    expect((await call('GET', '/powerbi/embed-config/rep-1')).statusCode).toBe(400);
  });

  it('answers 502 when Azure AD or Power BI fails or does not answer in time', async () => {
    const cases: Record<string, number | 'hang'>[] = [{ '/GenerateToken': 500 }, { '/reports/rep-1': 'hang' }, { '/reports/rep-1': 200 }];
    for (const failure of cases) {
      failures = failure;
      // A 200 from the report call with a body that is no report (the fake's error shape) is a failure too.
      const res = await embed();
      expect(res.statusCode, JSON.stringify(failure)).toBe(502);
      expect(res.json()).toEqual({ message: 'The analytics service could not be reached' });
    }
    // A refused token is dropped: the next call asks Azure AD again.
    failures = { '/reports/rep-1': 401 };
    expect((await embed()).statusCode).toBe(502);
    failures = {};
    const before = tokenRequests().length;
    expect((await embed()).statusCode).toBe(200);
    expect(tokenRequests().length).toBe(before + 1);
    // Azure AD itself failing.
    await advance(2 * 3600_000);
    failures = { '/oauth2/v2.0/token': 400 };
    expect((await embed()).statusCode).toBe(502);
  });
});

describe('the failure log', () => {
  it('says what failed upstream, without the client secret or tokens', async () => {
    const lines: string[] = [];
    const app = await buildApp({ ...t.deps, config: { ...t.config, logLevel: 'error' }, logStream: { write: (line) => { lines.push(line); } } });
    try {
      failures = { '/GenerateToken': 503 };
      const res = await app.inject({ method: 'GET', url: `/api/powerbi/embed-config/rep-1?companyId=${companyId}`, headers: { authorization: `Bearer ${owner.accessToken}` } });
      expect(res.statusCode, res.body).toBe(502);
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!) as { msg: string; detail: string; companyId: string };
      expect(entry).toMatchObject({ msg: 'Power BI embed configuration failed', companyId });
      expect(entry.detail).toMatch(/^Power BI GenerateToken: HTTP 503/);
      for (const secret of ['secret-1', 'aad-token-']) expect(lines[0]).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  const env = { DATA_DIR: '/tmp/em-powerbi-config', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
  it('is all five settings or none, with default Azure AD and Power BI addresses', () => {
    expect(loadConfig(env).powerBi).toBeNull();
    const full = loadConfig({
      ...env, POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's', POWERBI_WORKSPACE_ID: 'w', POWERBI_REPORT_ID: 'r',
    }).powerBi;
    expect(full).toMatchObject({ authorityUrl: 'https://login.microsoftonline.com', apiUrl: 'https://api.powerbi.com', timeoutMs: 5000, reportId: 'r' });
    expect(() => loadConfig({ ...env, POWERBI_TENANT_ID: 't', POWERBI_REPORT_ID: 'r' })).toThrow(/POWERBI_CLIENT_ID: is required/);
  });
});
