/*
 * A full-width banner's image (the listing page's and the company overview's): the widths of its
 * srcset, its `sizes` and the width of its `src`. The server's preload of a banner
 * (server/ssr/pages.ts) says the same, so the browser fetches the one candidate the <img> asks for.
 */

/** Widths for the banner's srcset; the server rounds to its own steps (src/domain/images.ts). */
export const LARGE_WIDTHS = [400, 800, 1200, 1600, 2000] as const;

/** The banner's `sizes`: the page's content width (max-w-6xl) on a wide screen, the viewport below it. */
export const BANNER_SIZES = '(min-width: 1152px) 1152px, 100vw';
/** The width of the banner's `src`. */
export const BANNER_WIDTH = 1200;
