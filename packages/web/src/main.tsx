import './lib/styles.css';
import { StrictMode, startTransition } from 'react';
import { App } from './app/app';
import { handleGlobalError } from './shared/error-notifications';
import { createAppRouter, preloadRouteCode } from './app/router';
import { isPasswordChangeRequired } from './shared/session/login-check';
import { createSession } from './shared/session/session-store';
import { createQueryClient } from './lib/query-client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { setupSdk } from './lib/sdk';

/** The next macrotask: the browser may paint and answer a tap before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  // React's renderer is some 40% of the start's code: a chunk of its own (vite.config.ts), asked
  // for by index.html and evaluated in a task of its own rather than with the entry.
  const reactDomClient = import('react-dom/client');
  // The start is a few steps of some milliseconds each on a phone (the stored session,
  // the SDK's clients, the route tree, the React root); each runs in its own task so none is long.
  // The API base and product come from the deployment, so the SDK waits for config.json.
  const config = await loadRuntimeConfig();
  const session = createSession();
  await nextTask();
  setupSdk(config, session);
  const queryClient = createQueryClient({
    onError: handleGlobalError,
    reportAlways: isPasswordChangeRequired,
  });
  await nextTask();
  const router = createAppRouter({ queryClient, session });
  await nextTask();
  // Signed in: the page's code is fetched while the login check and the school lookup run.
  if (session.getState().user) preloadRouteCode(router, window.location.pathname);
  const environment = { config, reload: () => window.location.reload() };
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const { createRoot } = await reactDomClient;
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser (input, paint) instead of one long
  // task. The root shows the start screen until the first page has loaded (app/first-screen.ts).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} session={session} environment={environment} />
      </StrictMode>,
    );
  });
}

void boot();
