import { vi } from 'vitest';
import type { ChartSeries, TimeSeriesChartProps } from '../../../../src/ui/charts/TimeSeriesChart';
import {
  bucketFor, parseIsoDay, type CompanyStatistics, type CompanyUniqueViews, type ListingSeries, type UniqueViews,
} from '../../../../src/domain/statistics';

/**
 * Fixtures of the statistics screens' tests. uPlot does not draw in happy-dom, so the chart wrapper
 * is replaced (vi.mock with `fakeChart`) by an element that shows what it was given; the e2e test
 * proves the real drawing.
 */

export const CO = 'c0000000-0000-4000-8000-000000000001';
export const L1 = 'a0000000-0000-4000-8000-000000000001';
export const L2 = 'a0000000-0000-4000-8000-000000000002';

export function FakeChart({ title, description, labels, series, testId }: TimeSeriesChartProps) {
  return (
    <div role="img" aria-label={title} data-description={description} data-testid={testId}
      data-labels={labels.join('|')} data-series={JSON.stringify(series satisfies ChartSeries[])} />
  );
}

export const fakeChartModule = () => ({ TimeSeriesChart: FakeChart });

/** Fixed counts per listing: views, favorites, link opens, chats, phone clicks, event hits at each of two points. */
export const COUNTS: Record<string, [number, number, number, number, number, number][]> = {
  [L1]: [[3, 1, 2, 1, 0, 0], [4, 0, 1, 2, 1, 0]],
  [L2]: [[10, 2, 0, 5, 3, 0], [1, 1, 0, 0, 0, 0]],
};
export const NAMES: Record<string, string> = { [L1]: 'Fjord Hall', [L2]: 'Oslo DJ' };

const DAY_MS = 86_400_000;

/** The series of one listing: two points, the range's first day and its last. */
export function listingSeries(id: string, startDate: string, endDate: string): ListingSeries {
  const counts = COUNTS[id]!;
  const dates = [startDate, endDate];
  const points = (k: number) => dates.map((date, i) => ({ date, count: counts[i]![k]! }));
  return {
    listingId: id, listingName: NAMES[id]!,
    dailyViews: points(0), dailyFavorites: points(1), dailyLinkOpens: points(2),
    dailyChats: points(3), dailyPhoneClicks: points(4), dailyEventHits: points(5),
  };
}

const sum = (s: { count: number }[]) => s.reduce((a, p) => a + p.count, 0);

/** The company answer for the range a request asked for (its bucket by the server's rule). */
export function companyAnswer(url: URL, ids: string[] = [L1, L2]): CompanyStatistics {
  const startDate = url.searchParams.get('startDate')!;
  const endDate = url.searchParams.get('endDate')!;
  const days = Math.round((parseIsoDay(endDate)!.getTime() - parseIsoDay(startDate)!.getTime()) / DAY_MS) + 1;
  const listingStatistics = ids.map((id) => listingSeries(id, startDate, endDate));
  const total = (key: keyof Omit<ListingSeries, 'listingId' | 'listingName'>) => listingStatistics.reduce((a, l) => a + sum(l[key]), 0);
  return {
    companyId: CO, startDate, endDate, bucket: bucketFor(days),
    totalViews: total('dailyViews'), totalFavorites: total('dailyFavorites'), totalLinkOpens: total('dailyLinkOpens'),
    totalChats: total('dailyChats'), totalPhoneClicks: total('dailyPhoneClicks'), totalEventHits: total('dailyEventHits'),
    listingStatistics,
  };
}

export function rangeAnswer(id: string, url: URL) {
  const s = listingSeries(id, url.searchParams.get('startDate')!, url.searchParams.get('endDate')!);
  return {
    listingId: id, viewCount: sum(s.dailyViews), favoriteCount: sum(s.dailyFavorites), linkOpenCount: sum(s.dailyLinkOpens),
    chatStartCount: sum(s.dailyChats), phoneClickCount: sum(s.dailyPhoneClicks), eventHitCount: sum(s.dailyEventHits),
  };
}

export const uniqueAnswer = (id: string): UniqueViews => ({
  listingId: id, uniqueViews: id === L1 ? 5 : 8, uniqueUsers: id === L1 ? 2 : 3, uniqueDevices: id === L1 ? 4 : 6, timeWindowMinutes: 10,
});

export const companyUniqueAnswer = (ids: string[] = [L1, L2]): CompanyUniqueViews => ({
  companyId: CO, timeWindowMinutes: 10, listings: ids.map(uniqueAnswer),
});

/** Freezes the clock's date (timers stay real, so Testing Library's waits work). */
export function freezeDate(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
