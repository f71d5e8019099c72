import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';

/**
 * Longest the start screen waits for the first page's code and data; past it the page shows
 * with its own loading skeleton, as a later navigation would.
 */
export const FIRST_SCREEN_WAIT_MS = 2500;

type AppRouter = ReturnType<typeof useRouter>;

const resolved = (router: AppRouter) =>
  router.state.status === 'idle' && router.state.resolvedLocation !== undefined;

/**
 * Whether the first screen may render: once the router has resolved the address (its route
 * chunks, guards and loaders' data) or FIRST_SCREEN_WAIT_MS has passed.
 *
 * The router hands a loaded page to React through an external store, which React renders in one
 * uninterruptible task; on a phone the shell and a page of cards or rows is a long task during
 * which nothing paints and no tap is answered. Until this is true the root renders only the start
 * screen, and the switch is a transition, so the whole first screen (shell, page, data) renders
 * in slices the browser paints and handles input between, and commits once with its data.
 */
export function useFirstScreenReady(): boolean {
  const router = useRouter();
  const [ready, setReady] = useState(() => resolved(router));
  useEffect(() => {
    if (ready) return;
    let done = false;
    const open = () => {
      if (done) return;
      done = true;
      startTransition(() => setReady(true));
    };
    const unsubscribe = router.subscribe('onResolved', open);
    const timer = setTimeout(open, FIRST_SCREEN_WAIT_MS);
    if (resolved(router)) open();
    return () => {
      done = true;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [router, ready]);
  return ready;
}
