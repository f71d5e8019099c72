import { useMediaQuery } from '@mantine/hooks';

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
