import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { ListingSeries, StatisticsBucket, UniqueViews } from '../../domain/statistics';
import { Skeleton } from '../../ui/Skeleton';
import { TimeSeriesChart } from '../../ui/charts/TimeSeriesChart';
import { BUCKET_LABELS, STATISTICS_METRICS, seriesTotal, useStatisticsFormat } from '../../ui/charts/statisticsMetrics';
import type { SavedPullState, UniqueVisitors } from './useStatistics';
import { FailedFigures } from './FailedFigures';

export type FigureView = 'chart' | 'table';

/** Chart or table, the same numbers either way (the table is the screen reader's view of the chart). */
export function FigureViewToggle({ view, onChange }: { view: FigureView; onChange: (view: FigureView) => void }) {
  const { t } = useLingui();
  const option = (value: FigureView, label: string) => (
    <button type="button" aria-pressed={view === value} onClick={() => onChange(value)}
      className={`min-h-10 px-4 text-sm font-semibold ${view === value ? 'bg-accent text-on-accent' : 'bg-surface text-fg hover:bg-surface-2'}`}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t`Show as`} className="inline-flex overflow-hidden rounded-md border border-border">
      {option('chart', t`Chart`)}
      {option('table', t`Table`)}
    </div>
  );
}

/** One listing's six series over the range, as a chart or a table, under the listing's name. */
export function ListingSeriesCard({ series, bucket, rangeText, view }: {
  series: ListingSeries;
  bucket: StatisticsBucket;
  rangeText: string;
  view: FigureView;
}) {
  const { t } = useLingui();
  const format = useStatisticsFormat();
  const aggregation = format.label(BUCKET_LABELS[bucket]);
  const name = series.listingName;
  const dates = useMemo(() => series.dailyViews.map((p) => p.date), [series]);
  const labels = useMemo(() => dates.map((d) => format.bucketDate(d, bucket)), [dates, format, bucket]);
  const chartSeries = useMemo(
    () => STATISTICS_METRICS.map((m) => ({ label: format.label(m.label), values: series[m.series].map((p) => p.count) })),
    [series, format],
  );
  const summary = STATISTICS_METRICS.map((m) => `${format.label(m.label)} ${format.count(seriesTotal(series[m.series]))}`).join(', ');

  return (
    <article className="min-w-0 rounded-lg border border-border bg-surface p-4" data-testid="listing-series" data-listing-id={series.listingId}>
      <h3 className="text-lg font-semibold break-words">{name}</h3>
      <p className="mb-3 text-sm text-muted">{t`${aggregation} totals, ${rangeText}`}</p>
      {view === 'chart' ? (
        <TimeSeriesChart testId="series-chart" title={t`${name}: ${aggregation} interactions`}
          description={t`Totals for ${rangeText}: ${summary}`} labels={labels} series={chartSeries} formatValue={format.count} />
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`${name}: ${aggregation} interactions`}>
          <table className="w-full min-w-[36rem] text-sm tabular-nums" data-testid="series-table">
            <caption className="sr-only">{t`${name}: ${aggregation} interactions, ${rangeText}`}</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted">
                <th scope="col" className="py-2 pr-3 font-medium"><Trans>Period</Trans></th>
                {STATISTICS_METRICS.map((m) => <th key={m.id} scope="col" className="px-2 py-2 text-right font-medium">{format.label(m.label)}</th>)}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">{labels[i]}</th>
                  {STATISTICS_METRICS.map((m) => (
                    <td key={m.id} className="px-2 py-2 text-right" data-metric={m.id}>{format.count(series[m.series][i]?.count ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border font-semibold">
                <th scope="row" className="py-2 pr-3 text-left"><Trans>Total</Trans></th>
                {STATISTICS_METRICS.map((m) => (
                  <td key={m.id} className="px-2 py-2 text-right" data-total={m.id}>{format.count(seriesTotal(series[m.series]))}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </article>
  );
}

/** Unique views, users and devices of each listing shown (spec 2), for the range. */
export function UniqueTable({ rows, names, rangeText }: { rows: UniqueViews[]; names: Map<string, string>; rangeText: string }) {
  const { t } = useLingui();
  const format = useStatisticsFormat();
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface" tabIndex={0} role="region" aria-label={t`Unique visitors`}>
      <table className="w-full text-sm tabular-nums" data-testid="unique-table">
        <caption className="sr-only">{t`Unique views, users and devices per listing, ${rangeText}`}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted">
            <th scope="col" className="p-3 font-medium"><Trans>Listing</Trans></th>
            <th scope="col" className="p-3 text-right font-medium"><Trans>Unique views</Trans></th>
            <th scope="col" className="p-3 text-right font-medium"><Trans>Unique users</Trans></th>
            <th scope="col" className="p-3 text-right font-medium"><Trans>Unique devices</Trans></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.listingId} className="border-b border-border last:border-0" data-testid="unique-row" data-listing-id={row.listingId}>
              <th scope="row" className="p-3 text-left font-normal break-words">{names.get(row.listingId) ?? row.listingId}</th>
              <td className="p-3 text-right" data-field="uniqueViews">{format.count(row.uniqueViews)}</td>
              <td className="p-3 text-right" data-field="uniqueUsers">{format.count(row.uniqueUsers)}</td>
              <td className="p-3 text-right" data-field="uniqueDevices">{format.count(row.uniqueDevices)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The unique visitors of the listings shown, fetched on their own after the counts: loading, a
 * failure with Retry, or the rows (the saved ones offline, saying when and for which range).
 */
export function UniqueVisitorsSection({ state, shown, names }: {
  state: SavedPullState<UniqueVisitors>;
  /** The listings whose counts are shown, in their order. */
  shown: ListingSeries[];
  names: Map<string, string>;
}) {
  const { t } = useLingui();
  const format = useStatisticsFormat();
  const visitors = state.value;
  if (visitors) {
    const byListing = new Map(visitors.answer.listings.map((row) => [row.listingId, row]));
    // A listing created since a saved answer has no row in it.
    const rows = shown.flatMap((l) => byListing.get(l.listingId) ?? []);
    const rangeText = format.range(visitors.startDate, visitors.endDate);
    const savedWhen = state.savedAt !== null ? format.dateTime(state.savedAt) : null;
    return (
      <div className="flex flex-col gap-2">
        {savedWhen && (
          <p className="text-sm text-muted" data-testid="unique-saved-note">{t`Figures from ${savedWhen} (${rangeText}).`}</p>
        )}
        <UniqueTable rows={rows} names={names} rangeText={rangeText} />
      </div>
    );
  }
  if (state.failure) {
    return (
      <FailedFigures title={<Trans>Failed to load unique visitors</Trans>} unreachable={state.failure === 'offline'} onRetry={state.retry} testId="unique-error" />
    );
  }
  return (
    <div data-testid="unique-loading">
      <p role="status" className="sr-only"><Trans>Loading unique visitors…</Trans></p>
      <Skeleton className="h-32" />
    </div>
  );
}
