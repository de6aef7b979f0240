// A bar chart for the statistics page: Chart.js draws it, a caption says what it shows, and a
// table under it gives every figure, for screen readers and for anyone who prefers numbers.
// Chart.js is a bundle of its own (chart_library.ts, assets/chart.js), fetched when the first
// chart is drawn: the table is there at once, and stays the figures' home if the library cannot
// be loaded. Colours come from the page's own palette (app.css), read when the chart is drawn:
// the page redraws its charts when the colour scheme or the colour-blind palette changes. With
// reduced motion nothing animates.
import type { Chart } from 'chart.js';
import { h } from './dom';

type ChartLibrary = typeof import('./chart_library');

/** Where the server serves chart_library.ts's bundle (src/server/web_assets.cpp). */
const chartLibraryUrl = '/assets/chart.js';
let library: Promise<ChartLibrary> | null = null;

/** Chart.js, fetched once (again after a failure, on the next chart). */
function chartLibrary(): Promise<ChartLibrary> {
  library ??= (import(chartLibraryUrl) as Promise<ChartLibrary>).catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

export interface Bar {
  label: string;
  /** null: no figure yet (a mean of no games): no bar, and "–" in the table. */
  value: number | null;
}

export interface BarChartSpec {
  /** The chart's title, said once: the figure's caption (the chart draws no title of its own). */
  caption: string;
  /** The heading of the table's label column and the axis' title ("Game"); none when the
   *  caption says it already. */
  labelHeading?: string;
  /** The heading of the value column, and the axis' title ("Share of the best (%)"). */
  valueHeading: string;
  bars: Bar[];
  /** The value as the table shows it (default: as is). */
  format?: (value: number) => string;
  /** The axis' top (default: Chart.js decides). */
  max?: number;
  /** Said after each bar's value in the table, by bar (a game count); a Note column when any
   *  is not empty. */
  notes?: string[];
}

/** A drawn chart: its element, and what redraws it (the colours changed) or removes it. */
export interface BarChart {
  element: HTMLElement;
  redraw(): void;
  destroy(): void;
}

function colour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export function barChart(spec: BarChartSpec): BarChart {
  const format = spec.format ?? ((value: number) => String(value));
  const notes = spec.notes?.some((note) => note !== '') ? spec.notes : undefined;
  const canvas = h('canvas', {
    role: 'img',
    'aria-label': `${spec.caption}. The table below gives the figures.`,
  });
  const element = h('figure', { class: 'stats-chart' },
                    h('figcaption', {}, spec.caption),
                    h('div', { class: 'stats-canvas' }, canvas),
                    h('table', { class: 'stats-chart-table' },
                      h('caption', { class: 'visually-hidden' }, spec.caption),
                      h('thead', {}, h('tr', {},
                                       h('th', { scope: 'col' }, spec.labelHeading ?? ''),
                                       h('th', { scope: 'col', class: 'number' },
                                         spec.valueHeading),
                                       notes ? h('th', { scope: 'col' }, 'Note') : null)),
                      h('tbody', {}, spec.bars.map((bar, i) =>
                          h('tr', {}, h('th', { scope: 'row' }, bar.label),
                            h('td', { class: 'number' },
                              bar.value === null ? '–' : format(bar.value)),
                            notes ? h('td', {}, notes[i] ?? '') : null)))));
  let chart: Chart | null = null;
  let wanted = true;  // false once destroyed: a library that arrives late draws nothing
  const draw = () => {
    wanted = true;
    chartLibrary().then((loaded) => {
      if (wanted && canvas.isConnected) drawWith(loaded);
    }, () => {
      // The library could not be fetched: the table beside the canvas gives every figure.
    });
  };
  const drawWith = (loaded: ChartLibrary) => {
    chart?.destroy();
    const text = colour('--text');
    const grid = colour('--border');
    const bars = colour('--chart-bar');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart = new loaded.Chart(canvas, {
      type: 'bar',
      data: {
        labels: spec.bars.map((bar) => bar.label),
        datasets: [{ label: spec.valueHeading, data: spec.bars.map((bar) => bar.value),
                     backgroundColor: bars, borderColor: text, borderWidth: 1 }],
      },
      options: {
        animation: reduced ? false : { duration: 300 },
        maintainAspectRatio: false,
        plugins: { tooltip: { callbacks: { label: (item: { raw: number }) => format(item.raw) } } },
        scales: {
          x: { title: { display: spec.labelHeading !== undefined, text: spec.labelHeading ?? '',
                        color: text },
               ticks: { color: text }, grid: { color: grid } },
          y: { beginAtZero: true, max: spec.max, title: { display: true, text: spec.valueHeading,
                                                          color: text },
               ticks: { color: text }, grid: { color: grid } },
        },
      },
    });
  };
  return {
    element,
    redraw: draw,
    destroy: () => {
      wanted = false;
      chart?.destroy();
      chart = null;
    },
  };
}
