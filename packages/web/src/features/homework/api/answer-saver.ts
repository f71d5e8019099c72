import { ErrCode, isApiError } from '@dfrm/sdk';
import { retryReason } from '@/lib/retry-reason';
import type { MyWorkSaveResult, WorkAttachmentInput } from '@dfrm/sdk/tms';

/** What the student has written: the text (HTML) and the files, as updateMyWorkInfo takes them. */
export interface AnswerDraft {
  content: string;
  attachments: readonly WorkAttachmentInput[];
}

/** One save as sent: resending after a timeout sends exactly this again, request id included. */
export interface SaveRequest {
  requestId: string;
  revision: number;
  content: string;
  attachments: WorkAttachmentInput[];
  submit: boolean;
}

export type SaveStatus =
  /** Everything shown is stored on the server (savedAt: its time; null when never saved). */
  | { kind: 'saved'; savedAt: number | null }
  /** Changed; saved after a short pause in typing. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** Not acknowledged (timeout, network, server trouble): the same request goes again. */
  | { kind: 'retrying'; reason: string }
  /** The server refused the save (deadline, handed in elsewhere, too long): changes kept here only. */
  | { kind: 'failed'; error: unknown }
  /** Another tab or a group member saved first (errCode 7): this saver stops. */
  | { kind: 'conflict'; error: unknown };

export interface AnswerSaverSnapshot {
  draft: AnswerDraft;
  status: SaveStatus;
  /** A hand-in is on its way. */
  submitting: boolean;
}

export interface AnswerSaverOptions {
  /** The answer's revision on the server, as last read (getMyWorkInfo). */
  revision: number;
  savedAt: number | null;
  draft: AnswerDraft;
  send: (request: SaveRequest) => Promise<MyWorkSaveResult>;
  /** Pause after the last change before saving. */
  debounceMs?: number;
  /** Waits before each resend of an unacknowledged save; the last repeats. */
  retryDelaysMs?: readonly number[];
  onAck?: (ack: MyWorkSaveResult, request: SaveRequest) => void;
  /** `draft`: what the student had, which the server does not hold. */
  onConflict?: (error: unknown, draft: AnswerDraft) => void;
  /** An autosave the server refused (not a hand-in: submit() rejects with those). */
  onRefused?: (error: unknown, draft: AnswerDraft) => void;
  requestId?: () => string;
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000];
// After the page is gone an unacknowledged save is still sent again a few times.
const RETRIES_AFTER_DISPOSE = 3;

export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface Waiter {
  resolve: (ack: MyWorkSaveResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Keeps a student's answer on the server: saves a short while after each change, one request at
 * a time, each based on the revision the last acknowledgement gave. A save that got no answer
 * is sent again unchanged, with its request id, until the server answers: if the first one was
 * stored, the server replays its acknowledgement instead of writing twice. A save refused as
 * stale (errCode 7) stops the saver; the page reloads the server's answer and says so.
 */
export class AnswerSaver {
  private draft: AnswerDraft;
  private revision: number;
  private savedAt: number | null;
  /** Bumped by every change; `savedVersion` is the version the server has. */
  private version = 0;
  private savedVersion = 0;
  /** The request not yet acknowledged (in flight or waiting to be resent). */
  private pending: { request: SaveRequest; version: number } | null = null;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wake: (() => void) | null = null;
  private attempt = 0;
  private refused: unknown = null;
  private retrying: string | null = null;
  private conflict: unknown = null;
  private submitWaiter: Waiter | null = null;
  private disposed = false;
  private snapshot: AnswerSaverSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Omit<AnswerSaverOptions, 'onAck' | 'onConflict' | 'onRefused'>> &
    AnswerSaverOptions;

  constructor(options: AnswerSaverOptions) {
    this.options = {
      debounceMs: 2_000,
      retryDelaysMs: DEFAULT_RETRY_DELAYS,
      requestId: newRequestId,
      ...options,
    };
    this.draft = options.draft;
    this.revision = options.revision;
    this.savedAt = options.savedAt;
    this.snapshot = this.buildSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AnswerSaverSnapshot => this.snapshot;

  /** The answer has changes the server does not hold yet. */
  hasUnsaved(): boolean {
    return this.conflict === null && (this.version !== this.savedVersion || this.pending !== null);
  }

  /** The draft as the student last left it (for the page to keep when the saver stopped). */
  currentDraft(): AnswerDraft {
    return this.draft;
  }

  /** A change by the student: saved after the pause, or at once (`immediate`, e.g. a file added). */
  update(change: (draft: AnswerDraft) => AnswerDraft, { immediate = false } = {}): void {
    if (this.conflict !== null || this.submitWaiter) return;
    this.draft = change(this.draft);
    this.version += 1;
    this.schedule(immediate ? 0 : this.options.debounceMs);
    this.emit();
  }

  /** Saves now what is not saved yet; resolves once the server answered (or refused). */
  flush(): Promise<void> {
    this.clearTimer();
    this.wake?.();
    return this.pump();
  }

  /** flush(), giving up waiting after `ms` (the save itself goes on). */
  async flushWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.flush(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Resends a save waiting to be retried now (the student pressed 立即重试, or the network is back). */
  retryNow(): void {
    this.wake?.();
    if (this.refused !== null && !this.running) void this.flush();
  }

  /**
   * Hands the answer in: whatever is unsaved goes first, then the answer with submit. Rejects
   * with the server's refusal (nothing handed in); the draft stays as it was.
   */
  submit(): Promise<MyWorkSaveResult> {
    if (this.conflict !== null) return Promise.reject(this.conflict);
    if (this.submitWaiter) return Promise.reject(new Error('already submitting'));
    this.clearTimer();
    const done = new Promise<MyWorkSaveResult>((resolve, reject) => {
      this.submitWaiter = { resolve, reject };
    });
    this.emit();
    this.wake?.();
    void this.pump();
    return done;
  }

  /** Points the saver at the newest callbacks (a page's handlers change as it renders). */
  setHandlers(handlers: Pick<AnswerSaverOptions, 'onAck' | 'onConflict' | 'onRefused'>): void {
    this.options.onAck = handlers.onAck;
    this.options.onConflict = handlers.onConflict;
    this.options.onRefused = handlers.onRefused;
  }

  /** The page shows the saver (again: React's development mode mounts twice). */
  revive(): void {
    this.disposed = false;
  }

  /** The page is gone: save what is left now rather than after the pause. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) {
      this.clearTimer();
      if (this.hasUnsaved()) void this.pump();
    }
  }

  private schedule(ms: number) {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, ms);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): Promise<void> {
    this.running ??= this.loop().finally(() => {
      this.running = null;
      this.emit();
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    for (;;) {
      if (this.conflict !== null) return;
      if (!this.pending) {
        const submit = this.submitWaiter !== null;
        const changed = this.version !== this.savedVersion;
        // a change typed while the last save was out waits for its own pause, unless handing in
        if (!submit && (!changed || this.timer !== null)) return;
        this.pending = {
          version: this.version,
          request: {
            requestId: this.options.requestId(),
            revision: this.revision,
            content: this.draft.content,
            attachments: [...this.draft.attachments],
            // unsaved changes go first as a draft; then the hand-in, from an answer the server holds
            submit: submit && !changed,
          },
        };
      }
      const { request, version } = this.pending;
      this.emit();
      try {
        const ack = await this.options.send(request);
        this.pending = null;
        this.attempt = 0;
        this.retrying = null;
        this.refused = null;
        this.revision = ack.revision;
        this.savedAt = ack.savedAt;
        this.savedVersion = version;
        this.options.onAck?.(ack, request);
        if (request.submit) {
          const waiter = this.submitWaiter;
          this.submitWaiter = null;
          waiter?.resolve(ack);
          return;
        }
      } catch (error) {
        const reason = retryReason(error);
        if (reason !== null && !(this.disposed && this.attempt >= RETRIES_AFTER_DISPOSE)) {
          this.retrying = reason;
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
        this.pending = null;
        this.attempt = 0;
        this.retrying = null;
        const waiter = this.submitWaiter;
        this.submitWaiter = null;
        if (isApiError(error) && error.errCode === ErrCode.conflict) {
          this.conflict = error;
          this.clearTimer();
          waiter?.reject(error);
          this.options.onConflict?.(error, this.draft);
          return;
        }
        if (request.submit && waiter) {
          waiter.reject(error);
          return;
        }
        this.refused = error;
        waiter?.reject(error);
        this.options.onRefused?.(error, this.draft);
        return;
      }
    }
  }

  private buildSnapshot(): AnswerSaverSnapshot {
    let status: SaveStatus;
    if (this.conflict !== null) status = { kind: 'conflict', error: this.conflict };
    else if (this.retrying !== null) status = { kind: 'retrying', reason: this.retrying };
    else if (this.pending !== null) status = { kind: 'saving' };
    else if (this.refused !== null && this.version !== this.savedVersion)
      status = { kind: 'failed', error: this.refused };
    else if (this.version !== this.savedVersion) status = { kind: 'pending' };
    else status = { kind: 'saved', savedAt: this.savedAt };
    return { draft: this.draft, status, submitting: this.submitWaiter !== null };
  }

  private emit() {
    const next = this.buildSnapshot();
    const previous = this.snapshot;
    if (
      next.draft === previous.draft &&
      next.submitting === previous.submitting &&
      sameStatus(next.status, previous.status)
    )
      return;
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }
}

function sameStatus(a: SaveStatus, b: SaveStatus): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'saved' && b.kind === 'saved') return a.savedAt === b.savedAt;
  if (a.kind === 'retrying' && b.kind === 'retrying') return a.reason === b.reason;
  if ((a.kind === 'failed' || a.kind === 'conflict') && (b.kind === 'failed' || b.kind === 'conflict'))
    return a.error === b.error;
  return true;
}
