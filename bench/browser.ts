/**
 * The built app in the machine's Chromium: the offline warm start (navigation to the first
 * listing card rendered from Dexie with the server stopped) and Lighthouse (mobile preset) on `/`
 * and a listing page. Needs dist/ (npm run build) and /usr/bin/chromium (or CHROME_PATH).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Result as LighthouseReport } from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { launchBrowser, startServer, CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/harness';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const FIRST_CARD = 'section[aria-labelledby="home-inspired"] article';

const FIRST_CARD_LOG = 'bench:first-card ';
const LIVE_CARD_LOG = 'bench:live-card ';

/**
 * Logs when the first listing card is painted, in ms since navigation start, and when the first
 * live one is: an offline start draws the start page's snapshot first (inert, inside
 * `[data-start-snapshot]`, src/ui/start-snapshot-script.ts), then the app replaces it with its own.
 * A card counts as painted in the task after the next animation frame, once the browser has laid
 * out and drawn the frame that holds it (the moment the card entered the DOM, used by the figures
 * before 2026-11-27 18:00 UTC, was 20-100 ms earlier than that).
 */
const MARK_FIRST_CARD = `
  let seen = false;
  const afterPaint = (log) => requestAnimationFrame(() => setTimeout(() => console.debug(log + performance.now()), 0));
  new MutationObserver((_, observer) => {
    const card = document.querySelector(${JSON.stringify(FIRST_CARD)});
    if (card && !seen) {
      seen = true;
      afterPaint(${JSON.stringify(FIRST_CARD_LOG)});
    }
    if (card && !card.closest('[data-start-snapshot]')) {
      afterPaint(${JSON.stringify(LIVE_CARD_LOG)});
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * A logged time, heard from the page's console; call it before the navigation. Waiting with a
 * selector instead would have Playwright inject its selector engine into the starting page: 15-30
 * ms of main-thread work (a trace of the relaunch, bench/README.md "Session 11") that no visitor's
 * browser does, inside the measured window.
 */
function loggedTime(page: Page, log: string): Promise<number> {
  return page.waitForEvent('console', { predicate: (m) => m.text().startsWith(log), timeout: 30_000 })
    .then((m) => Number(m.text().slice(log.length)));
}

const firstCardTime = (page: Page) => loggedTime(page, FIRST_CARD_LOG);

async function offlineWarmStart(runs = 7): Promise<{ median: number; all: number[] }> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(MARK_FIRST_CARD);
    await page.goto(`${server.url}/`);
    await page.waitForSelector(FIRST_CARD);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForSelector(FIRST_CARD);
    await server.stop();
    const all: number[] = [];
    for (let i = 0; i < runs; i++) {
      const card = firstCardTime(page);
      await page.reload();
      all.push(await card);
    }
    return { median: median(all), all };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The installed app relaunched without signal: one profile directory; a first visit online until a
 * worker controls the page, then the browser is closed and launched again on the same profile,
 * offline from the start (a new process: the worker starts from disk, a new sessionStorage, so
 * the feed has no seed of its own), `runs` times. Timed as the same-tab measure.
 */
async function relaunchedWarmStart(runs = 5): Promise<{ median: number; all: number[]; live: { median: number; all: number[] } }> {
  const server = await startServer();
  const profile = await mkdtemp(join(tmpdir(), 'em-bench-relaunch-'));
  const launch = async (offline: boolean): Promise<BrowserContext> => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, locale: 'en-US', offline,
    });
    await context.addInitScript(MARK_FIRST_CARD);
    return context;
  };
  try {
    const first = await launch(false);
    const page = first.pages()[0] ?? (await first.newPage());
    await page.goto(`${server.url}/`);
    await page.waitForSelector(FIRST_CARD);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
    await first.close();
    const all: number[] = [];
    const live: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await launch(true);
      try {
        const again = context.pages()[0] ?? (await context.newPage());
        const card = firstCardTime(again);
        const liveCard = loggedTime(again, LIVE_CARD_LOG);
        await again.goto(`${server.url}/`);
        all.push(await card);
        live.push(await liveCard);
      } finally {
        await context.close();
      }
    }
    return { median: median(all), all, live: { median: median(live), all: live } };
  } finally {
    await server.stop();
    await rm(profile, { recursive: true, force: true });
  }
}

/** How long the first-load measure keeps listening after the network went idle (what loads later). */
const AFTER_IDLE_MS = 8_000;

interface AssetSizes { js: number; css: number; files: number }

/**
 * Every script and stylesheet a first visit of `/` fetches until the network is idle (lazy chunks
 * and the catalog included), gzipped; then, separately, what it fetches in the next AFTER_IDLE_MS
 * (work deferred past the first view: the sync engine, the worker's registration).
 */
async function firstLoadOfHome(): Promise<{ untilIdle: AssetSizes; afterIdle: AssetSizes }> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const assets = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/.+\.(js|css)$/.test(path)) assets.add(path);
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector(FIRST_CARD);
    const untilIdle = [...assets];
    await page.waitForTimeout(AFTER_IDLE_MS);
    const afterIdle = [...assets].filter((path) => !untilIdle.includes(path));
    const sizes = (paths: string[], label: string): AssetSizes => {
      let js = 0;
      let css = 0;
      for (const path of paths) {
        const bytes = gzipSync(readFileSync(`dist${path}`)).length;
        if (path.endsWith('.js')) js += bytes;
        else css += bytes;
        if (process.env.BENCH_VERBOSE) console.log(`  ${label} ${(bytes / 1024).toFixed(1).padStart(6)} KB ${path}`);
      }
      return { js, css, files: paths.length };
    };
    return { untilIdle: sizes(untilIdle, 'until idle'), afterIdle: sizes(afterIdle, 'after idle') };
  } finally {
    await browser.close();
    await server.stop();
  }
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** One page's runs: the median run's scores (Lighthouse's computeMedianRun), every run's performance, and each category's lowest score in any run. */
interface LighthousePage {
  median: LighthouseScores;
  performanceRuns: number[];
  lowest: LighthouseScores;
  /** Lighthouse's own measure of the machine's speed in each run (`environment.benchmarkIndex`): a slow spell shows in it. */
  benchmarkIndexes: number[];
}

/**
 * Tries of one run. A run whose trace Lighthouse could not record (NO_NAVSTART: "Please run
 * Lighthouse again") measured nothing; twice in a row it took the first run of `/` in a slow spell
 * (bench/README.md, "Session 28"), and a page with a run missing scores its worst run.
 */
const LIGHTHOUSE_ATTEMPTS = 4;
/**
 * Runs of each page. Lighthouse's documentation (docs/variability.md) counts the median of five
 * runs twice as stable as one; on this 2-core machine one build's `/` scored 87–99 from one run to
 * the next (bench/README.md, "Session 26"). BENCH_LH_RUNS=1 for a quick look.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_LH_RUNS)) || 5);

type LighthouseResult = { scores: LighthouseScores; lhr: LighthouseReport };

async function lighthouseScores(url: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseRun(url, attempt === LIGHTHOUSE_ATTEMPTS);
    if (result) return result;
  }
}

/** One Lighthouse run in a Chromium of its own; null when it could not measure and may run again. */
async function lighthouseRun(url: string, lastAttempt: boolean): Promise<LighthouseResult | null> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const c = result!.lhr.categories;
    // A run Lighthouse could not measure scores 0: say why rather than print a bare 0, and run it
    // again (a trace it failed to record, NO_NAVSTART, says nothing about the page).
    const failure = result!.lhr.runtimeError;
    if (failure) {
      console.log(`  ${url}: Lighthouse could not measure the page: ${failure.code} ${failure.message}${lastAttempt ? '' : ' (running it again)'}`);
      if (!lastAttempt) return null;
    }
    // A category other than performance below 100 names its failed audits: a one-off (a console
    // error, a request that failed in that run) is otherwise a bare number nobody can explain.
    for (const key of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of c[key]?.auditRefs ?? []) {
        const audit = result!.lhr.audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score !== undefined && audit.score < 1) {
          const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
          console.log(`  ${url}: ${key} lost "${audit.title}" (${ref.id}): ${JSON.stringify(items.slice(0, 3)).slice(0, 400)}`);
        }
      }
    }
    if (process.env.BENCH_VERBOSE) {
      const a = result!.lhr.audits;
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'];
      console.log(`  ${url}: ${metrics.map((m) => `${m} ${a[m]?.displayValue ?? '?'} (${Math.round((a[m]?.score ?? 0) * 100)})`).join(', ')}`);
      for (const audit of (process.env.BENCH_AUDITS ?? 'bootup-time,long-tasks,layout-shifts').split(',')) {
        const items = (a[audit]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        console.log(`  ${audit}: ${JSON.stringify(items.slice(0, 8)).slice(0, 1500)}`);
      }
      console.log(`  LCP element: ${JSON.stringify((a['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)?.items?.[0] ?? null).slice(0, 400)}`);
    }
    return { scores: scoresOf(result!.lhr), lhr: result!.lhr };
  } finally {
    chrome.kill();
  }
}

function scoresOf(lhr: LighthouseReport): LighthouseScores {
  const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  return { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') };
}

/** The runs of one page summed up: the run nearest the median first paint and time to interactive, as Lighthouse picks it. */
async function lighthousePage(runs: LighthouseResult[]): Promise<LighthousePage> {
  const { computeMedianRun, filterToValidRuns } = await import('lighthouse/core/lib/median-run.js');
  const valid = filterToValidRuns(runs.map((run) => run.lhr));
  // Runs without both metrics (a run Lighthouse could not measure) cannot be placed: the page then scores its worst run.
  const worst = runs.reduce((a, b) => (b.scores.performance < a.scores.performance ? b : a));
  const median = valid.length === runs.length ? scoresOf(computeMedianRun(valid)) : worst.scores;
  const lowestOf = (key: keyof LighthouseScores) => Math.min(...runs.map((run) => run.scores[key]));
  return {
    median,
    performanceRuns: runs.map((run) => run.scores.performance),
    lowest: { performance: lowestOf('performance'), accessibility: lowestOf('accessibility'), bestPractices: lowestOf('bestPractices'), seo: lowestOf('seo') },
    benchmarkIndexes: runs.map((run) => run.lhr.environment.benchmarkIndex),
  };
}

async function lighthouseBench(): Promise<(readonly [string, LighthousePage])[]> {
  const server = await startServer();
  try {
    const search = await fetch(`${server.url}/api/listing/search`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: 1 }),
    });
    const id = ((await search.json()) as { listings: { id: string }[] }).listings[0]!.id;
    const pages = [['/', `${server.url}/`], ['/listing/{id}', `${server.url}/listing/${id}`]] as const;
    const runs = pages.map(() => [] as LighthouseResult[]);
    // The pages take turns, so a slower spell of the machine falls on both rather than on one page's runs.
    for (let round = 0; round < LIGHTHOUSE_RUNS; round++) {
      for (const [index, [, url]] of pages.entries()) runs[index]!.push(await lighthouseScores(url));
    }
    return Promise.all(pages.map(async ([page], index) => [page, await lighthousePage(runs[index]!)] as const));
  } finally {
    await server.stop();
  }
}

export async function browserBench(): Promise<void> {
  if (!existsSync('dist/index.html')) {
    console.log('\nBrowser figures: no dist/ (run `npm run build` first).');
    return;
  }
  // BENCH_BROWSER=first,warm,lighthouse picks parts (all by default).
  const parts = new Set((process.env.BENCH_BROWSER ?? 'first,warm,lighthouse').split(','));
  if (parts.has('first')) {
    const { untilIdle: first, afterIdle: later } = await firstLoadOfHome();
    console.log(`\nFirst load of / in Chromium (every script and stylesheet fetched until idle, gzip): JS ${(first.js / 1024).toFixed(1)} KB, CSS ${(first.css / 1024).toFixed(1)} KB, ${first.files} files; target JS ≤ 120 KB: ${first.js <= 120 * 1024 ? 'met' : 'not met'}`);
    console.log(`Then, within ${AFTER_IDLE_MS / 1000} s after idle (deferred past the first view): JS ${(later.js / 1024).toFixed(1)} KB in ${later.files} files; both together ${((first.js + later.js) / 1024).toFixed(1)} KB`);
  }
  if (parts.has('warm')) {
    const warm = await offlineWarmStart();
    console.log('\nOffline warm start in Chromium (server stopped, page reloaded from the worker and Dexie):');
    console.log(`median ${warm.median.toFixed(0)} ms from navigation to the first listing card (runs: ${warm.all.map((x) => x.toFixed(0)).join(', ')} ms); target ≤ 300 ms: ${warm.median <= 300 ? 'met' : 'not met'}`);
    const relaunched = await relaunchedWarmStart();
    console.log('Offline warm start in a relaunched window (browser closed, started again on the same profile offline):');
    console.log(`median ${relaunched.median.toFixed(0)} ms from navigation to the first listing card (runs: ${relaunched.all.map((x) => x.toFixed(0)).join(', ')} ms); target ≤ 300 ms: ${relaunched.median <= 300 ? 'met' : 'not met'}`);
    console.log(`  of which drawn by the app (live, the start snapshot replaced): median ${relaunched.live.median.toFixed(0)} ms (runs: ${relaunched.live.all.map((x) => x.toFixed(0)).join(', ')} ms)`);
  }
  if (!parts.has('lighthouse')) return;
  const pages = await lighthouseBench();
  console.log(`\nLighthouse 12 (mobile preset, simulated throttling), the built app served by the real server; ${LIGHTHOUSE_RUNS} run(s) of each page, the pages in turn; the median run (Lighthouse's computeMedianRun) and, in brackets, the lowest of any run:`);
  console.log('| page | performance (median run) | every run | accessibility | best practices | SEO | targets (perf ≥ 95, a11y 100 in every run) |');
  console.log('|---|---:|---|---:|---:|---:|---|');
  for (const [page, { median, performanceRuns, lowest }] of pages) {
    const low = (key: keyof LighthouseScores) => `${median[key]}${lowest[key] < median[key] ? ` (${lowest[key]})` : ''}`;
    const met = median.performance >= 95 && lowest.accessibility === 100;
    console.log(`| ${page} | ${median.performance} | ${performanceRuns.join(', ')} | ${low('accessibility')} | ${low('bestPractices')} | ${low('seo')} | ${met ? 'met' : 'not met'} |`);
  }
  const indexes = pages.flatMap(([, page]) => page.benchmarkIndexes);
  console.log(`Lighthouse's benchmark index of this machine over the runs: ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}, median ${Math.round(median(indexes))} (higher is faster).`);
}

if (import.meta.url === `file://${process.argv[1]}`) void browserBench();
