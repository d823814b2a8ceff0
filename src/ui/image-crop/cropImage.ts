import type { PixelCrop } from 'react-image-crop';
import { CROP } from './constants';

/** The output size for a crop of `w` x `h` source pixels: never larger than the source nor CROP.maxOutputPx. */
export function outputSize(w: number, h: number): { width: number; height: number } {
  const scale = Math.min(1, CROP.maxOutputPx / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/**
 * Draws the crop of an image shown scaled by `zoom` (a CSS transform around its centre) and
 * exports it as WebP. `crop` is in the image's displayed pixels. Rejects when the browser cannot
 * draw or encode (a browser without a WebP encoder answers PNG: that is refused too, as the
 * server would store a different type than the spec's).
 */
export function cropImage(image: HTMLImageElement, crop: PixelCrop, zoom: number): Promise<Blob> {
  if (!image.width || !image.height || !crop.width || !crop.height) return Promise.reject(new Error('Cannot crop the image'));
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  // The source pixels the crop covers, at this zoom.
  const size = outputSize((crop.width * scaleX) / zoom, (crop.height * scaleY) / zoom);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Cannot crop the image'));
  const centerX = image.naturalWidth / 2;
  const centerY = image.naturalHeight / 2;
  ctx.imageSmoothingQuality = 'high';
  ctx.scale(size.width / (crop.width * scaleX), size.height / (crop.height * scaleY));
  ctx.translate(-crop.x * scaleX, -crop.y * scaleY);
  // The zoom scales the picture around its centre, as the preview does.
  ctx.translate(centerX, centerY);
  ctx.scale(zoom, zoom);
  ctx.translate(-centerX, -centerY);
  ctx.drawImage(image, 0, 0, image.naturalWidth, image.naturalHeight);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob && blob.type === CROP.outputType ? resolve(blob) : reject(new Error('Cannot encode the image as WebP'))),
      CROP.outputType,
      CROP.outputQuality,
    );
  });
}
