import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, startServer, type RunningServer } from './harness';
import { browseCards, controlled, copyOfDist, demoTargets, firstCardImageLoaded } from './pwa-helpers';

/**
 * A true cold start with the server down: the browser is closed, the server process stopped, and
 * the browser started again on the same profile. Every page seen before opens from the worker's
 * precache, Dexie and the image cache.
 */
const staticDir = copyOfDist();
let profile = '';
let server: RunningServer | undefined;
let context: BrowserContext | undefined;

const launch = (dir: string) => chromium.launchPersistentContext(dir, {
  executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, locale: 'en-US',
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (profile) await rm(profile, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

describe('PWA: cold start with the server stopped', () => {
  it('opens home, browse and a listing after the browser restarts and the server is gone', async () => {
    server = await startServer({ STATIC_DIR: staticDir });
    const { url } = server;
    const { browse, listing } = await demoTargets(url);
    profile = await mkdtemp(join(tmpdir(), 'em-chromium-cold-'));

    context = await launch(profile);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await controlled(page);
    await page.locator('#home-title').waitFor();
    await page.goto(`${url}${browse}`);
    await browseCards(page);
    const image = await firstCardImageLoaded(page);
    await page.goto(`${url}/listing/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.name }).waitFor();
    await context.close();
    context = undefined;

    await server.stop();
    // Nothing listens any more: the control.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    context = await launch(profile);
    const cold = await context.newPage();
    await cold.goto(`${url}/`);
    await cold.locator('#home-title').waitFor();
    await cold.goto(`${url}${browse}`);
    await browseCards(cold);
    expect(await firstCardImageLoaded(cold)).toBe(image);
    await cold.goto(`${url}/listing/${listing.id}`);
    await cold.getByRole('heading', { level: 1, name: listing.name }).waitFor();
  }, 180_000);
});
