import type {
  ExamSavedAnswer,
  ExaminerResultsSubmitResponse,
  ExaminerStatusSaveResponse,
} from '@dfrm/sdk/tms';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { retryReason } from '@/lib/retry-reason';
import { ExamAnswerQueue, type QueueSnapshot } from './answer-queue';
import { answerSender, refreshAfterSubmit, submitExam } from './student-exam-mutations';
import { studentExamKeys } from './student-exam-queries';

// How long leaving the card waits for the last answers to be acknowledged before asking.
const LEAVE_WAIT_MS = 5_000;
// How long 交卷 waits for answers on their way before it sends them with the submission itself.
const SUBMIT_WAIT_MS = 10_000;
// Between tries of the submission at the deadline while the server cannot be reached.
const DUE_RETRY_MS = 5_000;

export interface AttemptQueueOptions {
  examId: string;
  userId: string;
  /** What the server holds (examiner/get's savedAnswers): merged whenever it arrives. */
  savedAnswers: readonly ExamSavedAnswer[];
  /** Every acknowledgement carries the attempt's timing (a deadline moved by extra time); taken once. */
  onTiming: (saved: ExaminerStatusSaveResponse) => void;
  /** Asked before leaving while answers are not acknowledged; true to leave. */
  confirmLeave: (unsavedCount: number) => Promise<boolean>;
}

/**
 * Sends what waits and resolves once the server acknowledged everything, the network failed, or
 * `ms` passed (a request already on its way is waited for, unlike a bare flush).
 */
export function sendWaiting(queue: ExamAnswerQueue, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const { sending, unsavedCount, connection } = queue.getSnapshot();
      if (!sending && (unsavedCount === 0 || connection.kind !== 'ok')) done();
    };
    const unsubscribe = queue.subscribe(check);
    const timer = setTimeout(() => done(), ms);
    function done() {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    }
    void queue.flush().then(check);
  });
}

/**
 * The exam's answer queue for as long as the card is shown: answers go to the browser's storage
 * first and then to the server (answer-queue.ts). Hiding the tab or leaving the page sends what
 * waits at once; leaving the card within the app waits a moment for it and asks when it could
 * not be sent (the answers stay in this browser and go with the next visit); closing the tab with
 * unsent answers asks the browser's way.
 */
export function useAttemptQueue({
  examId,
  userId,
  savedAnswers,
  onTiming,
  confirmLeave,
}: AttemptQueueOptions): { queue: ExamAnswerQueue; snapshot: QueueSnapshot } {
  // made once for the card: its exam, student and timing handler are those of the first render
  const [queue] = useState(
    () => new ExamAnswerQueue({ examId, userId, send: answerSender(examId, onTiming) }),
  );

  useEffect(() => {
    queue.merge(savedAnswers);
  }, [queue, savedAnswers]);

  useEffect(() => {
    queue.revive();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void queue.flush();
    };
    const onLeave = () => void queue.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      // what waits for its pause goes now, before the queue stops
      void queue.flush();
      queue.dispose();
    };
  }, [queue]);

  const pending = () => queue.getSnapshot().connection.kind !== 'closed' && queue.unsaved().length > 0;
  useBlocker({
    shouldBlockFn: async () => {
      if (!pending()) return false;
      await sendWaiting(queue, LEAVE_WAIT_MS);
      if (!pending()) return false;
      return !(await confirmLeave(queue.unsaved().length));
    },
    enableBeforeUnload: pending,
  });

  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, snapshot };
}

export type SubmitState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'failed'; error: unknown };

/**
 * Submitting the attempt, once: `submitNow` when the student hands in (after their confirmation),
 * and by itself as soon as `due` (the deadline passed by the server's clock), again while the
 * server cannot be reached; 30 s after the deadline the server submits what it saved by itself
 * and answers that result. Each submission carries the changes the server has not acknowledged.
 * A refusal (submitted elsewhere, the time up) asks for the status again, which tells the page.
 */
export function useSubmission({
  queue,
  examId,
  due,
  onSubmitted,
}: {
  queue: ExamAnswerQueue;
  examId: string;
  due: boolean;
  onSubmitted: (result: ExaminerResultsSubmitResponse) => void;
}): { state: SubmitState; submitNow: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const done = useRef(false);
  // the caller's handler may be a new function each render; a new one must not submit again
  const handler = useRef(onSubmitted);
  useEffect(() => {
    handler.current = onSubmitted;
  }, [onSubmitted]);

  const finish = useCallback(
    (result: ExaminerResultsSubmitResponse) => {
      if (done.current) return;
      done.current = true;
      queue.submitted();
      handler.current(result);
      void refreshAfterSubmit(queryClient, examId);
    },
    [queue, queryClient, examId],
  );

  const failed = useCallback(
    (error: unknown) => {
      setState({ kind: 'failed', error });
      if (retryReason(error) === null)
        void queryClient.invalidateQueries({ queryKey: studentExamKeys.status(examId) });
    },
    [queryClient, examId],
  );

  useEffect(() => {
    if (!due) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      setState({ kind: 'submitting' });
      try {
        const result = await submitExam(examId, queue.unsaved(), true);
        if (!cancelled) finish(result);
      } catch (error) {
        if (cancelled) return;
        failed(error);
        if (retryReason(error) !== null) timer = setTimeout(() => void attempt(), DUE_RETRY_MS);
      }
    };
    void attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [due, examId, queue, finish, failed]);

  const submitNow = useCallback(async () => {
    setState({ kind: 'submitting' });
    // answers on their way are acknowledged first; what is still unsent goes with the submission
    await sendWaiting(queue, SUBMIT_WAIT_MS);
    try {
      finish(await submitExam(examId, queue.unsaved(), false));
    } catch (error) {
      failed(error);
    }
  }, [queue, examId, finish, failed]);

  return { state, submitNow };
}
