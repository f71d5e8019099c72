import {
  type ExamAnswerInput,
  type ExaminerStatusSaveResponse,
  examinerGet,
  examinerResultsSubmit,
  examinerStatusSave,
} from '@dfrm/sdk/tms';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { observeServerTime } from '@/lib/server-clock';
import { examPaperQuery, studentExamKeys } from './student-exam-queries';

/**
 * 开始考试 / 继续考试 on the notice page: examiner/get starts the attempt (or continues it) and
 * answers the paper, which the card then opens on without asking again.
 */
export const enterExamMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...studentExamKeys.all, 'enter'],
    mutationFn: async (examId: string) => {
      const paper = await examinerGet({ body: { examId } });
      observeServerTime(paper.serverTime);
      return paper;
    },
    onSuccess: async (paper) => {
      queryClient.setQueryData(examPaperQuery(paper.examId).queryKey, paper);
      // the status, the check and the list now say 作答中
      await Promise.all(
        [
          studentExamKeys.status(paper.examId),
          studentExamKeys.check(paper.examId),
          studentExamKeys.lists,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    // the notice page shows why (考试已结束 …) next to the button
    meta: { silentError: true },
  });

/** results/submit with the changes the server has not acknowledged; `auto` when the countdown ran out. */
export function submitExam(examId: string, answers: ExamAnswerInput[], auto: boolean) {
  return examinerResultsSubmit({ body: { examId, answers, auto } });
}

/** After a submission the paper is the server's: the status, the result and the list change. */
export async function refreshAfterSubmit(queryClient: QueryClient, examId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: studentExamKeys.paper(examId) });
  await queryClient.invalidateQueries({ queryKey: studentExamKeys.all });
}

/** status/save for the answer queue; every answer carries the attempt's timing back. */
export function answerSender(examId: string, onTiming: (saved: ExaminerStatusSaveResponse) => void) {
  return async (answers: ExamAnswerInput[]) => {
    const saved = await examinerStatusSave({ body: { examId, answers, clientTime: Date.now() } });
    observeServerTime(saved.serverTime);
    onTiming(saved);
    return saved;
  };
}
