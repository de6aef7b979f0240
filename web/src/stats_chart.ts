// A bar chart for the statistics page: Chart.js draws it (only the parts a bar chart needs are
// imported, so the bundle keeps no more of the library), a caption says what it shows, and a
// table under it gives every figure, for screen readers and for anyone who prefers numbers.
// Colours come from the page's own palette (app.css), read when the chart is drawn, so light
// and dark both hold; with reduced motion nothing animates.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { h } from './dom';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartSpec {
  caption: string;
  /** The heading of the table's label column ("Hand", "Word length"). */
  labelHeading: string;
  /** The heading of the value column, and the axis' title ("Share of the best (%)"). */
  valueHeading: string;
  bars: Bar[];
  /** The value as the table shows it (default: as is). */
  format?: (value: number) => string;
  /** The axis' top (default: Chart.js decides). */
  max?: number;
}

/** A drawn chart: its element, and what redraws it (the colour scheme changed) or removes it. */
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
                                       h('th', { scope: 'col' }, spec.labelHeading),
                                       h('th', { scope: 'col', class: 'number' },
                                         spec.valueHeading))),
                      h('tbody', {}, spec.bars.map((bar) =>
                          h('tr', {}, h('th', { scope: 'row' }, bar.label),
                            h('td', { class: 'number' }, format(bar.value)))))));
  let chart: Chart | null = null;
  const draw = () => {
    chart?.destroy();
    const text = colour('--text');
    const grid = colour('--border');
    const accent = colour('--accent');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: spec.bars.map((bar) => bar.label),
        datasets: [{ label: spec.valueHeading, data: spec.bars.map((bar) => bar.value),
                     backgroundColor: accent, borderColor: text, borderWidth: 1 }],
      },
      options: {
        animation: reduced ? false : { duration: 300 },
        maintainAspectRatio: false,
        plugins: { tooltip: { callbacks: { label: (item: { raw: number }) => format(item.raw) } } },
        scales: {
          x: { title: { display: true, text: spec.labelHeading, color: text },
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
      chart?.destroy();
      chart = null;
    },
  };
}
