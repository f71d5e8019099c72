import { Outlet } from '@tanstack/react-router';
import { useDeferredValue } from 'react';

/**
 * A shell's <Outlet/> whose first page mounts in the background. The router commits a page in
 * a synchronous render (its state is an external store), so the first screen after a load
 * (the shell and a page of cards or rows) was one long task during which a phone could not
 * paint or answer a tap. Here the shell commits first and the page's first render follows at
 * transition priority, in slices the browser paints between. Later pages of the same shell
 * render as before, so moving between pages never shows an empty frame.
 */
export function PageOutlet() {
  // false on the shell's first render, then true in a deferred (sliced) render
  const ready = useDeferredValue(true, false);
  return ready ? <Outlet /> : null;
}
