/**
 * Taps made on a server-rendered page before the app hydrated it, kept by the page's first inline
 * script (early-taps-script.ts), so a tap on a slow phone is not lost: clicks stop being kept when
 * hydration starts (React queues those itself from then on), a select's changes when the kept taps
 * are replayed once the screen is live (src/app/routes.tsx).
 */

/** The tap, its element, and the state it left there: a select's value, a box's `checked` (else null). */
type EarlyTap = ['click', Element, boolean | null] | ['change', Element, string];
/** `done`: clicks are no longer kept (hydration started); `over`: nothing is (the taps were replayed). */
type EarlyTaps = EarlyTap[] & { done?: boolean; over?: boolean };

declare global {
  interface Window {
    __earlyTaps?: EarlyTaps;
  }
}

/**
 * Hydration (or a fresh render) starts now: from here on React queues clicks itself. A select's
 * change it drops until that select is hydrated, so those are still kept until the replay (a
 * change React did hear is then sent again with the same value, which changes nothing).
 */
export function stopCapturingEarlyTaps(): void {
  const taps = window.__earlyTaps;
  if (taps) taps.done = true;
}

/** Once the app is live: replays the kept taps (an element the app rendered away is skipped). */
export function replayEarlyTaps(): void {
  const kept = window.__earlyTaps;
  if (!kept || kept.over) return;
  kept.over = true;
  for (const [type, element, state] of kept) {
    if (!element.isConnected) continue;
    if (type === 'change') {
      // The choice again (a render since may have put the app's value back), and React hears of it.
      if (element instanceof HTMLSelectElement) element.value = state;
      element.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    if (element instanceof HTMLInputElement && typeof state === 'boolean') {
      // As it was before the tap; the replayed click ticks it again with React listening.
      element.checked = !state;
    }
    if (element instanceof HTMLElement) element.click();
  }
}
