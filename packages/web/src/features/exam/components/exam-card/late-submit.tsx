import type { ExaminerResultsSubmitResponse } from '@dfrm/sdk/tms';
import { Alert, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { errorMessage } from '@/shared/error-notifications';
import { useAttemptQueue, useSubmission } from '@/features/exam/api/student-attempt';
import { forgetFlags } from './question-flags';

const NOTHING_SAVED: [] = [];
const ignoreTiming = () => {};
const leaveFreely = () => Promise.resolve(true);

/**
 * An attempt whose time ran out while the card was not open (the server no longer hands out the
 * paper): the changes this browser still holds go with the submission, which the server takes
 * within the 30 s after the deadline; later it answers the paper it submitted by itself.
 */
export function LateSubmit({
  examId,
  userId,
  reason,
  onSubmitted,
}: {
  examId: string;
  userId: string;
  /** The server's words for why the paper is closed. */
  reason: string;
  onSubmitted: (result: ExaminerResultsSubmitResponse) => void;
}) {
  const { queue } = useAttemptQueue({
    examId,
    userId,
    savedAnswers: NOTHING_SAVED,
    onTiming: ignoreTiming,
    confirmLeave: leaveFreely,
  });
  const { state } = useSubmission({
    queue,
    examId,
    due: true,
    onSubmitted: (result) => {
      forgetFlags(userId, examId);
      onSubmitted(result);
    },
  });
  return (
    <>
      <Title order={1} fz="h2">
        作答时间已到
      </Title>
      <Alert color="orange" icon={<IconClockExclamation size={18} aria-hidden />} title="不能继续作答">
        {reason}。
        {state.kind === 'failed'
          ? `正在交卷，暂时没有成功（${errorMessage(state.error)}），稍后自动重试。`
          : '正在用已保存的答案交卷，稍后这里会显示结果。'}
      </Alert>
    </>
  );
}
