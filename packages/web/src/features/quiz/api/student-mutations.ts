import {
  type QuizAnswerAck,
  type QuizPaper,
  type QuizProgress,
  quizPaperCheckProcess,
  quizPaperCreate,
  quizPaperFillAnswer,
  quizPaperHandIn,
} from '@dfrm/sdk/tms';
import { mutationOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { studentQuizKeys } from './student-queries';

/** fill/answer for one paper: the saver's way to the server. */
export function sendQuizAnswer(paperId: string) {
  return (quId: string, answer: string[], seq: number): Promise<QuizAnswerAck> =>
    quizPaperFillAnswer({ body: { paperId, quId, answer, seq } });
}

/** check/process before 交卷: what the server holds as answered (the paper may be handed in already). */
export function checkPaperProgress(paperId: string): Promise<QuizProgress> {
  return quizPaperCheckProcess({ body: { paperId } });
}

/** 开始作答 / 继续作答: the student's paper of the quiz (the one in progress when there is one). */
export const createPaperMutation = () =>
  mutationOptions({
    mutationFn: (quizId: string): Promise<QuizPaper> => quizPaperCreate({ body: { quizId } }),
    // the page tells why it cannot start (not open yet, ended, handed in) next to the button
    meta: { silentError: true, invalidates: [studentQuizKeys.all] },
  });

/** 交卷: graded at once; the lists, statistics and the course's counts change. */
export const handInMutation = () =>
  mutationOptions({
    mutationFn: (paperId: string) => quizPaperHandIn({ body: { paperId } }),
    meta: { invalidates: [QUERY_ROOTS.quiz] },
  });
