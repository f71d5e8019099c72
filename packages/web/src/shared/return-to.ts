import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { safeRedirect } from '@/shared/session/entry-paths';

/**
 * `?returnTo=` of a form opened from somewhere other than its own list (a class page's 通知 or
 * 课件 tab): where saving and 取消 lead back. Only this app's own paths are accepted.
 */
export function returnToSearch(search: Record<string, unknown>): { returnTo?: string } {
  const returnTo = safeRedirect(search.returnTo);
  return returnTo ? { returnTo } : {};
}

/** The search that brings a form opened from this page back here, when `enabled` (inside a class page). */
export function useReturnHere(enabled: boolean): { returnTo?: string } {
  const here = useLocation({ select: (location) => location.href });
  return useMemo(() => (enabled ? { returnTo: here } : {}), [enabled, here]);
}
