import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { classes, students } from '../../db/schema/school';
import { courses, teachingClasses, teachingClassStudents } from '../../db/schema/teaching';
import { DEMO_SCHOOL, type TestApp } from '../../testing/index';

/** Test helpers of the student domain: demo ids, courses written straight into the tables, .xlsx files. */

export async function userIdOf(t: TestApp, userName: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return row.id;
}

export async function classIdOf(t: TestApp, index: 0 | 1): Promise<number> {
  const [row] = await t.db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.name, DEMO_SCHOOL.classes[index]));
  if (!row) throw new Error('no class');
  return row.id;
}

export async function classPath(t: TestApp, index: 0 | 1) {
  const [row] = await t.db.select().from(classes).where(eq(classes.name, DEMO_SCHOOL.classes[index]));
  if (!row) throw new Error('no class');
  return `1/${row.collegeId}/${row.majorId}/${row.gradeId}/${row.id}`;
}

export async function studentIdOf(t: TestApp, studentNumber: string): Promise<number> {
  const [row] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, 1), eq(students.studentNumber, studentNumber)));
  if (!row) throw new Error(`no student ${studentNumber}`);
  return row.id;
}

/** student01 → 20260001 */
export function numberOf(n: number): string {
  return `2026${String(n).padStart(4, '0')}`;
}

/**
 * A course of `teacher` with one whole-class teaching class per administrative
 * class index, or with picked students (`picks`: student numbers) for one class.
 */
export async function addCourse(
  t: TestApp,
  teacher: string,
  classIndexes: (0 | 1)[],
  options: { name?: string; picks?: string[]; startDate?: string } = {},
): Promise<{ courseId: number; teachingClassIds: number[] }> {
  const now = t.clock.now();
  const [course] = await t.db
    .insert(courses)
    .values({
      schoolId: 1,
      teacherUserId: await userIdOf(t, teacher),
      name: options.name ?? `${teacher} 的课程`,
      startDate: options.startDate ?? '2026-02-23',
      endDate: '2026-07-10',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: courses.id });
  if (!course) throw new Error('course');
  const teachingClassIds: number[] = [];
  for (const index of classIndexes) {
    const [tc] = await t.db
      .insert(teachingClasses)
      .values({
        schoolId: 1,
        courseId: course.id,
        classId: await classIdOf(t, index),
        name: `${DEMO_SCHOOL.classes[index]}（${options.name ?? teacher}）`,
        wholeClass: options.picks === undefined,
        createdAt: now,
      })
      .returning({ id: teachingClasses.id });
    if (!tc) throw new Error('teaching class');
    teachingClassIds.push(tc.id);
    if (options.picks) {
      const picked = await t.db
        .select({ id: students.id })
        .from(students)
        .where(inArray(students.studentNumber, options.picks));
      await t.db
        .insert(teachingClassStudents)
        .values(picked.map((row) => ({ teachingClassId: tc.id, studentId: row.id })));
    }
  }
  return { courseId: course.id, teachingClassIds };
}

export const STUDENT_HEADERS = ['学号', '姓名', '性别', '账号', '手机号', '邮箱'];

/** An .xlsx as a teacher would fill in the template: header row, then the rows. */
export async function xlsx(
  rows: (string | number | null)[][],
  headers = STUDENT_HEADERS,
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学生名单');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

export function upload(data: Uint8Array, fileName = '学生名单.xlsx'): FormData {
  const form = new FormData();
  form.append('file', new File([data as Uint8Array<ArrayBuffer>], fileName));
  return form;
}
