import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema';
import { makePng, multipart } from '../fixtures/images';
import { signUp, signUpAdmin } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/** PUT /files/{id} creates the file under a client-made id (an image chosen offline keeps its UUID). */

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ maxUploadBytes: 200_000 }); });
afterAll(() => t.close());

async function put(token: string | undefined, id: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const body = await multipart('data', bytes, 'card.png', 'image/png');
  return t.request({ method: 'PUT', url: `/api/files/${id}`, token, payload: body.payload, headers: { ...body.headers, ...headers } });
}
const manifest = () => t.request({ method: 'GET', url: '/api/files/manifest' });
const b64sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');
const served = async (id: string) => (await t.request({ method: 'GET', url: `/api/files/${id}` })).rawPayload;

describe('PUT /files/{id}', () => {
  it('creates a file under an id no file has (201), owned by the caller, and lists it in the manifest', async () => {
    const user = await signUp(t);
    const before = await manifest();
    const id = randomUUID();
    const png = await makePng(64, 36, '#336699');
    const res = await put(user.accessToken, id, png);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id });
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ ownerId: user.user.id, contentType: 'image/png', width: 64, height: 36, originalName: 'card.png', version: 1 });
    expect(Buffer.compare(await served(id), png)).toBe(0);
    const after = await manifest();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toContainEqual({ blobFileId: id, shA256Hash: b64sha(png) });
  });

  it('replaces the caller\'s own file (200) with new bytes under the same id', async () => {
    const user = await signUp(t);
    const id = randomUUID();
    expect((await put(user.accessToken, id, await makePng(20, 20, '#ff0000'))).statusCode).toBe(201);
    const blue = await makePng(20, 20, '#0000ff');
    const etag = (await manifest()).headers.etag;
    const res = await put(user.accessToken, id, blue);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id });
    expect(Buffer.compare(await served(id), blue)).toBe(0);
    const after = await manifest();
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toContainEqual({ blobFileId: id, shA256Hash: b64sha(blue) });
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, id));
    expect(row!.version).toBe(2);
  });

  it('refuses another user\'s file (403) and changes nothing; an Admin may replace it; anonymous is 401', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const id = randomUUID();
    const original = await makePng(30, 30, '#00aa00');
    expect((await put(owner.accessToken, id, original)).statusCode).toBe(201);
    const refused = await put(stranger.accessToken, id, await makePng(30, 30, '#aa0000'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the uploader can change this file');
    expect(Buffer.compare(await served(id), original)).toBe(0);
    expect((await put(undefined, id, await makePng(30, 30))).statusCode).toBe(401);
    expect((await put(undefined, randomUUID(), await makePng(30, 30))).statusCode).toBe(401);
    const admin = await signUpAdmin(t);
    expect((await put(admin.accessToken, id, await makePng(30, 30, '#0000aa'))).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, id));
    expect(row!.ownerId).toBe(owner.user.id);
  });

  it('creates nothing for a body that is not an image, a bad id or a missing file part', async () => {
    const user = await signUp(t);
    const id = randomUUID();
    const etag = (await manifest()).headers.etag;
    const text = await put(user.accessToken, id, Buffer.from('not an image'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/Only images/);
    expect((await t.request({ method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(404);
    expect((await manifest()).headers.etag).toBe(etag);
    expect((await put(user.accessToken, 'not-a-uuid', await makePng(10, 10))).statusCode).toBe(400);
    const json = await t.request({ method: 'PUT', url: `/api/files/${id}`, token: user.accessToken, payload: { data: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(404);
  });

  it('stores one file when two PUTs of a new id arrive together: one 201, the other replaces it (200)', async () => {
    const user = await signUp(t);
    const id = randomUUID();
    const [a, b] = await Promise.all([put(user.accessToken, id, await makePng(16, 16, '#111111')), put(user.accessToken, id, await makePng(16, 16, '#222222'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(await t.deps.db.select({ id: files.id }).from(files).where(eq(files.id, id))).toHaveLength(1);
  });

  it('replays a create sent again with its Idempotency-Key', async () => {
    const user = await signUp(t);
    const id = randomUUID();
    const png = await makePng(12, 12, '#445566');
    const first = await put(user.accessToken, id, png, { 'idempotency-key': `file-${id}` });
    const again = await put(user.accessToken, id, png, { 'idempotency-key': `file-${id}` });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, id));
    expect(row!.version).toBe(1);
  });
});
