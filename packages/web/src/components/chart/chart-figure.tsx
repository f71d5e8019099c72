import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazy, type ReactNode, startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ChartSpec } from './chart-spec';
import { ScrollBox } from './scroll-box';

const ChartCanvas = lazy(() => import('./chart-canvas'));

export interface ChartTable {
  head: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

export interface ChartFigureProps {
  /** What the chart shows; names the figure and its table. */
  caption: string;
  spec: ChartSpec;
  /** The same figures as rows: the chart's text alternative. */
  table: ChartTable;
  /** Show the table under the chart too (a page that lists the figures anyway); else screen readers only. */
  tableVisible?: boolean;
  height?: number;
}

/**
 * A statistics chart with its text alternative: the caption names the figure, the drawing is
 * hidden from screen readers, and a table under it holds every drawn value. The drawing loads
 * lazily in a box of its final height, so nothing moves when it arrives.
 *
 * A chart is drawn once its box comes on screen: each chart costs a slow phone's main thread some
 * tens of milliseconds, and a statistics page drawing all of them at once on arrival held the page
 * unresponsive (Lighthouse's total blocking time); the figures' tables, cheap to render, are there
 * from the start.
 */
export function ChartFigure({ caption, spec, table, tableVisible = false, height = 240 }: ChartFigureProps) {
  const captionId = useId();
  const [box, near] = useNearScreen<HTMLDivElement>();
  const grid = (
    <Table
      aria-labelledby={captionId}
      striped={tableVisible}
      fz="sm"
      mt={tableVisible ? 'sm' : 0}
      miw={tableVisible ? 120 * table.head.length : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {table.head.map((name, index) => (
            <Table.Th key={name} scope="col" ta={index === 0 ? undefined : 'right'}>
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <Table.Th key={index} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={index} ta="right">
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <figure style={{ margin: 0 }} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} size="sm" fw={600} mb="xs">
        {caption}
      </Text>
      <div ref={box} aria-hidden style={{ height, minWidth: 0 }}>
        {near ? (
          <Suspense fallback={<Skeleton height={height} radius="sm" />}>
            <ChartCanvas spec={spec} height={height} />
          </Suspense>
        ) : (
          <Skeleton height={height} radius="sm" animate={false} />
        )}
      </div>
      {tableVisible ? <ScrollBox label={caption}>{grid}</ScrollBox> : <VisuallyHidden>{grid}</VisuallyHidden>}
    </figure>
  );
}

/** Whether the element has come onto the screen (and stays so once it has). */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}
