import { ApiError, ClientErrCode, ErrCode } from '@dfrm/sdk';
import type { ExamSaveAck } from '@dfrm/sdk/tms';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import { ExamAnswerQueue } from './api/answer-queue';

// The exam's answer queue against a fake server that stores answers the way the real one does
// (a seq replaces only a smaller one): what is sent, what is shown as saved, and what survives a
// lost network and a reloaded tab.

type Item = { questionId: string; answer: string[]; seq: number };

class FakeServer {
  stored = new Map<string, { answer: string[]; seq: number }>();
  requests: Item[][] = [];
  down: ApiError | null = null;
  now = 5_000;

  send = async (items: Item[]): Promise<{ ackItems: ExamSaveAck[] }> => {
    this.requests.push(items);
    if (this.down) throw this.down;
    return {
      ackItems: items.map((item) => {
        const current = this.stored.get(item.questionId);
        const applied = !current || current.seq < item.seq;
        if (applied) this.stored.set(item.questionId, { answer: item.answer, seq: item.seq });
        return {
          questionId: item.questionId,
          seq: this.stored.get(item.questionId)!.seq,
          savedAt: this.now,
          applied,
        };
      }),
    };
  };
}

let server: FakeServer;
let storage: ReturnType<typeof memoryStorage>;
const queues: ExamAnswerQueue[] = [];

function queue(): ExamAnswerQueue {
  const made = new ExamAnswerQueue({
    examId: '7',
    userId: '42',
    send: server.send,
    storage,
    debounceMs: 500,
    retryDelaysMs: [1_000, 2_000],
  });
  queues.push(made);
  return made;
}

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeServer();
  storage = memoryStorage();
});

afterEach(() => {
  queues.splice(0).forEach((made) => made.dispose());
  vi.useRealTimers();
});

describe('the exam answer queue', () => {
  it('sends a change a moment after the last edit, and shows it saved only once acknowledged', async () => {
    const answers = queue();
    answers.set('q1', ['A']);
    answers.set('q1', ['B']);
    expect(answers.stateOf('q1')).toBe('unsaved');
    expect(answers.getSnapshot().unsavedCount).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // one request, the latest answer with the second edit number
    expect(server.requests).toEqual([[{ questionId: 'q1', answer: ['B'], seq: 2 }]]);
    expect(answers.stateOf('q1')).toBe('saved');
    expect(answers.getSnapshot()).toMatchObject({ unsavedCount: 0, connection: { kind: 'ok' } });
    expect(answers.getSnapshot().answers.get('q1')).toMatchObject({
      answer: ['B'],
      seq: 2,
      ackedSeq: 2,
      savedAt: 5_000,
    });
  });

  it('keeps answering without network, keeps the changes through a reload, and sends them when back', async () => {
    const first = queue();
    server.down = new ApiError(ClientErrCode.network, '网络错误');
    first.set('q1', ['A']);
    first.set('q2', ['T']);
    await vi.advanceTimersByTimeAsync(500);
    expect(first.getSnapshot().connection).toEqual({ kind: 'offline', reason: '网络错误' });
    expect(first.stateOf('q1')).toBe('unsaved');
    // the student goes on; the tab is then reloaded while still offline
    first.set('q3', ['C']);
    first.dispose();
    const reloaded = queue();
    expect(reloaded.answerOf('q1')).toEqual(['A']);
    expect(reloaded.answerOf('q3')).toEqual(['C']);
    expect(reloaded.getSnapshot().unsavedCount).toBe(3);
    // the server had nothing; its paper comes back empty and the changes go
    server.down = null;
    reloaded.merge([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get('q1')).toEqual({ answer: ['A'], seq: 1 });
    expect(server.stored.get('q3')).toEqual({ answer: ['C'], seq: 1 });
    expect(reloaded.getSnapshot().unsavedCount).toBe(0);
  });

  it('retries an unanswered save after its delay, and at once when the browser is online again', async () => {
    const answers = queue();
    server.down = new ApiError(ClientErrCode.timeout, '请求超时');
    answers.set('q1', ['A']);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.requests).toHaveLength(2);
    server.down = null;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(3);
    expect(answers.stateOf('q1')).toBe('saved');
  });

  it('sends a change made while a request was on its way right after it, with the next seq', async () => {
    let release: () => void = () => {};
    const slow = server.send;
    const answers = new ExamAnswerQueue({
      examId: '7',
      userId: '42',
      storage,
      debounceMs: 500,
      send: async (items) => {
        await new Promise<void>((resolve) => (release = resolve));
        return slow(items);
      },
    });
    queues.push(answers);
    answers.set('q1', ['A']);
    await vi.advanceTimersByTimeAsync(500);
    answers.set('q1', ['B']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(answers.stateOf('q1')).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get('q1')).toEqual({ answer: ['B'], seq: 2 });
    expect(answers.stateOf('q1')).toBe('saved');
  });

  it('takes the server’s newer answers (another device) and keeps its own newer changes', async () => {
    const answers = queue();
    answers.set('q1', ['A']);
    answers.set('q1', ['B']);
    answers.merge([
      { questionId: 'q1', answer: ['A'], seq: 1, savedAt: 1 },
      { questionId: 'q2', answer: ['F'], seq: 4, savedAt: 2 },
    ]);
    expect(answers.answerOf('q1')).toEqual(['B']);
    expect(answers.stateOf('q1')).toBe('unsaved');
    expect(answers.answerOf('q2')).toEqual(['F']);
    expect(answers.stateOf('q2')).toBe('saved');
    answers.set('q2', ['T']);
    await vi.advanceTimersByTimeAsync(500);
    // the next edit of q2 continues from the server's number
    expect(server.requests.at(-1)).toContainEqual({ questionId: 'q2', answer: ['T'], seq: 5 });
  });

  it('stops for good when the server refuses (time is up), keeping the answers in the browser', async () => {
    const answers = queue();
    server.down = new ApiError(ErrCode.refused, '作答时间已过，答案没有保存', 400);
    answers.set('q1', ['A']);
    await vi.advanceTimersByTimeAsync(500);
    expect(answers.getSnapshot().connection.kind).toBe('closed');
    answers.set('q1', ['B']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(1);
    expect(answers.answerOf('q1')).toEqual(['A']);
    expect(storage.data.size).toBe(1);
  });

  it('sends again after being disposed and revived (a page mounted twice)', async () => {
    const answers = queue();
    answers.set('q1', ['A']);
    answers.dispose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.requests).toHaveLength(0);
    answers.revive();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get('q1')).toEqual({ answer: ['A'], seq: 1 });
    expect(answers.stateOf('q1')).toBe('saved');
  });

  it('forgets the stored copy once the paper is submitted', async () => {
    const answers = queue();
    answers.set('q1', ['A']);
    await answers.flush();
    answers.submitted();
    expect(storage.data.size).toBe(0);
  });
});
