import { progressLine, type SaveLine, SaveStateLine } from '@/components/feedback/save-state-line';
import type { SaveStatus } from '@/features/homework/api/answer-saver';
import { serverNow } from '@/lib/server-clock';
import { errorMessage } from '@/shared/error-notifications';

const pad = (n: number) => String(n).padStart(2, '0');

/** 12:03 for a time today (the server's today), 3月2日 12:03 for another day. */
export function formatSavedAt(savedAt: number, now: number = serverNow()): string {
  const saved = new Date(savedAt);
  const today = new Date(now);
  const time = `${pad(saved.getHours())}:${pad(saved.getMinutes())}`;
  return saved.toDateString() === today.toDateString()
    ? time
    : `${saved.getMonth() + 1}月${saved.getDate()}日 ${time}`;
}

function lineOf(status: SaveStatus, onRetry: () => void): SaveLine {
  switch (status.kind) {
    case 'saved':
      return {
        tone: 'saved',
        text: status.savedAt === null ? '尚未保存过答案' : `已保存 ${formatSavedAt(status.savedAt)}`,
      };
    case 'pending':
    case 'saving':
    case 'retrying':
      return progressLine(status, onRetry);
    case 'failed':
    case 'conflict':
      return { tone: 'refused', text: `未保存：${errorMessage(status.error)}` };
  }
}

/**
 * Where the answer stands, in a live region: 已保存 12:03 / 保存中… / 未保存：网络错误，正在重试.
 * The time is the server's acknowledgement: only then is the answer safe.
 */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return <SaveStateLine line={lineOf(status, onRetry)} />;
}
