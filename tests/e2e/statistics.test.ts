import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../src/domain/listings';
import type { CompanyStatistics, ListingStatistics, UniqueViews } from '../../src/domain/statistics';
import { apiCall as call, apiLogin as login, ownersListing } from './api';
import { seriousViolations } from './axe';
import { useServerAndBrowser } from './harness';
import { controlled } from './pwa-helpers';
import { loginAs } from './session';

/**
 * The statistics dashboard and the analytics page in Chromium against the real server: events
 * recorded for a demo listing of user@example.com, then each date preset draws its charts with
 * uPlot and its table shows the server's numbers; uPlot loads only with these screens; the
 * figures last seen open offline; the analytics page shows its built-in report.
 */

const OWNER = 'user@example.com';
const SHOTS = '.tmp/shots';
const WAIT = 20_000;
const DAY_MS = 86_400_000;

/** What is recorded for the listing: each event type and how often. */
const RECORDED = { view: 14, favorite: 3, linkOpen: 5, chatStart: 4, phoneClick: 6 } as const;

/** A chunk with uPlot in it (a class name only uPlot's code holds). */
const UPLOT_MARK = 'u-cursor-pt';

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

async function see(locator: Locator, what: string, state: 'visible' | 'hidden' | 'attached' | 'detached' = 'visible') {
  try {
    await locator.waitFor({ state, timeout: WAIT });
  } catch {
    throw new Error(`Timed out after ${WAIT} ms waiting for ${what} (${state})`);
  }
}

/** Records anonymous events the way the app does, a few devices each under the per-device rate limit. */
async function recordEvents(base: string, listingId: string): Promise<void> {
  let n = 0;
  for (const [eventType, times] of Object.entries(RECORDED)) {
    for (let i = 0; i < times; i += 1) {
      n += 1;
      const res = await fetch(`${base}/api/ListingStatistics/record`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          listingId, eventType,
          metadata: {
            deviceId: `e2e-device-${n % 5}`, userAgent: 'e2e', browser: 'Chrome', screenWidth: 1280, screenHeight: 900,
            deviceType: 'desktop', language: 'en', timezone: 'Europe/Oslo', referrer: '', path: `/listing/${listingId}`,
          },
        }),
      });
      if (res.status !== 204) throw new Error(`record ${eventType}: ${res.status} ${await res.text()}`);
    }
  }
}

/**
 * How many pixels of the canvas in `chart` have the first series' colour (the views line): a
 * chart with its axes but no line drawn has none.
 */
async function seriesPixels(chart: Locator): Promise<number> {
  return chart.evaluate((root) => {
    const canvas = root.querySelector('canvas');
    if (!canvas) return -1;
    const hex = getComputedStyle(document.documentElement).getPropertyValue('--chart-1').trim();
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 200 && Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40) count += 1;
    }
    return count;
  });
}

/** The numbers of a table's body and footer rows (the first cell, the period, left out). */
const tableNumbers = (table: Locator) => table.evaluate((t) =>
  [...t.querySelectorAll('tbody tr, tfoot tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent!.replace(/\D/g, '')))));

describe('the statistics dashboard and the analytics page, in Chromium against the real server', () => {
  const env = useServerAndBrowser();
  let base: string;
  let token: string;
  let companyId: string;
  let listing: Listing;
  let page: Page;

  beforeAll(async () => {
    base = env.server.url;
    token = await login(base, OWNER);
    ({ companyId, listing } = await ownersListing(base, token));
    await recordEvents(base, listing.id);
    page = await env.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, base, OWNER);
  });

  const statisticsUrl = () => `${base}/company-statistics?companyId=${companyId}&listingId=${listing.id}`;

  it('loads uPlot only with the statistics screen, not on the home page', async () => {
    const probe = await env.browser.context.newPage();
    const scripts = new Map<string, Promise<string>>();
    probe.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.set(res.url(), res.text().catch(() => ''));
    });
    const uplotScripts = async () => {
      const found: string[] = [];
      for (const [url, text] of scripts) if ((await text).includes(UPLOT_MARK)) found.push(url);
      return found;
    };
    await probe.goto(`${base}/`);
    await probe.waitForLoadState('networkidle');
    expect(scripts.size, 'the home page loaded its scripts').toBeGreaterThan(0);
    expect(await uplotScripts(), 'scripts with uPlot on the home page').toEqual([]);
    await probe.goto(statisticsUrl());
    await see(probe.getByTestId('series-chart').locator('canvas'), 'the chart canvas');
    expect((await uplotScripts()).length, 'uPlot loaded with /company-statistics').toBeGreaterThan(0);
    await probe.close();
  });

  it.each([
    ['7 days', 7, 'Daily'],
    ['30 days', 30, 'Weekly'],
    ['90 days', 90, 'Monthly'],
    ['1 year', 365, 'Quarterly'],
    ['Custom', 14, 'Weekly'],
  ] as const)('%s: the chart is drawn and the table shows the server\'s numbers for the range', async (preset, days, bucket) => {
    await page.goto(statisticsUrl());
    await see(page.getByTestId('statistics-totals'), 'the totals');
    await page.getByRole('radio', { name: preset }).check({ force: true });
    const endDate = today();
    const startDate = daysBefore(endDate, days - 1);
    if (preset === 'Custom') {
      await page.getByLabel('From', { exact: true }).fill(startDate);
      await page.getByLabel('To', { exact: true }).fill(endDate);
      await page.waitForURL((url) => url.searchParams.get('from') === startDate && url.searchParams.get('to') === endDate);
    }
    await see(page.getByTestId('statistics-bucket').filter({ hasText: `(${bucket})` }), `the ${bucket} aggregation`);
    const query = `startDate=${startDate}&endDate=${endDate}`;
    const [company, counts, unique] = await Promise.all([
      call<CompanyStatistics>(base, token, 'GET', `/ListingStatistics/company/${companyId}?${query}`),
      call<ListingStatistics>(base, token, 'GET', `/ListingStatistics/${listing.id}/range?${query}`),
      call<UniqueViews>(base, token, 'GET', `/ListingStatistics/${listing.id}/unique-views?${query}`),
    ]);
    expect(counts.viewCount, 'the recorded views are in every range').toBe(RECORDED.view);

    const chart = page.getByTestId('series-chart');
    await see(chart.locator('canvas'), 'the chart canvas');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the views line' }).toBeGreaterThan(20);
    expect(await chart.getByRole('img').getAttribute('aria-label')).toBe(`${listing.name}: ${bucket} interactions`);

    const totals = await page.getByTestId('statistics-totals').getByTestId('total-value').allTextContents();
    expect(totals.map(Number)).toEqual([counts.viewCount, counts.favoriteCount, counts.linkOpenCount, counts.chatStartCount, counts.phoneClickCount, counts.eventHitCount]);

    await page.getByRole('button', { name: 'Table' }).click();
    const series = company.listingStatistics.find((l) => l.listingId === listing.id)!;
    const keys = ['dailyViews', 'dailyFavorites', 'dailyLinkOpens', 'dailyChats', 'dailyPhoneClicks', 'dailyEventHits'] as const;
    const expected = series.dailyViews.map((_, i) => keys.map((k) => series[k][i]!.count));
    expected.push(keys.map((k) => series[k].reduce((sum, p) => sum + p.count, 0)));
    expect(await tableNumbers(page.getByTestId('series-table'))).toEqual(expected);
    expect(await page.getByTestId('series-table').locator('caption').textContent()).toContain(`${bucket} interactions`);

    const uniqueRow = page.getByTestId('unique-row');
    expect(await uniqueRow.locator('td').allTextContents()).toEqual([unique.uniqueViews, unique.uniqueUsers, unique.uniqueDevices].map(String));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the analytics page shows the built-in report (no Power BI here): totals, the views chart, listings ranked', async () => {
    await page.goto(`${base}/company-analytics?companyId=${companyId}`);
    await see(page.getByRole('heading', { name: 'Built-in report' }), 'the built-in report');
    const chart = page.getByTestId('analytics-views-chart');
    await see(chart.locator('canvas'), 'the views chart');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the most viewed listing\'s line' }).toBeGreaterThan(20);
    const endDate = today();
    const year = await call<CompanyStatistics>(base, token, 'GET', `/ListingStatistics/company/${companyId}?startDate=${daysBefore(endDate, 364)}&endDate=${endDate}`);
    expect(Number(await page.getByTestId('total-views').getByTestId('total-value').textContent())).toBe(year.totalViews);
    const first = page.getByTestId('ranking-views').getByTestId('ranking-row').first();
    expect(await first.locator('th').textContent()).toBe(listing.name);
    expect(Number(await first.getByTestId('ranking-count').textContent())).toBe(RECORDED.view);
    const chats = page.getByTestId('ranking-chats').getByTestId('ranking-row').filter({ hasText: listing.name });
    expect(Number(await chats.getByTestId('ranking-count').textContent())).toBe(RECORDED.chatStart);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('with a Power BI report configured, the official client is fetched and frames the report 1000 px high', async () => {
    // The Power BI endpoints and the report itself are faked at the browser: this server has no
    // Power BI, and the test has no internet. The page still runs the real powerbi-client chunk.
    const { context } = env.browser;
    const embedUrl = 'https://app.powerbi.com/reportEmbed?reportId=e2e-report';
    await context.route(`${base}/api/powerbi/report`, (route) => route.fulfill({ json: { reportId: 'e2e-report' } }));
    await context.route(`${base}/api/powerbi/embed-config/e2e-report?*`, (route) => route.fulfill({
      json: { reportId: 'e2e-report', embedUrl, embedToken: 'e2e-token', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    }));
    await context.route('https://app.powerbi.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Report</title><p id="fake">Fake report</p>' }));
    const probe = await context.newPage();
    try {
      const scripts: string[] = [];
      probe.on('response', (res) => {
        if (res.url().endsWith('.js')) scripts.push(res.url());
      });
      await probe.goto(`${base}/company-analytics?companyId=${companyId}`);
      const frame = probe.getByTestId('powerbi-frame');
      await see(frame.locator('iframe'), 'the report frame');
      expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(1000);
      expect(await frame.locator('iframe').getAttribute('src')).toContain('https://app.powerbi.com/reportEmbed?reportId=e2e-report');
      // The app's CSP lets the frame load.
      await see(probe.frameLocator('[data-testid="powerbi-frame"] iframe').locator('#fake'), 'the framed report page');
      expect(scripts.some((url) => /\/powerbi-[\w-]+\.js$/.test(url)), 'the powerbi-client chunk').toBe(true);
      expect(await probe.getByTestId('analytics-built-in').count()).toBe(0);
    } finally {
      await probe.close();
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('fits a phone and a desktop, light and dark, English and Norwegian (screenshots in .tmp/shots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    try {
      for (const lang of ['en', 'no'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(([l, t]) => {
            localStorage.setItem('locale', l);
            localStorage.setItem('theme', t);
          }, [lang, theme] as const);
          for (const [width, label] of [[1280, 'desktop'], [390, 'phone']] as const) {
            await page.setViewportSize({ width, height: 900 });
            for (const [name, url, ready] of [
              ['statistics', statisticsUrl(), 'series-chart'],
              ['analytics', `${base}/company-analytics?companyId=${companyId}`, 'analytics-views-chart'],
            ] as const) {
              await page.goto(url);
              await page.waitForFunction((l) => document.documentElement.lang === l, lang);
              const chart = page.getByTestId(ready);
              await see(chart.locator('canvas'), `the ${name} chart (${label} ${theme} ${lang})`);
              await expect.poll(() => seriesPixels(chart), { timeout: WAIT }).toBeGreaterThan(20);
              await page.screenshot({ path: `${SHOTS}/${name}-${label}-${theme}-${lang}.png`, fullPage: true });
              const layout = await page.evaluate(() => ({
                wide: document.scrollingElement!.scrollWidth - window.innerWidth,
                light: document.documentElement.classList.contains('light'),
                canvasWidth: document.querySelector('.uplot canvas')!.getBoundingClientRect().width,
              }));
              expect(layout.wide, `${name} ${label} ${theme} ${lang}: horizontal overflow`).toBeLessThanOrEqual(0);
              expect(layout.light, `${name} ${label} ${theme} ${lang}: theme`).toBe(theme === 'light');
              expect(layout.canvasWidth, `${name} ${label}: the chart fits the window`).toBeLessThanOrEqual(width);
            }
          }
        }
      }
    } finally {
      await page.evaluate(() => {
        localStorage.setItem('locale', 'en');
        localStorage.setItem('theme', 'dark');
      });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('opens offline with the figures last seen and a note saying so', async () => {
    const { context } = env.browser;
    await page.goto(statisticsUrl());
    await controlled(page);
    await see(page.getByTestId('statistics-totals'), 'the totals online');
    const online = await page.getByTestId('statistics-totals').getByTestId('total-value').allTextContents();
    try {
      await context.setOffline(true);
      const offline = await context.newPage();
      await offline.setViewportSize({ width: 390, height: 844 });
      await offline.goto(statisticsUrl());
      const note = offline.getByTestId('statistics-saved-note');
      await see(note, 'the note about figures last seen');
      expect(await note.textContent()).toMatch(/^Figures from .+; you are offline\./);
      expect(await offline.getByTestId('statistics-totals').getByTestId('total-value').allTextContents()).toEqual(online);
      await see(offline.getByTestId('series-chart').locator('canvas'), 'the chart drawn offline');

      // A range never seen on this device says so.
      await offline.getByRole('radio', { name: 'Custom' }).check({ force: true });
      await offline.getByLabel('From', { exact: true }).fill(daysBefore(today(), 2));
      await see(offline.getByText('You are offline, and the figures for this range were not seen on this device before.'), 'the never-seen note');
      await offline.screenshot({ path: `${SHOTS}/statistics-offline-phone.png`, fullPage: true });
      await offline.close();
    } finally {
      await context.setOffline(false);
    }
  });
});
