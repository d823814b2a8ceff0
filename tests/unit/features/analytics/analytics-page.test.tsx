import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEmbedConfig } from '../../../../src/domain/analytics';
import CompanyAnalyticsPage from '../../../../src/features/analytics/CompanyAnalyticsPage';
import type { EmbedHandlers } from '../../../../src/features/analytics/powerbi';
import { session } from '../../../../src/state/session';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { json, stubApi } from '../../sync/fixtures';
import { CO, companyAnswer, freezeDate } from '../statistics/fixtures';

vi.mock('../../../../src/ui/charts/TimeSeriesChart', async () => (await import('../statistics/fixtures')).fakeChartModule());

/** The Power BI client, faked: each embed is recorded with its handlers, so a test plays the report's events. */
const powerbi = vi.hoisted(() => ({
  embeds: [] as { config: AnalyticsEmbedConfig; handlers: EmbedHandlers; container: HTMLElement }[],
  setAccessToken: null as unknown as ReturnType<typeof vi.fn>,
  reset: null as unknown as ReturnType<typeof vi.fn>,
  /** While set, the client chunk is still loading: embeds wait for it, as the real dynamic import. */
  chunk: null as Promise<void> | null,
}));
vi.mock('../../../../src/features/analytics/powerbi', () => ({
  embedReport: async (container: HTMLElement, config: AnalyticsEmbedConfig, handlers: EmbedHandlers) => {
    if (powerbi.chunk) await powerbi.chunk;
    powerbi.embeds.push({ config, handlers, container });
    return { setAccessToken: powerbi.setAccessToken, reset: powerbi.reset };
  },
}));

const company = { id: CO, name: 'Fjord Events AS' };
const open = (query = `?companyId=${CO}`) => renderAt(<CompanyAnalyticsPage />, `/company-analytics${query}`);

type Routes = Parameters<typeof stubApi>[0];
const routes = (extra: Routes = {}): Routes => ({
  [`GET /company/${CO}`]: () => json(200, company),
  [`GET /ListingStatistics/company/${CO}`]: ({ url }) => json(200, companyAnswer(url)),
  ...extra,
});

let tokens = 0;
const embedConfig = (expiresInMs: number | null): AnalyticsEmbedConfig => ({
  reportId: 'r1', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1', embedToken: `token-${++tokens}`,
  expiresAt: expiresInMs === null ? null : new Date(Date.now() + expiresInMs).toISOString(),
});

/** Lets pending promises and React settle without moving the fake clock. */
const settle = () => act(async () => { await vi.advanceTimersByTimeAsync(0); });
const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

beforeEach(() => {
  freezeDate('2025-03-10T12:00:00Z');
  session.user = makeUser({ id: 'owner-1' });
  powerbi.embeds = [];
  powerbi.setAccessToken = vi.fn(async () => {});
  powerbi.reset = vi.fn();
  powerbi.chunk = null;
  tokens = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('CompanyAnalyticsPage', () => {
  it("says 'No company ID provided' without companyId, asking nothing", () => {
    const fetchMock = stubApi(routes());
    open('');
    expect(screen.getByText('No company ID provided')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Company not found' when the company is not there (404)", async () => {
    stubApi(routes({ [`GET /company/${CO}`]: () => json(404, { message: 'Company not found' }) }));
    open();
    expect(await screen.findByText('Company not found')).toBeTruthy();
  });

  it("any other failure: 'Failed to load company data or Power BI report' with Retry, which loads again", async () => {
    let fail = true;
    stubApi(routes({ 'GET /powerbi/report': () => (fail ? json(500, { message: 'boom' }) : json(200, { reportId: null })) }));
    open();
    expect(await screen.findByText('Failed to load company data or Power BI report')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('analytics-built-in')).toBeTruthy();
  });

  it.each([
    ['answers 404 (no Power BI on the server)', () => json(404, { message: 'Not found' })],
    ['names no report', () => json(200, { reportId: null })],
  ])('built-in report when /powerbi/report %s: the last year by quarter, totals, views chart, rankings', async (_name, report) => {
    const fetchMock = stubApi(routes({ 'GET /powerbi/report': report }));
    open();
    expect(await screen.findByRole('heading', { name: 'Built-in report' })).toBeTruthy();
    await screen.findByTestId('statistics-totals');
    expect(screen.getByTestId('analytics-company').textContent).toBe('Fjord Events AS');
    const asked = fetchMock.mock.calls.map(([u]) => new URL(u, 'http://localhost')).find((u) => u.pathname.includes('/ListingStatistics/company/'))!;
    expect([asked.searchParams.get('startDate'), asked.searchParams.get('endDate')]).toEqual(['2024-03-11', '2025-03-10']);
    expect(within(screen.getByTestId('total-views')).getByTestId('total-value').textContent).toBe('18');
    const chart = screen.getByTestId('analytics-views-chart');
    expect(chart.getAttribute('aria-label')).toBe('Views per listing, Quarterly, Mar 11, 2024 – Mar 10, 2025');
    // Most viewed first: Oslo DJ 11, Fjord Hall 7.
    expect((JSON.parse(chart.dataset.series!) as { label: string; values: number[] }[])).toEqual([
      { label: 'Oslo DJ', values: [10, 1] }, { label: 'Fjord Hall', values: [3, 4] },
    ]);
    const rows = (id: string) => within(screen.getByTestId(id)).getAllByTestId('ranking-row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows('ranking-views')).toEqual([['1', 'Oslo DJ', '11'], ['2', 'Fjord Hall', '7']]);
    expect(rows('ranking-chats')).toEqual([['1', 'Oslo DJ', '5'], ['2', 'Fjord Hall', '3']]);
    expect(powerbi.embeds).toHaveLength(0);
  });

  it("built-in report of a company without listings says 'No statistics available'", async () => {
    stubApi(routes({ [`GET /ListingStatistics/company/${CO}`]: ({ url }) => json(200, companyAnswer(url, [])) }));
    open();
    expect((await screen.findByTestId('analytics-empty')).textContent).toBe('No statistics available');
  });

  describe('with a Power BI report configured', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
    });

    it('embeds the report 1000 px high with the embed config for the company; a failed embed is tried again after 1 s', async () => {
      const fetchMock = stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(60 * 60_000)),
      }));
      open();
      await settle();
      expect(powerbi.embeds).toHaveLength(1);
      const frame = screen.getByTestId('powerbi-frame');
      expect(frame.style.height).toBe('1000px');
      expect(powerbi.embeds[0]!.container).toBe(frame);
      expect(powerbi.embeds[0]!.config.embedToken).toBe('token-1');
      const configCall = fetchMock.mock.calls.map(([u]) => new URL(u, 'http://localhost')).find((u) => u.pathname === '/api/powerbi/embed-config/r1')!;
      expect(configCall.searchParams.get('companyId')).toBe(CO);
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/ListingStatistics/'))).toBe(false);

      act(() => powerbi.embeds[0]!.handlers.onError());
      await advance(999);
      expect(powerbi.embeds).toHaveLength(1);
      await advance(1);
      expect(powerbi.embeds).toHaveLength(2);
      expect(powerbi.reset).toHaveBeenCalledTimes(1);
      act(() => powerbi.embeds[1]!.handlers.onLoaded());
      expect(screen.queryByText('Loading the report…')).toBeNull();
      expect(screen.queryByTestId('analytics-embed-error')).toBeNull();
      // An error once the report is up (a visual failing) does not embed it again.
      act(() => powerbi.embeds[1]!.handlers.onError());
      await advance(1000);
      expect(powerbi.embeds).toHaveLength(2);
    });

    it('gives up after 3 tries with the error text and Retry, which embeds again', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(null)),
      }));
      open();
      await settle();
      for (let i = 0; i < 3; i += 1) {
        act(() => powerbi.embeds[i]!.handlers.onError());
        // The client may report an error twice for one load: it counts once.
        act(() => powerbi.embeds[i]!.handlers.onError());
        await advance(1000);
      }
      expect(powerbi.embeds).toHaveLength(3);
      expect(screen.getByTestId('analytics-embed-error').textContent).toContain('Failed to load company data or Power BI report');
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await settle();
      expect(powerbi.embeds).toHaveLength(4);
      expect(screen.queryByTestId('analytics-embed-error')).toBeNull();
    });

    it('an embed-config failure is retried the same way', async () => {
      let fail = true;
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => (fail ? json(404, { message: 'Report not found' }) : json(200, embedConfig(null))),
      }));
      open();
      await settle();
      expect(powerbi.embeds).toHaveLength(0);
      fail = false;
      await advance(1000);
      expect(powerbi.embeds).toHaveLength(1);
    });

    it('an embed that fires neither loaded nor error fails after 30 s: the 1 s retry and the 3 tries apply', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(null)),
      }));
      open();
      await settle();
      expect(powerbi.embeds).toHaveLength(1);
      await advance(30_000 - 1);
      expect(screen.getByText('Loading the report…')).toBeTruthy();
      await advance(1);
      await advance(999);
      expect(powerbi.embeds).toHaveLength(1);
      await advance(1);
      expect(powerbi.embeds).toHaveLength(2);
      await advance(30_000 + 1000);
      expect(powerbi.embeds).toHaveLength(3);
      expect(screen.queryByTestId('analytics-embed-error')).toBeNull();
      await advance(30_000);
      expect(screen.getByTestId('analytics-embed-error').textContent).toContain('Failed to load company data or Power BI report');
      // A report that loads after its attempt timed out does not take the failure back.
      act(() => powerbi.embeds[2]!.handlers.onLoaded());
      expect(screen.getByTestId('analytics-embed-error')).toBeTruthy();
      await advance(60_000);
      expect(powerbi.embeds).toHaveLength(3);

      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await settle();
      expect(powerbi.embeds).toHaveLength(4);
    });

    it('a report that loads stops its timeout; leaving the page stops a running one', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(null)),
      }));
      open();
      await settle();
      expect(vi.getTimerCount()).toBe(1);
      await advance(29_000);
      act(() => powerbi.embeds[0]!.handlers.onLoaded());
      // No timer left: the report's token never expires (expiresAt null), so nothing is renewed either.
      expect(vi.getTimerCount()).toBe(0);
      await advance(60_000);
      expect(powerbi.embeds).toHaveLength(1);
      expect(screen.queryByTestId('analytics-embed-error')).toBeNull();
      cleanup();

      open();
      await settle();
      expect(vi.getTimerCount()).toBe(1);
      cleanup();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('leaving the page while the client chunk loads takes the report it then embeds out again', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(60 * 60_000)),
      }));
      let chunkLoaded!: () => void;
      powerbi.chunk = new Promise((resolve) => {
        chunkLoaded = resolve;
      });
      open();
      await settle();
      expect(powerbi.embeds).toHaveLength(0);
      cleanup();
      await act(async () => {
        chunkLoaded();
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(powerbi.embeds).toHaveLength(1);
      expect(powerbi.reset).toHaveBeenCalledTimes(1);
      // Nothing of the page is left running: no retry, no token renewal.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('an attempt whose client chunk comes after it timed out leaves the frame to the next attempt', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(null)),
      }));
      let chunkLoaded!: () => void;
      powerbi.chunk = new Promise((resolve) => {
        chunkLoaded = resolve;
      });
      open();
      await settle();
      await advance(30_000 + 1000);
      // The second attempt waits for the same chunk.
      await act(async () => {
        chunkLoaded();
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(powerbi.embeds).toHaveLength(2);
      // Both embedded in the same container: the late first attempt does not reset the second's report.
      expect(powerbi.reset).not.toHaveBeenCalled();
      act(() => powerbi.embeds[0]!.handlers.onLoaded());
      expect(screen.getByText('Loading the report…')).toBeTruthy();
      act(() => powerbi.embeds[1]!.handlers.onLoaded());
      expect(screen.queryByText('Loading the report…')).toBeNull();
      await advance(60_000);
      expect(powerbi.embeds).toHaveLength(2);
    });

    it('renews the embed token 5 minutes before it expires', async () => {
      stubApi(routes({
        'GET /powerbi/report': () => json(200, { reportId: 'r1' }),
        'GET /powerbi/embed-config/r1': () => json(200, embedConfig(60 * 60_000)),
      }));
      open();
      await settle();
      act(() => powerbi.embeds[0]!.handlers.onLoaded());
      await advance(55 * 60_000 - 1);
      expect(powerbi.setAccessToken).not.toHaveBeenCalled();
      await advance(1);
      expect(powerbi.setAccessToken).toHaveBeenCalledWith('token-2');
      // The new token is renewed in turn.
      await advance(55 * 60_000);
      expect(powerbi.setAccessToken).toHaveBeenLastCalledWith('token-3');
      expect(powerbi.embeds).toHaveLength(1);
    });
  });
});
