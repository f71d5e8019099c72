import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const read = () => navigator.onLine;

/** Whether the browser says it has a network (false is certain; true only means "maybe"). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
