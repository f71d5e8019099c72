/** A work's late policy as getCourseWorkInfo answers it. */
export interface LatePolicy {
  totalScore: number;
  latePenaltyPerDay: number;
  lateScoreFloor: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The final score of a teacher's score, shown while the teacher types it: each late day takes
 * `latePenaltyPerDay` % of the total off, never below `lateScoreFloor` % of the total unless the
 * teacher's score is already lower. The server's rule (services/homework/late-policy.ts) decides
 * what is stored; the grading test checks that the figure shown here is the one it saves.
 */
export function scoreAfterPenalty(
  rawScore: number,
  lateDays: number,
  policy: LatePolicy,
): { score: number; latePenalty: number } {
  const deducted = rawScore - (policy.totalScore * policy.latePenaltyPerDay * lateDays) / 100;
  const floor = Math.min(rawScore, (policy.totalScore * policy.lateScoreFloor) / 100);
  const score = oneDecimal(Math.max(deducted, floor, 0));
  return { score, latePenalty: oneDecimal(rawScore - score) };
}

/** The late policy in words, for the work's header. */
export function latePolicyText(work: LatePolicy & { allowLate: boolean }): string {
  if (!work.allowLate) return '截止后不接受提交';
  if (work.latePenaltyPerDay === 0) return '允许迟交，不扣分';
  const floor = work.lateScoreFloor > 0 ? `，最低保留满分的 ${work.lateScoreFloor}%` : '';
  return `允许迟交，每迟交一天扣满分的 ${work.latePenaltyPerDay}%${floor}`;
}
