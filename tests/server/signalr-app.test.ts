import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The hub as the real app wires it: the app's global hooks (Bearer auth on every request, the
 * JSON input guards, the 1 MB body limit, ignoreTrailingSlash) must leave the hub routes working.
 */
const RS = '\u001e';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

describe('the chat hub in the app', () => {
  it('negotiates with a real access token and refuses none or a bad one', async () => {
    const ok = await t.request({ method: 'POST', url: '/chathub/negotiate?negotiateVersion=1', token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ negotiateVersion: 1, connectionToken: expect.any(String) });
    expect((await t.request({ method: 'POST', url: '/chathub/negotiate?negotiateVersion=1' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/chathub/negotiate?negotiateVersion=1', token: 'not-a-jwt' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/chathub/negotiate', token })).statusCode).toBe(405);
  });

  it('runs a long-polling handshake and invocation through the global hooks, raw bodies untouched', async () => {
    const { connectionToken: id } = (await t.request({ method: 'POST', url: '/chathub/negotiate?negotiateVersion=1', token })).json() as { connectionToken: string };
    expect((await t.request({ method: 'GET', url: `/chathub/?id=${id}&_=1`, token })).statusCode).toBe(200);
    // A JSON content type and a NUL escape must reach the hub as bytes: not parsed, not refused by the guards.
    const send = await t.request({
      method: 'POST', url: `/chathub?id=${id}`, token, headers: { 'content-type': 'application/json' },
      payload: `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"NoSuchMethod","arguments":["\\u0000"]}${RS}`,
    });
    expect(send.statusCode).toBe(200);
    const poll = await t.request({ method: 'GET', url: `/chathub?id=${id}&_=2`, token });
    expect(poll.statusCode).toBe(200);
    const records = poll.body.split(RS).filter(Boolean).map((r) => JSON.parse(r) as Record<string, unknown>);
    expect(records[0]).toEqual({});
    expect(records[1]).toMatchObject({ type: 3, invocationId: '1', error: expect.stringContaining('NoSuchMethod') });
    expect((await t.request({ method: 'DELETE', url: `/chathub?id=${id}`, token })).statusCode).toBe(202);
  });
});
