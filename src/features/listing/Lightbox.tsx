import { useEffect, useRef, useState, useSyncExternalStore, type TouchEvent } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useLingui } from '@lingui/react/macro';
import { filesApi } from '../../api/files';
import { wrapIndex } from './gallery';
import { imageWidthFor } from '../../domain/images';
import { dragOffset, swipeStep, type SwipeStart } from './swipe';

export interface LightboxProps {
  imageIds: readonly string[];
  /** The image shown; null = closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The listing name, for the dialog title. */
  title: string;
}

const navButton = 'absolute top-1/2 z-10 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-accent';

function Arrow({ flip }: { flip?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-6 w-6 ${flip ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m15 18-6-6 6-6" />
    </svg>
  );
}

function onResize(notify: () => void) {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
}

/**
 * The image width to ask for: the viewport's width in device pixels, rounded up to a width the
 * server serves. A 390 px phone at 3x asks for 1200, a 1280 px desktop at 1x for 1600; the server
 * never enlarges, so a 640 px original comes back at 640.
 */
function useLightboxImageWidth(): number {
  return useSyncExternalStore(onResize, () => imageWidthFor(window.innerWidth, window.devicePixelRatio), () => 1200);
}

/**
 * Full-screen image viewer: previous/next wrap around, ArrowLeft/ArrowRight step, Escape closes
 * (Headless UI), and on touch screens a horizontal swipe steps once the touch has lasted 150 ms.
 */
export default function Lightbox({ imageIds, index, onIndexChange, onClose, title }: LightboxProps) {
  const { t } = useLingui();
  const count = imageIds.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(index, count - 1) : 0;
  const touch = useRef<SwipeStart | null>(null);
  const [offset, setOffset] = useState(0);
  const width = useLightboxImageWidth();

  const step = (by: number) => onIndexChange(wrapIndex(current, by, count));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        onIndexChange(wrapIndex(current, 1, count));
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        onIndexChange(wrapIndex(current, -1, count));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, current, count, onIndexChange]);

  const onTouchStart = (e: TouchEvent) => {
    const p = e.touches[0];
    if (p) touch.current = { x: p.clientX, y: p.clientY, time: e.timeStamp };
  };
  const onTouchMove = (e: TouchEvent) => {
    const p = e.touches[0];
    if (p && touch.current) setOffset(dragOffset(touch.current, p.clientX, p.clientY, e.timeStamp));
  };
  const onTouchEnd = (e: TouchEvent) => {
    const p = e.changedTouches[0];
    const start = touch.current;
    touch.current = null;
    setOffset(0);
    if (!p || !start) return;
    const by = swipeStep(start, p.clientX, p.clientY, e.timeStamp);
    if (by !== 0) step(by);
  };

  const id = open ? imageIds[current]! : null;
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      {/* Opaque: the page behind would show through the letterboxing of the image. */}
      <div className="fixed inset-0 bg-black" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center">
        <DialogPanel className="relative flex h-full w-full flex-col text-white" data-testid="lightbox">
          <div className="flex items-center justify-between gap-4 p-4">
            <DialogTitle className="min-w-0 truncate text-base font-semibold">{title}</DialogTitle>
            {/* The title gives way (ellipsis); the counter and Close never wrap or shrink. */}
            <div className="flex shrink-0 items-center gap-4">
              <p className="whitespace-nowrap text-sm tabular-nums" data-testid="lightbox-counter" aria-live="polite">
                {current + 1} / {count}
              </p>
              <button type="button" onClick={onClose} aria-label={t`Close`}
                className="flex h-10 w-10 items-center justify-center rounded-full bg-black/60 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-accent">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-6 sm:px-16"
            onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={() => { touch.current = null; setOffset(0); }}>
            {count > 1 && (
              <button type="button" onClick={() => step(-1)} aria-label={t`Previous image`} className={`${navButton} left-2`}>
                <Arrow />
              </button>
            )}
            {id && (
              <img
                key={id}
                // One width for the screen (no srcset): at most its natural size, never stretched
                // past it (max-w/max-h instead of filling the box), scaled down to fit.
                src={filesApi.url(id, width)}
                alt={t`Image ${current + 1} of ${count}`}
                data-testid="lightbox-image"
                data-width={width}
                className="max-h-full max-w-full select-none object-contain"
                style={offset ? { transform: `translateX(${offset}px)` } : undefined}
                draggable={false}
              />
            )}
            {count > 1 && (
              <button type="button" onClick={() => step(1)} aria-label={t`Next image`} className={`${navButton} right-2`}>
                <Arrow flip />
              </button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
