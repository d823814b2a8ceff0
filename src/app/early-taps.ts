/**
 * Taps made on a server-rendered page before the app hydrated it, kept by the page's first inline
 * script (early-taps-script.ts), so a tap on a slow phone is not lost: the capture stops when
 * hydration starts (React queues taps itself from then on) and the kept ones are replayed once
 * the app is live.
 */
type EarlyTap = ['click' | 'change', Element];
type EarlyTaps = EarlyTap[] & { done?: boolean };

declare global {
  interface Window {
    __earlyTaps?: EarlyTaps;
  }
}

let kept: EarlyTap[] = [];

/** Hydration (or a fresh render) starts now: from here on React sees every tap. */
export function stopCapturingEarlyTaps(): void {
  const taps = window.__earlyTaps;
  if (!taps || taps.done) return;
  taps.done = true;
  kept = [...taps];
}

/** Once the app is live: replays the kept taps (an element the app rendered away is skipped). */
export function replayEarlyTaps(): void {
  const taps = kept;
  kept = [];
  for (const [type, element] of taps) {
    if (!element.isConnected) continue;
    if (type === 'change') {
      // The select shows the choice already; React hears of it now.
      element.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      // The browser ticked it already: put it back, and the replayed click ticks it with React listening.
      element.checked = !element.checked;
    }
    if (element instanceof HTMLElement) element.click();
  }
}
