/** Widths for the banner's srcset; the server rounds to its own steps (src/domain/images.ts). */
export const LARGE_WIDTHS = [400, 800, 1200, 1600, 2000] as const;

/** The banner's `sizes` (Banner.tsx); the server's preload of it (server/ssr/pages.ts) says the same. */
export const BANNER_SIZES = '(min-width: 1152px) 1152px, 100vw';
/** The width of the banner's `src`. */
export const BANNER_WIDTH = 1200;
