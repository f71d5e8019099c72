import '@mantine/charts/styles.layer.css';
// the legend's and tooltip's colour swatches
import '@mantine/core/styles/ColorSwatch.layer.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { ChartSpec } from './chart-spec';

/**
 * The drawn chart, loaded on its own (ChartFigure imports it lazily): recharts and Mantine's
 * chart styles reach the browser only when a statistics page draws a chart, never with the
 * first bundle or a page without one.
 */
export default function ChartCanvas({ spec, height }: { spec: ChartSpec; height: number }) {
  const common = {
    h: height,
    data: spec.data,
    dataKey: spec.dataKey,
    series: spec.series,
    withLegend: spec.series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, height: 32 },
    tickLine: 'none' as const,
    gridAxis: 'y' as const,
    valueFormatter: spec.unit === '%' ? (value: number) => `${value}%` : undefined,
    yAxisProps: spec.unit === '%' ? { domain: [0, 100] } : { allowDecimals: false },
    tooltipAnimationDuration: 150,
    // the figure's table is the text alternative; the hidden drawing takes no keyboard focus
    accessibilityLayer: false,
    referenceLines: spec.reference
      ? [
          {
            y: spec.reference.value,
            label: spec.reference.label,
            color: 'gray.7',
            labelPosition: 'insideTopRight' as const,
          },
        ]
      : undefined,
  };
  if (spec.type === 'area') {
    return <AreaChart {...common} curveType="monotone" withDots={false} fillOpacity={0.25} />;
  }
  return <BarChart {...common} maxBarWidth={36} />;
}
