import { useState, type CSSProperties } from 'react';
import { startMotionDelayMs } from '@/lib/loading-motion';
import classes from './start-loader.module.css';

/**
 * Covers the whole page at start: while the first page loads, and while the start-up login
 * check and school lookup run. Plain markup, the same look as index.html's boot screen, so the
 * hand-over is seamless and the first bundle carries no overlay/transition components.
 */
export function StartLoader({ label = '正在检查登录状态…' }: { label?: string }) {
  // The spinner keeps the boot screen's schedule: hidden until the start has taken 0.8 s.
  const [delay] = useState(startMotionDelayMs);
  return (
    <div className={classes.root} role="status" aria-live="polite">
      <span
        className={classes.spinner}
        aria-hidden
        data-shown={delay === 0 || undefined}
        style={{ '--spinner-delay': `${delay}ms` } as CSSProperties}
      />
      <span>{label}</span>
    </div>
  );
}
