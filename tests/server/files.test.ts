import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng, multipart } from '../fixtures/images';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signUp, signUpAdmin } from './helpers/accounts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ maxUploadBytes: 200_000 }); });
afterAll(() => t.close());

async function upload(token: string | undefined, bytes: Buffer, { field = 'data', name = 'avatar.png', type = 'image/png', method = 'POST', url = '/api/files' } = {}) {
  const body = await multipart(field, bytes, name, type);
  return t.request({ method: method as 'POST', url, token, ...body });
}

const manifest = () => t.request({ method: 'GET', url: '/api/files/manifest' });
const b64sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

describe('upload', () => {
  it('stores an image and lists it in the manifest with the base64 SHA-256 of its bytes', async () => {
    const user = await signUp(t);
    const png = await makePng(600, 400);
    const res = await upload(user.accessToken, png);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entries = manifest();
    expect((await entries).json()).toContainEqual({ blobFileId: id, shA256Hash: b64sha(png) });
    const original = await t.request({ method: 'GET', url: `/api/files/${id}` });
    expect(original.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(original.rawPayload, png)).toBe(0);
  });

  it('needs a login', async () => {
    expect((await upload(undefined, await makePng(10, 10))).statusCode).toBe(401);
  });

  it('judges the type by the bytes, not by the name or declared type', async () => {
    const user = await signUp(t);
    const fake = await upload(user.accessToken, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { name: 'x.png', type: 'image/png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/Only images/);
    const text = await upload(user.accessToken, Buffer.from('hello world'), { name: 'photo.jpg', type: 'image/jpeg' });
    expect(text.statusCode).toBe(400);
    const realJpegNamedTxt = await upload(user.accessToken, await makeJpeg(20, 20), { name: 'notes.txt', type: 'text/plain' });
    expect(realJpegNamedTxt.statusCode).toBe(201);
  });

  it('refuses files over the limit with 413 and a clear message', async () => {
    const user = await signUp(t);
    const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#000' } })
      .raw().toBuffer().then((raw) => sharp(raw, { raw: { width: 800, height: 800, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer());
    expect(big.length).toBeGreaterThan(200_000);
    const res = await upload(user.accessToken, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('needs the field named data and a multipart body', async () => {
    const user = await signUp(t);
    expect((await upload(user.accessToken, await makePng(10, 10), { field: 'file' })).statusCode).toBe(400);
    const json = await t.request({ method: 'POST', url: '/api/files', token: user.accessToken, payload: { data: 'x' } });
    expect(json.statusCode).toBe(400);
  });
});

describe('download', () => {
  it('resizes to the requested width with sharp, with the right type and cache headers', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user.accessToken, await makePng(1000, 500))).json();
    const res = await t.request({ method: 'GET', url: `/api/files/${id}?width=400` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('no-cache');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 200]);
    const again = await t.request({ method: 'GET', url: `/api/files/${id}?width=400`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const thumb = await t.request({ method: 'GET', url: `/api/files/${id}?width=64` });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);
    expect(thumb.headers.etag).not.toBe(res.headers.etag);
  });

  it('keeps JPEG as JPEG and never enlarges', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user.accessToken, await makeJpeg(120, 80), { name: 'a.jpg', type: 'image/jpeg' })).json();
    const res = await t.request({ method: 'GET', url: `/api/files/${id}?width=300` });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(120);
  });

  it('rejects bad ids and widths with 400 and answers 404 for unknown files', async () => {
    expect((await t.request({ method: 'GET', url: '/api/files/abc' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/files/${crypto.randomUUID()}` })).statusCode).toBe(404);
    const user = await signUp(t);
    const { id } = (await upload(user.accessToken, await makePng(10, 10))).json();
    for (const width of ['0', 'abc', '99999', '1.5']) {
      expect((await t.request({ method: 'GET', url: `/api/files/${id}?width=${width}` })).statusCode).toBe(400);
    }
  });
});

describe('manifest', () => {
  it('carries an ETag, answers 304 while nothing changed, and changes after an upload', async () => {
    const first = await manifest();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.request({ method: 'GET', url: '/api/files/manifest', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const user = await signUp(t);
    await upload(user.accessToken, await makePng(12, 12, '#123456'));
    const after = await t.request({ method: 'GET', url: '/api/files/manifest', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('replace and delete', () => {
  it('lets the uploader replace the bytes: same id, new hash in the manifest', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user.accessToken, await makePng(50, 50, '#ff0000'))).json();
    const blue = await makePng(50, 50, '#0000ff');
    const res = await upload(user.accessToken, blue, { method: 'PUT', url: `/api/files/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await manifest()).json()).toContainEqual({ blobFileId: id, shA256Hash: b64sha(blue) });
    const served = await t.request({ method: 'GET', url: `/api/files/${id}` });
    expect(Buffer.compare(served.rawPayload, blue)).toBe(0);
  });

  it('forbids other users, allows an Admin', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const { id } = (await upload(owner.accessToken, await makePng(30, 30))).json();
    expect((await upload(stranger.accessToken, await makePng(30, 30), { method: 'PUT', url: `/api/files/${id}` })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${id}`, token: stranger.accessToken })).statusCode).toBe(403);
    const admin = await signUpAdmin(t);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${id}`, token: admin.accessToken })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(404);
  });

  it('removes a deleted file from the manifest and from the profile that used it', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user.accessToken, await makePng(250, 250))).json();
    const profile = await t.request({ method: 'PUT', url: '/api/users/profile', token: user.accessToken, payload: { profilePictureId: id } });
    expect(profile.json().profilePictureId).toBe(id);
    expect((await t.request({ method: 'DELETE', url: `/api/files/${id}`, token: user.accessToken })).statusCode).toBe(204);
    expect((await manifest()).json().map((e: { blobFileId: string }) => e.blobFileId)).not.toContain(id);
    const after = (await t.request({ method: 'GET', url: '/api/users/profile', token: user.accessToken })).json();
    expect(after.profilePictureId).toBeNull();
  });

  it('keeps a blob shared by two files until both are gone', async () => {
    const a = await signUp(t);
    const png = await makePng(40, 40, '#00ff00');
    const one = (await upload(a.accessToken, png)).json().id;
    const two = (await upload(a.accessToken, png)).json().id;
    await t.request({ method: 'DELETE', url: `/api/files/${one}`, token: a.accessToken });
    const served = await t.request({ method: 'GET', url: `/api/files/${two}?width=32` });
    expect(served.statusCode).toBe(200);
  });
});
