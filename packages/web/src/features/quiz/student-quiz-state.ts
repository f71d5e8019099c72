import type { QuizBrief, QuizMyState } from '@dfrm/sdk/tms';

/** Where a quiz stands for the student, as the list and the quiz card show it. */
export type StudentQuizState =
  | 'upcoming' // published, before its start time
  | 'open' // can be started now
  | 'answering' // the student's paper is in progress (and the quiz still open)
  | 'handedIn' // the student's paper is handed in (by them or the system)
  | 'missed'; // ended without a paper handed in

export const STUDENT_QUIZ_STATE: Record<StudentQuizState, { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'gray' },
  open: { label: '可作答', color: 'blue' },
  answering: { label: '作答中', color: 'orange' },
  handedIn: { label: '已交卷', color: 'teal' },
  missed: { label: '已结束未作答', color: 'red' },
};

/** By the server's clock `now`: a quiz past its end time counts as ended even before the server says so. */
export function studentQuizState(quiz: QuizBrief & QuizMyState, now: number): StudentQuizState {
  if (quiz.myPaperStatus === 1 || quiz.myPaperStatus === 2) return 'handedIn';
  const ended = quiz.status === 2 || now >= quiz.endTime;
  if (quiz.myPaperStatus === 0) return ended ? 'handedIn' : 'answering';
  if (ended) return 'missed';
  return now < quiz.startTime ? 'upcoming' : 'open';
}
