import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseS3Url } from '../../server/config';
import { diskFileStore, type FileStore } from '../../server/platform/file-store';
import { s3FileStore } from '../../server/platform/s3-file-store';
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server';

/** One FileStore contract, kept by the disk store and the S3 store alike (same test body). */
const stores: { name: string; open(): Promise<{ store: FileStore; close(): Promise<void> }> }[] = [
  {
    name: 'disk',
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'em-store-'));
      return { store: diskFileStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const s3: LocalS3 = await startLocalS3();
      const store = s3FileStore(parseS3Url(s3.url)!);
      return { store, close: async () => { store.close(); await s3.stop(); } };
    },
  },
];

const blob = () => {
  const bytes = randomBytes(2048);
  return { bytes, sha: createHash('sha256').update(bytes).digest('hex') };
};

describe.each(stores)('the $name file store', ({ open }) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => ({ store, close } = await open()));
  afterAll(() => close());

  it('reads back what was put; putting the same blob again changes nothing', async () => {
    const { bytes, sha } = blob();
    await store.put(sha, bytes);
    expect(Buffer.compare(await store.read(sha), bytes)).toBe(0);
    await store.put(sha, bytes);
    expect(Buffer.compare(await store.read(sha), bytes)).toBe(0);
  });

  it('rejects a read of a missing blob with code ENOENT', async () => {
    await expect(store.read(blob().sha)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps variants, answers null for a missing one, and removes them with their blob only', async () => {
    const one = blob();
    const other = blob();
    await store.put(one.sha, one.bytes);
    await store.put(other.sha, other.bytes);
    expect(await store.readVariant(`${one.sha}-w64`)).toBeNull();
    const small = Buffer.from('a small variant');
    await store.writeVariant(`${one.sha}-w64`, small);
    await store.writeVariant(`${one.sha}-w400`, Buffer.from('a bigger variant'));
    await store.writeVariant(`${other.sha}-w64`, Buffer.from('the other one'));
    expect((await store.readVariant(`${one.sha}-w64`))?.toString()).toBe('a small variant');
    // A variant written again (two processes resizing at once) holds the last bytes whole.
    await store.writeVariant(`${one.sha}-w64`, Buffer.from('made again'));
    expect((await store.readVariant(`${one.sha}-w64`))?.toString()).toBe('made again');

    await store.remove(one.sha);
    await expect(store.read(one.sha)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.readVariant(`${one.sha}-w64`)).toBeNull();
    expect(await store.readVariant(`${one.sha}-w400`)).toBeNull();
    expect((await store.readVariant(`${other.sha}-w64`))?.toString()).toBe('the other one');
    expect(Buffer.compare(await store.read(other.sha), other.bytes)).toBe(0);
  });

  it('removes a missing blob without an error', async () => {
    await expect(store.remove(blob().sha)).resolves.toBeUndefined();
  });

  it('keeps an empty blob', async () => {
    const empty = Buffer.alloc(0);
    const sha = createHash('sha256').update(empty).digest('hex');
    await store.put(sha, empty);
    expect((await store.read(sha)).length).toBe(0);
  });
});
