import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { OnDemandDialog, preloadDialog } from '../../ui/OnDemandDialog';
import { parseVideoLinks, type VideoLink } from '../../domain/video-links';

function PlayIcon() {
  return (
    <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-black/70 text-white shadow-lg">
      <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" fill="currentColor"><path d="M8 5v14l11-7z" /></svg>
    </span>
  );
}

const providerName = (video: VideoLink) => (video.provider === 'vimeo' ? 'Vimeo' : 'YouTube');

function Thumbnail({ video }: { video: VideoLink }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-md bg-surface-2">
      {video.thumbnailUrl && !failed && (
        <img src={video.thumbnailUrl} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer"
          onError={() => setFailed(true)} className="absolute inset-0 h-full w-full object-cover" />
      )}
      {(!video.thumbnailUrl || failed) && (
        <span className="absolute left-3 top-3 text-sm font-semibold text-muted">{providerName(video)}</span>
      )}
      <span className="relative"><PlayIcon /></span>
    </span>
  );
}

/**
 * Video thumbnails (YouTube stills, a play tile for Vimeo) that open the video in a modal with
 * the provider's embedded player. Unsupported links are left out.
 */
export function Videos({ links }: { links: readonly string[] }) {
  const { t } = useLingui();
  const videos = useMemo(() => parseVideoLinks(links), [links]);
  const [playing, setPlaying] = useState<VideoLink | null>(null);
  if (videos.length === 0) return null;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="videos" onPointerOver={preloadDialog} onFocus={preloadDialog}>
        {videos.map((video, i) => {
          const provider = providerName(video);
          return (
          <li key={`${video.provider}-${video.id}`}>
            <button type="button" onClick={() => setPlaying(video)} data-testid="video-thumbnail"
              // The provider's name is the tile's visible text when no still loads (offline): the
              // accessible name must contain it (WCAG 2.5.3, label in name).
              aria-label={t`Play ${provider} video ${i + 1}`}
              className="block w-full rounded-md hover:opacity-90 focus-visible:outline-2 focus-visible:outline-accent">
              <Thumbnail video={video} />
            </button>
          </li>
          );
        })}
      </ul>
      <OnDemandDialog open={playing !== null} onClose={() => setPlaying(null)} title={t`Video`} size="lg"
        actions={<Button variant="secondary" onClick={() => setPlaying(null)}>{t`Close`}</Button>}>
        {playing && (
          <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
            <iframe
              src={playing.embedUrl}
              title={t`Video player`}
              data-testid="video-iframe"
              className="h-full w-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        )}
      </OnDemandDialog>
    </>
  );
}
