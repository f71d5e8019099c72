import '@mantine/core/styles/Pagination.layer.css';
import { Pagination } from '@mantine/core';

const CONTROL_LABELS: Record<string, string> = {
  first: '第一页',
  previous: '上一页',
  next: '下一页',
  last: '最后一页',
};

/** Page buttons with Chinese names for screen readers; nothing when everything fits on one page. */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
  end,
}: {
  /** Items on the server. */
  total: number;
  pageSize: number;
  /** 1-based. */
  page: number;
  onChange: (page: number) => void;
  /** At the end of a Stack (a page's list), not the start. */
  end?: boolean;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Pagination
      size="sm"
      total={pages}
      value={page}
      onChange={onChange}
      style={end ? { alignSelf: 'flex-end' } : undefined}
      getItemProps={(item) => ({ 'aria-label': `第 ${item} 页` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
    />
  );
}
