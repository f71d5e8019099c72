import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * `children` drawn just after the page's first paint, in a transition: React renders them in
 * slices of a few milliseconds between which the page stays responsive, instead of one long
 * task with the rest of the page. For a heavy part under the top of a page (a long table under
 * the figures); `fallback` holds its place meanwhile, in its shape, so nothing moves.
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : fallback;
}
