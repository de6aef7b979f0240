// The few types of Chart.js 3.9.1 the statistics page uses. The library itself is Debian's
// (libjs-chart.js: /usr/share/javascript/chart.js/chart.esm.js), which esbuild bundles under
// the name 'chart.js' into a script of its own (chart_library.ts, assets/chart.js:
// src/server/CMakeLists.txt, --alias); it ships no types of its own.
declare module 'chart.js' {
  export interface ChartConfiguration {
    type: 'bar';
    data: {
      labels: string[];
      datasets: { label: string; data: (number | null)[]; backgroundColor?: string; borderColor?: string;
                  borderWidth?: number }[];
    };
    options?: Record<string, unknown>;
  }
  export class Chart {
    constructor(item: HTMLCanvasElement, config: ChartConfiguration);
    static register(...items: unknown[]): void;
    destroy(): void;
  }
  export const BarController: unknown;
  export const BarElement: unknown;
  export const CategoryScale: unknown;
  export const LinearScale: unknown;
  export const Tooltip: unknown;
}
