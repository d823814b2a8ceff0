import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './harness';
import { browseCards, controlled, copyOfDist, demoTargets, firstCardImageLoaded } from './pwa-helpers';

/**
 * The service worker and installability, against a private copy of the built app (so the
 * update test can serve a changed sw.js). The tests run in order in one browser context: the first
 * installs the worker, the later ones rely on it. New texts are found by data-testid (they may not
 * be in the English catalog yet).
 */
const staticDir = copyOfDist();
const env = useServerAndBrowser({ STATIC_DIR: staticDir });
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

interface ManifestIcon { src: string; sizes: string; type: string; purpose?: string }
interface WebManifest {
  name: string; short_name: string; description: string; start_url: string; scope: string; display: string;
  theme_color: string; background_color: string; lang: string; icons: ManifestIcon[];
}

describe('PWA: installable, offline, updates', () => {
  it('is installable: manifest fields, icons, no installability errors, the worker controls the page', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await page.locator('#home-title').waitFor();
    await controlled(page);
    await page.reload();
    await page.locator('#home-title').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${env.server.url}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${env.server.url}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as WebManifest;
    expect(manifest).toMatchObject({
      name: 'EventMarket', short_name: 'EventMarket', start_url: '/', scope: '/', display: 'standalone',
      theme_color: '#0f0f10', background_color: '#0f0f10', lang: 'en',
    });
    expect(manifest.description.length).toBeGreaterThan(10);
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
    expect(icons).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // Each icon and the apple-touch-icon load as PNG; the manifest and the worker are revalidated.
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i) => i.src), appleIcon!]) {
      const res = await fetch(new URL(src, env.server.url));
      expect(res.status, src).toBe(200);
      expect(res.headers.get('content-type'), src).toBe('image/png');
    }
    const manifestRes = await fetch(`${env.server.url}/manifest.webmanifest`);
    expect(manifestRes.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifestRes.headers.get('cache-control')).toBe('no-cache');
    const swRes = await fetch(`${env.server.url}/sw.js`);
    expect(swRes.headers.get('content-type')).toMatch(/javascript/);
    expect(swRes.headers.get('cache-control')).toBe('no-cache');

    // The iOS meta tags.
    for (const name of ['apple-mobile-web-app-capable', 'apple-mobile-web-app-status-bar-style', 'apple-mobile-web-app-title']) {
      expect(await page.locator(`meta[name="${name}"]`).count(), name).toBe(1);
    }
    await cdp.detach();
    await page.close();
  });

  it('offers Install when the browser does, and the Add-to-Home-Screen how-to on iPhone Safari', async () => {
    const { context } = env.browser;
    const page = await context.newPage();
    // Headless Chromium offers installation on its own schedule, sometimes again right after the
    // offer was used (seen once in CI: the button came back). Its own offers are held back here and
    // the test sends the same event itself, so what is tested is the app's answer to one offer.
    await page.addInitScript(() => window.addEventListener('beforeinstallprompt', (e) => { if (e.isTrusted) e.stopImmediatePropagation(); }, true));
    await page.goto(`${env.server.url}/`);
    await page.locator('#home-title').waitFor();
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    await page.getByTestId('install-button').click();
    // The offer is used up: the button goes until the browser offers again.
    await page.getByTestId('install-button').waitFor({ state: 'detached' });
    expect(await page.getByTestId('ios-install-hint').count()).toBe(0);

    const cdp = await context.newCDPSession(page);
    // Safari never offers beforeinstallprompt; headless Chromium with an iPhone UA still would.
    await page.addInitScript(() => window.addEventListener('beforeinstallprompt', (e) => e.stopImmediatePropagation(), true));
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      platform: 'iPhone',
    });
    await page.reload();
    await page.getByTestId('ios-install-hint').waitFor();
    // A click can land on the page the worker is still swapping in after the reload (seen once in
    // CI): dismiss again until the hint is gone; that it stays gone after a reload is checked below.
    for (let attempt = 1; ; attempt += 1) {
      await page.getByTestId('ios-install-hint').getByRole('button').click();
      try {
        await page.getByTestId('ios-install-hint').waitFor({ state: 'detached', timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.reload();
    await page.locator('#home-title').waitFor();
    expect(await page.getByTestId('ios-install-hint').count(), 'dismissed for good').toBe(0);
    await page.evaluate(() => localStorage.removeItem('iosInstallHintDismissed'));
    await cdp.detach();
    await page.close();
  });

  it('opens home, browse and a listing offline in a new page, with the image seen online', async () => {
    const { context } = env.browser;
    const { browse, listing } = await demoTargets(env.server.url);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    await controlled(page);
    await page.locator('#home-title').waitFor();
    await page.goto(`${env.server.url}${browse}`);
    await browseCards(page);
    const imageOnline = await firstCardImageLoaded(page);
    expect(imageOnline).toMatch(/^\/api\/files\/[0-9a-f-]+\?width=\d+$/);
    await page.goto(`${env.server.url}/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.name }).waitFor();
    await page.close();

    await context.setOffline(true);
    try {
      const offline = await context.newPage();
      await offline.goto(`${env.server.url}/`);
      await offline.locator('#home-title').waitFor();
      // Chromium answers the build's files from the precache itself, without the worker's fetch
      // handler (sw/sw.ts, the static route); the start page still comes from the handler.
      const routed = await offline.evaluate(() => {
        type Routed = PerformanceEntry & { workerMatchedSourceType?: string };
        const navigation = performance.getEntriesByType('navigation')[0] as Routed | undefined;
        const entry = (performance.getEntriesByType('resource') as Routed[]).find((e) => /\/assets\/index-[^/]*\.js$/.test(e.name));
        return { navigation: navigation?.workerMatchedSourceType || 'fetch handler', entry: entry?.workerMatchedSourceType };
      });
      expect(routed).toEqual({ navigation: 'fetch handler', entry: 'cache' });

      await offline.goto(`${env.server.url}${browse}`);
      await browseCards(offline);
      // The card image comes from the worker's image cache (the server's answer says no-cache).
      expect(await firstCardImageLoaded(offline)).toBe(imageOnline);
      const fileId = /\/api\/files\/([^?]+)/.exec(imageOnline)![1]!;
      const cached = await offline.evaluate(async () => (await (await caches.open('eventmarket-images-v1')).keys()).map((r) => r.url));
      expect(cached.some((key) => key.includes(`/__image-cache/${fileId}/`)), 'the image is in the worker cache under its hash').toBe(true);

      await offline.goto(`${env.server.url}/listing/${listing.id}`);
      await offline.getByRole('heading', { level: 1, name: listing.name }).waitFor();

      // A deep link never visited still gets the shell (the app's own not-found page).
      await offline.goto(`${env.server.url}/no/such/page`);
      await offline.getByTestId('app-root').waitFor();
      await offline.close();
    } finally {
      await context.setOffline(false);
    }
  });

  it('a changed hash in the manifest evicts that file\'s cached images', async () => {
    const page = await env.browser.context.newPage();
    // A page without images, so nothing is cached meanwhile.
    await page.goto(`${env.server.url}/privacy`);
    await controlled(page);
    const imageKeys = () => page.evaluate(async () => (await (await caches.open('eventmarket-images-v1')).keys()).map((r) => r.url));
    const before = await imageKeys();
    expect(before.length, 'images cached by the previous test').toBeGreaterThan(0);
    const [, fileId, hash] = /\/__image-cache\/([^/]+)\/([^/]+)\//.exec(before[0]!)!;
    const oldPrefix = `/__image-cache/${fileId}/${hash}/`;
    const manifest = (await (await fetch(`${env.server.url}/api/files/manifest`)).json()) as { blobFileId: string; shA256Hash: string }[];
    const changed = manifest.map((e) => (e.blobFileId === fileId ? { ...e, shA256Hash: 'changed+hash/==' } : e));
    expect(changed).not.toEqual(manifest);

    await page.evaluate((entries) => navigator.serviceWorker.controller!.postMessage({ type: 'FILES_MANIFEST', entries }), changed);
    await page.waitForFunction(async (prefix) => !(await (await caches.open('eventmarket-images-v1')).keys()).some((r) => r.url.includes(prefix)), oldPrefix);
    // The other files' images stay.
    const after = await imageKeys();
    expect(before.filter((k) => !k.includes(oldPrefix)).every((k) => after.includes(k))).toBe(true);
    await page.evaluate((entries) => navigator.serviceWorker.controller!.postMessage({ type: 'FILES_MANIFEST', entries }), manifest);
    await page.close();
  });

  it('answers 404 for an image id the manifest does not list, also offline (the Image placeholder)', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    await controlled(page);
    const unknown = '/api/files/00000000-0000-4000-8000-000000000000?width=400';
    expect(await page.evaluate(async (u) => (await fetch(u)).status, unknown)).toBe(404);
    // Offline the worker answers 404 itself (not a network error) for an id its manifest lacks.
    await env.browser.context.setOffline(true);
    try {
      expect(await page.evaluate(async (u) => (await fetch(u)).status, unknown)).toBe(404);
    } finally {
      await env.browser.context.setOffline(false);
    }
    // A navigation to the API reaches the server, not the shell.
    const api = await page.goto(`${env.server.url}/api/category`);
    expect(api?.headers()['content-type']).toMatch(/json/);
    await page.close();
  });

  it('shows "A new version is available" for a new build; Reload activates it and reloads', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/`);
    await controlled(page);
    await page.locator('#home-title').waitFor();
    // The registration code (its own chunk, after the load event) is running.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/register-[^/]*\.js$/.test(e.name)));
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // A new build: the worker script changes (and, as `npm run build` does, its precompressed copies).
    const sw = join(staticDir, 'sw.js');
    appendFileSync(sw, `\n// build ${Date.now()}\n`);
    writeFileSync(`${sw}.br`, brotliCompressSync(readFileSync(sw)));
    writeFileSync(`${sw}.gz`, gzipSync(readFileSync(sw)));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByTestId('update-prompt').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await page.evaluate(() => { (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true; });
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByTestId('update-reload').click()]);
    await page.locator('#home-title').waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ waiting: false, controlled: true });
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await page.close();
  });
});
