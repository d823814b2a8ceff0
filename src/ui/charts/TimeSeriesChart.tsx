import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import './chart.css';

/**
 * A line chart of a few count series over the same dates, drawn with uPlot. This module (and
 * uPlot with it) is imported only by the screens that draw charts, which are lazy route chunks:
 * the rest of the app never loads it.
 */

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface TimeSeriesChartProps {
  /** The accessible name of the chart (e.g. "Views, favorites … of Listing A, weekly"). */
  title: string;
  /** What the chart shows in words, read after the name (e.g. the totals of each series). */
  description: string;
  /** The x labels, one per point, already formatted (e.g. "3 Mar", "Q1 2025"). */
  labels: string[];
  series: ChartSeries[];
  /** Formats a count for the axis (the app's locale). */
  formatValue: (value: number) => string;
  height?: number;
  testId?: string;
}

const PALETTE_SIZE = 6;
const PHONE_WIDTH = 480;
/** Fewest pixels between two x labels, so dates never run into each other. */
const X_LABEL_SPACE = 64;
const FONT = '12px ui-sans-serif, system-ui, sans-serif';

interface ChartColors {
  series: string[];
  axis: string;
  grid: string;
}

function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: Array.from({ length: PALETTE_SIZE }, (_, i) => read(`--chart-${i + 1}`, '#888888')),
    axis: read('--muted', '#888888'),
    grid: read('--border', '#444444'),
  };
}

function subscribeTheme(onChange: () => void): () => void {
  // The theme is a class on <html> (state/theme.ts): watching the class reads the colours after the
  // new theme's variables apply, whoever switched it.
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The chart colours of the current theme, read from its CSS variables, live. */
function useChartColors(): ChartColors {
  const key = useSyncExternalStore(subscribeTheme, () => document.documentElement.className);
  return useMemo(() => {
    void key; // read again when the theme class changes
    return readColors();
  }, [key]);
}

/** The container's width, followed with a ResizeObserver (0 until first measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Every nth index, so at most `fit` labels show on the x axis (the last point always gets one when it fits). */
export function labelIndices(count: number, fit: number): number[] {
  if (count === 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, fit)));
  const picked: number[] = [];
  for (let i = 0; i < count; i += step) picked.push(i);
  return picked;
}

/** Shows and hides the chart's series (index 0 is x) as `hidden` says, leaving those already right alone. */
function applyHidden(chart: uPlot, series: readonly ChartSeries[], hidden: ReadonlySet<string>): void {
  series.forEach((s, i) => {
    const show = !hidden.has(s.label);
    if (chart.series[i + 1] && chart.series[i + 1]!.show !== show) chart.setSeries(i + 1, { show });
  });
}

/**
 * The chart's legend: a toggle button per series (pressed = its line is drawn), in the series'
 * colours. uPlot's own legend is a table of clickable rows that a keyboard cannot reach.
 */
function ChartLegend({ series, colors, hidden, onToggle }: {
  series: readonly ChartSeries[];
  colors: readonly string[];
  hidden: ReadonlySet<string>;
  onToggle: (label: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-x-1 gap-y-1" aria-label={t`Lines in the chart`} data-testid="chart-legend">
      {series.map((s, i) => {
        const shown = !hidden.has(s.label);
        const color = colors[i % PALETTE_SIZE];
        return (
          <li key={s.label} className="min-w-0">
            <button type="button" aria-pressed={shown} onClick={() => onToggle(s.label)}
              className={`inline-flex min-h-8 max-w-full items-center gap-1.5 rounded px-2 text-left text-[0.8125rem] hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent ${shown ? 'text-fg' : 'text-muted line-through'}`}>
              <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm border-2"
                style={{ borderColor: color, background: shown ? color : 'transparent' }} />
              <span className="min-w-0 break-words">{s.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Whole-number steps for the count axis: counts are never fractional. */
const COUNT_INCREMENTS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

export function TimeSeriesChart({ title, description, labels, series, formatValue, height, testId }: TimeSeriesChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const colors = useChartColors();
  const descriptionId = useId();
  const phone = width > 0 && width < PHONE_WIDTH;
  const chartHeight = height ?? (phone ? 220 : 280);
  const chart = useRef<uPlot | null>(null);
  // Hidden series by label, so a fresh answer (or a theme switch, which makes a new chart) keeps them hidden.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (label: string) => setHidden((prev) => {
    const next = new Set(prev);
    if (!next.delete(label)) next.add(label);
    return next;
  });
  useEffect(() => {
    if (chart.current) applyHidden(chart.current, series, hidden);
  }, [series, hidden]);

  // Everything but the size: uplot-react resizes the chart it has when only width or height
  // change, and makes a new one when any other option is a new object.
  const shape = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => ({
    // The x values are the points' positions; the labels say which bucket each is.
    scales: {
      x: { time: false, range: (_u, min, max) => (min === max ? [min - 0.5, max + 0.5] : [min, max]) },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: colors.axis,
        font: FONT,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid, width: 1 },
        splits: (u) => labelIndices(labels.length, Math.floor(u.bbox.width / uPlot.pxRatio / X_LABEL_SPACE)),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        stroke: colors.axis,
        font: FONT,
        size: phone ? 40 : 50,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid, width: 1 },
        incrs: COUNT_INCREMENTS,
        space: phone ? 28 : 36,
        values: (_u, splits) => splits.map((v) => formatValue(v)),
      },
    ],
    series: [
      {},
      ...series.map((s, i) => ({
        label: s.label,
        stroke: colors.series[i % PALETTE_SIZE],
        width: 2,
        points: { show: true, size: phone ? 5 : 6 },
      })),
    ],
    // ChartLegend names and toggles the series, outside the image role.
    legend: { show: false },
    cursor: { show: false },
  }), [colors, labels, series, formatValue, phone]);
  const options = useMemo<uPlot.Options>(() => ({ ...shape, width: Math.max(width, 1), height: chartHeight }), [shape, width, chartHeight]);

  const data = useMemo<uPlot.AlignedData>(
    () => [labels.map((_, i) => i), ...series.map((s) => s.values)],
    [labels, series],
  );

  return (
    <figure className="chart-frame m-0 min-w-0" data-testid={testId}>
      <div ref={frame} role="img" aria-label={title} aria-describedby={descriptionId} className="w-full">
        {width > 0 && (
          <UplotReact options={options} data={data}
            onCreate={(created) => {
              chart.current = created;
              applyHidden(created, series, hidden);
            }}
            onDelete={(deleted) => {
              if (chart.current === deleted) chart.current = null;
            }} />
        )}
      </div>
      <ChartLegend series={series} colors={colors.series} hidden={hidden} onToggle={toggle} />
      <figcaption id={descriptionId} className="sr-only">{description}</figcaption>
    </figure>
  );
}
