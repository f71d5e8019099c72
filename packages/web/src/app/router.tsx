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
