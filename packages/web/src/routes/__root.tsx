import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { guardRoute } from '@/app/guard';
import { RootLayout } from '@/app/root-layout';
import type { RouterContext } from '@/app/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: guardRoute,
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('@/app/not-found'), 'NotFound'),
});
