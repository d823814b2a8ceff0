import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '../../src/domain/locations';
import { listings } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { PASSWORD, signUp, signUpAdmin } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { ANON, apiCaller, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  // Into the empty database: the demo accounts, the taxonomy and the regions.
  expect(await seedDemoData(t.deps.db, PASSWORD)).toBe(true);
  adminToken = (await signUpAdmin(t)).accessToken;
  userToken = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

// Calls go as the Admin unless another token (or ANON) is passed.
const call = apiCaller(() => t, () => adminToken);
const regionsNow = async (): Promise<Region[]> => (await call('GET', '/locations', undefined, ANON)).json();
const names = (r: Region) => r.counties.map((c) => c.name);

describe('GET /locations', () => {
  it('lists the seeded fylker and län with their kommuner, by country then name', async () => {
    const res = await call('GET', '/locations', undefined, ANON);
    expect(res.statusCode).toBe(200);
    const all: Region[] = res.json();
    const no = all.filter((r) => r.country === 'NO');
    const se = all.filter((r) => r.country === 'SE');
    expect(no).toHaveLength(15);
    expect(se).toHaveLength(21);
    expect(all.slice(0, 15)).toEqual(no);
    const nb = new Intl.Collator('nb');
    const sv = new Intl.Collator('sv');
    expect(no.map((r) => r.name)).toEqual([...no.map((r) => r.name)].sort(nb.compare));
    expect(no.map((r) => r.name).at(-1)).toBe('Østfold');
    expect(se.map((r) => r.name)).toEqual([...se.map((r) => r.name)].sort(sv.compare));
    expect(se.map((r) => r.name).at(-1)).toBe('Östergötlands län');

    const vestland = all.find((r) => r.name === 'Vestland')!;
    expect(vestland).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), country: 'NO', version: 1 });
    expect(names(vestland)).toContain('Bergen');
    expect(vestland.counties[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(names(vestland)).toEqual([...names(vestland)].sort(nb.compare));
    expect(names(all.find((r) => r.name === 'Stockholms län')!)).toContain('Stockholm');
    expect(names(all.find((r) => r.name === 'Oslo')!)).toEqual(['Oslo']);
    expect(no.reduce((n, r) => n + r.counties.length, 0)).toBe(357);
    expect(se.reduce((n, r) => n + r.counties.length, 0)).toBe(290);
  });

  it('seeds nothing twice', async () => {
    expect(await seedDemoData(t.deps.db, PASSWORD)).toBe(false);
    expect(await regionsNow()).toHaveLength(36);
  });
});

describe('region writes', () => {
  it('creates a region with trimmed, merged counties', async () => {
    const res = await call('POST', '/locations', { name: '  Testfylke  ', counties: [{ name: ' Bø ' }, { name: '' }, { name: 'bø' }, { name: 'Alvdal' }, { name: '   ' }] });
    expect(res.statusCode, res.body).toBe(201);
    const region: Region = res.json();
    expect(region).toMatchObject({ name: 'Testfylke', country: 'NO', version: 1 });
    expect(names(region)).toEqual(['Alvdal', 'Bø']);
    const listed = (await regionsNow()).find((r) => r.id === region.id);
    expect(listed).toEqual(region);
    expect((await call('GET', `/locations/${region.id}`)).json()).toEqual(region);
  });

  it("requires a name: 'Region name is required'", async () => {
    for (const body of [{ name: '  ', counties: [] }, { counties: [{ name: 'X' }] }]) {
      const res = await call('POST', '/locations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Region name is required', errors: [{ field: 'name', message: 'Region name is required' }] });
    }
    expect((await call('POST', '/locations', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call('POST', '/locations', { name: 'Bad', country: 'DK' })).statusCode).toBe(400);
    expect((await call('POST', '/locations', { name: 'Bad', counties: 'Oslo' })).statusCode).toBe(400);
  });

  it('refuses a duplicate region name with 409 (case-insensitively)', async () => {
    const res = await call('POST', '/locations', { name: 'vestland', counties: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
    const mine = (await call('POST', '/locations', { name: 'Another', counties: [] })).json();
    expect((await call('PUT', `/locations/${mine.id}`, { name: 'Rogaland' })).statusCode).toBe(409);
  });

  it('replaces the county list on PUT, keeping ids of unchanged counties', async () => {
    const region: Region = (await call('POST', '/locations', { name: 'Replace me', counties: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }] })).json();
    const id = (name: string) => region.counties.find((c) => c.name === name)!.id;
    const res = await call('PUT', `/locations/${region.id}`, { name: 'Replaced', country: 'SE', counties: [{ name: 'One' }, { name: 'two' }, { name: 'Four' }] });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Region = res.json();
    expect(updated).toMatchObject({ name: 'Replaced', country: 'SE', version: 2 });
    expect(names(updated)).toEqual(['Four', 'One', 'two']);
    expect(updated.counties.find((c) => c.name === 'One')!.id).toBe(id('One'));
    expect(updated.counties.find((c) => c.name === 'two')!.id).toBe(id('Two'));
    expect(updated.counties.map((c) => c.id)).not.toContain(id('Three'));
    // Without a county list the counties stay as they are.
    const renamed: Region = (await call('PUT', `/locations/${region.id}`, { name: 'Replaced again' })).json();
    expect(renamed.counties).toEqual(updated.counties);
    expect((await call('PUT', `/locations/${region.id}`, { name: 'Stale' }, adminToken, { 'if-match': '1' })).statusCode).toBe(412);
  });

  it("accepts ids with the 'regions/' prefix", async () => {
    const region: Region = (await call('POST', '/locations', { name: 'Prefixed', counties: ['A', 'B'] })).json();
    for (const path of [`/locations/regions/${region.id}`, `/locations/regions%2F${region.id}`]) {
      const res = await call('PUT', path, { name: 'Prefixed', counties: [{ name: 'A' }] });
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }
    expect((await call('DELETE', `/locations/regions/${region.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/locations/${region.id}`)).statusCode).toBe(404);
  });

  it('deletes a region with its counties; 404 and 400 for bad ids', async () => {
    const region: Region = (await call('POST', '/locations', { name: 'Short-lived', counties: [{ name: 'X' }] })).json();
    expect((await call('DELETE', `/locations/${region.id}`)).statusCode).toBe(204);
    expect((await regionsNow()).some((r) => r.id === region.id)).toBe(false);
    expect((await call('DELETE', `/locations/${region.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/locations/${randomUUID()}`, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call('DELETE', '/locations/not-an-id')).statusCode).toBe(400);
  });

  it('refuses malformed bodies with 400 and a message', async () => {
    const region: Region = (await call('POST', '/locations', { name: 'Malformed target', counties: [{ name: 'A' }] })).json();
    const bad: unknown[] = [
      null, [], 'Oslo', 42, { name: 5 }, { name: ['x'] }, { name: 'Ok', counties: [null] }, { name: 'Ok', counties: [{}] },
      { name: 'Ok', counties: [{ name: 7 }] }, { name: 'Ok', counties: { name: 'A' } }, { name: 'Ok', counties: [{ name: 'x'.repeat(101) }] },
      { name: 'Ok', counties: Array.from({ length: 501 }, (_, i) => ({ name: `C${i}` })) },
    ];
    for (const body of bad) {
      for (const [method, path] of [['POST', '/locations'], ['PUT', `/locations/${region.id}`]] as const) {
        const res = await call(method, path, body);
        expect(res.statusCode, `${method} ${JSON.stringify(body).slice(0, 60)} ${res.body}`).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    }
    // Nothing of those reached the stored region.
    expect((await call('GET', `/locations/${region.id}`)).json()).toEqual(region);
  });

  it('refuses to delete a region a listing is tagged with, by the region or one of its counties (409)', async () => {
    const f = await listingFixture(t);
    const byRegion = await f.add({ regionIds: [f.region.id] });
    const byCounty = await f.add({ countyIds: [f.county2.id] });
    for (const path of [`/locations/${f.region.id}`, `/locations/regions/${f.region.id}`]) {
      const res = await call('DELETE', path);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('This region is used by listings. Remove it from them first.');
    }
    await t.deps.db.delete(listings).where(eq(listings.id, byRegion.id));
    expect((await call('DELETE', `/locations/${f.region.id}`)).statusCode).toBe(409);
    await t.deps.db.delete(listings).where(eq(listings.id, byCounty.id));
    expect((await call('DELETE', `/locations/${f.region.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/locations/${f.region.id}`)).statusCode).toBe(404);
  });

  it('refuses a PUT that drops a county a listing is tagged with (409), changing nothing', async () => {
    const f = await listingFixture(t);
    await f.add({ countyIds: [f.county1.id] });
    const before: Region = (await call('GET', `/locations/${f.region.id}`)).json();
    const res = await call('PUT', `/locations/${f.region.id}`, { name: 'Renamed with a drop', counties: [{ name: 'Two' }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'A county you removed is used by listings. Keep it, or remove it from them first.',
      errors: [{ field: 'counties' }],
    });
    expect((await call('GET', `/locations/${f.region.id}`)).json()).toEqual(before);
    // Keeping the used county (any case) and dropping the unused one is fine.
    const ok = await call('PUT', `/locations/${f.region.id}`, { name: 'Renamed', counties: [{ name: 'one' }, { name: 'Three' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().counties.find((c: { name: string }) => c.name === 'one').id).toBe(f.county1.id);
  });

  it('needs an Admin: 401 anonymous, 403 for a normal user', async () => {
    const vestland = (await regionsNow()).find((r) => r.name === 'Vestland')!;
    for (const [token, status] of [[ANON, 401], [userToken, 403]] as const) {
      expect((await call('POST', '/locations', { name: 'Nope' }, token)).statusCode).toBe(status);
      expect((await call('PUT', `/locations/${vestland.id}`, { name: 'Nope' }, token)).statusCode).toBe(status);
      expect((await call('DELETE', `/locations/${vestland.id}`, undefined, token)).statusCode).toBe(status);
    }
    expect((await call('GET', '/locations', undefined, userToken)).statusCode).toBe(200);
  });
});
