import * as z from 'zod/mini';

// The limits of specs/tms/course.yaml (CourseSaveBase, CourseSave), in words for people.
export const courseNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入课程名称'), z.maxLength(50, '课程名称最长 50 个字符'));
export const descriptionSchema = z.string().check(z.maxLength(2000, '课程简介最长 2000 个字符'));
export const dateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期'));
export const classIdsSchema = z
  .array(z.string())
  .check(z.minLength(1, '请至少选择一个行政班'), z.maxLength(50, '一门课程最多 50 个教学班'));

/** 结课日期 not before 开课日期 (both YYYY-MM-DD, so text order is date order). */
export function endDateError(startDate: string, endDate: string): string | undefined {
  if (!endDate) return '请选择结课日期';
  if (startDate && endDate < startDate) return '结课日期不能早于开课日期';
  return undefined;
}

export interface CourseFormValues {
  courseName: string;
  description: string;
  startDate: string;
  endDate: string;
  classIds: string[];
}
