/** Thumbnails shown before the '+N More images' tile (spec 2 "Gallery and lightbox", §9). */
export const GALLERY_THUMBNAILS = 7;

/** The thumbnails shown and how many images the '+N More images' tile stands for (0 = no tile). */
export function galleryLayout<T>(images: readonly T[], max = GALLERY_THUMBNAILS): { shown: T[]; more: number } {
  return { shown: images.slice(0, max), more: Math.max(0, images.length - max) };
}

/** The index after a step, wrapping around at both ends. */
export const wrapIndex = (index: number, step: number, count: number) =>
  count === 0 ? 0 : (((index + step) % count) + count) % count;
