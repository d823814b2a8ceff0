import { useEffect, useState } from 'react';
import { filesApi } from '../api/files';
import { Skeleton } from './Skeleton';
import { backoffDelay } from '../domain/backoff';
import { useOnReconnect } from './useConnection';

/** Tries after a reconnect: the first load can race the network coming back (the `online` event fires a moment early). */
const RETRIES_AFTER_RECONNECT = 2;

/** Widths served by context (spec 1 §4): cards 400, thumbnails 64, gallery 300. */
export type ImageWidth = 400 | 64 | 300;

export interface ImageProps {
  /** A file id; null or empty shows the placeholder. */
  fileId: string | null | undefined;
  /** The width asked for by `src` (and, without `widths`, doubled in the srcset). */
  width: ImageWidth | number;
  /** Large images (banners): a width-descriptor srcset over these widths instead. */
  widths?: readonly number[];
  alt: string;
  /** The wrapper's aspect ratio (CSS `aspect-ratio`), so nothing moves when the image arrives; null when `className` sets it. */
  aspectRatio?: string | number | null;
  className?: string;
  /** With sizes the srcset uses width descriptors (400w, 800w); without, density (1x, 2x). */
  sizes?: string;
  /** Above the fold: loaded at once with high priority instead of lazily (the page's largest paint). */
  priority?: boolean;
  'data-testid'?: string;
}

/**
 * The usual ratios as classes rather than a style attribute: a server-rendered page's markup may
 * not carry inline styles (the Content-Security-Policy's style-src has no 'unsafe-inline').
 */
const RATIO_CLASSES: Readonly<Record<string, string>> = {
  '4 / 3': 'aspect-[4/3]', '16 / 9': 'aspect-video', '1': 'aspect-square', '1 / 1': 'aspect-square',
};

/** A width-descriptor srcset of one file at the given widths (large images: banners, the lightbox). */
export const widthSrcSet = (fileId: string, widths: readonly number[]) =>
  widths.map((w) => `${filesApi.url(fileId, w)} ${w}w`).join(', ');

/** srcset for a file: the width and its double, for high-density screens. */
export function imageSrcSet(fileId: string, width: number, sizes?: string): string {
  const double = width * 2;
  return sizes
    ? `${filesApi.url(fileId, width)} ${width}w, ${filesApi.url(fileId, double)} ${double}w`
    : `${filesApi.url(fileId, width)} 1x, ${filesApi.url(fileId, double)} 2x`;
}

/**
 * A lazily loaded image: a skeleton until it has loaded, a placeholder icon when it fails or has no
 * id (the alt text stays for screen readers on the wrapper).
 */
export function Image({
  fileId, width, widths, alt, aspectRatio = '4 / 3', className = '', sizes, priority = false, 'data-testid': testId,
}: ImageProps) {
  const src = fileId ? filesApi.url(fileId, width) : null;
  // Which address loaded or failed: a new fileId starts over without an effect.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const ratioClass = aspectRatio === null ? undefined : RATIO_CLASSES[String(aspectRatio)];
  const placeholder = !src || failed === src;
  const ready = !placeholder && loaded === src;
  // An image above the fold shows as it arrives, not behind a skeleton fading in once loaded: on a
  // server-rendered page it can paint before any script runs (the page's largest paint).
  const veiled = !ready && !priority;
  // Failed offline (not in the worker's cache yet): load it again once the connection is back,
  // instead of keeping the placeholder until a reload.
  const [reconnectTries, setReconnectTries] = useState(0);
  useOnReconnect(() => {
    setReconnectTries(1);
    setFailed(null);
  }, placeholder && Boolean(src));
  // A load that fails right after a reconnect is tried again a little later, a bounded number of
  // times (only after a reconnect, so an image that is simply gone costs no extra requests).
  const retryAfterReconnect = placeholder && Boolean(src) && reconnectTries > 0 && reconnectTries <= RETRIES_AFTER_RECONNECT;
  useEffect(() => {
    if (!retryAfterReconnect) return;
    const timer = setTimeout(() => {
      setReconnectTries((n) => n + 1);
      setFailed(null);
    }, backoffDelay(reconnectTries - 1));
    return () => clearTimeout(timer);
  }, [retryAfterReconnect, reconnectTries]);

  return (
    <div
      className={`relative overflow-hidden bg-surface-2 ${ratioClass ?? ''} ${className}`}
      style={aspectRatio === null || ratioClass ? undefined : { aspectRatio }}
      data-testid={testId}
      // An empty alt marks a decorative image: its placeholder is hidden like the image would be.
      role={placeholder && alt ? 'img' : undefined}
      aria-label={placeholder && alt ? alt : undefined}
      data-state={placeholder ? 'placeholder' : ready ? 'loaded' : 'loading'}
    >
      {placeholder ? (
        <div className="absolute inset-0 flex items-center justify-center text-muted">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="8.5" cy="9.5" r="1.5" />
            <path d="m21 16-5-5-9 9" />
          </svg>
        </div>
      ) : (
        <>
          {veiled && <Skeleton className="image-veil absolute inset-0 rounded-none" />}
          <img
            key={src}
            // Loaded before React was there to hear it (server-rendered markup, a cached image).
            ref={(img) => {
              if (img?.complete && img.naturalWidth > 0) setLoaded(src);
            }}
            src={src}
            srcSet={widths ? widthSrcSet(fileId as string, widths) : imageSrcSet(fileId as string, width, sizes)}
            sizes={sizes}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            onLoad={() => setLoaded(src)}
            onError={() => setFailed(src)}
            // image-veil / image-fade: shown at once without JavaScript (src/styles/index.css).
            className={`image-fade h-full w-full object-cover transition-opacity duration-300 ${veiled ? 'opacity-0' : 'opacity-100'}`}
          />
        </>
      )}
    </div>
  );
}
