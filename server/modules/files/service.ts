import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import type { FileManifestEntry } from '../../../src/domain/user';
import type { Db } from '../../db/client';
import { files, meta, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { FileStore } from '../../platform/file-store';
import { sha256Hex } from '../../lib/crypto';
import { HttpError, conflict, forbidden, notFound } from '../../lib/errors';
import { resizeImage, type ImageInfo } from './images';

const MANIFEST_KEY = 'files_manifest_version';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Bumps the counter behind the manifest's ETag, in the same transaction as the change. */
export async function bumpManifest(tx: Tx | Db) {
  await tx.insert(meta).values({ key: MANIFEST_KEY, value: 1 })
    .onConflictDoUpdate({ target: meta.key, set: { value: sql`${meta.value} + 1` } });
}

export interface GeneratedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  originalName?: string | null;
}

/** Server-made images whose bytes are in the file store and whose rows are not written yet. */
export type StoredGeneratedImages = (typeof files.$inferInsert & { id: string })[];

/**
 * Writes the bytes of server-made images (e.g. the demo seed's) to the file store and returns the
 * rows to insert with insertGeneratedImages. Kept apart so the slow part (disk writes) can run
 * before a transaction: bytes no row refers to are harmless (content-addressed, unused).
 */
export async function writeGeneratedImages(fileStore: FileStore, images: GeneratedImage[]): Promise<StoredGeneratedImages> {
  const rows = images.map((image) => ({
    id: randomUUID(), ownerId: null, sha256: sha256Hex(image.bytes), contentType: image.contentType, size: image.bytes.length,
    width: image.width, height: image.height, originalName: image.originalName ?? null,
  }));
  await Promise.all(rows.map((row, i) => fileStore.put(row.sha256, images[i]!.bytes)));
  return rows;
}

/** The owner-less file rows of images writeGeneratedImages stored, in one transaction with a single manifest bump. Returns their ids in order. */
export async function insertGeneratedImages(db: Db, rows: StoredGeneratedImages): Promise<string[]> {
  if (rows.length === 0) return [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(files).values(rows.slice(i, i + 500));
    await bumpManifest(tx);
  });
  return rows.map((r) => r.id);
}

/**
 * Stores server-made images (e.g. the demo seed's) as blobs plus file rows without an owner,
 * all rows in one transaction with a single manifest bump. Returns the new ids in input order.
 */
export async function storeGeneratedImages(db: Db, fileStore: FileStore, images: GeneratedImage[]): Promise<string[]> {
  return insertGeneratedImages(db, await writeGeneratedImages(fileStore, images));
}

/** An uploaded file as read from the request: its bytes, what decoding them found, and its name. */
export interface Upload { bytes: Buffer; info: ImageInfo; filename: string | null }

/** Who asks: the signed-in user and their roles (an Admin may change anyone's file). */
export interface Caller { userId: string; roles: string[] }

type FileRow = typeof files.$inferSelect;

/**
 * Uploaded images, stored once per SHA-256 in the file store, with resized variants made on
 * demand, and the manifest of every file (its ETag is a counter bumped with each change).
 */
export function fileService(deps: AppDeps) {
  const { db, fileStore } = deps;

  /** A file's stored bytes; a blob missing from the store is a 410 (the row outlived its data), not a 500. */
  async function readBlob(sha: string): Promise<Buffer> {
    try {
      return await fileStore.read(sha);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') throw new HttpError(410, 'The data of this file is gone. Upload it again.');
      throw error;
    }
  }

  /** Removes a blob once no file row points at it any more. */
  async function releaseBlob(sha: string) {
    const [still] = await db.select({ id: files.id }).from(files).where(eq(files.sha256, sha)).limit(1);
    if (!still) await fileStore.remove(sha);
  }

  /**
   * Runs a file row's change and writes its blob in one transaction, the blob last: a refused
   * insert or update (e.g. the owner no longer exists) leaves nothing on disk, and a failed disk
   * write undoes the row. Only a failed commit after the write can leave the blob, and that case
   * removes it again unless another row already uses the same bytes.
   */
  async function writeWithBlob(sha: string, bytes: Buffer, change: (tx: Tx) => Promise<void>) {
    let written = false;
    try {
      await db.transaction(async (tx) => {
        await change(tx);
        await bumpManifest(tx);
        await fileStore.put(sha, bytes);
        written = true;
      });
    } catch (error) {
      if (written) await releaseBlob(sha).catch(() => undefined);
      throw error;
    }
  }

  /** The file when the caller uploaded it or is an Admin; null when no file has the id; 403 for another user's. */
  async function ownedOrNone(id: string, caller: Caller | null | undefined): Promise<FileRow | null> {
    const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!file) return null;
    if (!caller || (file.ownerId !== caller.userId && !caller.roles.includes(ADMIN_ROLE))) {
      throw forbidden('Only the uploader can change this file');
    }
    return file;
  }

  /** New bytes for an existing file (checked with owned() first), keeping its id. */
  async function replace(existing: FileRow, { bytes, info, filename }: Upload): Promise<{ id: string }> {
    const { id } = existing;
    const sha = sha256Hex(bytes);
    await writeWithBlob(sha, bytes, async (tx) => {
      await tx.update(files).set({
        sha256: sha, size: bytes.length, originalName: filename, ...info,
        version: sql`${files.version} + 1`, updatedAt: deps.clock(),
      }).where(eq(files.id, id));
    });
    if (existing.sha256 !== sha) await releaseBlob(existing.sha256);
    return { id };
  }

  /** A new file under the given id; false (nothing written) when another request took the id first. */
  async function createWithId(id: string, ownerId: string, { bytes, info, filename }: Upload): Promise<boolean> {
    const sha = sha256Hex(bytes);
    const taken = new Error('file id taken');
    try {
      await writeWithBlob(sha, bytes, async (tx) => {
        const [row] = await tx.insert(files).values({ id, ownerId, sha256: sha, size: bytes.length, originalName: filename, ...info })
          .onConflictDoNothing({ target: files.id }).returning({ id: files.id });
        // Rolls the transaction back before the blob is written.
        if (!row) throw taken;
      });
    } catch (error) {
      if (error === taken) return false;
      throw error;
    }
    return true;
  }

  return {
    async upload(ownerId: string, { bytes, info, filename }: Upload): Promise<{ id: string }> {
      const sha = sha256Hex(bytes);
      const id = randomUUID();
      await writeWithBlob(sha, bytes, async (tx) => {
        await tx.insert(files).values({
          id, ownerId, sha256: sha, size: bytes.length, originalName: filename, ...info,
        });
      });
      return { id };
    },

    /** The file, when the caller uploaded it or is an Admin. */
    async owned(id: string, caller: Caller | null | undefined): Promise<FileRow> {
      const file = await ownedOrNone(id, caller);
      if (!file) throw notFound('File not found');
      return file;
    },

    ownedOrNone,

    /**
     * PUT /files/{id}: new bytes for the caller's file, or a new file under that id when no file
     * has it (an image chosen offline keeps the id made on the device). Another user's id is a 403.
     */
    async put(id: string, caller: Caller, upload: Upload): Promise<{ id: string; created: boolean }> {
      // Twice at most: a create that loses a race with another request for the same id replaces what that one stored.
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await ownedOrNone(id, caller);
        if (existing) return { ...(await replace(existing, upload)), created: false };
        if (await createWithId(id, caller.userId, upload)) return { id, created: true };
      }
      throw conflict('This file was changed at the same time. Try again.');
    },

    async remove(existing: FileRow): Promise<void> {
      const { id } = existing;
      await db.transaction(async (tx) => {
        await tx.delete(files).where(eq(files.id, id));
        // A profile must never point at a picture that is gone.
        await tx.update(users).set({ profilePictureId: null }).where(eq(users.profilePictureId, id));
        await bumpManifest(tx);
      });
      await releaseBlob(existing.sha256);
    },

    async manifestVersion(): Promise<number> {
      const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, MANIFEST_KEY)).limit(1);
      return row?.value ?? 0;
    },

    async manifest(): Promise<FileManifestEntry[]> {
      const rows = await db.select({ id: files.id, sha256: files.sha256 }).from(files).orderBy(asc(files.createdAt), asc(files.id));
      return rows.map((r) => ({
        blobFileId: r.id,
        shA256Hash: Buffer.from(r.sha256, 'hex').toString('base64'),
      }));
    },

    async find(id: string): Promise<FileRow> {
      const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      if (!file) throw notFound('File not found');
      return file;
    },

    /** The stored bytes, or a variant `width` wide (made once, then kept in the store). */
    async content(file: FileRow, width: number | null): Promise<{ bytes: Buffer; contentType: string }> {
      if (!width) return { bytes: await readBlob(file.sha256), contentType: file.contentType };
      const variantKey = `${file.sha256}-w${width}`;
      const cached = await fileStore.readVariant(variantKey);
      if (cached) return { bytes: cached, contentType: file.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/webp' };
      const original = await readBlob(file.sha256);
      let resized: Awaited<ReturnType<typeof resizeImage>>;
      try {
        resized = await resizeImage(original, file.contentType, width);
      } catch {
        // A stored file that cannot be decoded (kept from before uploads were fully decoded, or over
        // the pixel limit): the same answer on every try, so a 4xx the client does not retry.
        throw new HttpError(422, 'This image is damaged and cannot be resized. Upload it again.');
      }
      await fileStore.writeVariant(variantKey, resized.bytes);
      return resized;
    },
  };
}
