import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';

/** Per-query/mutation switches read by the global error handler. */
export interface AppMeta extends Record<string, unknown> {
  /** The caller shows the error itself (inline), so no global notification. */
  silentError?: boolean;
  /**
   * Mutations only: key prefixes to invalidate once it succeeded, typically another domain's
   * root (shared/query-roots.ts) whose data the change touches. Awaited before the mutation's
   * own onSuccess and before mutateAsync resolves.
   */
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/**
 * Every failed query or mutation goes through one handler (the error path of
 * DESIGN.md) unless it opted out with meta.silentError; every successful
 * mutation invalidates what its meta.invalidates names.
 */
export function createQueryClient({
  onError,
  reportAlways = () => false,
}: {
  onError: (error: unknown) => void;
  /** Failures handed to onError even with meta.silentError: those that change where the user is. */
  reportAlways?: (error: unknown) => boolean;
}): QueryClient {
  const report = (error: unknown, meta: AppMeta | undefined) => {
    if (!meta?.silentError || reportAlways(error)) onError(error);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
      onSuccess: async (_data, _variables, _context, mutation) => {
        const keys = mutation.meta?.invalidates ?? [];
        await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
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
  return client;
}
