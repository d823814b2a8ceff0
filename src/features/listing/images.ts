/** Widths for the banner's srcset; the server rounds to its own steps (src/domain/images.ts). */
export const LARGE_WIDTHS = [400, 800, 1200, 1600, 2000] as const;
