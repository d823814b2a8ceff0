import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../src/domain/constants';
import { validationFailed } from '../../lib/errors';

/**
 * Decoding options for every image from outside: `failOn: 'truncated'` makes missing or cut
 * pixel data an error (not a half-grey picture), and the pixel limit bounds the CPU and memory
 * one decode may take, whatever the file's size in bytes.
 */
const DECODE = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS } as const;

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
 * formats a browser shows are accepted (no SVG, which can carry scripts). The header is read
 * first (cheap) for the format and the pixel count, then the whole image is decoded once, as
 * the resize does: a file with a valid header and truncated or corrupt pixel data is refused
 * here rather than stored and failing on every later GET with a width.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo> {
  const unsupported = validationFailed([{ field: 'data', message: 'Only images can be uploaded (JPEG, PNG, WebP, GIF or AVIF)' }]);
  let meta: Metadata;
  try {
    // The limit is checked below with its own message; the header alone costs nothing to read.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported;
  }
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  const contentType = format ? FORMATS[format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw unsupported;
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    const message = `The image has too many pixels (${meta.width} × ${meta.height}). The limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
    throw validationFailed([{ field: 'data', message }]);
  }
  try {
    // A small resize decodes every pixel (JPEG with shrink-on-load, so it stays cheap).
    await sharp(bytes, DECODE).resize({ width: 32, withoutEnlargement: true }).raw().toBuffer();
  } catch {
    throw validationFailed([{ field: 'data', message: 'The image is damaged or incomplete and cannot be read' }]);
  }
  return { contentType, width: meta.width, height: meta.height };
}

/** Widths served (shared with the app, which asks for them): a request is rounded up to the next step. */
export { IMAGE_WIDTHS as WIDTH_STEPS, snapImageWidth as snapWidth } from '../../../src/domain/images';

/**
 * A resized copy: JPEG stays JPEG, everything else becomes WebP (keeps transparency). Throws for
 * a stored file that cannot be decoded (stored before uploads were fully decoded, or over the
 * pixel limit); the route answers that with a 4xx.
 */
export async function resizeImage(bytes: Buffer, contentType: string, width: number): Promise<{ bytes: Buffer; contentType: string }> {
  const pipeline = sharp(bytes, DECODE).rotate().resize({ width, withoutEnlargement: true });
  if (contentType === 'image/jpeg') {
    return { bytes: await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType };
  }
  return { bytes: await pipeline.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp' };
}
