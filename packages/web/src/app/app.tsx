import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { theme } from '@/lib/theme';
import { type AppEnvironment, AppEnvironmentProvider } from './app-environment';
import { OverlayHosts } from './overlay-hosts';
import type { createAppRouter } from './router';
import { SessionProvider } from '@/shared/session/session-context';
import type { Session } from '@/shared/session/session-store';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  session: Session;
  environment: AppEnvironment;
  /** 'test' turns off Mantine transitions and portals (jsdom). */
  mantineEnv?: 'default' | 'test';
}

export function App({ router, queryClient, session, environment, mantineEnv = 'default' }: AppProps) {
  return (
    // The theme's CSS variables come from lib/theme-variables.css (generated from the theme and
    // checked by its test), not computed and inserted on every start.
    // The app is light only, and index.html already carries data-mantine-color-scheme="light".
    <MantineProvider theme={theme} env={mantineEnv} withCssVariables={false} forceColorScheme="light">
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider session={session}>
            <AppEnvironmentProvider value={environment}>
              <RouterProvider router={router} />
              <OverlayHosts />
            </AppEnvironmentProvider>
          </SessionProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
