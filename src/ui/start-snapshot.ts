import { i18n } from '@lingui/core';
import { subscribe } from 'valtio';
import { whenIdle } from '../api/when-idle';
import { safeGet, safeSet } from '../api/storage';
import { LOCALE_STORAGE_KEY, START_SNAPSHOT_STORAGE_KEY } from '../api/storage-keys';
import { session } from '../state/session';
import { theme } from '../state/theme';
import {
  FEED_NOTE_CLASS, FEED_NOTE_TESTID, OFFLINE_BANNER_CLASS, OFFLINE_BANNER_MESSAGE, OFFLINE_BANNER_TESTID,
  SAVED_LISTINGS_OFFLINE_MESSAGE, SYNC_STATUS_CLASS, SYNC_STATUS_ROW_CLASS, SYNC_STATUS_TESTID,
} from './offline-banner';
import { START_SNAPSHOT_ATTRIBUTE, START_SNAPSHOT_TAPS_GLOBAL, startSnapshotContext, type StartSnapshot, type StartSnapshotTaps } from './start-snapshot-script';

declare global {
  interface Window {
    [START_SNAPSHOT_TAPS_GLOBAL]?: StartSnapshotTaps;
  }
}

/** Markup larger than this is not kept: local storage is small, and a snapshot is read in one piece at start. */
export const START_SNAPSHOT_MAX_CHARS = 200_000;
/** How long the browser may keep the snapshot waiting for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;
/** The feed (labelled by its heading), and its cards: a start page without them is not worth drawing early. */
const FEED_HEADING_ID = 'home-inspired';
const FEED = `section[aria-labelledby="${FEED_HEADING_ID}"]`;
const FEED_CARD = `${FEED} article`;

/**
 * How much of the page's height the snapshot keeps, in screens: what a relaunch draws at once is
 * the first screen, and each element kept below it is parsed, styled and laid out before that
 * screen shows (bench/README.md, "Session 27": the lower half of the home page was half of the
 * snapshot's markup). Two screens leave room for a taller window than the one it was kept in.
 */
export const START_SNAPSHOT_SCREENS = 2;

/** What the snapshot keeps whole once it starts within its screens: cards and a list's items. */
const WHOLE = 'article, li';

/** What the page shows for a moment only: not kept in the snapshot. */
const TRANSIENT = '[data-testid="snackbar"]';

let pending = false;

/**
 * Keeps the start page as it is drawn now, at the next idle moment, for the next offline start
 * (src/ui/start-snapshot-script.ts). Called by the feed when its cards change; a page that moved
 * on, is still loading, shows the pseudo-locale, or is itself the snapshot is not kept.
 */
export function keepStartSnapshot(): void {
  if (pending) return;
  pending = true;
  whenIdle(() => {
    pending = false;
    const snapshot = currentStartSnapshot();
    if (snapshot) safeSet('local', START_SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot));
  }, IDLE_TIMEOUT_MS);
}

/**
 * The snapshot is kept again when what it was drawn for changes (the theme, the language, the
 * user): one kept before would no longer be drawn (its context differs), and the feed's cards,
 * which usually ask for it, may not change with them. Elsewhere than the start page it keeps nothing.
 */
export function keepStartSnapshotOnChanges(): () => void {
  const stops = [subscribe(theme, keepStartSnapshot), subscribe(session, keepStartSnapshot), i18n.on('change', keepStartSnapshot)];
  return () => stops.forEach((stop) => stop());
}

/** The start page's snapshot now, or null when it should not be kept. */
export function currentStartSnapshot(): StartSnapshot | null {
  const root = document.getElementById('root');
  const entry = document.querySelector('script[type=module][src]')?.getAttribute('src');
  if (window.location.pathname !== '/' || !root || !entry) return null;
  const firstCard = root.querySelector(FEED_CARD);
  if (!firstCard || root.querySelector(`[aria-busy="true"], [${START_SNAPSHOT_ATTRIBUTE}]`)) return null;
  // The pseudo-locale lives for a tab (session storage): a relaunch would not show it.
  const lang = document.documentElement.lang;
  if (lang.startsWith('en-XA')) return null;
  // The copy lives in a document of its own, without a window: a copy in the page's document
  // starts loading each of its images (an image element with a source loads, in the page or not),
  // and took 38–63 ms at a phone's 4× slower CPU against 0.3–8 ms (bench/README.md, "Session 26"),
  // an idle moment turned into a long task.
  const doc = document.implementation.createHTMLDocument('');
  const copy = doc.importNode(root, true);
  withoutLowerScreens(root, copy, firstCard);
  // A message of the moment (a snackbar) is not part of the page to show at the next start.
  copy.querySelectorAll(TRANSIENT).forEach((element) => element.remove());
  // The snapshot is hidden from assistive technology, so its images need no text; and an image the
  // device never stored, failing offline, then shows its frame empty, as the live page's
  // placeholder does, rather than the browser's broken-image icon and the text over it.
  copy.querySelectorAll('img[alt]').forEach((image) => image.setAttribute('alt', ''));
  withOfflineBanner(copy);
  withFeedNote(copy);
  const html = copy.innerHTML;
  if (html.length > START_SNAPSHOT_MAX_CHARS) return null;
  const context = startSnapshotContext({
    chosenLocale: safeGet('local', LOCALE_STORAGE_KEY), browserLanguage: navigator.language,
    userId: session.user?.id ?? null, theme: theme.current,
  });
  return { entry, context, lang, html };
}

/**
 * Drops from the copy what lies wholly below the first START_SNAPSHOT_SCREENS screens of the page
 * (measured from the page's top, however far it is scrolled now), but never the feed's first card,
 * which the snapshot is kept for. A card or a list's item that starts above the cut is kept whole;
 * elements fixed or sticky on the screen are kept whole with all they hold (their place is the
 * screen's, not the page's; what they hold lies within them), and an element without a box
 * (hidden, or only its children's) is looked into rather than judged. The copy has the page's
 * structure, so it is walked beside it.
 */
function withoutLowerScreens(page: Element, copy: Element, firstCard: Element): void {
  const cut = Math.max(START_SNAPSHOT_SCREENS * window.innerHeight, firstCard.getBoundingClientRect().bottom + window.scrollY);
  const walk = (live: Element, copied: Element): void => {
    const kept = Array.from(copied.children);
    Array.from(live.children).forEach((child, index) => {
      const twin = kept[index];
      if (!twin) return;
      const box = child.getBoundingClientRect();
      if (box.width !== 0 || box.height !== 0) {
        const top = box.top + window.scrollY;
        // Wholly above the cut: kept without looking further in (most of the page; the walk
        // follows the cut's line only). A card or a list's item that starts above it is kept whole.
        if (top + box.height <= cut || (top < cut && child.matches(WHOLE))) return;
        // Only an element across or below the cut is asked for its style.
        const { position } = getComputedStyle(child);
        if (position === 'fixed' || position === 'sticky') return;
        if (top >= cut) return twin.remove();
      }
      walk(child, twin);
    });
  };
  walk(page, copy);
}

/**
 * The snapshot is drawn only offline, where the live page shows the offline notice under the top
 * bar (src/app/sync/SyncStatus.tsx): a page kept online gets it too, in the same place and look,
 * so the live page replaces the snapshot without moving it.
 */
function withOfflineBanner(page: HTMLElement): void {
  if (page.querySelector(`[data-testid="${OFFLINE_BANNER_TESTID}"]`)) return;
  const doc = page.ownerDocument;
  const banner = doc.createElement('span');
  banner.setAttribute('data-testid', OFFLINE_BANNER_TESTID);
  banner.className = OFFLINE_BANNER_CLASS;
  banner.textContent = i18n._(OFFLINE_BANNER_MESSAGE);
  const row = page.querySelector(`[data-testid="${SYNC_STATUS_TESTID}"] > [role="status"]`);
  if (row) {
    row.prepend(banner);
    return;
  }
  const main = page.querySelector('main');
  if (!main) return;
  const status = doc.createElement('div');
  status.setAttribute('data-testid', SYNC_STATUS_TESTID);
  status.className = SYNC_STATUS_CLASS;
  const line = doc.createElement('div');
  line.className = SYNC_STATUS_ROW_CLASS;
  line.setAttribute('role', 'status');
  line.append(banner);
  status.append(line);
  main.before(status);
}

/**
 * Offline, the feed's listings are the device's, and the live page says so under the feed's
 * heading (src/features/home/BeInspired.tsx): a snapshot gets that note in the same place and look,
 * worded for offline also when it was kept while the server could not be reached.
 */
function withFeedNote(page: HTMLElement): void {
  const feed = page.querySelector(FEED);
  if (!feed) return;
  let note = feed.querySelector(`[data-testid="${FEED_NOTE_TESTID}"]`);
  if (!note) {
    note = page.ownerDocument.createElement('p');
    note.setAttribute('role', 'status');
    note.className = FEED_NOTE_CLASS;
    note.setAttribute('data-testid', FEED_NOTE_TESTID);
    const heading = feed.querySelector(`#${FEED_HEADING_ID}`);
    if (heading) heading.after(note);
    else feed.prepend(note);
  }
  note.textContent = i18n._(SAVED_LISTINGS_OFFLINE_MESSAGE);
}

/** Forgets the snapshot: a signed-out user's start page must not show again on this device. */
export function dropStartSnapshot(): void {
  safeSet('local', START_SNAPSHOT_STORAGE_KEY, null);
}

/** What a tap on the snapshot meant to reach on the live page: the nearest control or link at its place. */
const TAPPABLE = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=tab], [role=switch], [role=option], [role=checkbox]';

/**
 * Once the live page is drawn: the last tap made on the snapshot (several are one person tapping
 * again because nothing happened) is made again at the same place on the page, if a control or
 * link is there. A field is focused rather than clicked. Taps stop being kept.
 */
export function replayStartSnapshotTap(): void {
  const taps = window[START_SNAPSHOT_TAPS_GLOBAL];
  if (!taps) return;
  delete window[START_SNAPSHOT_TAPS_GLOBAL];
  document.removeEventListener('click', taps.listener, true);
  const last = taps.at(-1);
  if (!last) return;
  const target = document.elementFromPoint(last[0] - window.scrollX, last[1] - window.scrollY)?.closest<HTMLElement>(TAPPABLE);
  if (!target || target.closest(`[${START_SNAPSHOT_ATTRIBUTE}]`)) return;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) target.focus();
  else target.click();
}
