import { describe, expect, it } from 'vitest';
import {
  fitsCache, imageCacheKey, manifestMap, parseImageUrl, pickFallback, selectEvictions, staleEntries, toBase64Url,
  type ImageEntry,
} from '../../../sw/lru';
import { servesShell } from '../../../sw/routes';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

function entry(key: string, over: Partial<ImageEntry> = {}): ImageEntry {
  return { key, fileId: ID_A, hash: 'h1', width: 400, bytes: 100, lastUsed: 0, ...over };
}

describe('image requests and keys', () => {
  it('recognises GET /api/files/{id}?width=W only', () => {
    expect(parseImageUrl(new URL(`https://x/api/files/${ID_A}?width=400`))).toEqual({ fileId: ID_A, width: 400 });
    expect(parseImageUrl(new URL(`https://x/api/files/${ID_A.toUpperCase()}?width=800`))).toEqual({ fileId: ID_A, width: 800 });
    expect(parseImageUrl(new URL(`https://x/api/files/${ID_A}`))).toBeNull();
    expect(parseImageUrl(new URL(`https://x/api/files/${ID_A}?width=abc`))).toBeNull();
    expect(parseImageUrl(new URL(`https://x/api/files/${ID_A}?width=0`))).toBeNull();
    expect(parseImageUrl(new URL('https://x/api/files/manifest?width=400'))).toBeNull();
    expect(parseImageUrl(new URL(`https://x/files/${ID_A}?width=400`))).toBeNull();
  });

  it('keys by file, base64url hash and width', () => {
    expect(toBase64Url('ab+c/d==')).toBe('ab-c_d');
    expect(imageCacheKey('https://x', ID_A, 'ab-c_d', 400)).toBe(`https://x/__image-cache/${ID_A}/ab-c_d/w400`);
    const map = manifestMap([{ blobFileId: ID_A.toUpperCase(), shA256Hash: 'q+/w==' }]);
    expect(map.get(ID_A)).toBe('q-_w');
  });
});

describe('manifest changes', () => {
  it('evicts entries of a file whose hash changed or that left the manifest, keeps the rest', () => {
    const entries = [
      entry('a-old', { fileId: ID_A, hash: 'old' }),
      entry('a-new', { fileId: ID_A, hash: 'new' }),
      entry('b', { fileId: ID_B, hash: 'hb' }),
      entry('gone', { fileId: '33333333-3333-4333-8333-333333333333', hash: 'x' }),
    ];
    const manifest = new Map([[ID_A, 'new'], [ID_B, 'hb']]);
    expect(staleEntries(entries, manifest).sort()).toEqual(['a-old', 'gone']);
  });
});

describe('LRU bounds', () => {
  const limits = { maxEntries: 3, maxBytes: 1000 };

  it('evicts nothing within both bounds', () => {
    expect(selectEvictions([entry('a'), entry('b'), entry('c')], limits)).toEqual([]);
  });

  it('evicts the least recently used first until the entry count holds', () => {
    const entries = [entry('new', { lastUsed: 40 }), entry('old', { lastUsed: 10 }), entry('mid', { lastUsed: 20 }), entry('older', { lastUsed: 5 }), entry('x', { lastUsed: 30 })];
    expect(selectEvictions(entries, limits)).toEqual(['older', 'old']);
  });

  it('evicts until the bytes hold too', () => {
    const entries = [entry('a', { lastUsed: 1, bytes: 300 }), entry('b', { lastUsed: 2, bytes: 300 }), entry('c', { lastUsed: 3, bytes: 600 })];
    expect(selectEvictions(entries, limits)).toEqual(['a']);
    expect(selectEvictions([...entries, entry('d', { lastUsed: 4, bytes: 500 })], limits)).toEqual(['a', 'b', 'c']);
  });

  it('breaks ties by key, so the choice is stable', () => {
    const entries = [entry('b', { lastUsed: 1 }), entry('a', { lastUsed: 1 }), entry('c', { lastUsed: 1 }), entry('d', { lastUsed: 1 })];
    expect(selectEvictions(entries, limits)).toEqual(['a']);
  });

  it('does not store a response over a quarter of the byte bound, nor an empty one', () => {
    expect(fitsCache(250, limits)).toBe(true);
    expect(fitsCache(251, limits)).toBe(false);
    expect(fitsCache(0, limits)).toBe(false);
  });
});

describe('offline stand-in width', () => {
  const w = (width: number) => entry(`w${width}`, { width });
  it('takes the smallest width at least as wide, else the widest', () => {
    expect(pickFallback([w(300), w(800)], 400)?.width).toBe(800);
    expect(pickFallback([w(800), w(600), w(1200)], 400)?.width).toBe(600);
    expect(pickFallback([w(100), w(200)], 400)?.width).toBe(200);
    expect(pickFallback([], 400)).toBeUndefined();
  });
});

describe('navigation fallback', () => {
  it('serves the shell for app routes, not for /api, /chathub, /dev or root files', () => {
    for (const path of ['/', '/listings', '/listing/abc', '/profile', '/apiary', '/developers']) expect(servesShell(path), path).toBe(true);
    for (const path of ['/api', '/api/files/x', '/API/category', '/chathub', '/chathub/negotiate', '/dev', '/dev/outbox', '/sw.js', '/manifest.webmanifest', '/robots.txt', '/icons/icon-192.png']) {
      expect(servesShell(path), path).toBe(false);
    }
  });
});
