import { widthSrcSet } from '../../ui/Image';

/** Widths for large images (banner, lightbox); the server rounds to its own steps. */
export const LARGE_WIDTHS = [400, 800, 1200, 1600, 2000] as const;

/** A width-descriptor srcset of one file at the given widths. */
export const srcSetOf = (fileId: string, widths: readonly number[] = LARGE_WIDTHS) => widthSrcSet(fileId, widths);
