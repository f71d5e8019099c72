import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Per-query/mutation switches read by the global error handler. */
export interface AppMeta extends Record<string, unknown> {
  /** The caller shows the error itself (inline), so no global notification. */
  silentError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/**
 * Every failed query or mutation goes through one handler (the error path of
 * DESIGN.md) unless it opted out with meta.silentError.
 */
export function createQueryClient({ onError }: { onError: (error: unknown) => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Business errors do not heal on retry, and a timeout already waited 30 s.
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
