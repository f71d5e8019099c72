import {
  constructSortFn,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/**
 * The column of a row's actions (操作): pinned to the right edge while a wide table scrolls
 * sideways, and the bottom row of a card on small screens. Every list names it so.
 */
export const ACTIONS_COLUMN_ID = 'actions';
/** The row selection column the DataTable adds itself. */
export const SELECT_COLUMN_ID = '_select';

/** Per-column layout hints the DataTable renderer reads. */
export interface DataTableColumnMeta {
  /** Fixed width in px; columns without one share the rest. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Name for screen readers when the header is not plain text (icons, a checkbox). */
  label?: string;
}

// Chinese names sort by pinyin, as people expect; one collator serves every comparison.
const collator = new Intl.Collator('zh-Hans-CN', { numeric: true, sensitivity: 'base' });

/** Text by Chinese collation (pinyin order), numbers inside strings compared as numbers. */
export const sortFn_zh = constructSortFn({
  resolveDataValue: (value: unknown) => (value == null ? '' : String(value)),
  sort: (a: string, b: string) => collator.compare(a, b),
});

/**
 * The one feature set of every DataTable: sorting (client-side, or manual
 * when the server sorts), row selection and typed column meta. Module-level so
 * the table never sees a new object (which would rebuild its models).
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic, zh: sortFn_zh },
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

// Cell values differ per column, so the list of definitions takes any value type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumns<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>[];

/** Column helper bound to the DataTable's features: `const col = dataTableColumnHelper<Student>()`. */
export function dataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
