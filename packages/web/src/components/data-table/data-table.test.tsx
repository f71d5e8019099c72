import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/lib/theme';
import { setViewport } from '@/test/viewport';
import { DataTable } from './data-table';
import { dataTableColumnHelper } from './data-table-features';
import { RowMenu } from './row-menu';

interface Person {
  id: string;
  name: string;
  age: number;
}

const col = dataTableColumnHelper<Person>();
const columns = col.columns([
  col.accessor('name', { header: '姓名', sortFn: 'zh' }),
  col.accessor('age', { header: '年龄', sortFn: 'basic', meta: { align: 'right', width: 80 } }),
]);
const people: Person[] = [
  { id: '1', name: '张三', age: 30 },
  { id: '2', name: '李四', age: 25 },
  { id: '3', name: '王五', age: 41 },
];
const getRowId = (person: Person) => person.id;

function wrap(children: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>,
  );
}

const bodyNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('draws a page of arriving rows in batches and ends with every row, in order, no longer busy', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ id: String(index), name: `学生${index + 1}`, age: 20 }));
    function Arriving() {
      const [rows, setRows] = useState<Person[]>([]);
      return (
        <>
          <button type="button" onClick={() => setRows(many)}>
            载入
          </button>
          <DataTable label="人员" columns={columns} data={rows} getRowId={getRowId} />
        </>
      );
    }
    const user = userEvent.setup();
    wrap(<Arriving />);
    await user.click(screen.getByRole('button', { name: '载入' }));
    const table = screen.getByRole('table', { name: '人员' });
    await vi.waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    expect(bodyNames(table)).toEqual(many.map((person) => person.name));
  });

  it('renders the rows and sorts them by clicking a header (pinyin order for names)', async () => {
    const user = userEvent.setup();
    wrap(<DataTable label="人员" columns={columns} data={people} getRowId={getRowId} />);
    const table = screen.getByRole('table', { name: '人员' });
    expect(bodyNames(table)).toEqual(['张三', '李四', '王五']);

    await user.click(within(table).getByRole('button', { name: '姓名' }));
    expect(bodyNames(table)).toEqual(['李四', '王五', '张三']);
    expect(within(table).getByRole('columnheader', { name: '姓名' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(within(table).getByRole('button', { name: '姓名' }));
    expect(bodyNames(table)).toEqual(['张三', '王五', '李四']);

    await user.click(within(table).getByRole('button', { name: '年龄' }));
    expect(bodyNames(table)).toEqual(['李四', '张三', '王五']);
  });

  it('keeps table semantics (rows are laid out as grids): header, rows, cells and row indexes', () => {
    wrap(<DataTable label="人员" columns={columns} data={people} getRowId={getRowId} />);
    const table = screen.getByRole('table', { name: '人员' });
    expect(table).toHaveAttribute('aria-rowcount', '4');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['姓名', '年龄']);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3', '4']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['张三', '30']);
  });

  it('selects rows with checkboxes and counts them', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    function Selecting() {
      const [selection, setSelection] = useState({});
      return (
        <DataTable
          label="人员"
          columns={columns}
          data={people}
          getRowId={getRowId}
          enableRowSelection
          rowSelection={selection}
          onRowSelectionChange={(next) => {
            setSelection(next);
            onSelect(next);
          }}
        />
      );
    }
    wrap(<Selecting />);
    const boxes = screen.getAllByRole('checkbox', { name: '选择此行' });
    await user.click(boxes[1]!);
    expect(onSelect).toHaveBeenLastCalledWith({ '2': true });
    expect(screen.getByText('已选 1 条')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onSelect).toHaveBeenLastCalledWith({ '1': true, '2': true, '3': true });
  });

  it('shows skeleton rows while loading, an empty state, and an error with retry', async () => {
    const user = userEvent.setup();
    const { rerender } = wrap(
      <DataTable label="人员" columns={columns} data={[]} getRowId={getRowId} loading />,
    );
    expect(screen.getByRole('table', { name: '人员' })).toHaveAttribute('aria-busy', 'true');

    rerender(
      <MantineProvider theme={theme} env="test">
        <DataTable label="人员" columns={columns} data={[]} getRowId={getRowId} empty="还没有人员" />
      </MantineProvider>,
    );
    expect(screen.getByText('还没有人员')).toBeVisible();

    const retry = vi.fn();
    rerender(
      <MantineProvider theme={theme} env="test">
        <DataTable
          label="人员"
          columns={columns}
          data={[]}
          getRowId={getRowId}
          error="服务器开小差了"
          onRetry={retry}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('服务器开小差了')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalled();
  });

  it('hands sorting and paging to the server when asked', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    const onPageChange = vi.fn();
    wrap(
      <DataTable
        label="人员"
        columns={columns}
        data={people}
        getRowId={getRowId}
        manualSorting
        sorting={[]}
        onSortingChange={onSortingChange}
        pagination={{ page: 1, pageSize: 3, total: 7, onPageChange }}
      />,
    );
    await user.click(screen.getByRole('button', { name: '年龄' }));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'age', desc: false }]);
    // The server's order stays until it answers.
    expect(bodyNames(screen.getByRole('table', { name: '人员' }))).toEqual(['张三', '李四', '王五']);
    expect(screen.getByText('共 7 条')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  describe('with 10,000 rows', () => {
    const many: Person[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: String(i),
      name: `学生${String(i).padStart(5, '0')}`,
      age: (i * 7919) % 100,
    }));
    beforeEach(() => {
      // jsdom does no layout: give the scroll box the height the browser would.
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(440);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    });
    afterEach(() => vi.restoreAllMocks());

    it('renders only the rows in view, in a focusable scroll box, and sorts all of them', async () => {
      const user = userEvent.setup();
      wrap(<DataTable label="学生" columns={columns} data={many} getRowId={getRowId} height={440} />);
      const table = screen.getByRole('table', { name: '学生' });
      expect(table).toHaveAttribute('aria-rowcount', '10001');
      const rendered = within(table).getAllByRole('row').length - 1;
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(60);
      const region = screen.getByRole('region', { name: '学生（可滚动）' });
      expect(region).toHaveAttribute('tabindex', '0');

      await user.click(within(table).getByRole('button', { name: '年龄' }));
      await user.click(within(table).getByRole('button', { name: '年龄' }));
      const firstAge = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[1]!.textContent;
      expect(firstAge).toBe('99');
    });

    it('keeps the rows on screen as they are when the next page arrives', () => {
      const rendered: string[] = [];
      const counting = col.columns([
        col.accessor('name', {
          header: '姓名',
          cell: ({ row, getValue }) => {
            rendered.push(row.id);
            return getValue();
          },
        }),
      ]);
      const infinite = { total: 10_000, hasMore: true, loadingMore: false, onLoadMore: () => {} };
      const { rerender } = wrap(
        <DataTable
          label="学生"
          columns={counting}
          data={many.slice(0, 200)}
          getRowId={getRowId}
          manualSorting
          infinite={infinite}
          height={440}
        />,
      );
      const table = screen.getByRole('table', { name: '学生' });
      const onScreen = within(table).getAllByRole('row').length - 1;
      expect(rendered).toHaveLength(onScreen);
      expect(within(table).getAllByRole('cell')[0]).toHaveTextContent('学生00000');

      rendered.length = 0;
      // A new array with the same row objects in front, as an infinite query's next page gives.
      rerender(
        <MantineProvider theme={theme} env="test">
          <DataTable
            label="学生"
            columns={counting}
            data={many.slice(0, 400)}
            getRowId={getRowId}
            manualSorting
            infinite={{ ...infinite, loadingMore: false }}
            height={440}
          />
        </MantineProvider>,
      );
      expect(rendered).toEqual([]);
      expect(screen.getByText('共 10000 条，已加载 400 条')).toBeVisible();
    });

    it('asks for the next page when the loaded end comes into view', () => {
      const onLoadMore = vi.fn();
      wrap(
        <DataTable
          label="学生"
          columns={columns}
          data={many.slice(0, 30)}
          getRowId={getRowId}
          manualSorting
          infinite={{ total: 10_000, hasMore: true, loadingMore: false, onLoadMore }}
          height={440}
        />,
      );
      expect(onLoadMore).toHaveBeenCalled();
      expect(screen.getByText('共 10000 条，已加载 30 条')).toBeVisible();
    });
  });

  describe('on a phone (390 px)', () => {
    beforeEach(() => setViewport(390));
    afterEach(() => vi.restoreAllMocks());

    const withActions = col.columns([
      ...columns,
      col.display({
        id: 'actions',
        header: '操作',
        cell: ({ row }) => <RowMenu label={`操作 ${row.original.name}`} items={() => <span>编辑</span>} />,
      }),
    ]);

    it('shows each row as a card: every column as name and value, the actions at the bottom', () => {
      wrap(<DataTable label="人员" columns={withActions} data={people} getRowId={getRowId} />);
      // No table to scroll sideways: a list of cards.
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('list', { name: '人员' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      const first = cards[0]!;
      const terms = within(first)
        .getAllByRole('term')
        .map((term) => term.textContent);
      const values = within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent);
      expect(terms).toEqual(['姓名', '年龄']);
      expect(values).toEqual(['张三', '30']);
      const actions = within(first).getByRole('group', { name: '操作' });
      expect(within(actions).getByRole('button', { name: '操作 张三' })).toBeVisible();
      // The actions come after the values, at the bottom of the card.
      expect(first.lastElementChild).toBe(actions);
    });

    it('sorts and selects from the bar above the cards', async () => {
      const user = userEvent.setup();
      const onSelect = vi.fn();
      wrap(
        <DataTable
          label="人员"
          columns={withActions}
          data={people}
          getRowId={getRowId}
          enableRowSelection
          onRowSelectionChange={onSelect}
        />,
      );
      const names = () =>
        within(screen.getByRole('list', { name: '人员' }))
          .getAllByRole('listitem')
          .map((card) => within(card).getAllByRole('definition')[0]!.textContent);
      const sorting = screen.getByRole('group', { name: '排序' });
      await user.click(within(sorting).getByRole('button', { name: '年龄' }));
      expect(names()).toEqual(['李四', '张三', '王五']);
      expect(within(sorting).getByRole('button', { name: '年龄（升序）' })).toBeVisible();
      await user.click(screen.getAllByRole('checkbox', { name: '选择此行' })[0]!);
      expect(onSelect).toHaveBeenLastCalledWith({ '2': true });
      await user.click(screen.getByRole('checkbox', { name: '全选' }));
      expect(onSelect).toHaveBeenLastCalledWith({ '1': true, '2': true, '3': true });
    });

    it('keeps the empty state and the error on a phone', () => {
      wrap(
        <DataTable
          label="人员"
          columns={withActions}
          data={[]}
          getRowId={getRowId}
          empty="还没有人员"
          error="服务器开小差了"
        />,
      );
      expect(screen.getByText('服务器开小差了')).toBeVisible();
      wrap(<DataTable label="空表" columns={withActions} data={[]} getRowId={getRowId} empty="还没有人员" />);
      expect(within(screen.getByRole('list', { name: '空表' })).getByText('还没有人员')).toBeVisible();
    });
  });

  it('pins the 操作 column to the right edge when a wide table scrolls sideways (desktop)', () => {
    const withActions = col.columns([
      ...columns,
      col.display({ id: 'actions', header: '操作', cell: () => <button type="button">编辑</button> }),
    ]);
    wrap(<DataTable label="人员" columns={withActions} data={people} getRowId={getRowId} />);
    const table = screen.getByRole('table', { name: '人员' });
    expect(within(table).getByRole('columnheader', { name: '操作' })).toHaveAttribute('data-pinned');
    const firstRow = within(table).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('cell');
    expect(cells.map((cell) => cell.hasAttribute('data-pinned'))).toEqual([false, false, true]);
  });
});
