import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { OverlayHosts } from '@/app/overlay-hosts';
import { createQueryClient } from '@/lib/query-client';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/runtime-config';
import { setupSdk } from '@/lib/sdk';
import { theme } from '@/lib/theme';
import { handleGlobalError } from '@/shared/error-notifications';
import { isPasswordChangeRequired } from '@/shared/session/login-check';
import { SessionProvider } from '@/shared/session/session-context';
import { createSession } from '@/shared/session/session-store';

/**
 * Mounts a component that a page of another branch will host, inside what the app gives every
 * page (theme, queries with the global error path, the session, notifications and modals), as
 * the stored user; renderApp does the same around the router.
 */
export function renderInProviders(ui: ReactNode) {
  const session = createSession(window.localStorage);
  setupSdk(DEFAULT_RUNTIME_CONFIG, session);
  const queryClient = createQueryClient({
    onError: handleGlobalError,
    reportAlways: isPasswordChangeRequired,
  });
  // The notification store is global; start with none showing.
  notifications.clean();
  const view = render(
    <MantineProvider theme={theme} env="test" withCssVariables={false} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SessionProvider session={session}>
          {ui}
          <OverlayHosts />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}
