/**
 * Video links of a listing (spec 2 §5): a YouTube watch, embed or youtu.be link with an
 * 11-character id, or a Vimeo or Vimeo player link with a numeric id. Anything else is left out.
 */

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoLink {
  provider: VideoProvider;
  id: string;
  /** The link as given (trimmed). */
  url: string;
  /** The privacy-friendly player address for an iframe. */
  embedUrl: string;
  /** A still image for the thumbnail; null for Vimeo (its thumbnail needs an API call). */
  thumbnailUrl: string | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d+$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com']);

function parseUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The path segments without empty ones: '/embed/abc/' → ['embed', 'abc']. */
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

function youtubeId(url: URL, host: string): string | null {
  const parts = segments(url);
  if (host === 'youtu.be') return parts.length === 1 ? parts[0]! : null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (parts.length === 1 && parts[0] === 'watch') return url.searchParams.get('v');
  if (parts.length === 2 && parts[0] === 'embed') return parts[1]!;
  return null;
}

function vimeoId(url: URL, host: string): string | null {
  const parts = segments(url);
  if (host === 'player.vimeo.com') return parts.length === 2 && parts[0] === 'video' ? parts[1]! : null;
  if (VIMEO_HOSTS.has(host)) return parts.length === 1 ? parts[0]! : null;
  return null;
}

/** One link parsed, or null when it is not a supported YouTube or Vimeo address. */
export function parseVideoLink(raw: string): VideoLink | null {
  const trimmed = raw.trim();
  const url = parseUrl(trimmed);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const yt = youtubeId(url, host);
  if (yt !== null) {
    return YOUTUBE_ID.test(yt)
      ? { provider: 'youtube', id: yt, url: trimmed, embedUrl: `https://www.youtube-nocookie.com/embed/${yt}`, thumbnailUrl: `https://i.ytimg.com/vi/${yt}/hqdefault.jpg` }
      : null;
  }
  const vm = vimeoId(url, host);
  if (vm !== null && VIMEO_ID.test(vm)) {
    return { provider: 'vimeo', id: vm, url: trimmed, embedUrl: `https://player.vimeo.com/video/${vm}`, thumbnailUrl: null };
  }
  return null;
}

/** The supported links of a list, in order, each video once. */
export function parseVideoLinks(links: readonly string[]): VideoLink[] {
  const seen = new Set<string>();
  const out: VideoLink[] = [];
  for (const link of links) {
    const video = parseVideoLink(link);
    if (!video) continue;
    const key = `${video.provider}:${video.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(video);
  }
  return out;
}
