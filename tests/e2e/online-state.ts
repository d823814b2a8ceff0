import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * `navigator.onLine` as a device without a network reports it, under Playwright's offline
 * emulation. Chromium 150 (Debian's 150.0.7871.100, November 2026) no longer applies that
 * emulation to a document loaded while offline: such a page reports `onLine` true and gets no
 * `online` event when the context goes back online. A page loaded online still sees every change
 * (false, and its `offline`/`online` events). The app reads `onLine` at start (the offline banner,
 * the feed's seed, what a note says), so every relaunched-offline test saw "online".
 *
 * So in a document loaded while the context is offline, an init script makes `onLine` follow the
 * context's emulated state, and `setOffline` fires the `online`/`offline` event there. Documents
 * loaded online are left to Chromium: a first version also sent them events, before Chromium's
 * own, and under load the app replayed its queue while the network was still emulated offline
 * (CI failed on it). Requests always go through Playwright's emulation: nothing else is faked.
 */
// The page's global, typed without the DOM library: tsconfig.node.json compiles this file too
// (a server test imports the harness).
type Flagged = EventTarget & { __emulatedOffline?: boolean; __loadedOffline?: boolean };

const tracked = new WeakSet<BrowserContext>();

export async function trackOnLine(context: BrowserContext, offline: boolean): Promise<void> {
  if (tracked.has(context)) return;
  tracked.add(context);
  await context.addInitScript((initial: boolean) => {
    const w = globalThis as unknown as Flagged;
    w.__emulatedOffline = initial;
    w.__loadedOffline = initial;
    const native = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')?.get;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return w.__loadedOffline || !native ? !w.__emulatedOffline : (native.call(this) as boolean);
      },
    });
  }, offline);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (next: boolean) => {
    await setOffline(next);
    // Init scripts run in order when a document starts: the last state set wins.
    await context.addInitScript((state: boolean) => {
      const w = globalThis as unknown as Flagged;
      w.__emulatedOffline = state;
      w.__loadedOffline = state;
    }, next);
    await Promise.all(context.pages().map((page) => page.evaluate((state: boolean) => {
      const w = globalThis as unknown as Flagged;
      w.__emulatedOffline = state;
      if (w.__loadedOffline) w.dispatchEvent(new Event(state ? 'offline' : 'online'));
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
