import type { MantineColor } from '@mantine/core';

/** One line, area or bar group of a chart: the data key, its Chinese name and colour. */
export interface ChartSeriesSpec {
  name: string;
  label: string;
  color: MantineColor;
}

/** What a statistics chart draws; the same figures are listed in its table for screen readers. */
export interface ChartSpec {
  type: 'area' | 'bar';
  /** Rows, one per point on the x axis. */
  data: Record<string, string | number | null>[];
  /** The key of the x axis's label in each row. */
  dataKey: string;
  series: ChartSeriesSpec[];
  /**
   * '%': values are percentages (0-100) and the axis runs from 0 to 100. 'index': values are an
   * index from -1 to 1 (an item's discrimination), shown with two decimals on an axis from -1 to 1.
   */
  unit?: '%' | 'index';
  /** A horizontal line to compare the bars with (the class's average). */
  reference?: { value: number; label: string };
}
