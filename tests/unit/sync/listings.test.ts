import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/database';
import { queueWrite, userEntries } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replay';
import {
  createListing, listings, pullCompanyListings, pullOwnListing, removeListing, updateListing,
} from '../../../src/sync/entities/listings';
import { calls, json, stubApi } from './fixtures';
import { COMPANY_ID, answered, ownCompany, ownedCard, save } from './listing-fixtures';

const L1 = '00000000-0000-4000-8000-000000000001';
const L2 = '00000000-0000-4000-8000-000000000002';
const L3 = '00000000-0000-4000-8000-000000000003';

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const replayer = () => createReplayer({ getUserId: () => 'u1', lock: (fn) => fn() });
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;
const headerOf = (call: unknown[], name: string) => ((call[1] as RequestInit).headers as Record<string, string>)[name];

describe('the listing entity', () => {
  it('create applies at once, is sent as POST with the device-made id, and the answer settles over the row', async () => {
    const s = save(L1, { status: 100 });
    const fetchMock = stubApi({ 'POST /listing': () => json(201, answered(s, 1), { etag: '"1"' }) });
    const entry = await queueWrite(createListing, s, 'u1');
    expect(entry).toMatchObject({ kind: 'listing.create', entity: 'listing', entityId: L1, method: 'POST', path: '/listing', baseVersion: null });
    expect(await db.ownListings.get(L1)).toMatchObject({ id: L1, name: 'Boat trips', status: 100, version: 0, userId: 'u1', companyId: COMPANY_ID });
    expect(fetchMock).not.toHaveBeenCalled();

    await replayer().run();
    const [post] = calls(fetchMock, '/listing');
    expect(bodyOf(post!)).toMatchObject({ id: L1, companyId: COMPANY_ID, status: 100, name: 'Boat trips' });
    expect(headerOf(post!, 'idempotency-key')).toBe(entry.id);
    expect(await db.ownListings.get(L1)).toMatchObject({ version: 1, status: 100, userId: 'u1' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('update sends PUT with If-Match of the stored version and without the id in the body', async () => {
    const s = save(L1);
    await db.ownListings.put({ ...answered(s, 3), userId: 'u1', fetchedAt: 1 });
    const changed = save(L1, { name: 'Boat tours' });
    const fetchMock = stubApi({ [`PUT /listing/${L1}`]: () => json(200, answered(changed, 4), { etag: '"4"' }) });
    await queueWrite(updateListing, changed, 'u1');
    expect(await db.ownListings.get(L1)).toMatchObject({ name: 'Boat tours', version: 3 });
    await replayer().run();
    const [put] = calls(fetchMock, `/listing/${L1}`);
    expect(headerOf(put!, 'if-match')).toBe('"3"');
    expect(bodyOf(put!)).not.toHaveProperty('id');
    expect(await db.ownListings.get(L1)).toMatchObject({ name: 'Boat tours', version: 4 });
  });

  it('an update of a listing whose create is still queued goes without If-Match, after the create', async () => {
    const created = save(L1);
    const edited = save(L1, { name: 'Boat tours', status: 100 });
    const fetchMock = stubApi({
      'POST /listing': () => json(201, answered(created, 1), { etag: '"1"' }),
      [`PUT /listing/${L1}`]: () => json(200, answered(edited, 2), { etag: '"2"' }),
    });
    await queueWrite(createListing, created, 'u1');
    const update = await queueWrite(updateListing, edited, 'u1');
    expect(update.baseVersion).toBeNull();
    await replayer().run();
    expect(fetchMock.mock.calls.map(([, init]) => (init as RequestInit).method)).toEqual(['POST', 'PUT']);
    expect(headerOf(calls(fetchMock, `/listing/${L1}`)[0]!, 'if-match')).toBeUndefined();
    expect(await db.ownListings.get(L1)).toMatchObject({ name: 'Boat tours', status: 100, version: 2 });
  });

  it('a create queued offline is sent once when back online, and never again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const s = save(L1);
    const fetchMock = stubApi({ 'POST /listing': () => json(201, answered(s, 1), { etag: '"1"' }) });
    const sender = replayer();
    try {
      await queueWrite(createListing, s, 'u1');
      await sender.run();
      expect(fetchMock).not.toHaveBeenCalled();
      expect((await userEntries('u1'))[0]).toMatchObject({ state: 'pending', attempts: 1 });
      onLine.mockReturnValue(true);
      await sender.run();
      await sender.run();
      expect(calls(fetchMock, '/listing')).toHaveLength(1);
      expect(await db.outbox.count()).toBe(0);
      expect(await db.ownListings.get(L1)).toMatchObject({ version: 1 });
    } finally {
      sender.stop();
    }
  });

  it('remove deletes the row at once and sends DELETE; a pull meanwhile does not bring it back', async () => {
    const s = save(L1);
    await db.ownListings.put({ ...answered(s, 2), userId: 'u1', fetchedAt: 1 });
    const fetchMock = stubApi({
      [`GET /listing/company/${COMPANY_ID}`]: () => json(200, [ownedCard(answered(s, 2))]),
      [`GET /listing/${L1}`]: () => json(200, answered(s, 2)),
    });
    await queueWrite(removeListing, { id: L1, name: s.input.name }, 'u1');
    expect(await db.ownListings.get(L1)).toBeUndefined();
    await pullCompanyListings(COMPANY_ID, 'u1');
    await pullOwnListing(L1, 'u1');
    expect(await db.ownListings.get(L1)).toBeUndefined();
    stubApi({ [`DELETE /listing/${L1}`]: () => new Response(null, { status: 204 }) });
    await replayer().run();
    expect(await db.outbox.count()).toBe(0);
    expect(fetchMock).toHaveBeenCalled();
  });

  it('names the listing in the list of unsent changes', async () => {
    expect(await createListing.describe(save(L1))).toEqual({ action: 'listing.create', subject: 'Boat trips' });
    expect(await removeListing.describe({ id: L1, name: 'Old' })).toEqual({ action: 'listing.remove', subject: 'Old' });
  });
});

describe('pulling the owner\'s listings', () => {
  it('pulls the companies first and asks nothing more when the user has none', async () => {
    const fetchMock = stubApi({ 'GET /company/by-user': () => json(200, []) });
    await listings.pull('u1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls(fetchMock, '/company/by-user')).toHaveLength(1);
  });

  it('stores each company\'s listings in full, reads only new or changed ones, drops unlisted ones and holds back queued rows', async () => {
    await db.ownCompanies.put(ownCompany('u1'));
    const unchanged = answered(save(L1, { name: 'Same' }), 2);
    const edited = answered(save(L2, { name: 'Server name' }), 5);
    const gone = answered(save(L3), 1);
    await db.ownListings.bulkPut([unchanged, answered(save(L2), 4), gone].map((l) => ({ ...l, userId: 'u1', fetchedAt: 1 })));
    // A local edit of L2 is queued: the server's newer copy must not overwrite it.
    stubApi({});
    await queueWrite(updateListing, save(L2, { name: 'My local name' }), 'u1');
    const fetchMock = stubApi({
      'GET /company/by-user': () => json(200, [ownCompany('u1')]),
      [`GET /listing/company/${COMPANY_ID}`]: () => json(200, [ownedCard(unchanged), ownedCard(edited)]),
      [`GET /listing/${L2}`]: () => json(200, edited),
    });
    await listings.pull('u1');
    expect(calls(fetchMock, `/listing/${L1}`)).toHaveLength(0);
    expect(calls(fetchMock, `/listing/${L2}`)).toHaveLength(1);
    expect(await db.ownListings.get(L1)).toMatchObject({ name: 'Same', version: 2 });
    expect(await db.ownListings.get(L2)).toMatchObject({ name: 'My local name', version: 4 });
    expect(await db.ownListings.get(L3)).toBeUndefined();
  });

  it('fetches a new listing in full and a listing the server no longer has is removed', async () => {
    const fresh = answered(save(L1), 1);
    const fetchMock = stubApi({
      [`GET /listing/company/${COMPANY_ID}`]: () => json(200, [ownedCard(fresh)]),
      [`GET /listing/${L1}`]: () => json(200, fresh),
    });
    const rows = await pullCompanyListings(COMPANY_ID, 'u1');
    expect(rows.map((r) => r.id)).toEqual([L1]);
    expect(await db.ownListings.get(L1)).toMatchObject({ description: '<p>Hello</p>', userId: 'u1' });
    expect(calls(fetchMock, `/listing/${L1}`)).toHaveLength(1);
    stubApi({ [`GET /listing/${L1}`]: () => json(404, { message: 'Listing not found' }) });
    expect(await pullOwnListing(L1, 'u1')).toBeUndefined();
    expect(await db.ownListings.get(L1)).toBeUndefined();
  });
});
