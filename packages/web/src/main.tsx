import './lib/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { handleGlobalError } from './shared/error-notifications';
import { createAppRouter } from './app/router';
import { isPasswordChangeRequired } from './shared/session/login-check';
import { createSession } from './shared/session/session-store';
import { createQueryClient } from './lib/query-client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { setupSdk } from './lib/sdk';

async function boot() {
  // The API base and product come from the deployment, so the SDK waits for config.json.
  const config = await loadRuntimeConfig();
  const session = createSession();
  setupSdk(config, session);
  const queryClient = createQueryClient({
    onError: handleGlobalError,
    reportAlways: isPasswordChangeRequired,
  });
  const router = createAppRouter({ queryClient, session });
  const environment = { config, reload: () => window.location.reload() };

  // The router and the React root are each a few tens of milliseconds on a phone: a task apiece,
  // so the browser can paint and answer a tap in between.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser (input, paint) instead of one long
  // task; the boot spinner stays until the first screen is ready.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} session={session} environment={environment} />
      </StrictMode>,
    );
  });
}

void boot();
