import { ErrCode, isApiError } from '@dfrm/sdk';
import type { QuizAnswerAck, QuizProgress } from '@dfrm/sdk/tms';
import type { AnswerStore } from '@/lib/answer-store';
import { retryReason } from '@/lib/retry-reason';

// A quiz answer is saved question by question with fill/answer, with the question's edit number
// (`seq`, counted on from the server's `mySeq`): the server keeps only a newer edit, so a request
// that timed out and arrives late never overwrites a newer answer. The saver sends one request at
// a time, and an unacknowledged one is sent again with the question's latest answer (the same
// write, or a newer one) until the server answers. Each change is written to the browser's storage
// first (lib/answer-store.ts): after a reload or a crash of the tab, what the server had not
// acknowledged is sent again as the paper opens.

export type QuestionSaveStatus =
  /** The server holds the answer shown (acknowledged, or read from the server). */
  | { kind: 'saved' }
  /** Changed; saved after a short pause. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** No answer from the server (timeout, network, server trouble): sent again. */
  | { kind: 'retrying'; reason: string }
  /** The server refused this answer (wrong format, …): kept here, sent again on 重试. */
  | { kind: 'failed'; error: unknown };

export interface QuizSaverSnapshot {
  /** The answer of each question the student touched or whose saved answer was read. */
  answers: ReadonlyMap<string, readonly string[]>;
  statuses: ReadonlyMap<string, QuestionSaveStatus>;
  /** Questions whose latest answer the server does not hold. */
  unsavedCount: number;
  /** The server refused saving at all (handed in, time up, quiz ended): nothing more is sent. */
  closed: unknown;
}

export interface QuizAnswerSaverOptions {
  send: (quId: string, answer: string[], seq: number) => Promise<QuizAnswerAck>;
  /** Pause after the last change of a question before saving it. */
  debounceMs?: number;
  /** Waits before each resend of an unacknowledged save; the last repeats. */
  retryDelaysMs?: readonly number[];
  onAck?: (progress: QuizProgress, quId: string) => void;
  /** The paper no longer takes answers (errCode 1: handed in, past the deadline, quiz ended). */
  onClosed?: (error: unknown) => void;
  /** Where changes wait in the browser (none: in memory only). */
  store?: AnswerStore | null;
}

interface Entry {
  answer: string[];
  /** The edit number of `answer`, bumped by each change; `savedSeq`: what the server holds. */
  seq: number;
  savedSeq: number;
  timer: ReturnType<typeof setTimeout> | null;
  retrying: string | null;
  refused: unknown;
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000];
// After the page is gone an unacknowledged save is still sent again a few times.
const RETRIES_AFTER_DISPOSE = 3;

export class QuizAnswerSaver {
  private readonly entries = new Map<string, Entry>();
  private inFlight: string | null = null;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private attempt = 0;
  private closed: unknown = null;
  private stopped = false;
  private disposed = false;
  private snapshot: QuizSaverSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly options: QuizAnswerSaverOptions & { debounceMs: number; retryDelaysMs: readonly number[] };

  constructor(options: QuizAnswerSaverOptions) {
    this.options = { debounceMs: 1_000, retryDelaysMs: DEFAULT_RETRY_DELAYS, ...options };
    // what an earlier visit left: shown at once, and the unacknowledged answers go when the page
    // shows the saver (revive)
    for (const [quId, stored] of options.store?.read() ?? []) {
      this.entries.set(quId, {
        answer: stored.answer,
        seq: stored.seq,
        savedSeq: stored.ackedSeq,
        timer: null,
        retrying: null,
        refused: null,
      });
    }
    this.snapshot = this.buildSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QuizSaverSnapshot => this.snapshot;

  /**
   * The answer the server holds for a question and its seq, as read (qu/detail). A change here the
   * server has not acknowledged wins; an answer this browser kept that the server has a later edit
   * of (made in another window) gives way to the server's.
   */
  load(quId: string, answer: readonly string[], seq: number): void {
    const entry = this.entries.get(quId);
    if (entry && (entry.seq !== entry.savedSeq || entry.seq >= seq)) return;
    this.entries.set(quId, {
      answer: [...answer],
      seq,
      savedSeq: seq,
      timer: null,
      retrying: null,
      refused: null,
    });
    this.persist();
    this.emit();
  }

  /** The paper was handed in: the copy kept in the browser goes. */
  forget(): void {
    this.options.store?.forget();
  }

  /** A change by the student: saved after the pause (`immediate`: at once, e.g. a choice clicked). */
  update(quId: string, answer: readonly string[], { immediate = false } = {}): void {
    if (this.stopped || this.closed !== null) return;
    // changed before its saved answer was read: the server says which seq it holds (see loop)
    const entry = this.entries.get(quId) ?? {
      answer: [],
      seq: 0,
      savedSeq: 0,
      timer: null,
      retrying: null,
      refused: null,
    };
    entry.answer = [...answer];
    entry.seq += 1;
    entry.refused = null;
    this.entries.set(quId, entry);
    this.persist();
    this.arm(entry, immediate ? 0 : this.options.debounceMs);
    this.emit();
  }

  /** Some answer shown is not held by the server yet. */
  hasUnsaved(): boolean {
    for (const entry of this.entries.values()) if (entry.seq !== entry.savedSeq) return true;
    return false;
  }

  /** Sends now every change not saved yet; resolves once the server answered each (or refused). */
  flush(): Promise<void> {
    for (const entry of this.entries.values()) this.clearTimer(entry);
    this.wake?.();
    return this.pump();
  }

  /** flush(), giving up waiting after `ms` (the saves go on). */
  async flushWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.flush(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** 立即重试 or the network is back: resend what waits for a retry, and what was refused. */
  retryNow(): void {
    for (const entry of this.entries.values()) entry.refused = null;
    this.emit();
    void this.flush();
  }

  /** No more changes (the deadline passed, the paper is being handed in); saves on their way go on. */
  stop(): void {
    this.stopped = true;
  }

  /** Changes are taken again (a hand-in the student cancelled, or the server refused). */
  resume(): void {
    this.stopped = false;
  }

  setHandlers(handlers: Pick<QuizAnswerSaverOptions, 'onAck' | 'onClosed'>): void {
    this.options.onAck = handlers.onAck;
    this.options.onClosed = handlers.onClosed;
  }

  /**
   * The page shows the saver (again: React's development mode mounts twice): what waits, such as
   * the answers an earlier visit left unacknowledged, goes now.
   */
  revive(): void {
    this.disposed = false;
    if (this.hasUnsaved() && this.closed === null) void this.pump();
  }

  /** The page is gone: what waits for its pause goes now. */
  dispose(): void {
    this.disposed = true;
    if (this.hasUnsaved()) void this.flush();
  }

  private arm(entry: Entry, ms: number) {
    this.clearTimer(entry);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.pump();
    }, ms);
  }

  private clearTimer(entry: Entry) {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = null;
  }

  private pump(): Promise<void> {
    this.running ??= this.loop().finally(() => {
      this.running = null;
      this.emit();
    });
    return this.running;
  }

  /** The next question to send: changed, its pause over, not refused (until 重试). */
  private next(): [string, Entry] | null {
    for (const item of this.entries) {
      const entry = item[1];
      if (entry.seq !== entry.savedSeq && entry.timer === null && entry.refused === null) return item;
    }
    return null;
  }

  private async loop(): Promise<void> {
    for (;;) {
      if (this.closed !== null) return;
      const item = this.next();
      if (!item) return;
      const [quId, entry] = item;
      const seq = entry.seq;
      this.inFlight = quId;
      this.emit();
      try {
        const ack = await this.options.send(quId, entry.answer, seq);
        this.attempt = 0;
        entry.retrying = null;
        this.inFlight = null;
        if (ack.applied || ack.seq === seq) {
          // written now, or by an earlier send of the same edit that reached the server after all
          entry.savedSeq = Math.max(entry.savedSeq, seq);
        } else if (entry.seq === seq) {
          // the server holds a later seq (the student changed this question in another window):
          // the answer shown here is the student's latest and goes again, after it
          entry.seq = ack.seq + 1;
        }
        this.persist();
        this.options.onAck?.(ack, quId);
      } catch (error) {
        this.inFlight = null;
        const reason = retryReason(error);
        if (reason !== null && !(this.disposed && this.attempt >= RETRIES_AFTER_DISPOSE)) {
          entry.retrying = reason;
          const delays = this.options.retryDelaysMs;
          const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 1_000;
          this.attempt += 1;
          this.emit();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = null;
          continue;
        }
        this.attempt = 0;
        entry.retrying = null;
        if (isApiError(error) && error.errCode === ErrCode.refused) {
          this.closed = error;
          this.stopped = true;
          this.emit();
          this.options.onClosed?.(error);
          return;
        }
        entry.refused = error;
        this.emit();
      }
    }
  }

  private statusOf(quId: string, entry: Entry): QuestionSaveStatus {
    if (entry.seq === entry.savedSeq) return { kind: 'saved' };
    if (entry.retrying !== null) return { kind: 'retrying', reason: entry.retrying };
    if (this.inFlight === quId) return { kind: 'saving' };
    if (entry.refused !== null) return { kind: 'failed', error: entry.refused };
    if (this.closed !== null) return { kind: 'failed', error: this.closed };
    return { kind: 'pending' };
  }

  private buildSnapshot(): QuizSaverSnapshot {
    const answers = new Map<string, readonly string[]>();
    const statuses = new Map<string, QuestionSaveStatus>();
    let unsavedCount = 0;
    for (const [quId, entry] of this.entries) {
      answers.set(quId, entry.answer);
      const status = this.statusOf(quId, entry);
      statuses.set(quId, status);
      if (status.kind !== 'saved') unsavedCount += 1;
    }
    return { answers, statuses, unsavedCount, closed: this.closed };
  }

  private persist() {
    const stored = [...this.entries].map(
      ([quId, entry]) =>
        [quId, { answer: entry.answer, seq: entry.seq, ackedSeq: entry.savedSeq, savedAt: null }] as const,
    );
    this.options.store?.write(stored);
  }

  private emit() {
    this.snapshot = this.buildSnapshot();
    this.listeners.forEach((listener) => listener());
  }
}
