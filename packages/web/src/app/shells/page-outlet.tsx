import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { Suspense, useDeferredValue, type ComponentType } from 'react';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';

/**
 * A shell's <Outlet/> whose first page mounts in the background.
 *
 * The router commits a page in a synchronous render (its state is an external store), so the
 * first screen after a load (the shell and a page of cards or rows) was one long task during
 * which a phone could neither paint nor answer a tap. Here the shell commits at once with the
 * page's own loading skeleton (its route's `pendingComponent`, busy for assistive technology
 * and tests), and the page's first render follows at transition priority, in slices the
 * browser paints between. Later pages of the same shell render as before, so moving between
 * pages never shows a skeleton that the data does not need.
 */
export function PageOutlet() {
  // false on the shell's first render, then true in a deferred (sliced) render
  const ready = useDeferredValue(true, false);
  const router = useRouter();
  const leafRouteId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });
  if (ready) return <Outlet />;
  const route = leafRouteId
    ? (router.routesById as unknown as Record<string, { options: { pendingComponent?: unknown } }>)[
        leafRouteId
      ]
    : undefined;
  const Pending = (route?.options.pendingComponent as ComponentType | undefined) ?? TablePageSkeleton;
  return (
    <Suspense fallback={<TablePageSkeleton />}>
      <Pending />
    </Suspense>
  );
}
