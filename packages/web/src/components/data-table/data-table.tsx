import '@mantine/core/styles/Table.layer.css';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  type Header,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  flexRender,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  type ReactNode,
  type RefObject,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ListPagination } from '@/components/feedback/list-pagination';
import { LoadError } from '@/components/feedback/load-error';
import { useSmallScreen } from '@/lib/small-screen';
import { DataTableCards } from './data-table-cards';
import classes from './data-table.module.css';
import { useVirtualWindow } from './virtual-window';
import {
  ACTIONS_COLUMN_ID,
  type DataTableColumns,
  type DataTableFeatures,
  dataTableFeatures,
  SELECT_COLUMN_ID,
} from './data-table-features';

/** Server-side paging: the table shows one page and a pager under it. */
export interface DataTablePagination {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** A long list the server hands out in pages, loaded as the user scrolls. */
export interface DataTableInfinite {
  /** Rows that exist on the server; rows not loaded yet show as placeholders. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table (read out by screen readers, used by tests). */
  label: string;
  columns: DataTableColumns<TData>;
  /** Keep the reference stable between real changes: a new array rebuilds the row model. */
  data: readonly TData[];
  getRowId: (row: TData) => string;

  /** Controlled sorting; column ids double as the server's sortField values. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The server sorts: rows are shown in the order given. */
  manualSorting?: boolean;

  enableRowSelection?: boolean;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;

  /** First load: skeleton rows instead of the body. */
  loading?: boolean;
  /** A refetch with rows on screen: they stay, dimmed. */
  fetching?: boolean;
  /** Failed load: an alert with the message and a retry button. */
  error?: ReactNode;
  onRetry?: () => void;
  /** Shown when there are no rows (and no error). */
  empty?: ReactNode;

  pagination?: DataTablePagination;
  infinite?: DataTableInfinite;

  /** Rows past this count are virtualized in a scroll box of `height`. */
  virtualizeAfter?: number;
  /** Height of the scroll box of a virtualized table, px. */
  height?: number;
  /** Fixed row height, px: virtualization positions rows by it. */
  rowHeight?: number;
  /** Extra props per body row (e.g. data attributes for a status colour); keep it stable. */
  rowProps?: (row: TData) => Record<string, string | undefined>;
}

const DEFAULT_VIRTUALIZE_AFTER = 200;
const NO_ROWS: never[] = [];
const DEFAULT_ROW_HEIGHT = 44;
const DEFAULT_HEIGHT = 560;
const OVERSCAN_ROWS = 5;
// Narrowest a column without a meta width gets, px.
const MIN_SHARED_COLUMN = 80;
const SKELETON_ROWS = 6;
// Start the next page this many rows before the loaded end comes into view: far enough
// ahead that a fast scroll meets loaded rows, not placeholders that all re-render (and
// re-lay out) in one frame when their page arrives.
const LOAD_AHEAD_ROWS = 100;

// A short list's rows arrive in batches of this many: each batch is one render and one commit.
const DRAW_BATCH = 12;

/**
 * A short list's newly arrived rows, drawn a batch at a time: the first DRAW_BATCH at once, each
 * further batch in a transition of its own. Inserting a whole page of rows (cards on a phone,
 * with their Mantine parts) in one commit held a phone's main thread for some 0.2 s, longer than
 * any input may wait; a batch takes a fraction of that. A list already on screen that changes
 * (a sort, a refetch) keeps drawing as many rows as it had. A virtualized list (`off`) draws
 * only what is in view anyway.
 */
function useDrawnInBatches<T>(rows: readonly T[], off: boolean): readonly T[] {
  const [drawn, setDrawn] = useState({ rows, count: Math.min(rows.length, DRAW_BATCH) });
  let count = drawn.count;
  if (drawn.rows !== rows) {
    count = Math.min(rows.length, Math.max(drawn.count, DRAW_BATCH));
    setDrawn({ rows, count });
  }
  const more = !off && drawn.rows === rows && count < rows.length;
  useEffect(() => {
    if (!more) return;
    startTransition(() =>
      setDrawn((current) =>
        current.rows === rows ? { rows, count: Math.min(rows.length, current.count + DRAW_BATCH) } : current,
      ),
    );
  }, [more, rows, count]);
  return off || count >= rows.length ? rows : rows.slice(0, count);
}

function resolve<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/**
 * The shared table: TanStack Table v9 for columns, sorting and selection,
 * Mantine for the look. Small lists render every row; past `virtualizeAfter`
 * rows it renders only what is in view, in a focusable
 * scroll box with a sticky header and fixed row height, so 10,000 rows cost
 * the same as 20. Server tables pass `manualSorting` with controlled `sorting`
 * and either `pagination` or `infinite`.
 *
 * Below the `sm` breakpoint every row becomes a card (DataTableCards), so a phone needs no
 * sideways scroll; on wider screens a table wider than its box scrolls sideways with the
 * 操作 column (id `actions`) pinned to the right edge, never clipped.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    label,
    data,
    getRowId,
    manualSorting = false,
    enableRowSelection = false,
    loading = false,
    fetching = false,
    error,
    onRetry,
    empty,
    pagination,
    infinite,
    virtualizeAfter = DEFAULT_VIRTUALIZE_AFTER,
    height = DEFAULT_HEIGHT,
    rowHeight = DEFAULT_ROW_HEIGHT,
    rowProps,
  } = props;

  const cards = useSmallScreen();
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const sorting = props.sorting ?? ownSorting;
  const setSorting = props.onSortingChange ?? setOwnSorting;
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const rowSelection = props.rowSelection ?? ownSelection;
  const setRowSelection = props.onRowSelectionChange ?? setOwnSelection;

  const columns = useMemo(
    () => (enableRowSelection ? [selectionColumn<TData>(), ...props.columns] : props.columns),
    [enableRowSelection, props.columns],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting, rowSelection },
    onSortingChange: (updater) => setSorting(resolve(updater, sorting)),
    onRowSelectionChange: (updater) => setRowSelection(resolve(updater, rowSelection)),
    manualSorting,
    enableRowSelection,
    // Three clicks: ascending, descending, back to the default order.
    enableSortingRemoval: true,
    enableMultiSort: false,
    // Ascending first for every column, numbers included: one rule to learn.
    sortDescFirst: false,
  });

  const currentRows = table.getRowModel().rows;
  const leafColumns = table.getAllLeafColumns();
  const rowCount = Math.max(infinite?.total ?? 0, currentRows.length);
  const virtual = rowCount > virtualizeAfter;
  // A short list's arriving rows (up to virtualizeAfter of them, each drawn) are drawn in a
  // transition: React renders them in slices between which the browser paints and answers
  // input, instead of one long task. Until then the previous rows (or the skeleton) stay. A
  // virtualized list draws only the rows in view, so it draws them at once.
  const deferredRows = useDeferredValue<typeof currentRows>(currentRows, NO_ROWS);
  const drawnRows = useDrawnInBatches(deferredRows, virtual);
  const rows = virtual ? currentRows : drawnRows;
  // the first rows not drawn yet: the skeleton stays meanwhile
  const drawing = rows.length === 0 && currentRows.length > 0;
  const showSkeleton = (loading && currentRows.length === 0) || drawing;
  const showEmpty = !loading && !error && rowCount === 0;

  const scrollRef = useRef<HTMLDivElement>(null);
  const onLoadMore = infinite?.onLoadMore;
  const canLoadMore = infinite !== undefined && infinite.hasMore && !infinite.loadingMore && !error;
  // A short list is rendered whole, so its remaining pages are wanted at once
  // (a long one asks as its end scrolls into view, in VirtualRows).
  const wantMoreNow = canLoadMore && !virtual;
  useEffect(() => {
    if (wantMoreNow) onLoadMore?.();
  }, [wantMoreNow, onLoadMore, currentRows.length]);

  // One column template for every row (rows are grids, see data-table.module.css): a column's
  // meta width in px, the others share the rest, each at least MIN_SHARED_COLUMN wide.
  const gridColumns = leafColumns
    .map((column) => {
      const width = column.columnDef.meta?.width;
      return width === undefined ? `minmax(${MIN_SHARED_COLUMN}px, 1fr)` : `${width}px`;
    })
    .join(' ');
  const minWidth = leafColumns.reduce(
    (sum, column) => sum + (column.columnDef.meta?.width ?? MIN_SHARED_COLUMN),
    0,
  );
  const columnIdsKey = leafColumns.map((column) => column.id).join('\u0000');
  const columnIds = useMemo(() => columnIdsKey.split('\u0000'), [columnIdsKey]);

  if (cards) {
    return (
      <div className={classes.root}>
        {error ? <LoadError title="加载失败" error={error} onRetry={onRetry} mb="sm" /> : null}
        <DataTableCards
          label={label}
          table={table as unknown as Parameters<typeof DataTableCards>[0]['table']}
          rows={rows as unknown as Row<DataTableFeatures, RowData>[]}
          rowCount={rowCount}
          virtual={virtual}
          height={height}
          showSkeleton={showSkeleton}
          showEmpty={showEmpty}
          empty={empty}
          fetching={fetching}
          enableRowSelection={enableRowSelection}
          columns={columns}
          rowProps={rowProps as ((row: RowData) => Record<string, string | undefined>) | undefined}
          onNearEnd={canLoadMore ? onLoadMore : undefined}
        />
        <Footer
          pagination={pagination}
          infinite={infinite}
          loaded={rows.length}
          selected={enableRowSelection ? Object.keys(rowSelection).length : 0}
        />
      </div>
    );
  }

  const renderRow = (row: Row<DataTableFeatures, TData>, index: number) => (
    <BodyRow
      key={row.id}
      row={row as Row<DataTableFeatures, RowData>}
      index={index}
      height={rowHeight}
      grows={!virtual}
      selected={enableRowSelection ? row.getIsSelected() : undefined}
      columns={columns}
      rowProps={rowProps as ((row: RowData) => Record<string, string | undefined>) | undefined}
    />
  );

  const placeholderRow = (index: number, pulse?: boolean) => (
    <PlaceholderRow
      key={`placeholder-${index}`}
      index={index}
      height={rowHeight}
      columnIds={columnIds}
      pulse={pulse}
    />
  );

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => placeholderRow(index, true));
  } else if (showEmpty) {
    body = (
      <Table.Tr role="row" className={classes.emptyRow}>
        <Table.Td role="cell" className={classes.empty}>
          {empty ?? <Text c="dimmed">暂无数据</Text>}
        </Table.Td>
      </Table.Tr>
    );
  } else if (virtual) {
    body = (
      <VirtualRows
        count={rowCount}
        loaded={rows.length}
        scrollRef={scrollRef}
        rowHeight={rowHeight}
        height={height}
        renderRow={(index) => {
          const row = rows[index];
          return row ? renderRow(row, index) : placeholderRow(index);
        }}
        onNearEnd={canLoadMore ? onLoadMore : undefined}
      />
    );
  } else {
    body = rows.map((row, index) => renderRow(row, index));
  }

  const tableElement = (
    // The roles are spelled out because the rows are laid out as grids, not as table rows
    // (see data-table.module.css), and some browsers drop a table's semantics with its display.
    <Table
      role="table"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-busy={loading || fetching || drawing || rows.length < currentRows.length || undefined}
      stickyHeader={virtual}
      highlightOnHover
      verticalSpacing="xs"
      className={classes.table}
      style={{ '--data-table-columns': gridColumns, minWidth } as CSSProperties}
      data-fetching={fetching || undefined}
    >
      <Table.Thead role="rowgroup" className={classes.head}>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id} role="row" aria-rowindex={1} className={classes.headRow}>
            {group.headers.map((header) => (
              <HeaderCell key={header.id} header={header} />
            ))}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody role="rowgroup">{body}</Table.Tbody>
    </Table>
  );

  return (
    <div className={classes.root}>
      {error ? <LoadError title="加载失败" error={error} onRetry={onRetry} mb="sm" /> : null}
      {virtual ? (
        // A focusable region, so the keyboard scrolls it (arrows, Page Up/Down, Home/End).
        <div
          ref={scrollRef}
          className={classes.scroll}
          style={{ height }}
          tabIndex={0}
          role="region"
          aria-label={`${label}（可滚动）`}
        >
          {tableElement}
        </div>
      ) : (
        <div className={classes.plain}>{tableElement}</div>
      )}
      <Footer
        pagination={pagination}
        infinite={infinite}
        loaded={rows.length}
        selected={enableRowSelection ? Object.keys(rowSelection).length : 0}
      />
    </div>
  );
}

/**
 * The rows in view of a long list, with spacer rows standing in for the rest.
 * The virtualizer lives here so that scrolling re-renders this part of the
 * body only, not the header, footer or the table around it.
 */
function VirtualRows({
  count,
  loaded,
  scrollRef,
  rowHeight,
  height,
  renderRow,
  onNearEnd,
}: {
  count: number;
  loaded: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  height: number;
  renderRow: (index: number) => ReactNode;
  onNearEnd: (() => void) | undefined;
}) {
  // Its functions are used in this render only and passed to nothing memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    // Rows are one fixed height, so nothing is measured.
    estimateSize: () => rowHeight,
    // Rows rendered beyond each edge of the view. Scrolling renders in the same frame (the
    // virtualizer flushes synchronously), so a few are enough; each extra row is laid out and
    // painted on every scroll frame.
    overscan: OVERSCAN_ROWS,
    // Keyboard scrolling keeps a row clear of the sticky header.
    scrollPaddingStart: rowHeight,
    initialRect: { width: 0, height },
  });
  const { items, paddingTop, paddingBottom } = useVirtualWindow(
    virtualizer,
    loaded,
    LOAD_AHEAD_ROWS,
    onNearEnd,
  );
  return (
    <>
      {paddingTop > 0 ? <tr aria-hidden className={classes.spacer} style={{ height: paddingTop }} /> : null}
      {items.map((item) => renderRow(item.index))}
      {paddingBottom > 0 ? (
        <tr aria-hidden className={classes.spacer} style={{ height: paddingBottom }} />
      ) : null}
    </>
  );
}

/**
 * A body row, re-rendered only when its data, position, selection or columns
 * change: while a long list scrolls, only the rows coming into view render.
 * Compared by the row's data, not the Row object: each page that arrives
 * rebuilds every Row object, and the rows on screen would all render again
 * with the same content.
 *
 * Plain `tr`/`td` (styled like Mantine's table by our own classes), not
 * `Table.Tr`/`Table.Td`: a scroll frame mounts a few rows of ten-odd cells
 * each, and a Mantine component per cell was most of that frame's work.
 */
const BodyRow = memo(
  function BodyRow({ row, index, height, grows, selected, columns: _columns, rowProps }: BodyRowProps) {
    return (
      <tr
        role="row"
        aria-rowindex={index + 2}
        aria-selected={selected}
        className={classes.row}
        // A short list's rows grow with content that wraps (several badges in one cell);
        // a virtualized list places its rows by their fixed height.
        style={grows ? { minHeight: height } : { height }}
        data-grows={grows || undefined}
        {...rowProps?.(row.original)}
      >
        {row.getAllCells().map((cell) => (
          <td
            key={cell.id}
            role="cell"
            className={classes.cell}
            data-align={cell.column.columnDef.meta?.align}
            data-pinned={cell.column.id === ACTIONS_COLUMN_ID || undefined}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (prev, next) =>
    prev.row.original === next.row.original &&
    prev.row.id === next.row.id &&
    prev.index === next.index &&
    prev.height === next.height &&
    prev.grows === next.grows &&
    prev.selected === next.selected &&
    prev.columns === next.columns &&
    prev.rowProps === next.rowProps,
);

interface BodyRowProps {
  row: Row<DataTableFeatures, RowData>;
  index: number;
  height: number;
  /** Not virtualized: at least `height` tall, taller when a cell wraps. */
  grows: boolean;
  selected: boolean | undefined;
  /** Only compared: new column definitions mean new cells for the same row. */
  columns: unknown;
  rowProps: ((row: RowData) => Record<string, string | undefined>) | undefined;
}

/** A row not loaded yet: a plain bar per cell (no component per cell; still unless it is the first load). */
function PlaceholderRow({
  index,
  height,
  columnIds,
  pulse,
}: {
  index: number;
  height: number;
  columnIds: readonly string[];
  /** The first load's skeleton pulses; rows awaiting their page while scrolling stay still. */
  pulse?: boolean;
}) {
  return (
    <tr
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      data-pulse={pulse || undefined}
      style={{ height }}
    >
      {columnIds.map((id) => (
        <td key={id} role="cell" className={classes.cell} data-pinned={id === ACTIONS_COLUMN_ID || undefined}>
          <span className={classes.placeholder} />
        </td>
      ))}
    </tr>
  );
}

function HeaderCell<TData extends RowData>({
  header,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) {
    return (
      <Table.Th
        role="columnheader"
        className={classes.th}
        data-align={meta?.align}
        data-pinned={column.id === ACTIONS_COLUMN_ID || undefined}
        aria-label={meta?.label}
      >
        {content}
      </Table.Th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      role="columnheader"
      className={classes.th}
      data-align={meta?.align}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton className={classes.sortButton} onClick={column.getToggleSortingHandler()}>
        <span className={classes.sortLabel}>{content}</span>
        <Icon size={14} aria-hidden className={classes.sortIcon} data-active={sorted ? true : undefined} />
      </UnstyledButton>
    </Table.Th>
  );
}

function Footer({
  pagination,
  infinite,
  loaded,
  selected,
}: {
  pagination: DataTablePagination | undefined;
  infinite: DataTableInfinite | undefined;
  loaded: number;
  selected: number;
}) {
  if (!pagination && !infinite && selected === 0) return null;
  return (
    <Group justify="space-between" mt="sm" gap="sm" className={classes.footer}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {pagination ? `共 ${pagination.total} 条` : null}
        {infinite
          ? infinite.total > loaded
            ? `共 ${infinite.total} 条，已加载 ${loaded} 条${infinite.loadingMore ? '，正在加载…' : ''}`
            : `共 ${infinite.total} 条`
          : null}
        {selected > 0 ? `${pagination || infinite ? '，' : ''}已选 ${selected} 条` : null}
      </Text>
      {pagination ? (
        <ListPagination
          total={pagination.total}
          pageSize={pagination.pageSize}
          page={pagination.page}
          onChange={pagination.onPageChange}
        />
      ) : null}
    </Group>
  );
}

function selectionColumn<TData extends RowData>(): DataTableColumns<TData>[number] {
  // Native checkboxes (styled in data-table.module.css): one per row, mounted as rows scroll
  // into view, where a Mantine Checkbox per row would cost as much as the rest of the row.
  return {
    id: SELECT_COLUMN_ID,
    meta: { width: 44, align: 'center', label: '选择' },
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className={classes.checkbox}
        aria-label="全选"
        checked={table.getIsAllRowsSelected()}
        ref={(node) => {
          if (node) node.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className={classes.checkbox}
        aria-label="选择此行"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        // The click event (React's change carries it) keeps Shift for range selection.
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
