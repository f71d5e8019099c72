// Deadlines and the late policy in the student's words. The rules are the server's
// (services/homework/late-policy.ts): every started day after the deadline counts as a day late;
// each takes latePenaltyPerDay % of the total off, never below lateScoreFloor % of the total.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface LatePolicy {
  allowLate: boolean;
  latePenaltyPerDay: number;
  lateScoreFloor: number;
  totalScore: number;
}

/** Scores to one decimal, without a trailing .0. */
export const formatPoints = (value: number) => String(Math.round(value * 10) / 10);

/**
 * 剩余 2 天 3 小时 / 剩余 5 小时 12 分钟 / 剩余 8 分钟 (with `seconds`: 剩余 8 分 5 秒), or 已截止.
 */
export function timeLeftText(msLeft: number, seconds = false): string {
  if (msLeft <= 0) return '已截止';
  const minutes = Math.floor(msLeft / MINUTE);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return `剩余 ${days} 天 ${hours} 小时`;
  if (hours > 0) return `剩余 ${hours} 小时 ${mins} 分钟`;
  if (seconds) {
    const secs = Math.floor(msLeft / 1000) % 60;
    return mins > 0 ? `剩余 ${mins} 分 ${secs} 秒` : `剩余 ${secs} 秒`;
  }
  return mins > 0 ? `剩余 ${mins} 分钟` : '剩余不到 1 分钟';
}

/** Days late of a hand-in at `at`: every started day after the deadline counts. */
export function lateDaysAt(at: number, endTime: number): number {
  return at <= endTime ? 0 : Math.ceil((at - endTime) / DAY);
}

/** The late policy in one short phrase, for a list row. */
export function latePolicyShort(policy: LatePolicy): string {
  if (!policy.allowLate) return '不可迟交';
  if (policy.latePenaltyPerDay === 0) return '可迟交，不扣分';
  return `可迟交，每天扣 ${policy.latePenaltyPerDay}%`;
}

/** The late policy in full, for the work's page. */
export function latePolicyText(policy: LatePolicy): string {
  if (!policy.allowLate) return '截止后不能再保存或提交。';
  if (policy.latePenaltyPerDay === 0) return '截止后仍可提交，记为迟交，不扣分。';
  const perDay = formatPoints((policy.totalScore * policy.latePenaltyPerDay) / 100);
  const floor =
    policy.lateScoreFloor > 0
      ? `，扣分后不低于满分的 ${policy.lateScoreFloor}%（${formatPoints((policy.totalScore * policy.lateScoreFloor) / 100)} 分）`
      : '';
  return `截止后仍可提交，记为迟交：每迟交一天（不足一天按一天）扣满分的 ${policy.latePenaltyPerDay}%（${perDay} 分）${floor}。`;
}

/** What handing in now, `lateDays` after the deadline, will cost: for the hand-in confirmation. */
export function latePenaltyNotice(policy: LatePolicy, lateDays: number): string {
  if (policy.latePenaltyPerDay === 0) return `现在提交将记为迟交 ${lateDays} 天，按规则不扣分。`;
  const percent = Math.min(policy.latePenaltyPerDay * lateDays, 100);
  const points = formatPoints((policy.totalScore * percent) / 100);
  const floor =
    policy.lateScoreFloor > 0
      ? `，但扣分后不低于 ${formatPoints((policy.totalScore * policy.lateScoreFloor) / 100)} 分`
      : '';
  return `现在提交将记为迟交 ${lateDays} 天，按规则从老师给的分中扣除满分的 ${percent}%（${points} 分）${floor}。`;
}
