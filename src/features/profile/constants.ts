import { clampZoom, type ZoomLimits } from '../../ui/image-crop/constants';

/** Avatar constants of spec 1 §9 (used only by the profile screen). */
export const AVATAR = {
  /** Shown as a 120 px circle. */
  displayPx: 120,
  /** Width asked from GET /files/{id} for the displayed avatar (sharp on 2x screens). */
  fetchWidth: 256,
  zoomMin: 0.5,
  zoomMax: 3,
  /** Slider step. */
  zoomStep: 0.01,
  /** Minus / plus buttons step. */
  zoomButtonStep: 0.05,
  zoomStart: 1.5,
  /** Height of the crop area in the dialog. */
  cropAreaPx: 350,
  /** The uploaded avatar: a 250 x 250 PNG circle at quality 0.95. */
  outputPx: 250,
  outputType: 'image/png',
  outputQuality: 0.95,
  fileName: 'avatar.png',
} as const;

/** The avatar crop's zoom: 0.5–3, slider step 0.01, buttons 0.05, starting at 1.5. */
export const AVATAR_ZOOM: ZoomLimits = {
  min: AVATAR.zoomMin, max: AVATAR.zoomMax, step: AVATAR.zoomStep, buttonStep: AVATAR.zoomButtonStep, start: AVATAR.zoomStart,
};

/** Keeps an avatar zoom value inside the limits, rounded to the slider step. */
export const clampAvatarZoom = (value: number): number => clampZoom(value, AVATAR_ZOOM);
