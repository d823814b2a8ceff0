import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/database';
import CompanyStatisticsPage from '../../../../src/features/statistics/CompanyStatisticsPage';
import { session } from '../../../../src/state/session';
import { renderAt } from '../auth/render';
import { makeUser } from '../profile/helpers';
import { calls, json, stubApi } from '../../sync/fixtures';
import { CO, L1, L2, companyAnswer, companyUniqueAnswer, freezeDate, rangeAnswer } from './fixtures';

vi.mock('../../../../src/ui/charts/TimeSeriesChart', async () => (await import('./fixtures')).fakeChartModule());

const owner = makeUser({ id: 'owner-1' });
const open = (query = `?companyId=${CO}`) => renderAt(<CompanyStatisticsPage />, `/company-statistics${query}`);

type Routes = Parameters<typeof stubApi>[0];
const routes = (extra: Routes = {}): Routes => ({
  [`GET /ListingStatistics/company/${CO}`]: ({ url }) => json(200, companyAnswer(url)),
  [`GET /ListingStatistics/${L1}/range`]: ({ url }) => json(200, rangeAnswer(L1, url)),
  [`GET /ListingStatistics/${L2}/range`]: ({ url }) => json(200, rangeAnswer(L2, url)),
  [`GET /ListingStatistics/company/${CO}/unique-views`]: () => json(200, companyUniqueAnswer()),
  ...extra,
});

const UNIQUE_PATH = `/ListingStatistics/company/${CO}/unique-views`;

/** A response the test hands out when it chooses (a slow server). */
function deferred() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

const uniqueSection = () => screen.getByRole('heading', { name: 'Unique visitors' }).closest('section')!;

/** The date ranges the company endpoint was asked for, in order. */
const companyRanges = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls
  .map(([url]) => new URL(url, 'http://localhost'))
  .filter((u) => u.pathname === `/api/ListingStatistics/company/${CO}`)
  .map((u) => `${u.searchParams.get('startDate')}..${u.searchParams.get('endDate')}`);

const totals = () => Object.fromEntries(screen.getAllByTestId(/^total-(?!value)/).map((el) => [
  el.dataset.testid!.replace('total-', ''), within(el).getByTestId('total-value').textContent,
]));

beforeEach(async () => {
  await db.delete();
  await db.open();
  freezeDate('2025-03-10T12:00:00Z');
  session.user = owner;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.user = null;
});

describe('CompanyStatisticsPage', () => {
  it('without companyId sends the visitor to /companies', () => {
    stubApi(routes());
    const { location } = open('');
    expect(location.history.at(-1)).toBe('/companies');
  });

  it('asks an anonymous visitor to log in, coming back to this page, and fetches nothing', async () => {
    session.user = null;
    const fetchMock = stubApi(routes());
    open(`?companyId=${CO}&listingId=${L1}`);
    const link = await screen.findByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/company-statistics?companyId=${CO}&listingId=${L1}`)}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the last 7 days by default, daily: the company totals, a chart per listing and the unique visitors', async () => {
    const fetchMock = stubApi(routes());
    open();
    await screen.findByTestId('statistics-totals');
    expect(companyRanges(fetchMock)).toEqual(['2025-03-04..2025-03-10']);
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('statistics-bucket').textContent).toBe('(Daily)');
    expect(totals()).toEqual({ views: '18', favorites: '4', linkOpens: '3', chats: '8', phoneClicks: '4', eventHits: '0' });
    const charts = screen.getAllByTestId('series-chart');
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual(['Fjord Hall: Daily interactions', 'Oslo DJ: Daily interactions']);
    expect(charts[0]!.dataset.labels).toBe('Mar 4|Mar 10');
    expect(JSON.parse(charts[0]!.dataset.series!)[0]).toEqual({ label: 'Views', values: [3, 4] });
    await screen.findAllByTestId('unique-row');
    const unique = screen.getAllByTestId('unique-row').map((row) => [...row.children].map((c) => c.textContent));
    expect(unique).toEqual([['Fjord Hall', '5', '2', '4'], ['Oslo DJ', '8', '3', '6']]);
    expect(screen.getByRole('link', { name: 'Back to Listings' }).getAttribute('href')).toBe(`/company?companyId=${CO}&view=listings`);
    expect(screen.getByRole('link', { name: 'Analytics report' }).getAttribute('href')).toBe(`/company-analytics?companyId=${CO}`);
    // The unique visitors of every listing are one call for the range, asked once the counts are in.
    const uniqueCalls = calls(fetchMock, UNIQUE_PATH).map(([url]) => new URL(url, 'http://localhost').search);
    expect(uniqueCalls).toEqual(['?startDate=2025-03-04&endDate=2025-03-10']);
    expect(fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost').pathname)).toEqual([
      `/api/ListingStatistics/company/${CO}`, `/api${UNIQUE_PATH}`,
    ]);
  });

  it('shows the counts without waiting for the unique visitors; their failure is a small error with Retry in their section only', async () => {
    const slow = deferred();
    let next: () => Response | Promise<Response> = () => slow.response;
    const fetchMock = stubApi(routes({ [`GET ${UNIQUE_PATH}`]: () => next() }));
    open();
    await screen.findByTestId('statistics-totals');
    expect(screen.getAllByTestId('series-chart')).toHaveLength(2);
    const section = uniqueSection();
    expect(within(section).getByTestId('unique-loading')).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('Loading unique visitors…');

    slow.answer(json(500, { message: 'boom' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Failed to load unique visitors');
    expect(screen.queryByText('Failed to load company statistics')).toBeNull();
    expect(screen.getByTestId('statistics-totals')).toBeTruthy();
    expect(screen.getAllByTestId('series-chart')).toHaveLength(2);

    next = () => json(200, companyUniqueAnswer());
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findAllByTestId('unique-row')).toHaveLength(2);
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(calls(fetchMock, `/ListingStatistics/company/${CO}`)).toHaveLength(1);
  });

  it.each([
    ['30 days', '2025-02-09..2025-03-10', '(Weekly)', 'range=30'],
    ['90 days', '2024-12-11..2025-03-10', '(Monthly)', 'range=90'],
    ['1 year', '2024-03-11..2025-03-10', '(Quarterly)', 'range=365'],
  ])('the %s preset asks for %s, says %s and keeps it in the address', async (preset, range, bucket, query) => {
    const fetchMock = stubApi(routes());
    const { location } = open();
    await screen.findByTestId('statistics-totals');
    fireEvent.click(screen.getByRole('radio', { name: preset }));
    await waitFor(() => expect(screen.getByTestId('statistics-bucket').textContent).toBe(bucket));
    expect(companyRanges(fetchMock).at(-1)).toBe(range);
    expect(location.history.at(-1)).toContain(query);
  });

  it('opens at the preset the address names (a reload keeps it)', async () => {
    const fetchMock = stubApi(routes());
    open(`?companyId=${CO}&range=90`);
    await screen.findByTestId('statistics-totals');
    expect(screen.getByRole('radio', { name: '90 days' })).toHaveProperty('checked', true);
    expect(companyRanges(fetchMock)).toEqual(['2024-12-11..2025-03-10']);
  });

  it('custom range: starts from the shown range, validates, fetches nothing while invalid, then asks for the dates', async () => {
    const fetchMock = stubApi(routes());
    const { location } = open();
    await screen.findByTestId('statistics-totals');
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2025-03-04', '2025-03-10']);

    fireEvent.change(from, { target: { value: '2025-03-20' } });
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(screen.getByTestId('statistics-invalid-range').textContent).toBe('Correct the dates to see the figures.');
    expect(screen.queryByTestId('statistics-totals')).toBeNull();

    fireEvent.change(from, { target: { value: '2020-01-01' } });
    expect(await screen.findByText('The range must be shorter than 3 years')).toBeTruthy();
    fireEvent.change(to, { target: { value: '' } });
    expect(await screen.findByText('Enter an end date')).toBeTruthy();
    expect(companyRanges(fetchMock)).toEqual(['2025-03-04..2025-03-10']);

    fireEvent.change(from, { target: { value: '2025-01-01' } });
    fireEvent.change(to, { target: { value: '2025-01-20' } });
    await waitFor(() => expect(companyRanges(fetchMock).at(-1)).toBe('2025-01-01..2025-01-20'));
    expect(await screen.findByText('(Weekly)')).toBeTruthy();
    expect(location.history.at(-1)).toContain('range=custom&from=2025-01-01&to=2025-01-20');
  });

  it('a listing chosen in the picker: its totals from /range, its chart only, listingId in the address', async () => {
    const fetchMock = stubApi(routes());
    const { location } = open();
    await screen.findByTestId('statistics-totals');
    const picker = screen.getByLabelText('Listing') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['All listings', 'Fjord Hall', 'Oslo DJ']);
    fireEvent.change(picker, { target: { value: L2 } });
    await screen.findByRole('heading', { name: 'Totals for Oslo DJ' });
    expect(location.history.at(-1)).toContain(`listingId=${L2}`);
    expect(totals()).toEqual({ views: '11', favorites: '3', linkOpens: '0', chats: '5', phoneClicks: '3', eventHits: '0' });
    expect(screen.getAllByTestId('series-chart').map((c) => c.getAttribute('aria-label'))).toEqual(['Oslo DJ: Daily interactions']);
    const unique = await screen.findAllByTestId('unique-row');
    expect(unique.map((row) => row.dataset.listingId)).toEqual([L2]);
    // One unique-visitors answer serves every listing choice.
    expect(calls(fetchMock, UNIQUE_PATH)).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/ListingStatistics/${L2}/range?startDate=2025-03-04&endDate=2025-03-10`))).toBe(true);
  });

  it('the Table view shows the same numbers as the chart, with a caption and headers', async () => {
    stubApi(routes());
    open(`?companyId=${CO}&listingId=${L1}`);
    await screen.findByTestId('series-chart');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByTestId('series-table');
    expect(table.querySelector('caption')!.textContent).toBe('Fjord Hall: Daily interactions, Mar 4, 2025 – Mar 10, 2025');
    expect([...table.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Period', 'col'], ['Views', 'col'], ['Favorites', 'col'], ['Links Opened', 'col'], ['Chats Started', 'col'], ['Phone Clicks', 'col'], ['Event Hits', 'col'],
    ]);
    const rows = [...table.querySelectorAll('tbody tr, tfoot tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([['Mar 4', '3', '1', '2', '1', '0', '0'], ['Mar 10', '4', '0', '1', '2', '1', '0'], ['Total', '7', '1', '3', '3', '1', '0']]);
    expect(screen.queryByTestId('series-chart')).toBeNull();
  });

  it("says 'No statistics available' for a company without listings", async () => {
    stubApi(routes({ [`GET /ListingStatistics/company/${CO}`]: ({ url }) => json(200, companyAnswer(url, [])) }));
    open();
    expect((await screen.findByTestId('statistics-empty')).textContent).toBe('No statistics available');
  });

  it("says 'No statistics available for the selected listing' for a listing the company does not have", async () => {
    const fetchMock = stubApi(routes({ [`GET /ListingStatistics/company/${CO}`]: ({ url }) => json(200, companyAnswer(url, [L1])) }));
    open(`?companyId=${CO}&listingId=${L2}`);
    expect((await screen.findByTestId('statistics-empty')).textContent).toBe('No statistics available for the selected listing');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/ListingStatistics/${L2}/`))).toBe(false);
  });

  it("shows 'Failed to load company statistics' with Retry, which loads again", async () => {
    let fail = true;
    stubApi(routes({ [`GET /ListingStatistics/company/${CO}`]: ({ url }) => (fail ? json(500, { message: 'boom' }) : json(200, companyAnswer(url))) }));
    open();
    expect(await screen.findByText('Failed to load company statistics')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('statistics-totals')).toBeTruthy();
  });

  it('tells someone who is not the owner that they have no access (403)', async () => {
    stubApi(routes({ [`GET /ListingStatistics/company/${CO}`]: () => json(403, { message: 'Forbidden' }) }));
    open();
    expect(await screen.findByText("You do not have access to this company's statistics.")).toBeTruthy();
  });

  it('offline: shows the figures last seen for that company, listing and range, with when they were fetched', async () => {
    stubApi(routes());
    open(`?companyId=${CO}&listingId=${L1}`);
    await screen.findByRole('heading', { name: 'Totals for Fjord Hall' });
    await screen.findAllByTestId('unique-row');
    // The counts and the unique visitors are kept apart.
    await waitFor(async () => expect((await db.savedViews.toArray()).map((v) => v.key).sort()).toEqual([
      `statistics-unique:${CO}:last-7`, `statistics:${CO}:${L1}:last-7`,
    ]));
    cleanup();

    // Two days later, offline: the 7 days shown are the saved ones, and the heading says so.
    vi.setSystemTime(new Date('2025-03-12T12:00:00Z'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi(routes());
    open(`?companyId=${CO}&listingId=${L1}`);
    const note = await screen.findByTestId('statistics-saved-note');
    const fetchedAt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2025-03-10T12:00:00Z'));
    expect(note.textContent).toBe(`Figures from ${fetchedAt}; you are offline.`);
    expect(screen.getByTestId('statistics-range').textContent).toBe('Mar 4, 2025 – Mar 10, 2025');
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
    expect(totals()).toEqual({ views: '7', favorites: '1', linkOpens: '3', chats: '3', phoneClicks: '1', eventHits: '0' });
    const unique = await screen.findAllByTestId('unique-row');
    expect(unique.map((row) => [...row.children].map((c) => c.textContent))).toEqual([['Fjord Hall', '5', '2', '4']]);
    expect(screen.getByTestId('unique-saved-note').textContent).toBe(`Figures from ${fetchedAt} (Mar 4, 2025 – Mar 10, 2025).`);
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();

    // Counts seen but not their unique visitors: the counts show, the unique visitors say why they do not.
    await db.savedViews.filter((v) => v.key.startsWith('statistics-unique:')).delete();
    open(`?companyId=${CO}&listingId=${L1}`);
    await screen.findByTestId('statistics-totals');
    const section = uniqueSection();
    expect((await within(section).findByRole('alert')).textContent)
      .toBe('Failed to load unique visitorsYou are offline, and the figures for this range were not seen on this device before.');
    expect(screen.getByTestId('statistics-totals')).toBeTruthy();

    // A range never seen online says so.
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    expect(await screen.findByText('You are offline, and the figures for this range were not seen on this device before.')).toBeTruthy();
    expect(screen.queryByTestId('statistics-saved-note')).toBeNull();
    expect(screen.getByTestId('statistics-range').textContent).toBe('Feb 11, 2025 – Mar 12, 2025');
  });
});
