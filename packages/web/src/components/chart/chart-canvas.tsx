import { alpha, type MantineTheme, parseThemeColor, useMantineTheme } from '@mantine/core';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartDataset,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ChartSpec } from './chart-spec';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Filler,
  Legend,
  Tooltip,
);

interface Palette {
  text: string;
  grid: string;
  reference: string;
  font: string;
}

/**
 * The colour scheme in force, as Mantine marks it on <html>. (Mantine's own hook would do, but
 * the bundler then moved its module into this lazy chunk, which made every page load the charts.)
 */
function subscribeScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-mantine-color-scheme'],
  });
  return () => observer.disconnect();
}
const readScheme = () =>
  document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light';

const colorOf = (color: string, theme: MantineTheme) => parseThemeColor({ color, theme }).value;

/**
 * A horizontal line across the plot at the reference value (the class's average), labelled at
 * its right end above the line.
 */
function referenceLine(reference: NonNullable<ChartSpec['reference']>, color: string, font: string): Plugin {
  return {
    id: 'referenceLine',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const y = scales.y?.getPixelForValue(reference.value);
      if (y === undefined || y < chartArea.top || y > chartArea.bottom) return;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = 1;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(chartArea.left, y);
      ctx.lineTo(chartArea.right, y);
      ctx.stroke();
      ctx.font = `12px ${font}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.fillText(reference.label, chartArea.right - 4, y - 3);
      ctx.restore();
    },
  };
}

const TICK_LINE = 6;

/** A category's name under its bar: up to two lines of TICK_LINE characters, shortened with …. */
function tickLines(label: string): string | string[] {
  if (label.length <= TICK_LINE) return label;
  const second = label.slice(TICK_LINE);
  return [
    label.slice(0, TICK_LINE),
    second.length > TICK_LINE ? `${second.slice(0, TICK_LINE - 1)}…` : second,
  ];
}

function chartConfig(spec: ChartSpec, theme: MantineTheme, palette: Palette): ChartConfiguration {
  const percent = spec.unit === '%';
  const index = spec.unit === 'index';
  const format = (value: number | string) =>
    percent ? `${value}%` : index ? Number(value).toFixed(2) : String(value);
  const labels = spec.data.map((row) => String(row[spec.dataKey] ?? ''));
  const datasets = spec.series.map((series) => {
    const color = colorOf(series.color, theme);
    const data = spec.data.map((row) => {
      const value = row[series.name];
      return typeof value === 'number' ? value : null;
    });
    return spec.type === 'area'
      ? ({
          type: 'line',
          label: series.label,
          data,
          borderColor: color,
          backgroundColor: alpha(color, 0.25),
          fill: 'origin',
          cubicInterpolationMode: 'monotone',
          borderWidth: 2,
          pointRadius: 0,
          pointHoverRadius: 4,
        } satisfies ChartDataset<'line'>)
      : ({
          type: 'bar',
          label: series.label,
          data,
          backgroundColor: color,
          maxBarThickness: 36,
          borderRadius: 2,
        } satisfies ChartDataset<'bar'>);
  });
  return {
    type: spec.type === 'area' ? 'line' : 'bar',
    data: { labels, datasets: datasets as ChartDataset[] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      // drawn at once: a statistics page is read, not watched
      animation: false,
      interaction: { mode: 'index', intersect: false },
      font: { family: palette.font },
      color: palette.text,
      scales: {
        x: {
          grid: { display: false },
          ticks: {
            color: palette.text,
            maxRotation: 0,
            // every bar keeps its name (a phone's narrow chart dropped some), on up to two lines
            autoSkip: spec.type === 'area',
            // a homework's or a class's name is shortened under its bar; the tooltip names it whole
            callback(value) {
              return tickLines(this.getLabelForValue(Number(value)));
            },
          },
        },
        y: {
          beginAtZero: true,
          ...(percent ? { min: 0, max: 100 } : index ? { min: -1, max: 1 } : {}),
          border: { display: false },
          grid: { color: palette.grid },
          ticks: {
            color: palette.text,
            ...(index ? { stepSize: 0.2 } : { precision: 0 }),
            callback: (value) => format(value),
          },
        },
      },
      plugins: {
        legend: {
          display: spec.series.length > 1,
          position: 'bottom',
          labels: { color: palette.text, boxWidth: 12, boxHeight: 12 },
        },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}：${item.parsed.y === null ? '—' : format(item.parsed.y)}`,
          },
        },
      },
    },
    plugins: spec.reference ? [referenceLine(spec.reference, palette.reference, palette.font)] : [],
  } as ChartConfiguration;
}

/**
 * The drawn chart, loaded on its own (ChartFigure imports it lazily): Chart.js reaches the browser
 * only when a statistics page draws a chart, never with the first bundle or a page without one.
 * It draws on a canvas in a few milliseconds and without animation; the figure's table is the text
 * alternative, so the canvas is hidden from screen readers by ChartFigure.
 */
export default function ChartCanvas({ spec, height }: { spec: ChartSpec; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useMantineTheme();
  const scheme = useSyncExternalStore(subscribeScheme, readScheme, () => 'light' as const);
  // the callers build their spec on each render; the chart is drawn again only when it changes
  const specKey = JSON.stringify(spec);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- specKey stands for spec
  const stableSpec = useMemo(() => spec, [specKey]);
  useEffect(() => {
    const element = canvas.current;
    // no 2D context (a test's DOM): the table under the figure holds the values
    if (!element?.getContext('2d')) return;
    const dark = scheme === 'dark';
    const palette: Palette = {
      text: dark ? theme.colors.dark[1] : theme.colors.gray[7],
      grid: dark ? theme.colors.dark[4] : theme.colors.gray[3],
      reference: dark ? theme.colors.gray[4] : theme.colors.gray[7],
      font: getComputedStyle(element).fontFamily || theme.fontFamily || 'sans-serif',
    };
    const chart = new Chart(element, chartConfig(stableSpec, theme, palette));
    return () => chart.destroy();
  }, [stableSpec, theme, scheme]);
  return (
    <div style={{ position: 'relative', height }}>
      <canvas ref={canvas} />
    </div>
  );
}
