import { mkdir, readFile, readdir, rm, writeFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/** Blobs on disk, content-addressed by hex SHA-256, plus a cache of resized variants. */
export interface FileStore {
  put(sha256: string, bytes: Buffer): Promise<void>;
  read(sha256: string): Promise<Buffer>;
  remove(sha256: string): Promise<void>;
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
