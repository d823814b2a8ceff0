import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Image } from '../../ui/Image';
import { galleryLayout } from './gallery';
import { useHydrated } from '../../ui/ssr-data';
import { lazyComponent } from '../../ui/lazyComponent';
import { OnDemandPart } from '../../ui/OnDemandDialog';

// Headless UI's dialog is fetched for the first opening, not with the listing page: about half
// of the page's code, which it needs only on a tap (bench/README.md, "Session 16").
const Lightbox = lazyComponent(() => import('./Lightbox'));
/** A pointer over the thumbnails or focus on one: a tap is likely, so the lightbox's code is fetched. */
const preloadLightbox = () => void Lightbox.preload().catch(() => undefined);

/**
 * Up to 7 thumbnails (width 300), then a '+N More images' tile that opens the lightbox at the
 * 8th image (spec 2 "Gallery and lightbox"). Any thumbnail opens the lightbox at itself.
 */
export function Gallery({ imageIds, title }: { imageIds: readonly string[]; title: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const hydrated = useHydrated();
  const { shown, more } = galleryLayout(imageIds);
  const total = imageIds.length;
  if (total === 0) return null;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="gallery" onPointerOver={preloadLightbox} onFocus={preloadLightbox}>
        {shown.map((id, i) => (
          <li key={`${id}-${i}`}>
            <button type="button" onClick={() => setOpen(i)} data-testid="gallery-thumbnail"
              aria-label={t`Open image ${i + 1} of ${total}`}
              className="block w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-accent">
              <Image fileId={id} width={300} alt="" aspectRatio="4 / 3" className="transition-transform hover:scale-105" />
            </button>
          </li>
        ))}
        {more > 0 && (
          <li>
            <button type="button" onClick={() => setOpen(shown.length)} data-testid="gallery-more"
              className="flex aspect-[4/3] w-full items-center justify-center rounded-md border border-border bg-surface-2 text-lg font-semibold text-fg hover:border-accent focus-visible:outline-2 focus-visible:outline-accent">
              {plural(more, { one: '+# More image', other: '+# More images' })}
            </button>
          </li>
        )}
      </ul>
      {/* Only once opened, so never in server-rendered markup either (a dialog leaves an element with a style attribute: CSP). */}
      <OnDemandPart open={hydrated && open !== null} onClose={() => setOpen(null)}>
        <Lightbox imageIds={imageIds} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} title={title} />
      </OnDemandPart>
    </>
  );
}
