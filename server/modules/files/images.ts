import sharp, { type Metadata } from 'sharp';
import { validationFailed } from '../../lib/errors';

const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export interface ImageInfo {
  contentType: string;
  width: number;
  height: number;
}

/**
 * Identifies an upload by decoding it, never by its name or declared type: only raster
 * formats a browser shows are accepted (no SVG, which can carry scripts).
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo> {
  const unsupported = validationFailed([{ field: 'data', message: 'Only images can be uploaded (JPEG, PNG, WebP, GIF or AVIF)' }]);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw unsupported;
  }
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  const contentType = format ? FORMATS[format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw unsupported;
  return { contentType, width: meta.width, height: meta.height };
}

/** Widths served (shared with the app, which asks for them): a request is rounded up to the next step. */
export { IMAGE_WIDTHS as WIDTH_STEPS, snapImageWidth as snapWidth } from '../../../src/domain/images';

/** A resized copy: JPEG stays JPEG, everything else becomes WebP (keeps transparency). */
export async function resizeImage(bytes: Buffer, contentType: string, width: number): Promise<{ bytes: Buffer; contentType: string }> {
  const pipeline = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().resize({ width, withoutEnlargement: true });
  if (contentType === 'image/jpeg') {
    return { bytes: await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType };
  }
  return { bytes: await pipeline.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp' };
}
