import { type SaveLine, SaveStateLine } from '@/components/feedback/save-state-line';
import type { QueueSnapshot } from '@/features/exam/api/answer-queue';
import { errorMessage } from '@/shared/error-notifications';

const pad = (n: number) => String(n).padStart(2, '0');

function timeOf(instant: number): string {
  const date = new Date(instant);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export type AnswerSaveState =
  | { kind: 'empty' }
  | { kind: 'saved'; savedAt: number | null }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'refused'; error: unknown };

/**
 * One question's answer as the queue holds it: 已保存 only once the server acknowledged its
 * latest change; unacknowledged, 保存中… while the network works, 未保存（离线） while it does not.
 */
export function answerSaveState(
  snapshot: QueueSnapshot,
  questionId: string,
  online: boolean,
): AnswerSaveState {
  const item = snapshot.answers.get(questionId);
  if (!item) return { kind: 'empty' };
  if (item.ackedSeq >= item.seq) return { kind: 'saved', savedAt: item.savedAt };
  if (snapshot.connection.kind === 'closed') return { kind: 'refused', error: snapshot.connection.error };
  if (!online || snapshot.connection.kind === 'offline') return { kind: 'offline' };
  return { kind: 'saving' };
}

function lineOf(state: AnswerSaveState): SaveLine {
  switch (state.kind) {
    case 'empty':
      return { tone: 'empty', text: '未作答' };
    case 'saved':
      return { tone: 'saved', text: state.savedAt === null ? '已保存' : `已保存 ${timeOf(state.savedAt)}` };
    case 'saving':
      return { tone: 'saving', text: '保存中…' };
    case 'offline':
      return { tone: 'offline', text: '未保存（离线）' };
    case 'refused':
      return { tone: 'refused', text: `未保存：${errorMessage(state.error)}` };
  }
}

/** The current question's save state, in a live region. */
export function AnswerSaveStateLine({ state }: { state: AnswerSaveState }) {
  return <SaveStateLine line={lineOf(state)} />;
}
