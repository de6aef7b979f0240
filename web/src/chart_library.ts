// Chart.js, the parts the statistics page's bar charts use, as a bundle of its own
// (assets/chart.js, an ES module: src/server/CMakeLists.txt). The page loads it when it draws
// its first chart (stats_chart.ts, chartLibrary), so no other page fetches the library, the
// largest part of the arcade's script.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
