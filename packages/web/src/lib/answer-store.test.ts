import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import { answerStore } from './answer-store';

describe('answerStore', () => {
  it("keeps one student's answers of one paper under a key of their own", () => {
    const storage = memoryStorage();
    const mine = answerStore('quiz', '7', '42', storage);
    mine.write([['q1', { answer: ['A'], seq: 2, ackedSeq: 1, savedAt: null }]]);
    expect(answerStore('quiz', '8', '42', storage).read().size).toBe(0);
    expect(answerStore('exam', '7', '42', storage).read().size).toBe(0);
    expect([...answerStore('quiz', '7', '42', storage).read()]).toEqual([
      ['q1', { answer: ['A'], seq: 2, ackedSeq: 1, savedAt: null }],
    ]);
    mine.forget();
    expect(storage.data.size).toBe(0);
  });

  it('reads a damaged copy as nothing, and drops entries of the wrong shape', () => {
    const storage = memoryStorage();
    const store = answerStore('exam', '7', '1', storage);
    storage.setItem('dfrm:exam-answers:7:1', '{not json');
    expect(store.read().size).toBe(0);
    storage.setItem(
      'dfrm:exam-answers:7:1',
      JSON.stringify({
        good: { answer: ['B'], seq: 1, ackedSeq: 0 },
        noSeq: { answer: ['B'], ackedSeq: 0 },
        notText: { answer: [1], seq: 1, ackedSeq: 0 },
        nothing: null,
      }),
    );
    expect([...store.read().keys()]).toEqual(['good']);
    expect(store.read().get('good')?.savedAt).toBeNull();
  });

  it('goes on without a storage that refuses writes', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const store = answerStore('quiz', '7', '1', storage);
    expect(() => store.write([['q1', { answer: ['A'], seq: 1, ackedSeq: 0, savedAt: null }]])).not.toThrow();
    expect(store.read().size).toBe(0);
  });
});
