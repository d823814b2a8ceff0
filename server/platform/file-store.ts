import { mkdir, readFile, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Blobs content-addressed by hex SHA-256, plus a cache of resized variants named
 * "<sha256>-w<width>": on disk (diskFileStore) or in an S3 bucket (s3-file-store.ts). The
 * contract both keep is tests/server/file-store-contract.test.ts.
 */
export interface FileStore {
  /** Stores the bytes of `sha256` (nothing to do when they are already there). */
  put(sha256: string, bytes: Buffer): Promise<void>;
  /** The bytes; a missing blob rejects with an error whose `code` is 'ENOENT'. */
  read(sha256: string): Promise<Buffer>;
  /** Removes the blob and its variants; removing a missing one is no error. */
  remove(sha256: string): Promise<void>;
  /** A stored variant, or null. */
  readVariant(key: string): Promise<Buffer | null>;
  writeVariant(key: string, bytes: Buffer): Promise<void>;
}

const shard = (name: string) => name.slice(0, 2);

export function diskFileStore(root: string): FileStore {
  const blobPath = (sha: string) => join(root, 'blobs', shard(sha), sha);
  const variantPath = (key: string) => join(root, 'variants', shard(key), key);

  async function atomicWrite(path: string, bytes: Buffer) {
    await mkdir(join(path, '..'), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  return {
    async put(sha, bytes) {
      const path = blobPath(sha);
      const exists = await stat(path).then(() => true, () => false);
      if (!exists) await atomicWrite(path, bytes);
    },
    read: (sha) => readFile(blobPath(sha)),
    async remove(sha) {
      await rm(blobPath(sha), { force: true });
      // Variants are named "<sha>-w<width>": they go with their blob.
      const dir = join(root, 'variants', shard(sha));
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n.startsWith(`${sha}-`)).map((n) => rm(join(dir, n), { force: true })));
    },
    readVariant: (key) => readFile(variantPath(key)).catch(() => null),
    writeVariant: (key, bytes) => atomicWrite(variantPath(key), bytes),
  };
}
