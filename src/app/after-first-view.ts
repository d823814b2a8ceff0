import { nextTask } from '../api/next-task';
import { whenIdle } from '../api/when-idle';

// Re-exported for the shell's deferred imports (main.tsx); src/db/live.ts uses it too.
export { importWhenPossible } from '../api/import-when-possible';

/** The network counts as quiet once no request has finished for this long. */
const QUIET_MS = 1_000;
/** Never wait longer than this after `load` (a page that keeps loading, e.g. a long image feed). */
const MAX_WAIT_MS = 10_000;
/** How long the browser may keep us waiting for an idle main thread at the end. */
const IDLE_TIMEOUT_MS = 2_000;

let waiting: Promise<void> | null = null;
let lastTurn: Promise<void> | null = null;

/** The end of the last request the page made (resource timing), in ms since navigation start. */
function lastRequestEnd(): number {
  const entries = performance.getEntriesByType('resource');
  return entries.reduce((latest, entry) => Math.max(latest, (entry as PerformanceResourceTiming).responseEnd), 0);
}

function firstViewDone(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => whenIdle(resolve, IDLE_TIMEOUT_MS);
    const afterLoad = () => {
      const deadline = performance.now() + MAX_WAIT_MS;
      const check = () => {
        const quietFor = performance.now() - lastRequestEnd();
        if (quietFor >= QUIET_MS || performance.now() >= deadline) idle();
        else setTimeout(check, QUIET_MS - quietFor);
      };
      check();
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}

/**
 * Runs `task` once the first view is done: after the window's `load` event, once the network has
 * been quiet for QUIET_MS (the first screen's data and images have arrived) and then at the main
 * thread's next idle moment. For work the first view does not need (the sync engine, the service
 * worker's registration and its precaching): it neither competes with the first view for the
 * network and the CPU nor counts toward its JavaScript. Tasks run one per task, in the order asked.
 */
export function afterFirstView(task: () => void): void {
  waiting ??= firstViewDone();
  // Each task in a task of its own, in the order asked: together, the mirror's and the sync
  // engine's imports (and the preload links of their chunks) and the worker's registration were
  // one task of 70–110 ms at a phone's 4× slower CPU (bench/README.md, "Session 14").
  const turn = (lastTurn ? lastTurn.then(nextTask) : waiting).then(task);
  lastTurn = turn.catch(() => undefined);
}
