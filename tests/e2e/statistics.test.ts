import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../src/domain/listings';
import type { CompanyStatistics, ListingStatistics, UniqueViews } from '../../src/domain/statistics';
import { apiCall as call, apiLogin as login, ownersListing } from './api';
import { seriousViolations } from './axe';
import { startServer, useServerAndBrowser, type RunningServer } from './harness';
import { controlled } from './pwa-helpers';
import { loginAs } from './session';

/**
 * The statistics dashboard and the analytics page in Chromium against the real server: events
 * recorded for a demo listing of user@example.com, then each date preset draws its charts with
 * uPlot and its table shows the server's numbers; uPlot loads only with these screens; the
 * figures last seen open offline; the analytics page shows its built-in report, and on a second
 * server configured for Power BI (against a fake Azure AD and Power BI API) frames the report.
 */

const OWNER = 'user@example.com';
const SHOTS = '.tmp/shots';
const WAIT = 20_000;
const DAY_MS = 86_400_000;

/** What is recorded for the listing: each event type and how often. */
const RECORDED = { view: 14, favorite: 3, linkOpen: 5, chatStart: 4, phoneClick: 6 } as const;

/** The lengths in days of the ranges the tests open (the presets, Custom's 14 days). */
const RANGE_DAYS = [7, 30, 90, 365, 14] as const;

/** A count as the page shows it (with a thousands separator in a locale's format). */
const shownCount = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

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

/** What the fake Azure AD + Power BI answers: one tenant, workspace and report with its dataset. */
const FAKE_PBI = {
  tenantId: 'e2e-tenant',
  workspaceId: 'e2e-workspace',
  reportId: 'e2e-report',
  datasetId: 'e2e-dataset',
  accessToken: 'e2e-aad-token',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=e2e-report',
} as const;

interface FakeRequest { method: string; path: string; authorization: string | undefined; body: string }

/**
 * A stand-in for Azure AD and the Power BI REST API on 127.0.0.1 (the requests the server makes,
 * as in tests/server/powerbi.test.ts), recording what it was asked.
 */
async function startFakePowerBi(): Promise<{ url: string; seen: FakeRequest[]; close(): Promise<void> }> {
  const seen: FakeRequest[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = req.url ?? '';
    seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'POST' && path === `/${FAKE_PBI.tenantId}/oauth2/v2.0/token`) {
      return json(200, { token_type: 'Bearer', expires_in: 3599, access_token: FAKE_PBI.accessToken });
    }
    if (req.method === 'GET' && path === `/v1.0/myorg/groups/${FAKE_PBI.workspaceId}/reports/${FAKE_PBI.reportId}`) {
      return json(200, { id: FAKE_PBI.reportId, name: 'Company report', datasetId: FAKE_PBI.datasetId, embedUrl: FAKE_PBI.embedUrl });
    }
    if (req.method === 'POST' && path === '/v1.0/myorg/GenerateToken') {
      return json(200, { token: 'e2e-embed-token', tokenId: crypto.randomUUID(), expiration: new Date(Date.now() + 3_600_000).toISOString() });
    }
    return json(404, { error: 'unknown path' });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

describe('the statistics dashboard and the analytics page, in Chromium against the real server', () => {
  const env = useServerAndBrowser();
  let base: string;
  let token: string;
  let companyId: string;
  let listing: Listing;
  let page: Page;
  /** The listing's counts per range length before the test's events: the demo seed has a year of events. */
  const before = new Map<number, ListingStatistics>();

  beforeAll(async () => {
    base = env.server.url;
    token = await login(base, OWNER);
    ({ companyId, listing } = await ownersListing(base, token));
    for (const days of RANGE_DAYS) {
      const endDate = today();
      before.set(days, await call<ListingStatistics>(base, token, 'GET', `/ListingStatistics/${listing.id}/range?startDate=${daysBefore(endDate, days - 1)}&endDate=${endDate}`));
    }
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
    expect(counts.viewCount, 'the recorded views are in every range').toBe(before.get(days)!.viewCount + RECORDED.view);

    const chart = page.getByTestId('series-chart');
    await see(chart.locator('canvas'), 'the chart canvas');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the views line' }).toBeGreaterThan(20);
    expect(await chart.getByRole('img').getAttribute('aria-label')).toBe(`${listing.name}: ${bucket} interactions`);

    const totals = await page.getByTestId('statistics-totals').getByTestId('total-value').allTextContents();
    expect(totals.map(shownCount)).toEqual([counts.viewCount, counts.favoriteCount, counts.linkOpenCount, counts.chatStartCount, counts.phoneClickCount, counts.eventHitCount]);

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

  it('the legend is a list of toggle buttons outside the chart\'s image, reached and worked from the keyboard', async () => {
    await page.goto(statisticsUrl());
    const chart = page.getByTestId('series-chart');
    await see(chart.locator('canvas'), 'the chart canvas');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the views line' }).toBeGreaterThan(20);
    // The image is the plot alone: the legend is not hidden inside it from screen readers.
    const image = chart.getByRole('img');
    expect(await image.locator('button, table, .u-legend').count()).toBe(0);
    const legend = chart.getByRole('list', { name: 'Lines in the chart' });
    const entries = () => legend.getByRole('button').evaluateAll((buttons) => buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')]));
    expect(await entries()).toEqual(['Views', 'Favorites', 'Links Opened', 'Chats Started', 'Phone Clicks', 'Event Hits'].map((name) => [name, 'true']));

    // Tab goes from the Chart/Table switch to the first entry; Enter hides its line, Space shows it again.
    await page.getByRole('button', { name: 'Table' }).focus();
    await page.keyboard.press('Tab');
    const views = legend.getByRole('button', { name: 'Views' });
    expect(await views.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await views.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the hidden views line' }).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await chart.screenshot({ path: `${SHOTS}/statistics-legend-views-hidden.png` });
    await page.keyboard.press('Space');
    expect(await views.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => seriesPixels(chart), { timeout: WAIT, message: 'pixels of the views line shown again' }).toBeGreaterThan(20);
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
    expect(shownCount(await page.getByTestId('total-views').getByTestId('total-value').textContent())).toBe(year.totalViews);
    // Each ranking is the server's year, highest first (ties by name), the recorded events counted in.
    const rows = (testId: string) => page.getByTestId(testId).getByTestId('ranking-row').evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')!.textContent!, tr.querySelector('[data-testid="ranking-count"]')!.textContent!] as const));
    const sum = (points: { count: number }[]) => points.reduce((total, p) => total + p.count, 0);
    for (const [testId, series, recorded, earlier] of [
      ['ranking-views', 'dailyViews', RECORDED.view, before.get(365)!.viewCount],
      ['ranking-chats', 'dailyChats', RECORDED.chatStart, before.get(365)!.chatStartCount],
    ] as const) {
      const expected = year.listingStatistics
        .map((l) => ({ name: l.listingName, count: sum(l[series]) }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      expect((await rows(testId)).map(([name, count]) => ({ name, count: shownCount(count) })), testId).toEqual(expected);
      expect(expected.find((r) => r.name === listing.name)!.count, `${testId}: the recorded events`).toBe(earlier + recorded);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('with a Power BI report configured, the official client is fetched and frames the report 1000 px high', async () => {
    // A second app server configured for Power BI, against a stand-in for Azure AD and the Power BI
    // REST API: the server's own client, routes and CSP run as in production. Only the report page
    // on app.powerbi.com (the outside world; no internet here) is faked at the browser.
    const { context } = env.browser;
    const fake = await startFakePowerBi();
    let configured: RunningServer | null = null;
    const probe = await context.newPage();
    try {
      configured = await startServer({
        POWERBI_TENANT_ID: FAKE_PBI.tenantId, POWERBI_CLIENT_ID: 'e2e-client', POWERBI_CLIENT_SECRET: 'e2e-secret',
        POWERBI_WORKSPACE_ID: FAKE_PBI.workspaceId, POWERBI_REPORT_ID: FAKE_PBI.reportId,
        POWERBI_AUTHORITY_URL: fake.url, POWERBI_API_URL: fake.url,
      });
      const pbiBase = configured.url;
      const { companyId: pbiCompanyId } = await ownersListing(pbiBase, await login(pbiBase, OWNER));
      await context.route('https://app.powerbi.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Report</title><p id="fake">Fake report</p>' }));

      const scripts: string[] = [];
      probe.on('response', (res) => {
        if (res.url().endsWith('.js')) scripts.push(res.url());
      });
      await probe.setViewportSize({ width: 1280, height: 900 });
      await loginAs(probe, pbiBase, OWNER);
      await probe.goto(`${pbiBase}/company-analytics?companyId=${pbiCompanyId}`);
      const frame = probe.getByTestId('powerbi-frame');
      await see(frame.locator('iframe'), 'the report frame');
      // powerbi-client adds its own frame id (uid) to the embedUrl the server passed on.
      const src = new URL((await frame.locator('iframe').getAttribute('src'))!);
      expect(src.searchParams.get('uid'), 'the frame id powerbi-client adds').toBeTruthy();
      src.searchParams.delete('uid');
      expect(src.href, 'the embedUrl the fake Power BI answered').toBe(FAKE_PBI.embedUrl);
      expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(1000);
      // The configured server's CSP lets the frame load app.powerbi.com.
      await see(probe.frameLocator('[data-testid="powerbi-frame"] iframe').locator('#fake'), 'the framed report page');
      expect(scripts.some((url) => /\/powerbi-[\w-]+\.js$/.test(url)), 'the powerbi-client chunk').toBe(true);
      expect(await probe.getByTestId('analytics-built-in').count()).toBe(0);

      const generate = fake.seen.filter((s) => s.method === 'POST' && s.path === '/v1.0/myorg/GenerateToken');
      expect(generate.length, 'GenerateToken calls').toBeGreaterThan(0);
      expect(JSON.parse(generate[0]!.body)).toEqual({
        reports: [{ id: FAKE_PBI.reportId }],
        datasets: [{ id: FAKE_PBI.datasetId }],
        identities: [{ username: pbiCompanyId, roles: ['Company'], datasets: [FAKE_PBI.datasetId] }],
      });
      expect(generate[0]!.authorization).toBe(`Bearer ${FAKE_PBI.accessToken}`);
    } finally {
      await probe.close();
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await configured?.stop();
      await fake.close();
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
