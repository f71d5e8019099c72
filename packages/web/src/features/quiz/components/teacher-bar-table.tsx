import '@mantine/core/styles/Table.layer.css';
import { Table, Text } from '@mantine/core';

export interface BarRow {
  key: string;
  /** The row's heading cell (区间, 第 n 题). */
  label: string;
  /** Cells between the heading and the bar (题型, counts). */
  cells?: readonly string[];
  /** The bar's value, or null when there is none yet (drawn as —). */
  value: number | null;
  /** The value in words (3 人, 66.7%). */
  text: string;
}

/**
 * A figure as a table: every number is a cell a screen reader reads, and the bar beside it is
 * only its picture (a plain CSS width, hidden from assistive technology).
 */
export function TeacherBarTable({
  caption,
  headers,
  rows,
  max,
}: {
  caption: string;
  /** The heading cell's header, the extra cells' headers, and the value's. */
  headers: readonly string[];
  rows: readonly BarRow[];
  /** The value of a full bar (100 for a rate; the largest count for counts). */
  max: number;
}) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" layout="fixed">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Text fw={600} size="sm" c="var(--mantine-color-text)">
          {caption}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, index) => (
            <Table.Th key={header} w={index === headers.length - 1 ? undefined : 84}>
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={500}>
              {row.label}
            </Table.Th>
            {(row.cells ?? []).map((cell, index) => (
              <Table.Td key={index}>{cell}</Table.Td>
            ))}
            <Table.Td>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <div
                  aria-hidden
                  style={{
                    flex: 1,
                    height: 10,
                    borderRadius: 5,
                    background: 'var(--mantine-color-default-border)',
                    overflow: 'hidden',
                  }}
                >
                  <div
                    style={{
                      width: `${max > 0 && row.value !== null ? Math.min(100, (row.value / max) * 100) : 0}%`,
                      height: '100%',
                      background: 'var(--mantine-primary-color-filled)',
                    }}
                  />
                </div>
                <Text size="sm" w={64} ta="right">
                  {row.text}
                </Text>
              </div>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
