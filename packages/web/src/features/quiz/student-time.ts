// The student's quiz pages count and show time by the server's clock (lib/server-clock.ts).

/**
 * How long after a paper's deadline the server still takes a save, and then hands the paper in
 * itself (specs/tms/quiz.yaml fill/answer: 30 s). The page waits this long, and a second more,
 * before it asks the server whether the paper was handed in.
 */
export const HAND_IN_GRACE_MS = 31_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 12:05 or 1:02:05 left (the countdown), 0:00 once the time is up. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The same for a screen reader: 12 分 5 秒. */
export function countdownSpoken(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours ? `${hours} 小时` : '', minutes ? `${minutes} 分` : '', `${seconds} 秒`]
    .filter(Boolean)
    .join(' ');
}

/** 20 分钟, or 不限时 (only the end time limits the paper). */
export function durationText(minutes: number): string {
  return minutes > 0 ? `${minutes} 分钟` : '不限时（以截止时间为准）';
}

/** 12 min 5 s style duration of a handed-in paper: 12 分 5 秒. */
export function usedTimeText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} 分 ${seconds % 60} 秒` : `${seconds} 秒`;
}

/** Scores to one decimal, without a trailing .0. */
export const formatScore = (value: number) => String(Math.round(value * 10) / 10);

/** An answer as the student reads it: A、C / 正确 / 错误 / the blanks joined. */
export function answerText(type: 1 | 2 | 3 | 4, answer: readonly string[] | null): string {
  if (!answer || answer.length === 0) return '未作答';
  if (type === 3) return answer[0] === 'true' ? '正确' : '错误';
  if (type === 4) return answer.map((blank, index) => `第 ${index + 1} 空：${blank || '（空）'}`).join('；');
  return [...answer].sort().join('、');
}

/** Whether an answer says anything (blanks left empty do not). */
export function isAnswered(answer: readonly string[] | undefined): boolean {
  return !!answer && answer.some((item) => item.trim() !== '');
}
