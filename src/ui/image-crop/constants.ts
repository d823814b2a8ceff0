/** Crop dialog constants (spec 2 §2 "Image selection and cropping", §9). */
export const CROP = {
  zoomMin: 1,
  zoomMax: 3,
  zoomStep: 0.1,
  /** Height of the crop area in the dialog. */
  areaPx: 360,
  /** Cropped images are WebP (spec 2 §9). */
  outputType: 'image/webp',
  outputQuality: 0.9,
  /** The longest side of an exported image: enough for a 1920 px banner, small enough to upload on a phone. */
  maxOutputPx: 1920,
} as const;

/** Aspect ratios by use (spec 2 §2): logos and card images 16:9, banners 3:1, category images square. */
export const ASPECT = {
  logo: 16 / 9,
  card: 16 / 9,
  banner: 3,
  square: 1,
} as const;

/** Keeps a zoom value inside the limits, on the 0.1 step. */
export function clampCropZoom(value: number): number {
  const clamped = Math.min(CROP.zoomMax, Math.max(CROP.zoomMin, value));
  return Number((Math.round(clamped / CROP.zoomStep) * CROP.zoomStep).toFixed(1));
}
