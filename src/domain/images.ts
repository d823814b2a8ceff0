/**
 * The widths the server resizes images to (GET /api/files/{id}?width=W): a requested width is
 * rounded up to the next step, so its variant cache stays bounded. The app picks from the same
 * list so the width it asks for is the width it gets (and the worker caches one key per step).
 */
export const IMAGE_WIDTHS = [32, 64, 96, 128, 160, 200, 256, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000, 2560] as const;

/** The smallest served width at least `requested` (the largest for anything bigger). */
export function snapImageWidth(requested: number): number {
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/**
 * The width to ask for an image shown at most `cssWidth` CSS px wide on a screen with this
 * device-pixel ratio: enough device pixels, and not a step more. The server never enlarges, so
 * a small original comes back at its own size.
 */
export function imageWidthFor(cssWidth: number, devicePixelRatio: number): number {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return snapImageWidth(Math.ceil(Math.max(1, cssWidth) * ratio));
}
