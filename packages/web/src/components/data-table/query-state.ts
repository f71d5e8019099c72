import { errorMessage } from '@/shared/error-notifications';

/** The part of a React Query result a DataTable shows. */
interface TableQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** Infinite queries: loading the next page is shown by the footer, not by dimming the rows. */
  isFetchingNextPage?: boolean;
}

/**
 * A query's state as DataTable props: skeleton while the first load runs,
 * dimmed rows while it refetches, the server's message and 重试 when it failed.
 */
export function tableQueryState(query: TableQuery) {
  return {
    loading: query.isPending,
    fetching: query.isFetching && !query.isPending && !query.isFetchingNextPage,
    error: query.isError ? errorMessage(query.error) : undefined,
    onRetry: () => void query.refetch(),
  };
}
