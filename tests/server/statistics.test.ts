import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingEvents } from '../../server/db/schema';
import { signUp } from './helpers/accounts';
import { listingFixture } from './helpers/listings';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let listingId: string;
let token: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const f = await listingFixture(t);
  listingId = (await f.add()).id;
  const user = await signUp(t);
  token = user.accessToken;
  userId = user.user.id;
});
afterAll(() => t.close());

const metadata = {
  deviceId: randomUUID(), userAgent: 'Mozilla/5.0', browser: 'Chrome', screenWidth: 390, screenHeight: 844, deviceType: 'mobile',
  language: 'nb-NO', timezone: 'Europe/Oslo', referrer: '', path: '/listing/x',
};
const record = (payload: unknown, as?: string) => t.request({ method: 'POST', url: '/api/ListingStatistics/record', payload: payload as object, token: as });

describe('POST /ListingStatistics/record', () => {
  it('stores events with lowercased types; the user comes from the token, never the body', async () => {
    const anon = await record({ listingId, eventType: 'view', userId: randomUUID(), metadata });
    expect(anon.statusCode, anon.body).toBe(204);
    const signed = await record({ listingId, eventType: 'phoneClick', userId: randomUUID(), metadata: { ...metadata, phoneNumber: '+47 912 34 567', extra: 'dropped' } }, token);
    expect(signed.statusCode, signed.body).toBe(204);
    expect((await record({ listingId, eventType: 'linkOpen', metadata: { url: 'https://example.com/' } })).statusCode).toBe(204);
    for (const type of ['CHATSTART', 'favorite']) expect((await record({ listingId, eventType: type })).statusCode).toBe(204);
    const rows = await t.deps.db.select().from(listingEvents).where(eq(listingEvents.listingId, listingId));
    expect(rows.map((r) => r.eventType).sort()).toEqual(['chatstart', 'favorite', 'linkopen', 'phoneclick', 'view']);
    expect(rows.find((r) => r.eventType === 'view')!.userId).toBeNull();
    const phone = rows.find((r) => r.eventType === 'phoneclick')!;
    expect(phone.userId).toBe(userId);
    expect(rows.find((r) => r.eventType === 'linkopen')!.metadata).toEqual({ url: 'https://example.com/' });
    expect(phone.metadata).toEqual({ ...metadata, phoneNumber: '+47 912 34 567' });
  });

  it('rejects bad input and unknown listings', async () => {
    const badType = await record({ listingId, eventType: 'purchase' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].field).toBe('eventType');
    expect((await record({ listingId: 'x', eventType: 'view' })).json().errors[0].field).toBe('listingId');
    expect((await record({ listingId, eventType: 'view', metadata: { screenWidth: 'wide' } })).json().errors[0].field).toBe('metadata.screenWidth');
    expect((await record({ listingId, eventType: 'view', metadata: 'x' })).statusCode).toBe(400);
    expect((await record({ listingId: randomUUID(), eventType: 'view' })).statusCode).toBe(404);
  });
});
