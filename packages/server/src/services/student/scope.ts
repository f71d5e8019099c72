import type { StudentFilter, StudentStatus as StudentStatusOnWire } from '@dfrm/sdk/tms/types';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, colleges, grades, majors, type StudentStatus, students } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';

/**
 * Whose students a call may see and change: a school manager the whole
 * school; a teacher the students of the administrative classes that the
 * teaching classes of their own courses are drawn from.
 */
export type StudentScope = { kind: 'school' } | { kind: 'teacher'; teacherUserId: number };

export const STUDENT_NOT_FOUND_MESSAGE = '学生不存在';
export const CLASS_NOT_FOUND_MESSAGE = '班级不存在';
export const OUT_OF_SCOPE_MESSAGE = '该学生不在您任教的班级中';
export const CLASS_OUT_OF_SCOPE_MESSAGE = '该班级不在您任教的班级中';

/** Wire integers of tms/common.yaml StudentStatus, in order. */
export const STATUS_BY_CODE: readonly StudentStatus[] = ['active', 'disabled', 'suspended', 'graduated'];

/** A status as the wire writes it (tms/common.yaml StudentStatus). */
export type StudentStatusCode = StudentStatusOnWire;

export function statusCode(status: StudentStatus): StudentStatusCode {
  const code = STATUS_BY_CODE.indexOf(status);
  return (code < 0 ? 0 : code) as StudentStatusCode;
}

export function statusOf(code: number): StudentStatus {
  const status = STATUS_BY_CODE[code];
  if (!status) throw new InvalidInputError('参数 status 取值不正确，可选值：0、1、2、3');
  return status;
}

/** The status as its wire integer, in SQL (so lists sort by it in the documented order). */
export const statusCodeSql = sql<number>`(case ${students.status} when 'active' then 0 when 'disabled' then 1 when 'suspended' then 2 else 3 end)`;

/** The administrative classes a teacher's teaching classes are drawn from, as a subquery. */
export function teacherClassIds(schoolId: number, teacherUserId: number) {
  return sql`(select ${teachingClasses.classId} from ${teachingClasses} inner join ${courses} on ${courses.id} = ${teachingClasses.courseId} where ${courses.schoolId} = ${schoolId} and ${courses.teacherUserId} = ${teacherUserId})`;
}

/** The condition on `students` (and `classes`) that keeps a query inside the scope. */
export function scopeCondition(schoolId: number, scope: StudentScope): SQL {
  const inSchool = eq(students.schoolId, schoolId);
  if (scope.kind === 'school') return inSchool;
  return and(inSchool, sql`${students.classId} in ${teacherClassIds(schoolId, scope.teacherUserId)}`) as SQL;
}

export async function classInScope(
  db: Db,
  schoolId: number,
  classId: number,
  scope: StudentScope,
): Promise<boolean> {
  if (scope.kind === 'school') return true;
  const [row] = await db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .where(
      and(
        eq(courses.schoolId, schoolId),
        eq(courses.teacherUserId, scope.teacherUserId),
        eq(teachingClasses.classId, classId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type ClassRow = typeof classes.$inferSelect;

/** An administrative class of the school (6 otherwise) inside the scope (5 otherwise). */
export async function assertClassInScope(
  db: Db,
  schoolId: number,
  classIdText: string,
  scope: StudentScope,
): Promise<ClassRow> {
  const classId = idOrNotFound(classIdText, CLASS_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)))
    .limit(1);
  if (!row) throw new NotFoundError(CLASS_NOT_FOUND_MESSAGE);
  if (!(await classInScope(db, schoolId, classId, scope)))
    throw new ForbiddenError(CLASS_OUT_OF_SCOPE_MESSAGE);
  return row;
}

export type StudentRow = typeof students.$inferSelect;

/** A roster row of the school (6 otherwise) inside the scope (5 otherwise). */
export async function assertStudentInScope(
  db: Db,
  schoolId: number,
  studentIdText: string,
  scope: StudentScope,
): Promise<StudentRow> {
  const studentId = idOrNotFound(studentIdText, STUDENT_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId)))
    .limit(1);
  if (!row) throw new NotFoundError(STUDENT_NOT_FOUND_MESSAGE);
  if (!(await classInScope(db, schoolId, row.classId, scope))) throw new ForbiddenError(OUT_OF_SCOPE_MESSAGE);
  return row;
}

/** Filter ids of a list must name objects of the school (6 otherwise). */
export async function assertFilterTargets(
  db: Db,
  schoolId: number,
  filter: Pick<StudentFilter, 'collegeId' | 'majorId' | 'gradeId' | 'classId'>,
): Promise<{ collegeId?: number; majorId?: number; gradeId?: number; classId?: number }> {
  const checks = [
    ['collegeId', colleges, '学院不存在'],
    ['majorId', majors, '专业不存在'],
    ['gradeId', grades, '年级不存在'],
    ['classId', classes, CLASS_NOT_FOUND_MESSAGE],
  ] as const;
  const result: { collegeId?: number; majorId?: number; gradeId?: number; classId?: number } = {};
  for (const [field, table, message] of checks) {
    const text = filter[field];
    if (text === undefined) continue;
    const id = idOrNotFound(text, message);
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.schoolId, schoolId)))
      .limit(1);
    if (!row) throw new NotFoundError(message);
    result[field] = id;
  }
  return result;
}

/** Teaching classes named by a list must belong to the course (6 otherwise). */
export async function assertTeachingClassesOfCourse(
  db: Db,
  courseId: number,
  ids: readonly string[],
): Promise<number[]> {
  const parsed = ids.map((text) => idOrNotFound(text, '教学班不存在'));
  const unique = [...new Set(parsed)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(and(eq(teachingClasses.courseId, courseId), inArray(teachingClasses.id, unique)));
  if (rows.length !== unique.length) throw new NotFoundError('教学班不存在');
  return unique;
}
