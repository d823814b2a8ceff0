import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { FileStore } from './file-store';

/** The SDK's error for a key that is not there: `NoSuchKey` on GET, a bare 404 on HEAD. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The disk store's answer for a missing blob, which the file service turns into a 410. */
const gone = (key: string) => Object.assign(new Error(`No object ${key} in the bucket`), { code: 'ENOENT' });

/**
 * The file store in an S3-compatible bucket (S3_URL), shared by every server process: blobs under
 * `<prefix>blobs/<sha256>`, resized variants under `<prefix>variants/<sha256>-w<width>`. Objects
 * are written whole in one PUT, so a reader never sees half of one.
 */
export function s3FileStore(config: S3Config, client?: S3Client): FileStore & { close(): void } {
  const s3 = client ?? new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // streamed CRC trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const blobKey = (sha: string) => `${config.prefix}blobs/${sha}`;
  const variantKey = (key: string) => `${config.prefix}variants/${key}`;

  async function get(Key: string): Promise<Buffer | null> {
    try {
      const answer = await s3.send(new GetObjectCommand({ Bucket, Key }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function exists(Key: string): Promise<boolean> {
    try {
      await s3.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  const put = async (Key: string, bytes: Buffer) => {
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.length }));
  };

  return {
    async put(sha, bytes) {
      // Content-addressed: the same name always holds the same bytes, so a stored one is kept.
      if (!(await exists(blobKey(sha)))) await put(blobKey(sha), bytes);
    },
    async read(sha) {
      const bytes = await get(blobKey(sha));
      if (!bytes) throw gone(blobKey(sha));
      return bytes;
    },
    async remove(sha) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: blobKey(sha) }));
      // Variants are named "<sha>-w<width>": they go with their blob.
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: variantKey(`${sha}-`), ContinuationToken }));
        await Promise.all((page.Contents ?? []).flatMap((o) => o.Key ? [s3.send(new DeleteObjectCommand({ Bucket, Key: o.Key }))] : []));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    readVariant: (key) => get(variantKey(key)),
    writeVariant: (key, bytes) => put(variantKey(key), bytes),
    close: () => s3.destroy(),
  };
}
