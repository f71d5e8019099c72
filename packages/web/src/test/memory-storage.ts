import type { AnswerStorage } from '@/lib/answer-store';

/** A browser storage in memory, its contents open to the test. */
export function memoryStorage(): AnswerStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
