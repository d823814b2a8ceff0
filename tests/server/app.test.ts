import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/platform/mail';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  const staticDir = await mkdtemp(join(tmpdir(), 'em-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>EventMarket</title><div id="root"></div>');
  await writeFile(join(staticDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ staticDir });
});
afterAll(() => t.close());

describe('the HTTP shell', () => {
  it('answers health once the database is ready', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/api/health', '/', '/api/nope']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('matches API paths case-insensitively', async () => {
    const res = await t.request({ method: 'GET', url: '/API/Health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toMatch(/not found/);
  });

  it('rejects malformed JSON with 400 and a message, never a 500', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('rejects a body that is not JSON, or is JSON of the wrong kind, with 400', async () => {
    const form = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({
      message: 'Send the body as JSON (Content-Type: application/json)',
      errors: [{ field: 'body', message: 'Send the body as JSON (Content-Type: application/json)' }],
    });
    const text = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([{ field: 'body', message: 'The body must be a JSON object' }]);
    const array = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(array.statusCode).toBe(400);
    expect(array.json().errors[0].field).toBe('body');
    const empty = await t.request({ method: 'POST', url: '/api/auth/refresh-token', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('rejects a body of the wrong shape with field errors', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'email' }),
      { field: 'password', message: 'password is required' },
    ]));
    expect(body.errors.find((e: { field: string }) => e.field === 'email').message).not.toMatch(/required/);
  });

  it('serves the app shell for client routes and static files as they are', async () => {
    const deep = await t.request({ method: 'GET', url: '/listing/123?mode=review' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<div id="root">');
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('User-agent');
  });

  it('lists the local outbox as JSON and as a page while the outbox is active', async () => {
    await t.deps.mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'Open http://app.test/confirm-email?token=x&userId=y now' });
    const json = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.statusCode).toBe(200);
    const [first] = json.json();
    expect(first).toMatchObject({ to: 'a@example.org', subject: 'Hello' });
    expect(Object.keys(first).sort()).toEqual(['createdAt', 'subject', 'text', 'to']);
    const page = await t.request({ method: 'GET', url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://app.test/confirm-email?token=x&#38;userId=y">');
  });

  it('has no outbox routes when real providers are configured', async () => {
    const app = await buildApp({
      ...t.deps,
      mailer: smtpMailer('smtp://127.0.0.1:1', 'x@example.org'),
      whatsApp: { kind: 'cloud-api', send: async () => {} },
      config: { ...t.config, staticDir: null },
    });
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    await app.close();
  });
});
