import type { ExamSaveAck, ExamSavedAnswer } from '@dfrm/sdk/tms';
import { type AnswerStorage, type AnswerStore, answerStore, type StoredAnswer } from '@/lib/answer-store';
import { retryReason } from '@/lib/retry-reason';

/**
 * A student's answers during an exam, never lost: each change is written to the browser's storage
 * first, then sent with its question's edit number (`seq`), in order, a short moment after the
 * last change. Until the server acknowledged a question's latest seq the question is not shown as
 * saved. Without network the student keeps answering: the changes wait in storage (a reload or a
 * crash of the tab keeps them) and go as soon as the network is back, the oldest request first.
 * A resent request is harmless: the server writes a seq once and never lets an older one replace a
 * newer answer (specs/tms/exam-student.yaml, status/save).
 */

/** A question's answer here: its latest edit number, and what the server acknowledged of it. */
export type QueuedAnswer = StoredAnswer;

export type QuestionSaveState = 'saved' | 'unsaved' | 'empty';

export type QueueConnection =
  /** Everything sent was answered. */
  | { kind: 'ok' }
  /** No answer from the server (network, timeout, server trouble): sent again. */
  | { kind: 'offline'; reason: string }
  /** The server refused the saves for good (time is up, submitted): its message. */
  | { kind: 'closed'; error: unknown };

export interface QueueSnapshot {
  answers: ReadonlyMap<string, QueuedAnswer>;
  connection: QueueConnection;
  /** Questions whose latest change the server does not hold yet. */
  unsavedCount: number;
  sending: boolean;
}

/** Where answers wait (localStorage in the page; a Map in tests). */
export type QueueStorage = AnswerStorage;

export interface AnswerQueueOptions {
  examId: string;
  userId: string;
  send: (
    items: { questionId: string; answer: string[]; seq: number }[],
  ) => Promise<{ ackItems: ExamSaveAck[] }>;
  storage?: QueueStorage;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000];
// the server takes at most this many answers in one save
const MAX_BATCH = 200;

export class ExamAnswerQueue {
  private readonly answers = new Map<string, QueuedAnswer>();
  private connection: QueueConnection = { kind: 'ok' };
  private sending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private disposed = false;
  private snapshot: QueueSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<AnswerQueueOptions, 'storage'>>;
  private readonly store: AnswerStore;
  private readonly onOnline = () => this.retryNow();

  constructor(options: AnswerQueueOptions) {
    const { storage, ...rest } = options;
    this.options = { debounceMs: 800, retryDelaysMs: DEFAULT_RETRY_DELAYS, ...rest };
    this.store = answerStore('exam', options.userId, options.examId, storage);
    for (const [questionId, item] of this.store.read()) this.answers.set(questionId, item);
    this.snapshot = this.build();
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  /**
   * What the server holds (examiner/get's savedAnswers): a question the server has a newer or
   * equal seq of takes the server's answer; one changed here and not yet acknowledged keeps the
   * change and goes to the server.
   */
  merge(saved: readonly ExamSavedAnswer[]): void {
    for (const item of saved) {
      const local = this.answers.get(item.questionId);
      if (!local || local.seq <= item.seq) {
        this.answers.set(item.questionId, {
          answer: item.answer,
          seq: item.seq,
          ackedSeq: item.seq,
          savedAt: item.savedAt,
        });
      } else if (local.ackedSeq < item.seq) {
        this.answers.set(item.questionId, { ...local, ackedSeq: item.seq, savedAt: item.savedAt });
      }
    }
    this.persist();
    this.emit();
    if (this.unsaved().length > 0) this.schedule(0);
  }

  /** The student's change of a question's answer (an empty array clears it). */
  set(questionId: string, answer: readonly string[]): void {
    if (this.connection.kind === 'closed') return;
    const current = this.answers.get(questionId);
    this.answers.set(questionId, {
      answer: [...answer],
      seq: (current?.seq ?? 0) + 1,
      ackedSeq: current?.ackedSeq ?? 0,
      savedAt: current?.savedAt ?? null,
    });
    this.persist();
    this.emit();
    this.schedule(this.options.debounceMs);
  }

  answerOf(questionId: string): string[] {
    return this.answers.get(questionId)?.answer ?? [];
  }

  stateOf(questionId: string): QuestionSaveState {
    const item = this.answers.get(questionId);
    if (!item) return 'empty';
    return item.ackedSeq >= item.seq ? 'saved' : 'unsaved';
  }

  /** The changes not acknowledged, as the submission carries them (the server applies each once). */
  unsaved(): { questionId: string; answer: string[]; seq: number }[] {
    return [...this.answers]
      .filter(([, item]) => item.seq > item.ackedSeq)
      .map(([questionId, item]) => ({ questionId, answer: item.answer, seq: item.seq }));
  }

  /** Sends what is unsaved now, waiting for the answer. */
  async flush(): Promise<void> {
    this.clearTimer();
    await this.pump();
  }

  /** A resend waiting for its delay goes now (the network is back, or the student asked). */
  retryNow(): void {
    if (this.connection.kind === 'closed') return;
    this.attempt = 0;
    this.schedule(0);
  }

  /**
   * Marks everything as acknowledged by a submission that carried it (results/submit), and
   * forgets the stored copy: the paper is the server's now.
   */
  submitted(): void {
    this.clearTimer();
    this.connection = { kind: 'closed', error: null };
    this.store.forget();
    this.emit();
  }

  /**
   * Undoes dispose when the page is shown again with the same queue (React's StrictMode mounts
   * a component twice): listens for the network again and sends what waits.
   */
  revive(): void {
    if (!this.disposed) return;
    this.disposed = false;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    if (this.connection.kind !== 'closed' && this.unsaved().length > 0) this.schedule(0);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }

  private async pump(): Promise<void> {
    if (this.sending || this.disposed) return;
    const batch = this.unsaved().slice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.sending = true;
    this.emit();
    try {
      const { ackItems } = await this.options.send(batch);
      for (const ack of ackItems) {
        const item = this.answers.get(ack.questionId);
        if (!item) continue;
        // the server holds this seq (or a newer one from another device of the student's)
        const acked = Math.min(ack.seq, item.seq);
        if (acked > item.ackedSeq)
          this.answers.set(ack.questionId, { ...item, ackedSeq: acked, savedAt: ack.savedAt });
      }
      this.attempt = 0;
      this.connection = { kind: 'ok' };
      this.persist();
    } catch (error) {
      const reason = retryReason(error);
      if (reason !== null) {
        this.connection = { kind: 'offline', reason };
        const delays = this.options.retryDelaysMs;
        this.schedule(delays[Math.min(this.attempt, delays.length - 1)]!);
        this.attempt += 1;
      } else {
        // the exam is over for this student (time, submission) or the request was refused: what
        // is here stays in storage, and the page says why
        this.connection = { kind: 'closed', error };
      }
    } finally {
      this.sending = false;
      this.emit();
    }
    // changes made while the request was on its way
    if (this.connection.kind === 'ok' && this.unsaved().length > 0) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private persist(): void {
    this.store.write(this.answers);
  }

  private build(): QueueSnapshot {
    return {
      answers: new Map(this.answers),
      connection: this.connection,
      unsavedCount: this.unsaved().length,
      sending: this.sending,
    };
  }

  private emit(): void {
    this.snapshot = this.build();
    this.listeners.forEach((listener) => listener());
  }
}
