import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGES_BEFORE_WORKER_KEY, WARM_LIMIT, hasKeptImages, keepImagesForWorker, keepImagesUntilControlled, shownImageUrls, warmImageCache } from '../../../src/app/pwa/warm-images';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const origin = 'http://localhost:3000';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const image = (n: number, width = 400) => `${window.location.origin}/api/files/${id(n)}?width=${width}`;
const pageLoaded = (...urls: string[]) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue(urls.map((name) => ({ name }) as PerformanceEntry));

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

  describe('across the pages a tab leaves before the first worker controls one', () => {
    it('keeps a left page\'s images in session storage and hands them over with the next page\'s', () => {
      pageLoaded(image(1), image(2));
      keepImagesForWorker();
      expect(hasKeptImages()).toBe(true);
      pageLoaded(image(3));
      const postMessage = vi.fn();
      warmImageCache({ postMessage } as unknown as ServiceWorker);
      expect(postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [image(3), image(1), image(2)] } });
      // Handed over once: the next controlled page has nothing left to send.
      expect(hasKeptImages()).toBe(false);
      expect(sessionStorage.getItem(IMAGES_BEFORE_WORKER_KEY)).toBeNull();
    });

    it('adds each left page to what earlier ones kept, newest first, once each, dropping the oldest past the limit', () => {
      pageLoaded(...Array.from({ length: WARM_LIMIT }, (_, i) => image(i)));
      keepImagesForWorker();
      pageLoaded(image(0), image(1000));
      keepImagesForWorker();
      const kept = JSON.parse(sessionStorage.getItem(IMAGES_BEFORE_WORKER_KEY)!) as string[];
      expect(kept).toHaveLength(WARM_LIMIT);
      expect(kept.slice(0, 3)).toEqual([image(0), image(1000), image(1)]);
      expect(kept).not.toContain(image(WARM_LIMIT - 1));
    });

    it('keeps nothing for a page without images, and ignores a damaged or foreign value', () => {
      pageLoaded();
      keepImagesForWorker();
      expect(sessionStorage.getItem(IMAGES_BEFORE_WORKER_KEY)).toBeNull();
      for (const damaged of ['{not json', '{"a":1}', JSON.stringify([42, null, 'https://elsewhere.example/api/files/x?width=1'])]) {
        sessionStorage.setItem(IMAGES_BEFORE_WORKER_KEY, damaged);
        const postMessage = vi.fn();
        warmImageCache({ postMessage } as unknown as ServiceWorker);
        expect(postMessage).not.toHaveBeenCalled();
      }
    });

    it('keeps them as an uncontrolled page is left; not when a worker took the page meanwhile, nor on a controlled page', () => {
      pageLoaded(image(7));
      const serviceWorker = { controller: null as object | null };
      vi.stubGlobal('navigator', { ...navigator, serviceWorker });
      keepImagesUntilControlled();
      // Taken by the worker before it is left: it handed its images over then (register.ts).
      serviceWorker.controller = {};
      window.dispatchEvent(new Event('pagehide'));
      expect(hasKeptImages()).toBe(false);
      // Left uncontrolled: kept.
      serviceWorker.controller = null;
      window.dispatchEvent(new Event('pagehide'));
      expect(JSON.parse(sessionStorage.getItem(IMAGES_BEFORE_WORKER_KEY)!)).toEqual([image(7)]);
      sessionStorage.clear();
      // A page a worker controls from its start keeps nothing.
      const listeners = vi.spyOn(window, 'addEventListener');
      serviceWorker.controller = {};
      keepImagesUntilControlled();
      expect(listeners).not.toHaveBeenCalled();
    });

    it('survives blocked session storage: the page\'s own images are still handed over', () => {
      pageLoaded(image(5));
      const blocked = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
      vi.stubGlobal('sessionStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
      expect(() => keepImagesForWorker()).not.toThrow();
      expect(hasKeptImages()).toBe(false);
      const postMessage = vi.fn();
      warmImageCache({ postMessage } as unknown as ServiceWorker);
      expect(postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [image(5)] } });
    });
  });
});
