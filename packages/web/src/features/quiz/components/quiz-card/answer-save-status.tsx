import { progressLine, type SaveLine, SaveStateLine } from '@/components/feedback/save-state-line';
import { errorMessage } from '@/shared/error-notifications';
import type { QuestionSaveStatus } from '@/features/quiz/api/student-answer-saver';

function lineOf(status: QuestionSaveStatus, answered: boolean, onRetry: () => void): SaveLine {
  switch (status.kind) {
    case 'saved':
      return answered ? { tone: 'saved', text: '已保存' } : { tone: 'empty', text: '未作答' };
    case 'pending':
    case 'saving':
    case 'retrying':
      return progressLine(status, onRetry);
    case 'failed':
      return {
        tone: 'refused',
        text: `未保存：${errorMessage(status.error)}`,
        action: { label: '重试', onClick: onRetry },
      };
  }
}

/**
 * This question's answer, in a live region: 已保存 only once the server acknowledged it (or it was
 * read from the server), 保存中…, or 未保存 with the reason and 重试.
 */
export function AnswerSaveStatus({
  status,
  answered,
  onRetry,
}: {
  status: QuestionSaveStatus;
  answered: boolean;
  onRetry: () => void;
}) {
  return <SaveStateLine line={lineOf(status, answered, onRetry)} label="本题保存状态" />;
}
