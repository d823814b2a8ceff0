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

/** Whole-number steps for the count axis: counts are never fractional. */
const COUNT_INCREMENTS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

export function TimeSeriesChart({ title, description, labels, series, formatValue, height, testId }: TimeSeriesChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const colors = useChartColors();
  const descriptionId = useId();
  const phone = width > 0 && width < PHONE_WIDTH;
  const chartHeight = height ?? (phone ? 220 : 280);

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
    // The legend names the series and toggles them; the numbers are in the table view (a live
    // legend shows a dash for every series until the pointer is over the chart).
    legend: { show: true, live: false },
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
        {width > 0 && <UplotReact options={options} data={data} />}
      </div>
      <figcaption id={descriptionId} className="sr-only">{description}</figcaption>
    </figure>
  );
}
