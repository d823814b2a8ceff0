import type { PixelCrop } from 'react-image-crop';
import { AVATAR } from './constants';

/**
 * Draws the crop of an image shown scaled by `zoom` (CSS transform around its centre) onto a
 * 250 x 250 canvas clipped to a circle and exports it as PNG. `crop` is in the image's displayed
 * pixels. Rejects when the browser cannot draw or encode.
 */
export function cropAvatar(image: HTMLImageElement, crop: PixelCrop, zoom: number): Promise<Blob> {
  const size = AVATAR.outputPx;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx || !image.width || !image.height || !crop.width || !crop.height) {
    return Promise.reject(new Error('Cannot crop the image'));
  }
  // Displayed pixels -> the image's own pixels.
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const centerX = image.naturalWidth / 2;
  const centerY = image.naturalHeight / 2;

  ctx.imageSmoothingQuality = 'high';
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
  ctx.closePath();
  ctx.clip();
  ctx.scale(size / (crop.width * scaleX), size / (crop.height * scaleY));
  ctx.translate(-crop.x * scaleX, -crop.y * scaleY);
  // The zoom scales the picture around its centre, as the preview does.
  ctx.translate(centerX, centerY);
  ctx.scale(zoom, zoom);
  ctx.translate(-centerX, -centerY);
  ctx.drawImage(image, 0, 0, image.naturalWidth, image.naturalHeight);

  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Cannot encode the image'))),
      AVATAR.outputType,
      AVATAR.outputQuality,
    );
  });
}
