import * as z from 'zod/mini';

// The limits of specs/tms/courseware.yaml (CourseWareUpload), worded for people.
export const coursewareNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入课件名称'), z.maxLength(100, '课件名称最长 100 个字符'));
export const coursewareDescriptionSchema = z.string().check(z.maxLength(1000, '课件说明最长 1000 个字符'));
export const coursewareCourseSchema = z.string().check(z.minLength(1, '请选择课程'));

/** A courseware goes to at least one class of its course, when the course has any. */
export function coursewareClassesError(
  teachingClassIds: readonly string[],
  classCount: number,
): string | undefined {
  return classCount > 0 && teachingClassIds.length === 0 ? '请至少选择一个共享的教学班' : undefined;
}
