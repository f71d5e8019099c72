import { ApiError, ClientErrCode, ErrCode } from '@dfrm/sdk';
import type { QuizAnswerAck } from '@dfrm/sdk/tms';
import { describe, expect, it, vi } from 'vitest';
import { answerStore } from '@/lib/answer-store';
import { memoryStorage } from '@/test/memory-storage';
import { QuizAnswerSaver } from './api/student-answer-saver';

/** The server's acknowledgement of a save that was written. */
function ack(quId = 'q1', seq = 1, applied = true): QuizAnswerAck {
  return {
    quId,
    seq,
    applied,
    paperId: '1',
    status: 0,
    answeredCount: 1,
    questionCount: 4,
    unansweredQuIds: [],
    deadline: 0,
    serverTime: 0,
  };
}

function deferred() {
  let resolve!: (value: QuizAnswerAck) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<QuizAnswerAck>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const status = (saver: QuizAnswerSaver, quId: string) => saver.getSnapshot().statuses.get(quId)?.kind;

describe('the quiz answer saver', () => {
  it('sends one save at a time, and the newest answer of a question last', async () => {
    const calls: { quId: string; answer: string[]; done: ReturnType<typeof deferred> }[] = [];
    const saver = new QuizAnswerSaver({
      debounceMs: 0,
      send: (quId, answer) => {
        const done = deferred();
        calls.push({ quId, answer, done });
        return done.promise;
      },
    });
    saver.update('q1', ['A'], { immediate: true });
    saver.update('q2', ['true'], { immediate: true });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // changed while its save is on the way: waits for that one's answer
    saver.update('q1', ['C'], { immediate: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    expect(status(saver, 'q1')).toBe('saving');

    calls[0]!.done.resolve(ack('q1', 1));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(status(saver, 'q1')).not.toBe('saved');
    calls[1]!.done.resolve(ack(calls[1]!.quId, 1));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.done.resolve(ack(calls[2]!.quId, calls[2]!.quId === 'q1' ? 2 : 1));
    await saver.flush();

    // whatever the order among questions, a question's answers go in the order they were given
    expect(calls.map(({ quId, answer }) => [quId, answer])).toEqual(
      expect.arrayContaining([
        ['q1', ['A']],
        ['q2', ['true']],
        ['q1', ['C']],
      ]),
    );
    expect(calls.filter((call) => call.quId === 'q1').map((call) => call.answer)).toEqual([['A'], ['C']]);
    expect(status(saver, 'q1')).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('resends an unanswered save with the latest answer, and stops when the paper is closed', async () => {
    const sent: string[][] = [];
    let fail: unknown[] = [new ApiError(ClientErrCode.timeout, '请求超时')];
    const onClosed = vi.fn();
    const saver = new QuizAnswerSaver({
      debounceMs: 0,
      retryDelaysMs: [400],
      onClosed,
      send: (quId, answer, seq) => {
        sent.push(answer);
        const error = fail.shift();
        return error ? Promise.reject(error) : Promise.resolve(ack(quId, seq));
      },
    });
    saver.update('q1', ['A'], { immediate: true });
    await vi.waitFor(() => expect(status(saver, 'q1')).toBe('retrying'));
    saver.update('q1', ['B'], { immediate: true });
    await vi.waitFor(() => expect(status(saver, 'q1')).toBe('saved'));
    expect(sent.at(-1)).toEqual(['B']);

    fail = [new ApiError(ErrCode.refused, '答卷已交卷')];
    saver.update('q1', ['C'], { immediate: true });
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(status(saver, 'q1')).toBe('failed');
    // nothing more is taken or sent
    const count = sent.length;
    saver.update('q1', ['D'], { immediate: true });
    await saver.flush();
    expect(sent).toHaveLength(count);
  });

  it('numbers edits on from the saved seq; a late duplicate counts as saved, a newer edit elsewhere is overtaken', async () => {
    const sent: { answer: string[]; seq: number }[] = [];
    // what the server holds: seq 4 from an earlier visit, then whatever it is sent
    let stored = { answer: ['B'], seq: 4 };
    const saver = new QuizAnswerSaver({
      debounceMs: 0,
      send: (quId, answer, seq) => {
        sent.push({ answer, seq });
        const applied = seq > stored.seq;
        if (applied) stored = { answer, seq };
        return Promise.resolve(ack(quId, stored.seq, applied));
      },
    });
    saver.load('q1', ['B'], 4);
    expect(status(saver, 'q1')).toBe('saved');
    saver.update('q1', ['C'], { immediate: true });
    await saver.flush();
    expect(sent).toEqual([{ answer: ['C'], seq: 5 }]);
    expect(stored).toEqual({ answer: ['C'], seq: 5 });

    // the same edit reached the server before (its answer timed out here): nothing to resend
    stored = { answer: ['D'], seq: 6 };
    saver.update('q1', ['D'], { immediate: true });
    sent.length = 0;
    await saver.flush();
    expect(sent).toEqual([{ answer: ['D'], seq: 6 }]);
    expect(status(saver, 'q1')).toBe('saved');

    // another window of the student's saved edits 7 and 8: the answer shown here is the latest
    // change and goes again after them
    stored = { answer: ['A'], seq: 8 };
    saver.update('q1', ['B'], { immediate: true });
    sent.length = 0;
    await saver.flush();
    expect(sent).toEqual([
      { answer: ['B'], seq: 7 },
      { answer: ['B'], seq: 9 },
    ]);
    expect(stored).toEqual({ answer: ['B'], seq: 9 });
    expect(status(saver, 'q1')).toBe('saved');
  });
});

describe('the quiz answers kept in the browser', () => {
  const storeOf = (storage = memoryStorage()) => ({
    storage,
    store: answerStore('quiz', '7', '42', storage),
  });
  const kept = (storage: ReturnType<typeof memoryStorage>) =>
    JSON.parse(storage.data.get('dfrm:quiz-answers:7:42') ?? '{}') as Record<
      string,
      { answer: string[]; seq: number; ackedSeq: number }
    >;

  it('stores each change before it is sent, and sends it again after a reload', async () => {
    const { storage, store } = storeOf();
    // the first visit: the request never gets an answer (the tab is closed while it is on its way)
    const first = new QuizAnswerSaver({ debounceMs: 0, store, send: () => new Promise(() => {}) });
    first.load('q1', ['A'], 3);
    first.update('q1', ['C'], { immediate: true });
    expect(kept(storage).q1).toMatchObject({ answer: ['C'], seq: 4, ackedSeq: 3 });

    // the reload: the change is shown before anything is read, and goes when the page shows it
    const sent: [string, string[], number][] = [];
    const second = new QuizAnswerSaver({
      debounceMs: 0,
      store: answerStore('quiz', '7', '42', storage),
      send: async (quId, answer, seq) => {
        sent.push([quId, answer, seq]);
        return ack(quId, seq);
      },
    });
    expect(second.getSnapshot().answers.get('q1')).toEqual(['C']);
    expect(status(second, 'q1')).toBe('pending');
    // the server's answer, read after: older than the change kept here, so the change stays
    second.load('q1', ['A'], 3);
    second.revive();
    await vi.waitFor(() => expect(status(second, 'q1')).toBe('saved'));
    expect(sent).toEqual([['q1', ['C'], 4]]);
    expect(second.getSnapshot().answers.get('q1')).toEqual(['C']);
    expect(kept(storage).q1).toMatchObject({ answer: ['C'], seq: 4, ackedSeq: 4 });
  });

  it("gives way to the server's later edit of an answer it had acknowledged", () => {
    const { storage, store } = storeOf();
    storage.setItem(
      'dfrm:quiz-answers:7:42',
      JSON.stringify({ q1: { answer: ['A'], seq: 2, ackedSeq: 2, savedAt: null } }),
    );
    const saver = new QuizAnswerSaver({ store, send: async (quId, _answer, seq) => ack(quId, seq) });
    expect(saver.getSnapshot().answers.get('q1')).toEqual(['A']);
    // changed in another window since
    saver.load('q1', ['D'], 5);
    expect(saver.getSnapshot().answers.get('q1')).toEqual(['D']);
    expect(status(saver, 'q1')).toBe('saved');
    expect(kept(storage).q1).toMatchObject({ answer: ['D'], seq: 5, ackedSeq: 5 });
  });

  it('forgets the kept copy once the paper is handed in', () => {
    const { storage, store } = storeOf();
    const saver = new QuizAnswerSaver({ store, send: () => new Promise(() => {}) });
    saver.update('q1', ['B']);
    expect(storage.data.size).toBe(1);
    saver.forget();
    expect(storage.data.size).toBe(0);
  });
});
