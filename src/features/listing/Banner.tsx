import { useState } from 'react';
import { filesApi } from '../../api/files';
import { Skeleton } from '../../ui/Skeleton';
import { srcSetOf } from './images';

/**
 * The listing's banner (spec 2 §2): aspect ratio 1 on small screens and 3 from lg up, at most
 * 400 px high on small screens and 600 px on desktop. The Image component's widths (400/800)
 * are too small for a full-width banner, so this one asks the server for up to 2000 px.
 * Without a banner (or while only the card is stored) the card image stands in.
 */
export function Banner({ fileId, alt }: { fileId: string | null | undefined; alt: string }) {
  const src = fileId ? filesApi.url(fileId, 1200) : null;
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = !src || failed === src;
  const ready = !placeholder && loaded === src;
  return (
    <div
      data-testid="listing-banner"
      data-state={placeholder ? 'placeholder' : ready ? 'loaded' : 'loading'}
      className="relative aspect-square max-h-[400px] w-full overflow-hidden bg-surface-2 sm:rounded-lg lg:aspect-[3] lg:max-h-[600px]"
    >
      {!placeholder && (
        <>
          {!ready && <Skeleton className="absolute inset-0 rounded-none" />}
          <img
            key={src}
            src={src}
            srcSet={srcSetOf(fileId as string)}
            sizes="(min-width: 1152px) 1152px, 100vw"
            alt={alt}
            decoding="async"
            fetchPriority="high"
            onLoad={() => setLoaded(src)}
            onError={() => setFailed(src)}
            className={`h-full w-full object-cover transition-opacity duration-300 ${ready ? 'opacity-100' : 'opacity-0'}`}
          />
        </>
      )}
    </div>
  );
}
