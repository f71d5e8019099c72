import { notifications } from '@mantine/notifications';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { handleGlobalError } from '@/shared/error-notifications';
import { createAppRouter } from '@/app/router';
import { isPasswordChangeRequired } from '@/shared/session/login-check';
import { createSession } from '@/shared/session/session-store';
import { createQueryClient } from '@/lib/query-client';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@/lib/runtime-config';
import { setupSdk } from '@/lib/sdk';

export interface RenderAppOptions {
  /** Where the app starts, e.g. '/course'. */
  path?: string;
  config?: Partial<RuntimeConfig>;
  /** Shorter than the SDK's 30 s so timeout tests stay fast. */
  timeoutMs?: number;
}

/** Mounts the whole app (providers, router, session) the way main.tsx does, on a memory history. */
export function renderApp({ path = '/', config, timeoutMs }: RenderAppOptions = {}) {
  const runtimeConfig = { ...DEFAULT_RUNTIME_CONFIG, ...config };
  const session = createSession(window.localStorage);
  setupSdk(runtimeConfig, session, timeoutMs ? { timeoutMs } : {});
  const queryClient = createQueryClient({
    onError: handleGlobalError,
    reportAlways: isPasswordChangeRequired,
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session }, history);
  const reload = vi.fn();
  // The notification store is global; start each app with none showing.
  notifications.clean();
  const view = render(
    <App
      router={router}
      queryClient={queryClient}
      session={session}
      environment={{ config: runtimeConfig, reload }}
      mantineEnv="test"
    />,
  );
  return { ...view, router, session, queryClient, reload, user: userEvent.setup() };
}
