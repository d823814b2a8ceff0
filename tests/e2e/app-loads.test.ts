import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

describe('the built app in Chromium', () => {
  it('loads, renders in the default language and reaches the API', async () => {
    const page = await env.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.server.url);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('EventMarket');
    await page.getByTestId('app-root').waitFor();
    await page.getByRole('heading', { level: 1, name: 'EventMarket' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toEqual({ status: 'ok' });
  });

  it('serves the app for deep links (SPA fallback) and JSON 404 for unknown API paths', async () => {
    const page = await env.browser.context.newPage();
    const res = await page.goto(`${env.server.url}/some/deep/link?x=1`);
    expect(res?.status()).toBe(200);
    await page.getByTestId('app-root').waitFor();
    const api = await page.evaluate(async () => {
      const r = await fetch('/api/nothing-here');
      return { status: r.status, body: (await r.json()) as { message: string } };
    });
    expect(api.status).toBe(404);
    expect(api.body.message).toMatch(/not found/);
  });
});
