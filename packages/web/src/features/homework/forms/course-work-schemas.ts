// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';
import { scoreAfterPenalty } from '@/features/homework/late-penalty';

// The limits of specs/tms/course-work.yaml (CourseWorkSaveRequest), worded for people.
export const workTitleSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入作业标题'), z.maxLength(100, '标题最长 100 个字符'));
export const workCourseSchema = z.string().check(z.minLength(1, '请选择课程'));
/** The contract asks for a class even for a draft: a work is always given to someone. */
export const workClassesSchema = z
  .array(z.string())
  .check(z.minLength(1, '请至少选择一个教学班'), z.maxLength(50, '最多选择 50 个教学班'));
export const workContentSchema = z.string().check(z.maxLength(20_000, '作业要求过长（最多 20000 个字符）'));
export const workInstantSchema = z
  .nullable(z.number())
  .check(z.refine((value) => value !== null, '请选择时间'));
export const totalScoreSchema = z
  .union([z.number(), z.string()])
  .check(
    z.refine(
      (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1000,
      '满分为 1 到 1000 的整数',
    ),
  );
export const percentSchema = z
  .union([z.number(), z.string()])
  .check(
    z.refine(
      (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100,
      '请输入 0 到 100 的整数',
    ),
  );

/** The deadline must come after the start (the server says the same). */
export function deadlineError(startTime: number | null, endTime: number | null): string | undefined {
  if (endTime === null) return '请选择截止时间';
  if (startTime !== null && endTime <= startTime) return '截止时间必须晚于开始时间';
  return undefined;
}

/** The best score a work handed in `days` late can get (the teacher's full score after the penalty). */
export function bestLateScore(total: number, perDay: number, floor: number, days: number): number {
  return scoreAfterPenalty(total, days, {
    totalScore: total,
    latePenaltyPerDay: perDay,
    lateScoreFloor: floor,
  }).score;
}

/**
 * One sentence with what the late policy does to a full score, e.g.
 * 迟交 1 天：满分 100 最多得 90；迟交 2 天：最多得 80；迟交 5 天及以上：最多得 50。
 */
export function latePolicyEffect(total: number, perDay: number, floor: number): string {
  if (!Number.isInteger(total) || total < 1) return '填写满分后，这里显示迟交的扣分效果。';
  if (perDay <= 0) return `迟交不扣分：迟交的作业按教师的评分计（满分 ${total}）。`;
  const floorScore = bestLateScore(total, perDay, floor, Number.POSITIVE_INFINITY);
  // the first day on which the floor (or zero) is reached
  const lastDay = Math.ceil((100 - Math.min(floor, 100)) / perDay);
  const parts = [`迟交 1 天：满分 ${total} 最多得 ${bestLateScore(total, perDay, floor, 1)}`];
  if (lastDay >= 3) parts.push(`迟交 2 天：最多得 ${bestLateScore(total, perDay, floor, 2)}`);
  if (lastDay >= 2) parts.push(`迟交 ${lastDay} 天及以上：最多得 ${floorScore}`);
  return `${parts.join('；')}。`;
}
