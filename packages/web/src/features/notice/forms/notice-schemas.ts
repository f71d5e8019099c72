// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';

/** Text a reader would see in the HTML (tags, entities and blanks aside), or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}

// The limits of specs/tms/announce.yaml (AnnounceSave), worded for people.
export const noticeTitleSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入通知标题'), z.maxLength(100, '标题最长 100 个字符'));
export const noticeCourseSchema = z.string().check(z.minLength(1, '请选择课程'));
export const noticeContentSchema = z
  .string()
  .check(z.refine(hasVisibleContent, '请输入通知内容'), z.maxLength(100_000, '通知内容过长'));
export const noticeClassesSchema = z.array(z.string()).check(z.maxLength(200, '最多选择 200 个教学班'));
/** Publishing needs a class that sees the notice; a draft may wait for its classes. */
export const noticePublishClassesSchema = z
  .array(z.string())
  .check(z.minLength(1, '发布通知至少要选择一个教学班'), z.maxLength(200, '最多选择 200 个教学班'));
/** The first problem with the classes of a notice about to be published, in Chinese. */
export function publishClassesError(teachingClassIds: readonly string[]): string | undefined {
  return z.safeParse(noticePublishClassesSchema, teachingClassIds).error?.issues[0]?.message;
}
