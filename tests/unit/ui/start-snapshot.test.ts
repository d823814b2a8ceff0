import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_SNAPSHOT_STORAGE_KEY } from '../../../src/api/storage-keys';
import { session } from '../../../src/state/session';
import { theme } from '../../../src/state/theme';
import { currentStartSnapshot, dropStartSnapshot, keepStartSnapshot, keepStartSnapshotOnChanges, replayStartSnapshotTap, START_SNAPSHOT_MAX_CHARS } from '../../../src/ui/start-snapshot';
import { START_SNAPSHOT_SCRIPT } from '../../../src/ui/start-snapshot-script';
import type { User } from '../../../src/domain/user';

const FEED = '<header>EventMarket</header><main><section aria-labelledby="home-inspired"><h2 id="home-inspired">Be inspired</h2><article><h3>Jazz trio</h3></article></section></main>';
const ENTRY = '/assets/index-abc123.js';
/** The offline notice the live page shows under the top bar (src/app/sync/SyncStatus.tsx), as a snapshot kept online gets it. */
const NOTICE = '<span data-testid="offline-banner" class="font-medium">You are offline. Changes will be sent when you are back online.</span>';
/** The feed's note over listings from the device (src/features/home/BeInspired.tsx), as the live page shows it offline. */
const FEED_NOTE = '<p role="status" class="mt-2 text-sm text-muted" data-testid="feed-offline-note">You are offline. Showing listings saved on this device.</p>';
const OFFLINE_FEED = FEED
  .replace('<main>', `<div data-testid="sync-status" class="border-b border-border bg-surface-2 px-4 py-2 text-sm"><div class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1" role="status">${NOTICE}</div></div><main>`)
  .replace('</h2>', `</h2>${FEED_NOTE}`);

/** The shell as the worker serves it: the entry script in the head, an empty root. */
function shell(entry = ENTRY): HTMLElement {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  const script = document.createElement('script');
  script.setAttribute('type', 'module');
  script.setAttribute('src', entry);
  // Never loaded (happy-dom loads no files): only its address is read.
  document.head.append(script);
  document.body.innerHTML = '<div id="root"></div>';
  return document.getElementById('root')!;
}

/** The start with the page as the app drew it: the root holds the feed. */
function drawnPage(html = FEED): void {
  shell().innerHTML = html;
}

/** A start of the app: the shell, then its inline script, as the page runs it. */
function start(entry = ENTRY): HTMLElement {
  const root = shell(entry);
  new Function(START_SNAPSHOT_SCRIPT)();
  return root;
}

let online: boolean;
let controller: object | null;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  // The entry's address is all the snapshot reads: happy-dom's refusal to load it is not an error here.
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  online = false;
  controller = {};
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, get: () => ({ controller }) });
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = 'en';
  document.documentElement.classList.remove('light');
  theme.current = 'dark';
  session.user = null;
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  localStorage.clear();
});

/** Keeps the page drawn now, as the feed does, and waits for the idle moment it is written at. */
async function keep(): Promise<void> {
  keepStartSnapshot();
  await vi.waitFor(() => expect(localStorage.getItem(START_SNAPSHOT_STORAGE_KEY)).not.toBeNull());
}

describe('the start snapshot', () => {
  it('draws the start page as last kept, inert and hidden from assistive technology, when the app starts offline', async () => {
    drawnPage();
    await keep();
    const root = start();
    const snapshot = root.querySelector('[data-start-snapshot]')!;
    expect(snapshot).not.toBeNull();
    expect(snapshot.hasAttribute('inert')).toBe(true);
    expect(snapshot.getAttribute('aria-hidden')).toBe('true');
    // With the offline notice the live page will show (it was kept online).
    expect(snapshot.innerHTML).toBe(OFFLINE_FEED);
    expect(root.querySelector('section[aria-labelledby="home-inspired"] article h3')!.textContent).toBe('Jazz trio');
  });

  it('hides an image of the snapshot that fails to load (never stored), and leaves the live page\'s images alone', async () => {
    drawnPage(FEED.replace('<h3>', '<img src="/api/files/a?width=400" alt="Jazz trio on stage"><img src="/api/files/b?width=400" alt=""><h3>'));
    await keep();
    const root = start();
    const [failed, shown] = [...root.querySelectorAll('img')];
    failed!.dispatchEvent(new Event('error'));
    expect(failed!.style.visibility).toBe('hidden');
    expect(shown!.style.visibility).toBe('');
    // The app's first render replaces the snapshot: its images are not the snapshot's business.
    root.innerHTML = '<img src="/api/files/c?width=400" alt="">';
    root.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(root.querySelector('img')!.style.visibility).toBe('');
  });

  it('keeps its images without their text: hidden from assistive technology, one the device never stored shows an empty frame', async () => {
    drawnPage(FEED.replace('<h3>', '<img src="/api/files/a?width=400" alt="Jazz trio on stage"><h3>'));
    await keep();
    // The live page keeps its text: the snapshot is made from a copy.
    expect(document.querySelector('img')!.getAttribute('alt')).toBe('Jazz trio on stage');
    const image = start().querySelector('[data-start-snapshot] img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('src')).toBe('/api/files/a?width=400');
  });

  it('is drawn for the user, language and theme it was kept for, in that theme and language', async () => {
    const user = { id: 'user-1', email: 'a@example.com' } as User;
    localStorage.setItem('auth', JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'r', user }));
    session.user = user;
    localStorage.setItem('locale', 'no');
    localStorage.setItem('theme', 'light');
    theme.current = 'light';
    document.documentElement.lang = 'no';
    drawnPage();
    await keep();
    document.documentElement.lang = 'x';
    const root = start();
    expect(root.querySelector('[data-start-snapshot]')).not.toBeNull();
    expect(document.documentElement.classList.contains('light')).toBe(true);
    expect(document.documentElement.lang).toBe('no');
  });

  it.each([
    ['online (the app shows fresher listings at once)', () => { online = true; }],
    ['in a page no worker controls', () => { controller = null; }],
    ['at another address than the start page', () => { window.history.replaceState(null, '', '/listings'); }],
    ['for another user', () => { localStorage.setItem('auth', JSON.stringify({ user: { id: 'someone-else' } })); }],
    ['in a session signed in without "remember me"', () => { sessionStorage.setItem('auth', JSON.stringify({ user: { id: 'someone-else' } })); }],
    ['in another theme', () => { localStorage.setItem('theme', 'light'); }],
    ['in another theme, from the cookie', () => { document.cookie = 'theme=light; path=/'; }],
    ['in another chosen language', () => { localStorage.setItem('locale', 'sv'); }],
    ['when it is damaged', () => { localStorage.setItem(START_SNAPSHOT_STORAGE_KEY, '{"html":'); }],
    ['when it is not markup', () => { localStorage.setItem(START_SNAPSHOT_STORAGE_KEY, JSON.stringify({ ...JSON.parse(localStorage.getItem(START_SNAPSHOT_STORAGE_KEY)!), html: 42 })); }],
    ['once forgotten (signed out)', () => { dropStartSnapshot(); }],
  ])('is not drawn %s', async (_, change) => {
    drawnPage();
    await keep();
    change();
    try {
      const root = start();
      expect(root.innerHTML).toBe('');
      expect(document.documentElement.classList.contains('light')).toBe(false);
    } finally {
      document.cookie = 'theme=; path=/; max-age=0';
    }
  });

  it('is not drawn by another build (its classes may no longer exist)', async () => {
    drawnPage();
    await keep();
    expect(start('/assets/index-def456.js').innerHTML).toBe('');
  });

  it.each([
    ['without the feed\'s cards', () => drawnPage('<main><section aria-labelledby="home-inspired"></section></main>')],
    ['while the feed is loading', () => drawnPage(FEED.replace('<section ', '<section aria-busy="true" '))],
    ['at another address', () => { drawnPage(); window.history.replaceState(null, '', '/search'); }],
    ['in the pseudo-locale (it lives for one tab)', () => { drawnPage(); document.documentElement.lang = 'en-XA'; }],
    ['larger than local storage should hold', () => drawnPage(FEED.replace('Jazz trio', 'x'.repeat(START_SNAPSHOT_MAX_CHARS)))],
    ['when the root is the snapshot itself', () => { drawnPage(`<div data-start-snapshot inert aria-hidden="true">${FEED}</div>`); }],
  ])('is not kept %s', (_, draw) => {
    draw();
    expect(currentStartSnapshot()).toBeNull();
  });

  it('is kept without the messages of the moment (snackbars)', () => {
    drawnPage(`${FEED}<div><div role="status" data-testid="snackbar"><p>Added to favourites</p></div></div>`);
    const snapshot = currentStartSnapshot()!;
    expect(snapshot.html).toBe(`${OFFLINE_FEED}<div></div>`);
    // The page itself is left as it is.
    expect(document.querySelector('[data-testid="snackbar"]')).not.toBeNull();
  });

  it('keeps the first two screens of the page, the feed\'s first card, and what is fixed or sticky on the screen', () => {
    // Each element's place on the page (data-y, data-h) as the browser would lay it out; happy-dom lays out nothing.
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => 500);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const y = this.getAttribute('data-y');
      const height = Number(this.getAttribute('data-h') ?? 40);
      // Fixed and sticky elements stay on the screen however far the page is scrolled.
      const top = y === null ? 0 : Number(y) - (this.getAttribute('style') ? 0 : scrollY);
      return y === null ? new DOMRect(0, 0, 0, 0) : new DOMRect(0, top, 100, height);
    });
    const page = [
      '<header data-y="0" style="position: sticky"><a data-y="0" href="/">EventMarket</a></header>',
      '<main><section data-y="100"><h1 data-y="100">Find suppliers</h1></section>',
      '<section aria-labelledby="home-inspired" data-y="900" data-h="2000"><h2 id="home-inspired" data-y="900">Be inspired</h2>',
      '<ul><li data-y="960"><article data-y="960" data-h="300"><h3 data-y="1000">Jazz trio</h3></article></li>',
      '<li data-y="1400" data-h="700"><article data-y="1400" data-h="700"><h3 data-y="1400">Brass band</h3><p data-y="2050">Oslo</p></article></li></ul></section>',
      '<section data-y="2950"><h2 data-y="2950">Regions</h2></section></main>',
      '<footer data-y="3000">About</footer><nav data-y="460" style="position: fixed"><a data-y="460" href="/search">Search</a></nav>',
    ].join('');
    const kept = (html: string) => {
      const parsed = document.createElement('div');
      parsed.innerHTML = html;
      return Array.from(parsed.querySelectorAll('h1, h2, h3, article p, footer, nav a, header a'), (element) => element.textContent);
    };
    drawnPage(page);
    // Two screens of 500 px end above the feed's first card, which is kept to its bottom (1,260 px).
    expect(kept(currentStartSnapshot()!.html)).toEqual(['EventMarket', 'Find suppliers', 'Be inspired', 'Jazz trio', 'Search']);
    // Scrolled far down, the page is still measured from its top; the sticky header and fixed bar stay.
    scrollY = 2400;
    expect(kept(currentStartSnapshot()!.html)).toEqual(['EventMarket', 'Find suppliers', 'Be inspired', 'Jazz trio', 'Search']);
    // A taller screen keeps more, and a card that starts above the cut is kept whole, not cut in half.
    vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => 1000);
    expect(kept(currentStartSnapshot()!.html)).toEqual(['EventMarket', 'Find suppliers', 'Be inspired', 'Jazz trio', 'Brass band', 'Oslo', 'Search']);
    // The page itself is left whole.
    expect(document.querySelectorAll('footer, article')).toHaveLength(3);
  });

  it('is kept again when the theme changes, so the next offline start still draws it', async () => {
    drawnPage();
    await keep();
    const stop = keepStartSnapshotOnChanges();
    try {
      localStorage.setItem('theme', 'light');
      theme.current = 'light';
      await vi.waitFor(() => expect(JSON.parse(localStorage.getItem(START_SNAPSHOT_STORAGE_KEY)!).context).toContain('light'));
    } finally {
      stop();
    }
    expect(start().querySelector('[data-start-snapshot]')).not.toBeNull();
  });

  it('has the offline notice once: kept offline it is the page\'s own, and beside a count of waiting changes it joins that line', () => {
    drawnPage(OFFLINE_FEED);
    expect(currentStartSnapshot()!.html).toBe(OFFLINE_FEED);
    const waiting = '<span data-testid="pending-count">1 change waiting to be sent</span>';
    drawnPage(OFFLINE_FEED.replace(NOTICE, waiting));
    expect(currentStartSnapshot()!.html).toBe(OFFLINE_FEED.replace(NOTICE, NOTICE + waiting));
  });

  it('has the feed\'s note worded for offline once, also when kept while the server could not be reached', () => {
    drawnPage(OFFLINE_FEED.replace('You are offline. Showing', 'Could not reach the server. Showing'));
    expect(currentStartSnapshot()!.html).toBe(OFFLINE_FEED);
  });

  it('is kept once per idle moment, with the page as it is then', async () => {
    drawnPage();
    keepStartSnapshot();
    keepStartSnapshot();
    document.querySelector('h3')!.textContent = 'String quartet';
    await vi.waitFor(() => expect(localStorage.getItem(START_SNAPSHOT_STORAGE_KEY)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(START_SNAPSHOT_STORAGE_KEY)!).html).toContain('String quartet');
  });

  describe('taps on the snapshot', () => {
    /** A tap at a place of the page, as the browser sends it: the snapshot is inert, so the root gets it. */
    const tapAt = (x: number, y: number) => document.getElementById('root')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));

    /** The app's first render: React replaced the snapshot with the live page. */
    function livePage(): { heard: string[] } {
      const heard: string[] = [];
      document.getElementById('root')!.innerHTML = '<header><button id="menu" type="button"><span id="menu-icon">☰</span></button></header><main><input id="search"><p id="text">Be inspired</p></main>';
      document.getElementById('menu')!.addEventListener('click', () => heard.push('menu'));
      return { heard };
    }

    async function snapshotShown(): Promise<void> {
      drawnPage();
      await keep();
      start();
      expect(document.querySelector('[data-start-snapshot]')).not.toBeNull();
    }

    afterEach(() => replayStartSnapshotTap());

    it('makes the last one again at its place once the live page is drawn, on the control found there', async () => {
      await snapshotShown();
      tapAt(10, 20);
      tapAt(300, 15);
      const { heard } = livePage();
      const at = vi.spyOn(document, 'elementFromPoint').mockImplementation(() => document.getElementById('menu-icon'));
      replayStartSnapshotTap();
      expect(at).toHaveBeenCalledWith(300, 15);
      expect(heard).toEqual(['menu']);
      // Kept no longer: a tap now is the live page's own.
      tapAt(300, 15);
      replayStartSnapshotTap();
      expect(heard).toEqual(['menu']);
      expect(window.__startSnapshotTaps).toBeUndefined();
    });

    it('focuses a field tapped, and drops a tap that lands on no control', async () => {
      await snapshotShown();
      tapAt(50, 60);
      livePage();
      vi.spyOn(document, 'elementFromPoint').mockImplementation(() => document.getElementById('search'));
      replayStartSnapshotTap();
      expect(document.activeElement).toBe(document.getElementById('search'));

      await snapshotShown();
      tapAt(50, 90);
      const { heard } = livePage();
      vi.spyOn(document, 'elementFromPoint').mockImplementation(() => document.getElementById('text'));
      replayStartSnapshotTap();
      expect(heard).toEqual([]);
    });

    it('keeps nothing when no snapshot was drawn', () => {
      online = true;
      start();
      tapAt(10, 10);
      expect(window.__startSnapshotTaps).toBeUndefined();
    });
  });
});
