import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { installOnLineTracking } from './online-state';

// navigator.onLine follows Playwright's offline emulation again (online-state.ts: Chromium 150).
installOnLineTracking();

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server process (the data stays); `start` brings a new one up on the same port and data. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** One server process on `port` and `dataDir`, resolved once /api/health answers. */
async function spawnServer(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  // Its storage is what the caller passes: a DATABASE_URL or S3_URL exported in the shell (the
  // bench's search scenarios set one) would give it rows or files its fresh data dir lacks.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.S3_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_PER_MINUTE: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

async function killServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Starts the real server (`npm start` minus the build step) on a free port with a fresh DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'em-e2e-'));
  const port = await freePort();
  let child: ChildProcess | null = await spawnServer(port, dataDir, env);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async kill() {
      await killServer(child);
      child = null;
    },
    async start() {
      if (child && child.exitCode === null) throw new Error('The server is already running');
      child = await spawnServer(port, dataDir, env);
    },
    async stop() {
      await killServer(child);
      child = null;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The machine's Chromium (never a downloaded one); a missing browser fails loudly. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install it with "apt-get install -y chromium" or set CHROME_PATH.`);
  }
  return path;
}

/** A persistent (non-incognito) context, so service workers and installability behave as for a user. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'em-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    // English by default; the Norwegian tests switch language in the app, as a user does.
    locale: 'en-US',
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For one test file: a fresh server and a browser, started before its tests and stopped after.
 * Read `env.server` and `env.browser` inside tests (they are set once beforeAll has run).
 */
export function useServerAndBrowser(serverEnv: Record<string, string> = {}) {
  const env = {} as { server: RunningServer; browser: Awaited<ReturnType<typeof launchBrowser>> };
  beforeAll(async () => {
    env.server = await startServer(serverEnv);
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Opens an address and waits until the app is live: a server-rendered public page shows at once
 * but answers clicks and typing only once hydrated (<html data-app-ready>, src/app/App.tsx).
 */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Chooses a language in the footer's select once the page is live, and waits until the page shows
 * it (a choice reloads the page). On a server-rendered page a choice made in the moment React
 * hydrates the select can be lost: React hands it on with the select already back at the page's
 * language, which the Footer ignores rather than reload (a choice made before that moment is kept
 * by the early taps, tests/e2e/ssr.test.ts). A user sees the select unchanged and picks again.
 */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByTestId('language-switch').selectOption(language);
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}
