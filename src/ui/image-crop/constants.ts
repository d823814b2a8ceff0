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

/** A crop dialog's zoom: the slider's range and step, the buttons' step and where it starts. */
export interface ZoomLimits {
  min: number;
  max: number;
  step: number;
  buttonStep: number;
  start: number;
}

/** Spec 2 §2: zoom 1 to 3 in steps of 0.1. */
export const CROP_ZOOM: ZoomLimits = { min: CROP.zoomMin, max: CROP.zoomMax, step: CROP.zoomStep, buttonStep: CROP.zoomStep, start: CROP.zoomMin };

/** Keeps a zoom value inside the limits, on the slider's step. */
export function clampZoom(value: number, limits: ZoomLimits = CROP_ZOOM): number {
  const clamped = Math.min(limits.max, Math.max(limits.min, value));
  const decimals = Math.max(0, -Math.floor(Math.log10(limits.step)));
  return Number((Math.round(clamped / limits.step) * limits.step).toFixed(decimals));
}
