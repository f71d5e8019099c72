/** Rows to skip for a 1-based page (PageRequest of specs/README.md). */
export function offsetOf(page: { pageIndex: number; pageSize: number }): number {
  return (page.pageIndex - 1) * page.pageSize;
}
