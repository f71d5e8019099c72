import { type SQL, sql } from 'drizzle-orm';
import { courseWorks, studentWorks } from '../../db/schema/homework';
import { DAY_MS } from '../../lib/clock';

/** A work's late policy, as stored on course_works. */
export interface LatePolicy {
  endTime: number;
  totalScore: number;
  latePenaltyPerDay: number;
  lateScoreFloor: number;
}

/** Days late: every started day after the deadline counts; on time (or not handed in) is 0. */
export function lateDaysOf(submitTime: number | null, endTime: number): number {
  if (submitTime === null || submitTime <= endTime) return 0;
  return Math.ceil((submitTime - endTime) / DAY_MS);
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The final score of a teacher's (raw) score: each late day takes
 * `latePenaltyPerDay` % of the total off, never below `lateScoreFloor` % of
 * the total — unless the raw score was already lower, which then stands.
 */
export function scoreAfterPenalty(
  rawScore: number | null,
  submitTime: number | null,
  policy: LatePolicy,
): { score: number | null; lateDays: number; latePenalty: number } {
  const lateDays = lateDaysOf(submitTime, policy.endTime);
  if (rawScore === null) return { score: null, lateDays, latePenalty: 0 };
  const deducted = rawScore - (policy.totalScore * policy.latePenaltyPerDay * lateDays) / 100;
  const floor = Math.min(rawScore, (policy.totalScore * policy.lateScoreFloor) / 100);
  const score = oneDecimal(Math.max(deducted, floor, 0));
  return { score, lateDays, latePenalty: oneDecimal(rawScore - score) };
}

/**
 * The same final score in SQL over `student_works` joined with `course_works`
 * (for averages and sorting in the database), rounded to one decimal. A test
 * (late-policy.test.ts) checks that both agree.
 */
export function finalScoreSql(): SQL {
  const lateDays = sql`ceil(greatest(coalesce(${studentWorks.submitTime}, 0) - ${courseWorks.endTime}, 0) / ${DAY_MS}::numeric)`;
  return sql`round(greatest(${studentWorks.score}::numeric - ${courseWorks.totalScore} * ${courseWorks.latePenaltyPerDay} * ${lateDays} / 100.0, least(${studentWorks.score}::numeric, ${courseWorks.totalScore} * ${courseWorks.lateScoreFloor} / 100.0), 0), 1)`;
}
