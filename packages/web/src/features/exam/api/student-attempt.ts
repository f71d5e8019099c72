import type { ExamSavedAnswer, ExaminerStatusSaveResponse } from '@dfrm/sdk/tms';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ExamAnswerQueue, type QueueSnapshot } from './answer-queue';
import { answerSender } from './student-exam-mutations';

// How long leaving the card waits for the last answers to be acknowledged before asking.
const LEAVE_WAIT_MS = 5_000;

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
