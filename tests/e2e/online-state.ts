import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * `navigator.onLine` as a device without a network reports it, under Playwright's offline
 * emulation. Chromium 150 (Debian's 150.0.7871.100, November 2026) no longer applies that
 * emulation to a document loaded while offline: such a page reports `onLine` true and never gets
 * an `online` event when the context goes back online; only a page already open when the state
 * changes sees it (false, and its `offline` event). The app reads `onLine` at start (the offline
 * banner, the feed's seed, what a note says), so every relaunched-offline test saw "online".
 *
 * Each context gets an init script that keeps `onLine` in step with the context's emulated state
 * (set at launch, then by every `setOffline`), and `setOffline` also tells the open pages, firing
 * the `online`/`offline` event a page would have had when Chromium does not. The network itself
 * stays Playwright's emulation: requests fail offline as before.
 */
type Flagged = Window & { __emulatedOffline?: boolean };

const tracked = new WeakSet<BrowserContext>();

export async function trackOnLine(context: BrowserContext, offline: boolean): Promise<void> {
  if (tracked.has(context)) return;
  tracked.add(context);
  await context.addInitScript((initial: boolean) => {
    const w = window as Flagged;
    w.__emulatedOffline = initial;
    // Capture listeners added before the page's own: Chromium's events, when it sends them, count.
    addEventListener('offline', () => { w.__emulatedOffline = true; }, true);
    addEventListener('online', () => { w.__emulatedOffline = false; }, true);
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => !w.__emulatedOffline });
  }, offline);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (next: boolean) => {
    await setOffline(next);
    // Documents loaded from now on start in the new state (init scripts run in order: the last wins).
    await context.addInitScript((state: boolean) => { (window as Flagged).__emulatedOffline = state; }, next);
    await Promise.all(context.pages().map((page) => page.evaluate((state: boolean) => {
      const w = window as Flagged;
      if (w.__emulatedOffline === state) return;
      w.__emulatedOffline = state;
      dispatchEvent(new Event(state ? 'offline' : 'online'));
    }, next).catch(() => undefined)));
  };
}

/** Every context the tests and the bench launch through `chromium` is tracked (harness.ts installs it). */
export function installOnLineTracking(): void {
  const marked = chromium as typeof chromium & { __onLineTracked?: boolean };
  if (marked.__onLineTracked) return;
  marked.__onLineTracked = true;
  const launchPersistent = chromium.launchPersistentContext.bind(chromium);
  chromium.launchPersistentContext = (async (dir, options) => {
    const context = await launchPersistent(dir, options);
    await trackOnLine(context, Boolean(options?.offline));
    return context;
  }) as typeof chromium.launchPersistentContext;
  const launch = chromium.launch.bind(chromium);
  chromium.launch = (async (options) => {
    const browser: Browser = await launch(options);
    const newContext = browser.newContext.bind(browser);
    browser.newContext = (async (contextOptions) => {
      const context = await newContext(contextOptions);
      await trackOnLine(context, Boolean(contextOptions?.offline));
      return context;
    }) as typeof browser.newContext;
    return browser;
  }) as typeof chromium.launch;
}
