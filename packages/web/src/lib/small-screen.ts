import { useMediaQuery } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';

/**
 * Phones and narrow windows: Mantine's `sm` breakpoint (48em, 768 px; media queries count em
 * from the browser's 16 px, not from our 80 px root), the same width the CSS modules test with
 * `$mantine-breakpoint-sm`.
 */
export const SMALL_SCREEN_QUERY = '(max-width: 48em)';

/**
 * True below the `sm` breakpoint. Read at the first render (the app renders in the browser
 * only), so a phone never paints the desktop layout first.
 */
export function useSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}

const FALLBACK_HEIGHT = 900;
/**
 * Read on first use and on every resize, never after a commit: see useWindowHeight. Forgotten
 * when the last reader unmounts, since resizes are not followed then.
 */
let height: number | undefined;
let readers = 0;
const subscribeToResize = (onChange: () => void) => {
  const update = () => {
    height = window.innerHeight;
    onChange();
  };
  readers += 1;
  window.addEventListener('resize', update, { passive: true });
  return () => {
    window.removeEventListener('resize', update);
    readers -= 1;
    if (readers === 0) height = undefined;
  };
};
const windowHeight = () => (height ??= window.innerHeight);

/**
 * The window's inner height, px, kept current on resize. Read once while rendering (before a
 * page's DOM is committed, so it costs nothing) and then only when the window resizes: reading
 * it after a commit forces a layout of the whole fresh page inside the commit's task (Mantine's
 * useViewportSize reads it in an effect, then renders the page a second time).
 */
export function useWindowHeight(): number {
  return useSyncExternalStore(subscribeToResize, windowHeight, () => FALLBACK_HEIGHT);
}
