import { isApiError } from '@dfrm/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type UploadProgress } from '@/lib/xhr-fetch';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'canceled';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  loaded: number;
  total: number;
  /** Why the upload failed, in Chinese. */
  error: string | null;
}

export interface UploadContext {
  /** The file's item in the list (to take it off once its upload is kept elsewhere). */
  id: string;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export interface UploadRunResult<T> {
  results: T[];
  failed: number;
  canceled: number;
}

let nextId = 0;

/**
 * The files picked for upload and their progress. `run` uploads the waiting
 * (and previously failed) ones one after another, so a cancel or a failure
 * touches only its own file.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  // run() reads the newest list between awaits, not the render it started in.
  const itemsRef = useRef(items);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((next: (current: UploadItem[]) => UploadItem[]) => {
    itemsRef.current = next(itemsRef.current);
    setItems(itemsRef.current);
  }, []);
  const patch = useCallback(
    (id: string, changes: Partial<UploadItem>) =>
      update((current) => current.map((item) => (item.id === id ? { ...item, ...changes } : item))),
    [update],
  );

  useEffect(() => {
    const running = controllers.current;
    // Leaving the page stops what is still on its way.
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback(
    (files: readonly File[]) =>
      update((current) => [
        ...current,
        ...files.map((file) => ({
          id: `upload-${(nextId += 1)}`,
          file,
          status: 'waiting' as const,
          loaded: 0,
          total: file.size,
          error: null,
        })),
      ]),
    [update],
  );

  /** Cancels a running upload, or takes a file that is not running off the list. */
  const remove = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else update((current) => current.filter((item) => item.id !== id));
    },
    [update],
  );

  const clear = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    update(() => []);
  }, [update]);

  const run = useCallback(
    async <T>(upload: (file: File, context: UploadContext) => Promise<T>): Promise<UploadRunResult<T>> => {
      const results: T[] = [];
      let failed = 0;
      let canceled = 0;
      const pending = itemsRef.current.filter(
        (item) => item.status === 'waiting' || item.status === 'failed',
      );
      for (const { id } of pending) {
        const item = itemsRef.current.find((candidate) => candidate.id === id);
        if (!item) continue; // removed while an earlier file was uploading
        const controller = new AbortController();
        controllers.current.set(id, controller);
        patch(id, { status: 'uploading', loaded: 0, error: null });
        try {
          const result = await upload(item.file, {
            id,
            signal: controller.signal,
            onProgress: ({ loaded, total }) => patch(id, { loaded, total }),
          });
          results.push(result);
          patch(id, { status: 'done', loaded: item.file.size, total: item.file.size });
        } catch (error) {
          if (isAbortError(error)) {
            canceled += 1;
            patch(id, { status: 'canceled', error: null });
          } else {
            failed += 1;
            patch(id, {
              status: 'failed',
              error: isApiError(error) ? error.errMsg : '上传失败，请稍后再试',
            });
          }
        } finally {
          controllers.current.delete(id);
        }
      }
      return { results, failed, canceled };
    },
    [patch],
  );

  const busy = items.some((item) => item.status === 'uploading');
  return { items, add, remove, clear, run, busy };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
