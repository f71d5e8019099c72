// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';

// The limits of specs/tms/course-work.yaml (creatCourseGroup, previewGroupV2), worded for people.
export const groupSetNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入方案名称'), z.maxLength(50, '方案名称最长 50 个字符'));

export const maxMembersSchema = z
  .number('请输入每组人数上限')
  .check(z.int('每组人数上限须为整数'), z.gte(2, '每组至少 2 人'), z.lte(20, '每组最多 20 人'));

/** The first problem with a number of a preview (每组人数 2–20, 组数 1–200), in Chinese. */
export function previewNumberError(by: 'size' | 'count', value: number): string | undefined {
  const schema =
    by === 'size'
      ? z.number().check(z.int('每组人数须为整数'), z.gte(2, '每组至少 2 人'), z.lte(20, '每组最多 20 人'))
      : z.number().check(z.int('组数须为整数'), z.gte(1, '至少分 1 组'), z.lte(200, '最多分 200 组'));
  return z.safeParse(schema, value).error?.issues[0]?.message;
}
