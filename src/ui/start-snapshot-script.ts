import { AUTH_STORAGE_KEY, LOCALE_STORAGE_KEY, START_SNAPSHOT_STORAGE_KEY, THEME_STORAGE_KEY } from '../api/storage-keys';
import { THEME_COOKIE } from '../domain/ssr';

/**
 * The start snapshot (docs/architecture.md, "The start snapshot"): the start page `/` as the app
 * last drew it with its feed, kept in local storage (src/ui/start-snapshot.ts), and drawn into
 * `#root` by an inline script of the worker's shell before any module runs, when the app starts
 * offline. The device's copy is all such a start can show, so the snapshot is what the app is
 * about to render from Dexie; it is inert until the app's first render replaces it (React empties
 * the root on its first commit).
 */
export interface StartSnapshot {
  /** The entry script's address: another build draws with other classes, so its snapshot is not shown. */
  entry: string;
  /** What the page was drawn for (startSnapshotContext): another user, language or theme is not shown. */
  context: string;
  /** `<html lang>` when it was drawn. */
  lang: string;
  /** `#root`'s markup. */
  html: string;
}

/**
 * The raw values the snapshot must have been drawn with: the language chosen on the device (or
 * none) and the browser's, the signed-in user's id (or none) and the theme. Raw, so that the inline
 * script can read them before the app's modules exist; the script computes the same string.
 */
export function startSnapshotContext(values: { chosenLocale: string | null; browserLanguage: string; userId: string | null; theme: string }): string {
  return [values.chosenLocale ?? '', values.browserLanguage, values.userId ?? '', values.theme].join('\n');
}

/** Marks the snapshot's wrapper in `#root`: the app and the tests can tell it from the live page. */
export const START_SNAPSHOT_ATTRIBUTE = 'data-start-snapshot';

/** Where the script keeps the taps made on the snapshot: their places on the page (x, y), and its listener. */
export const START_SNAPSHOT_TAPS_GLOBAL = '__startSnapshotTaps';
export type StartSnapshotTaps = [number, number][] & { listener: (event: MouseEvent) => void };

/**
 * The shell's inline script (added by vite.config.ts after `<div id="root">`, allowed by its hash in
 * the CSP: server/lib/security-headers.ts). Only the start page, only offline (online, the app
 * shows fresher listings at once, and a snapshot would flash older ones), only in a page a worker
 * controls (the installed app's return visit), and only a snapshot of this build for this user,
 * language and theme. It applies the theme's class as well, so the first paint is in the right
 * colours. Anything unexpected (storage blocked, a damaged value) leaves the empty shell, as before.
 * An image of the snapshot that fails to load (never stored on the device) is hidden, leaving its
 * frame empty. While the snapshot shows, it keeps where each tap landed: the app taps the live
 * page there once it is drawn (replayStartSnapshotTap), so a tap on a slow phone is late rather
 * than lost.
 *
 * ES5 and a string on purpose: it runs during parsing in every browser the app supports, and its
 * bytes are what the CSP hash names.
 */
export const START_SNAPSHOT_SCRIPT = [
  '(function(){try{var d=document,n=navigator,l=localStorage,root=d.getElementById("root");',
  'if(!root||location.pathname!=="/"||n.onLine!==false||!n.serviceWorker||!n.serviceWorker.controller)return;',
  `var s=JSON.parse(l.getItem(${JSON.stringify(START_SNAPSHOT_STORAGE_KEY)})||"null"),entry=d.querySelector("script[type=module][src]");`,
  'if(!s||typeof s.html!=="string"||!entry||s.entry!==entry.getAttribute("src"))return;',
  `var auth=l.getItem(${JSON.stringify(AUTH_STORAGE_KEY)})||sessionStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}),a=auth?JSON.parse(auth):null,user=a&&a.user&&a.user.id||"";`,
  `var kept=l.getItem(${JSON.stringify(THEME_STORAGE_KEY)}),theme=kept==="light"||kept==="dark"?kept:(/(?:^|;)\\s*${THEME_COOKIE}=light\\s*(?:;|$)/.test(d.cookie)?"light":"dark");`,
  `if(s.context!==[l.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)})||"",n.language,user,theme].join("\\n"))return;`,
  'if(theme==="light")d.documentElement.classList.add("light");',
  'if(s.lang)d.documentElement.lang=s.lang;',
  `root.innerHTML='<div ${START_SNAPSHOT_ATTRIBUTE} inert aria-hidden="true">'+s.html+"</div>";`,
  // An image the device never stored fails offline: its frame shows empty, as the live page's
  // placeholder does, rather than the browser's broken-image icon. On the snapshot only, which the
  // app's first render removes with this listener.
  'root.firstChild.addEventListener("error",function(e){if(e.target.tagName==="IMG")e.target.style.visibility="hidden"},true);',
  // Taps on the inert snapshot reach the root; their places on the page are kept for the app.
  `var taps=[];taps.listener=function(e){if(d.querySelector("[${START_SNAPSHOT_ATTRIBUTE}]"))taps.push([e.clientX+pageXOffset,e.clientY+pageYOffset])};`,
  `window.${START_SNAPSHOT_TAPS_GLOBAL}=taps;d.addEventListener("click",taps.listener,true)`,
  '}catch(e){}})()',
].join('');
