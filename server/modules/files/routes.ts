import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROLE } from '../../../src/domain/constants';
import type { FileManifestEntry } from '../../../src/domain/user';
import type { Db } from '../../db/client';
import { files, meta, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { FileStore } from '../../platform/file-store';
import { requireUser, userIdOf } from '../../lib/auth';
import { sha256Hex } from '../../lib/crypto';
import { HttpError, badRequest, forbidden, notFound, validationFailed } from '../../lib/errors';
import { textProblem } from '../../lib/input-guards';
import { parse, uuidParam } from '../../lib/validate';
import { inspectImage, resizeImage, snapWidth } from './images';

const MANIFEST_KEY = 'files_manifest_version';
const widthQuery = z.object({
  width: z.coerce.number().int('width must be a whole number').min(1, 'width must be at least 1').max(4096, 'width must be at most 4096').optional(),
});

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

/**
 * Stores server-made images (e.g. the demo seed's) as blobs plus file rows without an owner,
 * all rows in one transaction with a single manifest bump. Returns the new ids in input order.
 */
export async function storeGeneratedImages(db: Db, fileStore: FileStore, images: GeneratedImage[]): Promise<string[]> {
  if (images.length === 0) return [];
  const rows = images.map((image) => ({
    id: randomUUID(), ownerId: null, sha256: sha256Hex(image.bytes), contentType: image.contentType, size: image.bytes.length,
    width: image.width, height: image.height, originalName: image.originalName ?? null,
  }));
  await Promise.all(rows.map((row, i) => fileStore.put(row.sha256, images[i]!.bytes)));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(files).values(rows.slice(i, i + 500));
    await bumpManifest(tx);
  });
  return rows.map((r) => r.id);
}

export function fileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, fileStore, config } = deps;
  const tooLarge = `The file is too large. The limit is ${Math.floor(config.maxUploadBytes / (1024 * 1024)) || 1} MB.`;

  /** Reads the multipart field `data` fully, within the size limit. */
  async function readUpload(request: FastifyRequest) {
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "data"', [{ field: 'data', message: 'A file is required' }]);
    let part;
    try {
      part = await request.file({ limits: { fileSize: config.maxUploadBytes, files: 1 } });
    } catch (error) {
      throw asUploadError(error);
    }
    if (!part || part.fieldname !== 'data') {
      throw badRequest('Send the file in the field "data"', [{ field: 'data', message: 'A file is required' }]);
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw asUploadError(error);
    }
    if (part.file.truncated) throw new HttpError(413, tooLarge);
    if (bytes.length === 0) throw badRequest('The file is empty', [{ field: 'data', message: 'The file is empty' }]);
    // The file name is the one text of a multipart body the route stores; the input guards only see JSON, query and params.
    const filename = part.filename?.slice(0, 200) ?? null;
    const nameProblem = filename === null ? null : textProblem(filename, 'filename');
    if (nameProblem) throw validationFailed([nameProblem]);
    const info = await inspectImage(bytes);
    return { bytes, info, filename };
  }

  function asUploadError(error: unknown): Error {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return new HttpError(413, tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('Send the file as multipart/form-data in the field "data"');
    if (error instanceof HttpError) return error;
    return badRequest('The upload could not be read');
  }

  async function ownedFile(request: FastifyRequest, id: string) {
    const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!file) throw notFound('File not found');
    const auth = request.auth;
    if (!auth || (file.ownerId !== auth.userId && !auth.roles.includes(ADMIN_ROLE))) {
      throw forbidden('Only the uploader can change this file');
    }
    return file;
  }

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

  app.post('/files', { preHandler: requireUser }, async (request, reply) => {
    const { bytes, info, filename } = await readUpload(request);
    const sha = sha256Hex(bytes);
    const id = randomUUID();
    await writeWithBlob(sha, bytes, async (tx) => {
      await tx.insert(files).values({
        id, ownerId: userIdOf(request), sha256: sha, size: bytes.length, originalName: filename, ...info,
      });
    });
    reply.code(201);
    return { id };
  });

  app.put('/files/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const existing = await ownedFile(request, id);
    const { bytes, info, filename } = await readUpload(request);
    const sha = sha256Hex(bytes);
    await writeWithBlob(sha, bytes, async (tx) => {
      await tx.update(files).set({
        sha256: sha, size: bytes.length, originalName: filename, ...info,
        version: sql`${files.version} + 1`, updatedAt: deps.clock(),
      }).where(eq(files.id, id));
    });
    if (existing.sha256 !== sha) await releaseBlob(existing.sha256);
    return { id };
  });

  app.delete('/files/:id', { preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const existing = await ownedFile(request, id);
    await db.transaction(async (tx) => {
      await tx.delete(files).where(eq(files.id, id));
      // A profile must never point at a picture that is gone.
      await tx.update(users).set({ profilePictureId: null }).where(eq(users.profilePictureId, id));
      await bumpManifest(tx);
    });
    await releaseBlob(existing.sha256);
    reply.code(204);
  });

  app.get('/files/manifest', async (request, reply) => {
    const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, MANIFEST_KEY)).limit(1);
    const etag = `W/"manifest-${row?.value ?? 0}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const rows = await db.select({ id: files.id, sha256: files.sha256 }).from(files).orderBy(asc(files.createdAt), asc(files.id));
    const manifest: FileManifestEntry[] = rows.map((r) => ({
      blobFileId: r.id,
      shA256Hash: Buffer.from(r.sha256, 'hex').toString('base64'),
    }));
    return manifest;
  });

  app.get('/files/:id', async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const { width } = parse(widthQuery, request.query, 'query');
    const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!file) throw notFound('File not found');
    const served = width ? snapWidth(width) : null;
    const etag = `"${file.sha256.slice(0, 40)}${served ? `-w${served}` : ''}"`;
    reply
      .header('etag', etag)
      // Revalidate every time: a file id can be given new bytes (PUT), and a 304 is cheap.
      .header('cache-control', 'public, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('last-modified', file.updatedAt.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (!served) {
      return reply.type(file.contentType).send(await readBlob(file.sha256));
    }
    const variantKey = `${file.sha256}-w${served}`;
    const cached = await fileStore.readVariant(variantKey);
    if (cached) return reply.type(file.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/webp').send(cached);
    const original = await readBlob(file.sha256);
    let resized: Awaited<ReturnType<typeof resizeImage>>;
    try {
      resized = await resizeImage(original, file.contentType, served);
    } catch {
      // A stored file that cannot be decoded (kept from before uploads were fully decoded, or over
      // the pixel limit): the same answer on every try, so a 4xx the client does not retry.
      throw new HttpError(422, 'This image is damaged and cannot be resized. Upload it again.');
    }
    await fileStore.writeVariant(variantKey, resized.bytes);
    return reply.type(resized.contentType).send(resized.bytes);
  });

}
