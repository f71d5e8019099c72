import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { type Column, type Row, type RowData, type Table, flexRender } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactNode, type RefObject, useRef } from 'react';
import classes from './data-table.module.css';
import { useVirtualWindow } from './virtual-window';
import { ACTIONS_COLUMN_ID, type DataTableFeatures, SELECT_COLUMN_ID } from './data-table-features';

const SKELETON_CARDS = 4;
const OVERSCAN_CARDS = 3;
// Start the next page this many cards before the loaded end comes into view.
const LOAD_AHEAD_CARDS = 40;
// Estimated heights, px (cards are measured once rendered): one line per field, padding, actions.
const FIELD_HEIGHT = 26;
const CARD_CHROME = 30;
const ACTIONS_HEIGHT = 44;
// Space between cards, px: the cards' bottom margin in data-table.module.css.
const CARD_GAP = 8;

/** What a column is called on a card: its meta label, its text header, or its id. */
export function columnLabel(column: Column<DataTableFeatures, RowData, unknown>): string {
  const meta = column.columnDef.meta;
  if (meta?.label) return meta.label;
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}

export interface DataTableCardsProps {
  label: string;
  table: Table<DataTableFeatures, RowData>;
  rows: readonly Row<DataTableFeatures, RowData>[];
  rowCount: number;
  virtual: boolean;
  height: number;
  showSkeleton: boolean;
  showEmpty: boolean;
  empty: ReactNode;
  fetching: boolean;
  enableRowSelection: boolean;
  /** Only compared: new column definitions mean new content for the same row. */
  columns: unknown;
  rowProps: ((row: RowData) => Record<string, string | undefined>) | undefined;
  onNearEnd: (() => void) | undefined;
}

/**
 * The DataTable on a small screen: one card per row, each column as 名称：值 and the row's
 * actions along the bottom, so nothing needs a sideways scroll and no action is off-screen.
 * Sorting and select-all, which live in the table's header, sit in a bar above the cards.
 * A long list is virtualized like the table, in a scroll box, cards measured as they render.
 */
export function DataTableCards(props: DataTableCardsProps) {
  const {
    label,
    table,
    rows,
    rowCount,
    virtual,
    height,
    showSkeleton,
    showEmpty,
    empty,
    fetching,
    enableRowSelection,
    columns,
    rowProps,
    onNearEnd,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const fieldCount = table
    .getAllLeafColumns()
    .filter((column) => column.id !== SELECT_COLUMN_ID && column.id !== ACTIONS_COLUMN_ID).length;
  const hasActions = table.getAllLeafColumns().some((column) => column.id === ACTIONS_COLUMN_ID);
  const estimate = CARD_CHROME + fieldCount * FIELD_HEIGHT + (hasActions ? ACTIONS_HEIGHT : 0);

  const renderCard = (index: number, measure?: (node: Element | null) => void) => {
    const row = rows[index];
    if (!row) return <PlaceholderCard key={`placeholder-${index}`} index={index} fields={fieldCount} />;
    return (
      <BodyCard
        key={row.id}
        row={row}
        index={index}
        selected={enableRowSelection ? row.getIsSelected() : undefined}
        columns={columns}
        rowProps={rowProps}
        measure={measure}
      />
    );
  };

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: SKELETON_CARDS }, (_, index) => (
      <PlaceholderCard key={index} index={index} fields={fieldCount} pulse />
    ));
  } else if (showEmpty) {
    body = <li className={classes.cardEmpty}>{empty ?? <Text c="dimmed">暂无数据</Text>}</li>;
  } else if (virtual) {
    body = (
      <VirtualCards
        count={rowCount}
        loaded={rows.length}
        estimate={estimate}
        height={height}
        scrollRef={scrollRef}
        renderCard={renderCard}
        onNearEnd={onNearEnd}
      />
    );
  } else {
    body = rows.map((_, index) => renderCard(index));
  }

  const list = (
    <ul
      role="list"
      aria-label={label}
      aria-busy={showSkeleton || fetching || undefined}
      className={classes.cards}
      data-fetching={fetching || undefined}
    >
      {body}
    </ul>
  );

  return (
    <>
      <CardsToolbar table={table} />
      {virtual ? (
        <div
          ref={scrollRef}
          className={classes.cardScroll}
          style={{ height }}
          tabIndex={0}
          role="region"
          aria-label={`${label}（可滚动）`}
        >
          {list}
        </div>
      ) : (
        list
      )}
    </>
  );
}

/** Above the cards: the table header's select-all and sort buttons. */
function CardsToolbar({ table }: { table: Table<DataTableFeatures, RowData> }) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const select = headers.find((header) => header.column.id === SELECT_COLUMN_ID);
  const sortable = headers.filter((header) => header.column.getCanSort());
  if (!select && sortable.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" mb="xs" className={classes.cardToolbar}>
      {select ? (
        <label className={classes.cardSelectAll}>
          {flexRender(select.column.columnDef.header, select.getContext())}
          <Text span size="sm">
            全选
          </Text>
        </label>
      ) : null}
      {sortable.length > 0 ? (
        <Group gap={4} wrap="wrap" role="group" aria-label="排序">
          <Text span size="sm" c="dimmed">
            排序
          </Text>
          {sortable.map((header) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
            const name = columnLabel(column as Column<DataTableFeatures, RowData, unknown>);
            const state = sorted === 'asc' ? '（升序）' : sorted === 'desc' ? '（降序）' : '';
            return (
              <UnstyledButton
                key={header.id}
                className={classes.cardSort}
                data-active={sorted ? true : undefined}
                onClick={column.getToggleSortingHandler()}
              >
                {/* named by its visible text, the sort state said after it */}
                {name}
                {state ? <VisuallyHidden>{state}</VisuallyHidden> : null}
                <Icon
                  size={14}
                  aria-hidden
                  className={classes.sortIcon}
                  data-active={sorted ? true : undefined}
                />
              </UnstyledButton>
            );
          })}
        </Group>
      ) : null}
    </Group>
  );
}

/** One row as a card, re-rendered only when its data, position, selection or columns change. */
const BodyCard = memo(
  function BodyCard({ row, index, selected, columns: _columns, rowProps, measure }: BodyCardProps) {
    const cells = row.getAllCells();
    const select = cells.find((cell) => cell.column.id === SELECT_COLUMN_ID);
    const actions = cells.find((cell) => cell.column.id === ACTIONS_COLUMN_ID);
    return (
      <li
        ref={measure}
        data-index={index}
        className={classes.card}
        data-lazy={measure ? undefined : true}
        data-selected={selected || undefined}
        {...rowProps?.(row.original)}
      >
        <dl className={classes.cardFields}>
          {cells.map((cell) =>
            cell === select || cell === actions ? null : (
              <div key={cell.id} className={classes.cardField}>
                <dt>{columnLabel(cell.column)}</dt>
                <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
              </div>
            ),
          )}
        </dl>
        {select ? (
          <div className={classes.cardSelect}>
            {flexRender(select.column.columnDef.cell, select.getContext())}
          </div>
        ) : null}
        {actions ? (
          <div className={classes.cardActions} role="group" aria-label={columnLabel(actions.column)}>
            {flexRender(actions.column.columnDef.cell, actions.getContext())}
          </div>
        ) : null}
      </li>
    );
  },
  (prev, next) =>
    prev.row.original === next.row.original &&
    prev.row.id === next.row.id &&
    prev.index === next.index &&
    prev.selected === next.selected &&
    prev.columns === next.columns &&
    prev.rowProps === next.rowProps &&
    prev.measure === next.measure,
);

interface BodyCardProps {
  row: Row<DataTableFeatures, RowData>;
  index: number;
  selected: boolean | undefined;
  columns: unknown;
  rowProps: ((row: RowData) => Record<string, string | undefined>) | undefined;
  measure: ((node: Element | null) => void) | undefined;
}

function PlaceholderCard({ index, fields, pulse }: { index: number; fields: number; pulse?: boolean }) {
  return (
    <li className={classes.card} data-index={index} data-pulse={pulse || undefined} aria-hidden>
      {/* one line per field, drawn by one element (see .placeholderLines) */}
      <span
        className={classes.placeholderLines}
        style={{ '--placeholder-lines': Math.max(fields, 1) } as CSSProperties}
      />
    </li>
  );
}

/** The cards in view of a long list, with spacers standing in for the rest. */
function VirtualCards({
  count,
  loaded,
  estimate,
  height,
  scrollRef,
  renderCard,
  onNearEnd,
}: {
  count: number;
  loaded: number;
  estimate: number;
  height: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  renderCard: (index: number, measure: (node: Element | null) => void) => ReactNode;
  onNearEnd: (() => void) | undefined;
}) {
  // Its functions are used in this render only and passed to nothing memoized but the cards,
  // which compare the (stable) measure function.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: OVERSCAN_CARDS,
    gap: CARD_GAP,
    initialRect: { width: 0, height },
  });
  const { items, paddingTop, paddingBottom } = useVirtualWindow(
    virtualizer,
    loaded,
    LOAD_AHEAD_CARDS,
    onNearEnd,
  );
  return (
    <>
      {paddingTop > 0 ? (
        <li aria-hidden className={classes.cardSpacer} style={{ height: paddingTop }} />
      ) : null}
      {items.map((item) => renderCard(item.index, virtualizer.measureElement))}
      {paddingBottom > 0 ? (
        <li aria-hidden className={classes.cardSpacer} style={{ height: paddingBottom }} />
      ) : null}
    </>
  );
}
