import { STATISTICS_METRICS, useStatisticsFormat, type StatisticsMetric } from './statisticsMetrics';

export type StatisticsTotalsValues = Record<StatisticsMetric['id'], number>;

/** The six totals (spec 2 names), of the company or of the selected listing. */
export function StatisticsTotals({ values }: { values: StatisticsTotalsValues }) {
  const format = useStatisticsFormat();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="statistics-totals">
      {STATISTICS_METRICS.map((m) => (
        <div key={m.id} className="flex flex-col-reverse rounded-lg border border-border bg-surface p-4" data-testid={`total-${m.id}`}>
          <dt className="text-sm text-muted">{format.label(m.label)}</dt>
          <dd className="text-2xl font-bold tabular-nums text-fg" data-testid="total-value">{format.count(values[m.id])}</dd>
        </div>
      ))}
    </dl>
  );
}

