import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { CompanyStatistics, DailyCount, ListingSeries, ListingStatistics, StatisticsBucket } from '../../domain/statistics';

/**
 * The six kinds of interaction the statistics screens show (spec 2 "Company analytics and
 * statistics"), with where each sits in the API's answers. Shared by the statistics dashboard and
 * the analytics page's built-in report; no chart code here, so importing it loads no uPlot.
 */
export interface StatisticsMetric {
  id: 'views' | 'favorites' | 'linkOpens' | 'chats' | 'phoneClicks' | 'eventHits';
  label: MessageDescriptor;
  total: keyof Pick<CompanyStatistics, 'totalViews' | 'totalFavorites' | 'totalLinkOpens' | 'totalChats' | 'totalPhoneClicks' | 'totalEventHits'>;
  count: keyof Omit<ListingStatistics, 'listingId'>;
  series: keyof Omit<ListingSeries, 'listingId' | 'listingName'>;
}

export const STATISTICS_METRICS: readonly StatisticsMetric[] = [
  { id: 'views', label: msg`Views`, total: 'totalViews', count: 'viewCount', series: 'dailyViews' },
  { id: 'favorites', label: msg`Favorites`, total: 'totalFavorites', count: 'favoriteCount', series: 'dailyFavorites' },
  { id: 'linkOpens', label: msg`Links Opened`, total: 'totalLinkOpens', count: 'linkOpenCount', series: 'dailyLinkOpens' },
  { id: 'chats', label: msg`Chats Started`, total: 'totalChats', count: 'chatStartCount', series: 'dailyChats' },
  { id: 'phoneClicks', label: msg`Phone Clicks`, total: 'totalPhoneClicks', count: 'phoneClickCount', series: 'dailyPhoneClicks' },
  { id: 'eventHits', label: msg`Event Hits`, total: 'totalEventHits', count: 'eventHitCount', series: 'dailyEventHits' },
];

/** The name of each bucket size, as the chart's caption says which aggregation it shows. */
export const BUCKET_LABELS: Record<StatisticsBucket, MessageDescriptor> = {
  day: msg`Daily`,
  week: msg`Weekly`,
  month: msg`Monthly`,
  quarter: msg`Quarterly`,
};

/** A series' total over the range. */
export const seriesTotal = (points: DailyCount[]): number => points.reduce((sum, p) => sum + p.count, 0);

/** The UTC calendar day of an ISO date (the server's buckets are UTC days). */
const utcDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * Formats counts and the bucket dates in the active language: a day or a week by its first day
 * ("3 Mar"), a month by name and year, a quarter as "Q1 2025"; ranges as "3 Mar 2025 – 9 Mar 2025".
 */
export function useStatisticsFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const number = new Intl.NumberFormat(locale);
    const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const monthYear = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const fullDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const quarter = (iso: string) => {
      const d = utcDay(iso);
      const quarterNumber = Math.floor(d.getUTCMonth() / 3) + 1;
      const year = d.getUTCFullYear();
      return i18n._(msg`Q${quarterNumber} ${year}`);
    };
    return {
      count: (n: number) => number.format(n),
      bucketDate(iso: string, bucket: StatisticsBucket): string {
        if (bucket === 'quarter') return quarter(iso);
        if (bucket === 'month') return monthYear.format(utcDay(iso));
        return dayMonth.format(utcDay(iso));
      },
      day: (iso: string) => fullDay.format(utcDay(iso)),
      /** A moment on this device's clock (e.g. when figures were fetched). */
      dateTime: (ms: number) => dateTime.format(ms),
      range: (start: string, end: string) => `${fullDay.format(utcDay(start))} – ${fullDay.format(utcDay(end))}`,
      label: (descriptor: MessageDescriptor) => i18n._(descriptor),
    };
  }, [i18n, locale]);
}
