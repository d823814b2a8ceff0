import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ApiError } from '../../api/http';
import { statisticsApi, type StatisticsRange } from '../../api/statistics';
import { isoDate, parseIsoDay, type CompanyStatistics, type ListingSeries } from '../../domain/statistics';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { TimeSeriesChart } from '../../ui/charts/TimeSeriesChart';
import { StatisticsTotals, type StatisticsTotalsValues } from '../../ui/charts/StatisticsTotals';
import { BUCKET_LABELS, STATISTICS_METRICS, seriesTotal, useStatisticsFormat } from '../../ui/charts/statisticsMetrics';
import { usePulled } from '../../ui/usePulled';

/** The built-in report covers the last year up to today (UTC days, as the server counts them). */
export const BUILT_IN_REPORT_DAYS = 365;
/** Listings drawn in the views chart: the most viewed, as many as the palette tells apart. */
export const BUILT_IN_CHART_LISTINGS = 6;
const DAY_MS = 86_400_000;

export function lastYear(now: Date): StatisticsRange {
  const end = parseIsoDay(isoDate(now))!;
  return { startDate: isoDate(new Date(end.getTime() - (BUILT_IN_REPORT_DAYS - 1) * DAY_MS)), endDate: isoDate(end) };
}

/** Listings ranked by one count, highest first, ties by name. */
function ranked(listings: ListingSeries[], pick: (l: ListingSeries) => number) {
  return listings
    .map((l) => ({ listingId: l.listingId, name: l.listingName, count: pick(l) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function RankingTable({ title, caption, countHeader, rows, testId }: {
  title: string;
  caption: string;
  countHeader: string;
  rows: { listingId: string; name: string; count: number }[];
  testId: string;
}) {
  const format = useStatisticsFormat();
  return (
    <section className="min-w-0" aria-label={title}>
      <h3 className="mb-2 text-lg font-semibold">{title}</h3>
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-sm tabular-nums" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted">
              <th scope="col" className="w-12 p-3 font-medium">#</th>
              <th scope="col" className="p-3 font-medium"><Trans>Listing</Trans></th>
              <th scope="col" className="p-3 text-right font-medium">{countHeader}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.listingId} className="border-b border-border last:border-0" data-testid="ranking-row">
                <td className="p-3 text-muted">{i + 1}</td>
                <th scope="row" className="p-3 text-left font-normal break-words">{row.name}</th>
                <td className="p-3 text-right" data-testid="ranking-count">{format.count(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Report({ statistics }: { statistics: CompanyStatistics }) {
  const { t } = useLingui();
  const format = useStatisticsFormat();
  const listings = statistics.listingStatistics;
  const aggregation = format.label(BUCKET_LABELS[statistics.bucket]);
  const rangeText = format.range(statistics.startDate, statistics.endDate);
  const byViews = useMemo(() => ranked(listings, (l) => seriesTotal(l.dailyViews)), [listings]);
  const byChats = useMemo(() => ranked(listings, (l) => seriesTotal(l.dailyChats)), [listings]);
  const drawn = useMemo(
    () => byViews.slice(0, BUILT_IN_CHART_LISTINGS).map((r) => listings.find((l) => l.listingId === r.listingId)!),
    [byViews, listings],
  );
  const dates = useMemo(() => (listings[0]?.dailyViews ?? []).map((p) => p.date), [listings]);
  const labels = useMemo(() => dates.map((d) => format.bucketDate(d, statistics.bucket)), [dates, format, statistics.bucket]);
  const chartSeries = useMemo(() => drawn.map((l) => ({ label: l.listingName, values: l.dailyViews.map((p) => p.count) })), [drawn]);

  if (listings.length === 0) {
    return <p role="status" className="rounded-lg border border-border bg-surface p-6 text-center text-muted" data-testid="analytics-empty"><Trans>No statistics available</Trans></p>;
  }
  const totals = {} as StatisticsTotalsValues;
  for (const m of STATISTICS_METRICS) totals[m.id] = statistics[m.total];
  const summary = drawn.map((l) => `${l.listingName} ${format.count(seriesTotal(l.dailyViews))}`).join(', ');

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="analytics-totals-title">
        <h2 id="analytics-totals-title" className="mb-3 text-xl font-semibold"><Trans>Totals for the last 12 months</Trans></h2>
        <StatisticsTotals values={totals} />
      </section>

      <section aria-labelledby="analytics-views-title" className="min-w-0">
        <h2 id="analytics-views-title" className="text-xl font-semibold">
          <Trans>Views over time</Trans> <span className="text-base font-normal text-muted">({aggregation})</span>
        </h2>
        {listings.length > BUILT_IN_CHART_LISTINGS && (
          <p className="mt-1 text-sm text-muted"><Trans>The {BUILT_IN_CHART_LISTINGS} most viewed listings are drawn; the tables below list every listing.</Trans></p>
        )}
        <div className="mt-3 rounded-lg border border-border bg-surface p-4">
          <TimeSeriesChart testId="analytics-views-chart" title={t`Views per listing, ${aggregation}, ${rangeText}`}
            description={t`Views in the period: ${summary}`} labels={labels} series={chartSeries} formatValue={format.count} />
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-accent"><Trans>Show the numbers</Trans></summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full tabular-nums" data-testid="analytics-views-table">
                <caption className="sr-only">{t`Views per listing, ${aggregation}, ${rangeText}`}</caption>
                <thead>
                  <tr className="border-b border-border text-left text-muted">
                    <th scope="col" className="py-2 pr-3 font-medium"><Trans>Listing</Trans></th>
                    {labels.map((label, i) => <th key={dates[i]} scope="col" className="px-2 py-2 text-right font-medium">{label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {drawn.map((l) => (
                    <tr key={l.listingId} className="border-b border-border last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-normal">{l.listingName}</th>
                      {l.dailyViews.map((p) => <td key={p.date} className="px-2 py-2 text-right">{format.count(p.count)}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <RankingTable testId="ranking-views" title={t`Listings by views`} caption={t`Listings ranked by views, ${rangeText}`}
          countHeader={t`Views`} rows={byViews} />
        <RankingTable testId="ranking-chats" title={t`Listings by chats`} caption={t`Listings ranked by chats started, ${rangeText}`}
          countHeader={t`Chats Started`} rows={byChats} />
      </div>
    </div>
  );
}

/**
 * The report shown when no Power BI report is configured: the company's statistics of the last year
 * from the statistics API, so the page is useful on a plain install.
 */
export function BuiltInReport({ companyId }: { companyId: string }) {
  const format = useStatisticsFormat();
  const today = isoDate(new Date());
  const range = useMemo(() => lastYear(new Date(`${today}T12:00:00Z`)), [today]);
  const rangeText = format.range(range.startDate, range.endDate);
  const { status, value, error, retry } = usePulled(`${companyId}|${range.startDate}|${range.endDate}`, () => statisticsApi.company(companyId, range));

  let body;
  if (value) body = <Report statistics={value} />;
  else if (status === 'loading') {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-6" data-testid="analytics-loading">
        <Skeleton className="h-24" />
        <Skeleton className="h-72" />
      </div>
    );
  } else if (error instanceof ApiError && error.status === 403) {
    body = <Alert tone="error" title={<Trans>You do not have access to this company's statistics.</Trans>} />;
  } else {
    body = (
      <div className="flex flex-col items-start gap-3" data-testid="analytics-error">
        <Alert tone="error" title={<Trans>Failed to load company data or Power BI report</Trans>} />
        <Button variant="secondary" onClick={retry}><Trans>Retry</Trans></Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="analytics-built-in-title" aria-busy={status === 'loading' || undefined} data-testid="analytics-built-in">
      <h2 id="analytics-built-in-title" className="text-2xl font-semibold"><Trans>Built-in report</Trans></h2>
      <p className="mb-6 mt-1 text-sm text-muted">
        <Trans>No Power BI report is configured, so this report is built from the listing statistics of the last 12 months ({rangeText}).</Trans>
      </p>
      {status === 'loading' && <p role="status" className="sr-only"><Trans>Loading statistics…</Trans></p>}
      {body}
    </section>
  );
}
