/**
 * Runs `task` at the main thread's next idle moment, or after `timeoutMs` at the latest (a page
 * that never idles still runs it). A browser without requestIdleCallback (Safari) runs it in the
 * next task. For work a screen owes but its first view does not need, so it runs in a task of its
 * own instead of lengthening the one that is drawing the screen.
 */
export function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  } else {
    setTimeout(task, 0);
  }
}
