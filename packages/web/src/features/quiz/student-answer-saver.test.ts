import { ApiError, ClientErrCode, ErrCode } from '@dfrm/sdk';
import type { QuizProgress } from '@dfrm/sdk/tms';
import { describe, expect, it, vi } from 'vitest';
import { QuizAnswerSaver } from './api/student-answer-saver';

function progress(): QuizProgress {
  return {
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
  let resolve!: (value: QuizProgress) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<QuizProgress>((res, rej) => {
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

    calls[0]!.done.resolve(progress());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(status(saver, 'q1')).not.toBe('saved');
    calls[1]!.done.resolve(progress());
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.done.resolve(progress());
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
      send: (_quId, answer) => {
        sent.push(answer);
        const error = fail.shift();
        return error ? Promise.reject(error) : Promise.resolve(progress());
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
});
