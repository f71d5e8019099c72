import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from '@/lib/search-params';
import { routeTree } from '@/routeTree.gen';
import type { RouterContext } from './router-context';

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through React Query, which already caches; the router need not.
    defaultPreloadStaleTime: 0,
    // Rarely shown, so fetched when needed rather than with every page: 无权访问 when a route's
    // role guard refused, the load failure otherwise. Routes do not set their own.
    defaultErrorComponent: lazyRouteComponent(() => import('./no-access'), 'RoleGuardError'),
    scrollRestoration: true,
    // Ids stay plain in the address bar (?courseId=1, not ?courseId=%221%22) and arrive as strings.
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Asks for the code of the routes matching `pathname` now, without waiting for their guards.
 *
 * The router fetches a route's code only once the guards above it have passed, and the guards of
 * the school areas wait for the school lookup; on a phone network that put the page's chunks one
 * round trip (~0.5 s) behind the lookup, and its data one more behind them. With a stored login
 * the start asks for both at once; the router then finds the code loaded (or on its way) and
 * reuses it. A chunk that fails here is left to the router, which asks again and shows the error.
 */
export function preloadRouteCode(router: ReturnType<typeof createAppRouter>, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}
