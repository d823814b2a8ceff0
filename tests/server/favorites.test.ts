import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;
let otherToken: string;
let a: string;
let b: string;
let draft: string;

beforeAll(async () => {
  t = await createTestApp();
  const f = await listingFixture(t);
  a = (await f.add()).id;
  b = (await f.add()).id;
  draft = (await f.add({ status: 0 })).id;
  token = (await signUp(t)).accessToken;
  otherToken = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: string | undefined = token) =>
  t.request({ method, url: `/api${url}`, token: as });

describe('favorites', () => {
  it('needs a login', async () => {
    expect((await call('GET', '/Favorites', '')).statusCode).toBe(401);
    expect((await call('POST', `/Favorites/${a}`, '')).statusCode).toBe(401);
    expect((await call('DELETE', `/Favorites/${a}`, '')).statusCode).toBe(401);
  });

  it('adds and removes idempotently, newest first, per user', async () => {
    expect((await call('GET', '/Favorites')).json()).toEqual({ favoriteListings: [] });
    expect((await call('POST', `/Favorites/${a}`)).json()).toEqual({ favoriteListings: [a] });
    t.advance(1000);
    const twice = await call('POST', `/Favorites/${b}`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ favoriteListings: [b, a] });
    expect((await call('POST', `/Favorites/${b}`)).json()).toEqual({ favoriteListings: [b, a] });
    expect((await call('GET', '/favorites')).json()).toEqual({ favoriteListings: [b, a] });

    expect((await call('GET', '/Favorites', otherToken)).json()).toEqual({ favoriteListings: [] });
    expect((await call('DELETE', `/Favorites/${a}`, otherToken)).json()).toEqual({ favoriteListings: [] });
    expect((await call('GET', '/Favorites')).json()).toEqual({ favoriteListings: [b, a] });

    expect((await call('DELETE', `/Favorites/${a}`)).json()).toEqual({ favoriteListings: [b] });
    expect((await call('DELETE', `/Favorites/${a}`)).json()).toEqual({ favoriteListings: [b] });
  });

  it('404s for unknown or hidden listings and 400s for malformed ids', async () => {
    expect((await call('POST', `/Favorites/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('POST', `/Favorites/${draft}`)).statusCode).toBe(404);
    const bad = await call('POST', '/Favorites/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('listingId');
  });
});
