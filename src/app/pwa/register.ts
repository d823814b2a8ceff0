import { Workbox } from 'workbox-window';
import { setUpdateAvailable } from './update-state';
import { hasKeptImages, warmImageCache } from './warm-images';

/** How often an open app asks the server for a new worker (browsers also check on navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let started = false;

/**
 * Registers /sw.js (loaded after the first render, in its own chunk; registration itself waits for
 * the window `load` event, so precaching never competes with the first load). A new worker waits
 * (registerType 'prompt'): the update prompt offers Reload, which activates it and reloads this
 * page. Nothing here ever reloads on its own.
 */
export async function registerServiceWorker(scriptUrl = '/sw.js'): Promise<ServiceWorkerRegistration | undefined> {
  if (started || !('serviceWorker' in navigator)) return undefined;
  started = true;

  // The first worker claims the page (clientsClaim): that controller change is not an update.
  let controlled = Boolean(navigator.serviceWorker.controller);
  let requested = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  // A controlled page hands over the images this tab's earlier pages kept, left before the first
  // worker took over (src/app/pwa/warm-images.ts).
  if (controlled && hasKeptImages()) warmImageCache(navigator.serviceWorker.controller);

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (requested) return reload();
    if (!controlled) {
      controlled = true;
      // The first worker just took this page: give it the images the page and this tab's earlier pages loaded before.
      warmImageCache(navigator.serviceWorker.controller);
      return;
    }
    // Another tab activated a new version: this page still runs the old code. Offer, never force.
    setUpdateAvailable(reload);
  });

  const wb = new Workbox(scriptUrl, { scope: '/' });
  const registration = await wb.register();
  if (!registration) return undefined;

  const offer = () => {
    const waiting = registration.waiting;
    // Without a controller this is the first install, not an update.
    if (!waiting || !navigator.serviceWorker.controller) return;
    setUpdateAvailable(() => {
      requested = true;
      const current = registration.waiting ?? waiting;
      current.postMessage({ type: 'SKIP_WAITING' });
      // Already activated elsewhere (no controller change will come here): reload anyway.
      if (current.state === 'activated' || current.state === 'redundant') reload();
    });
  };

  // Workbox reports a waiting worker (also one waiting before this page loaded); the native
  // listener catches every later update too (Workbox stops listening after an external one).
  wb.addEventListener('waiting', offer);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  offer();

  setInterval(() => {
    void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return registration;
}
