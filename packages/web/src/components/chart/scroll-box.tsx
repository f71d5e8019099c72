import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: it scrolls sideways in a box the keyboard can reach
 * (focusable and named, as a scrolling region must be), instead of squeezing its columns.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={`${label}（可左右滚动）`} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
