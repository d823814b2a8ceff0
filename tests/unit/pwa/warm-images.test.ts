import { afterEach, describe, expect, it, vi } from 'vitest';
import { WARM_LIMIT, shownImageUrls, warmImageCache } from '../../../src/app/pwa/warm-images';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const origin = 'http://localhost:3000';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('warming the image cache', () => {
  it('keeps same-origin image addresses with a width, once each', () => {
    expect(shownImageUrls([
      `${origin}/api/files/${id(1)}?width=400`,
      `/api/files/${id(1)}?width=400`,
      `${origin}/api/files/${id(1)}?width=800`,
      `${origin}/api/files/${id(2)}`,
      `${origin}/api/files/manifest`,
      `https://elsewhere.example/api/files/${id(3)}?width=400`,
      `${origin}/assets/index.js`,
      'not a url at all: ::',
    ], origin)).toEqual([`${origin}/api/files/${id(1)}?width=400`, `${origin}/api/files/${id(1)}?width=800`]);
  });

  it('sends at most the limit', () => {
    const many = Array.from({ length: WARM_LIMIT + 20 }, (_, i) => `${origin}/api/files/${id(i)}?width=400`);
    expect(shownImageUrls(many, origin)).toHaveLength(WARM_LIMIT);
  });

  it("posts Workbox's CACHE_URLS message with what the page loaded and shows", () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: `${window.location.origin}/api/files/${id(1)}?width=400` } as PerformanceEntry]);
    document.body.innerHTML = `<img src="/api/files/${id(2)}?width=64" alt="">`;
    const postMessage = vi.fn();
    warmImageCache({ postMessage } as unknown as ServiceWorker);
    expect(postMessage).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      payload: { urlsToCache: [`${window.location.origin}/api/files/${id(1)}?width=400`, `${window.location.origin}/api/files/${id(2)}?width=64`] },
    });
  });

  it('sends nothing without a worker or without images', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    const postMessage = vi.fn();
    warmImageCache(null);
    warmImageCache({ postMessage } as unknown as ServiceWorker);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
