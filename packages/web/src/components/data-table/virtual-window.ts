import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';

/**
 * What a virtualized list renders (the table's rows and the phone cards alike): the items in view
 * with the space above and below them, and `onNearEnd` once the last one in view is within
 * `loadAhead` of the rows loaded so far, so the next page arrives before it is needed.
 */
export function useVirtualWindow(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  loaded: number,
  loadAhead: number,
  onNearEnd: (() => void) | undefined,
) {
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.length > 0 ? items[items.length - 1]!.index : -1;
  const nearEnd = onNearEnd !== undefined && lastVisible >= loaded - loadAhead;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, loaded]);
  const paddingTop = items.length > 0 ? items[0]!.start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return { items, paddingTop, paddingBottom };
}
