import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolMembers, students } from '../../db/schema/school';
import { type CourseRow, courses, teachingClasses, teachingClassStudents } from '../../db/schema/teaching';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthedContext } from '../context';

export type { CourseRow };

export const COURSE_NOT_FOUND_MESSAGE = '课程不存在';
export const NOT_COURSE_TEACHER_MESSAGE = '您不是该课程的任课教师';
export const TEACHING_CLASS_NOT_FOUND_MESSAGE = '教学班不存在';
export const NOT_TEACHING_CLASS_TEACHER_MESSAGE = '您不是该教学班的任课教师';

/**
 * Membership of teaching classes, shared by courses, notices and courseware.
 * A teaching class with `wholeClass` holds every student of its administrative
 * class; otherwise exactly its rows in teaching_class_students.
 */

/** Whether the user is a school manager of the school (they may read every course of it). */
export async function isSchoolManager(db: Db, schoolId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        eq(schoolMembers.userId, userId),
        eq(schoolMembers.role, 'schoolManager'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A condition "the student row `students` is a member of the teaching class
 * `teachingClasses`", for queries joining both tables.
 */
export function studentInTeachingClass() {
  return or(
    and(eq(teachingClasses.wholeClass, true), eq(students.classId, teachingClasses.classId)),
    and(
      eq(teachingClasses.wholeClass, false),
      sql`exists (select 1 from ${teachingClassStudents} where ${teachingClassStudents.teachingClassId} = ${teachingClasses.id} and ${teachingClassStudents.studentId} = ${students.id})`,
    ),
  );
}

/** The teaching classes a student account is in, in a school (active students only). */
export async function teachingClassIdsOfStudentUser(
  ctx: { db: Db },
  schoolId: number,
  userId: number,
): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ id: teachingClasses.id })
    .from(students)
    .innerJoin(teachingClasses, eq(teachingClasses.schoolId, students.schoolId))
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.userId, userId),
        eq(students.status, 'active'),
        studentInTeachingClass(),
      ),
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * The course, when the caller may act on it: 6 if it does not exist in the
 * school, 5 if the caller is not its teacher. A school manager of the school
 * passes too (they may read; services that write check `teacherUserId` themselves
 * or use assertCourseTeacher).
 */
export async function assertCourseOwner(
  ctx: AuthedContext,
  schoolId: number,
  courseId: number,
): Promise<CourseRow> {
  const [course] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId)))
    .limit(1);
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  if (course.teacherUserId === ctx.auth.userId) return course;
  if (await isSchoolManager(ctx.db, schoolId, ctx.auth.userId)) return course;
  throw new ForbiddenError(NOT_COURSE_TEACHER_MESSAGE);
}

/** Like assertCourseOwner, but only the course's own teacher passes (for changes). */
export async function assertCourseTeacher(
  ctx: AuthedContext,
  schoolId: number,
  courseId: number,
): Promise<CourseRow> {
  const [course] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId)))
    .limit(1);
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  if (course.teacherUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_COURSE_TEACHER_MESSAGE);
  return course;
}

/** The teaching classes of the courses a teacher teaches in a school, by course then id. */
export async function teachingClassesOfTeacher(
  ctx: { db: Db },
  schoolId: number,
  teacherUserId: number,
): Promise<{ id: number; courseId: number; name: string }[]> {
  return ctx.db
    .select({ id: teachingClasses.id, courseId: teachingClasses.courseId, name: teachingClasses.name })
    .from(teachingClasses)
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .where(and(eq(courses.schoolId, schoolId), eq(courses.teacherUserId, teacherUserId)))
    .orderBy(teachingClasses.courseId, teachingClasses.id);
}

/** Every id is a teaching class (6 otherwise) of a course in the school that the caller teaches (5 otherwise). */
export async function assertTeachingClassesOwned(
  ctx: AuthedContext,
  schoolId: number,
  teachingClassIds: number[],
): Promise<void> {
  const ids = [...new Set(teachingClassIds)];
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: teachingClasses.id, teacherUserId: courses.teacherUserId })
    .from(teachingClasses)
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .where(and(inArray(teachingClasses.id, ids), eq(courses.schoolId, schoolId)));
  if (rows.length !== ids.length) throw new NotFoundError(TEACHING_CLASS_NOT_FOUND_MESSAGE);
  if (rows.some((row) => row.teacherUserId !== ctx.auth.userId)) {
    throw new ForbiddenError(NOT_TEACHING_CLASS_TEACHER_MESSAGE);
  }
}
