import type {
  CourseClassStudentPage,
  CourseStaticTotal,
  CourseStaticTotalV2,
  CourseStudentNum,
  CourseStudentNumV2,
  CourseStudentPage,
  CourseTeachingClass,
  SchoolClass,
  StudentBrief,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { and, asc, count, countDistinct, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseware, coursewareShares } from '../../db/schema/courseware';
import { noticeVisibility, notices } from '../../db/schema/notice';
import { classes, colleges, grades, majors, students } from '../../db/schema/school';
import { studentOnline } from '../../db/schema/student';
import { ONLINE_WINDOW_MS } from '../student/online-clock';
import { courseSections, teachingClasses } from '../../db/schema/teaching';
import { NotFoundError } from '../../lib/errors';
import type { AuthedCall } from '../context';
import { CLASS_NOT_FOUND_MESSAGE } from './courses';
import {
  assertCourseOwner,
  COURSE_NOT_FOUND_MESSAGE,
  studentInTeachingClass,
  TEACHING_CLASS_NOT_FOUND_MESSAGE,
} from './membership';
import { type StudentStatusCode, studentStatusCode, studentStatusText, teachingClassBriefs } from './views';
import { likePattern } from '../../lib/like';
import { resolveSchoolId } from '../school/resolve-school';
import { parseId } from '../../lib/ids';
import { teacherClassIds } from '../student/scope';
import { courseWorkTotals } from '../homework/stats';

type ClassStudentQuery = Input<'getClassStudent'>;
type CourseClassStudentQuery = Input<'getCourseClassStudentV2'>;
type SchoolClassQuery = Input<'getSchoolClass'>;

const adminClassColumns = {
  classId: classes.id,
  className: classes.name,
  collegeId: colleges.id,
  collegeName: colleges.name,
  majorId: majors.id,
  majorName: majors.name,
  gradeId: grades.id,
  gradeName: grades.name,
};

type AdminClassRow = { [K in keyof typeof adminClassColumns]: K extends `${string}Id` ? number : string };

function adminClassBrief(row: AdminClassRow) {
  return {
    classId: String(row.classId),
    className: row.className,
    collegeId: String(row.collegeId),
    collegeName: row.collegeName,
    majorId: String(row.majorId),
    majorName: row.majorName,
    gradeId: String(row.gradeId),
    gradeName: row.gradeName,
  };
}

/** One of the school's colleges/majors/grades named by a filter, or 6. */
async function requireInSchool(
  db: Db,
  table: typeof colleges | typeof majors | typeof grades,
  schoolId: number,
  raw: string,
  message: string,
): Promise<number> {
  const id = parseId(raw);
  const [row] =
    id === null
      ? []
      : await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, id), eq(table.schoolId, schoolId)))
          .limit(1);
  if (!row) throw new NotFoundError(message);
  return row.id;
}

/** POST /tms-server/courseMgr/getSchoolClass */
export async function getSchoolClass({ ctx, input }: AuthedCall<SchoolClassQuery>): Promise<SchoolClass[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const conditions: (SQL | undefined)[] = [eq(classes.schoolId, schoolId)];
  if (input.collegeId !== undefined) {
    const id = await requireInSchool(ctx.db, colleges, schoolId, input.collegeId, '学院不存在');
    conditions.push(eq(classes.collegeId, id));
  }
  if (input.majorId !== undefined) {
    const id = await requireInSchool(ctx.db, majors, schoolId, input.majorId, '专业不存在');
    conditions.push(eq(classes.majorId, id));
  }
  if (input.gradeId !== undefined) {
    const id = await requireInSchool(ctx.db, grades, schoolId, input.gradeId, '年级不存在');
    conditions.push(eq(classes.gradeId, id));
  }
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(classes.name, likePattern(keyword)));
  // the classes whose students the caller manages as a teacher (学生管理's filters, adding, importing)
  if (input.taught) conditions.push(sql`${classes.id} in ${teacherClassIds(schoolId, ctx.auth.userId)}`);
  const rows = await ctx.db
    .select({ ...adminClassColumns, studentNum: count(students.id) })
    .from(classes)
    .innerJoin(colleges, eq(colleges.id, classes.collegeId))
    .innerJoin(majors, eq(majors.id, classes.majorId))
    .innerJoin(grades, eq(grades.id, classes.gradeId))
    .leftJoin(students, and(eq(students.classId, classes.id), eq(students.status, 'active')))
    .where(and(...conditions))
    .groupBy(classes.id, colleges.id, majors.id, grades.id)
    .orderBy(asc(colleges.name), asc(majors.name), asc(grades.name), asc(classes.name), asc(classes.id))
    .limit(1000);
  return rows.map((row) => ({ ...adminClassBrief(row), studentNum: row.studentNum }));
}

const studentColumns = {
  studentId: students.id,
  userId: students.userId,
  studentNumber: students.studentNumber,
  studentName: students.name,
  classId: students.classId,
  className: classes.name,
  status: students.status,
};

function studentBrief(row: {
  studentId: number;
  userId: number | null;
  studentNumber: string;
  studentName: string;
  classId: number;
  className: string;
  status: string;
}): StudentBrief {
  return {
    studentId: String(row.studentId),
    // a roster row without a login account yet has no user: "0" names nobody
    userId: row.userId === null ? '0' : String(row.userId),
    studentNumber: row.studentNumber,
    studentName: row.studentName,
    classId: String(row.classId),
    className: row.className,
    status: studentStatusCode(row.status),
  };
}

function studentFilters(keyword: string | undefined, status: StudentStatusCode | undefined): SQL | undefined {
  const trimmed = keyword?.trim();
  return and(
    trimmed
      ? or(ilike(students.studentNumber, likePattern(trimmed)), ilike(students.name, likePattern(trimmed)))
      : undefined,
    status === undefined ? undefined : eq(students.status, studentStatusText(status)),
  );
}

/** POST /tms-server/courseMgr/getClassStudent */
export async function getClassStudent({
  ctx,
  input,
}: AuthedCall<ClassStudentQuery>): Promise<CourseStudentPage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const classId = parseId(input.classId);
  const [adminClass] =
    classId === null
      ? []
      : await ctx.db
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)))
          .limit(1);
  if (!adminClass) throw new NotFoundError(CLASS_NOT_FOUND_MESSAGE);
  const where = and(eq(students.classId, adminClass.id), studentFilters(input.keyword, input.status));
  const [total] = await ctx.db.select({ n: count() }).from(students).where(where);
  const rows = await ctx.db
    .select(studentColumns)
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(where)
    .orderBy(asc(students.studentNumber), asc(students.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  return { list: rows.map(studentBrief), total: total?.n ?? 0 };
}

async function readableCourse(ctx: AuthedCall<unknown>['ctx'], rawSchoolId: string, rawCourseId: string) {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  const courseId = parseId(rawCourseId);
  if (courseId === null) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  return assertCourseOwner(ctx, schoolId, courseId);
}

/** A teaching class of the course named by the request, or 6. */
async function teachingClassOfCourse(db: Db, courseId: number, raw: string) {
  const id = parseId(raw);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(teachingClasses)
          .where(and(eq(teachingClasses.id, id), eq(teachingClasses.courseId, courseId)))
          .limit(1);
  if (!row) throw new NotFoundError(TEACHING_CLASS_NOT_FOUND_MESSAGE);
  return row;
}

/** POST /tms-server/courseMgr/v2/getCourseClassStudent: one row per student and teaching class. */
export async function getCourseClassStudentV2({
  ctx,
  input,
}: AuthedCall<CourseClassStudentQuery>): Promise<CourseClassStudentPage> {
  const course = await readableCourse(ctx, input.schoolId ?? '0', input.courseId);
  const teachingClass =
    input.teachingClassId === undefined
      ? null
      : await teachingClassOfCourse(ctx.db, course.id, input.teachingClassId);
  const where = and(
    eq(teachingClasses.courseId, course.id),
    teachingClass ? eq(teachingClasses.id, teachingClass.id) : undefined,
    studentFilters(input.keyword, input.status),
  );
  const membership = and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass());
  const [total] = await ctx.db
    .select({ n: count() })
    .from(teachingClasses)
    .innerJoin(students, membership)
    .where(where);
  const direction = input.sortOrder === 'desc' ? desc : asc;
  const order =
    input.sortField === 'studentName'
      ? [direction(students.name), direction(students.studentNumber)]
      : input.sortField === 'teachingClass'
        ? [direction(teachingClasses.name), direction(teachingClasses.id), asc(students.studentNumber)]
        : [direction(students.studentNumber)];
  const rows = await ctx.db
    .select({
      ...studentColumns,
      teachingClassId: teachingClasses.id,
      teachingClassName: teachingClasses.name,
    })
    .from(teachingClasses)
    .innerJoin(students, membership)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(where)
    .orderBy(...order, asc(students.id), asc(teachingClasses.id))
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize);
  return {
    list: rows.map((row) => ({
      ...studentBrief(row),
      teachingClassId: String(row.teachingClassId),
      teachingClassName: row.teachingClassName,
    })),
    total: total?.n ?? 0,
  };
}

/** GET /tms-server/courseMgr/getCourseTeachingClass/{schoolId}/{courseId} */
export async function getCourseTeachingClass({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseTeachingClass[]> {
  const course = await readableCourse(ctx, input.schoolId, input.courseId);
  const briefs = (await teachingClassBriefs(ctx.db, [course.id])).get(course.id) ?? [];
  const rows = await ctx.db
    .select({
      ...adminClassColumns,
      teachingClassId: teachingClasses.id,
      wholeClass: teachingClasses.wholeClass,
    })
    .from(teachingClasses)
    .innerJoin(classes, eq(classes.id, teachingClasses.classId))
    .innerJoin(colleges, eq(colleges.id, classes.collegeId))
    .innerJoin(majors, eq(majors.id, classes.majorId))
    .innerJoin(grades, eq(grades.id, classes.gradeId))
    .where(eq(teachingClasses.courseId, course.id));
  const byId = new Map(rows.map((row) => [String(row.teachingClassId), row]));
  return briefs.flatMap((brief) => {
    const row = byId.get(brief.teachingClassId);
    if (!row) return [];
    return [
      {
        ...brief,
        teachingClassName: brief.className,
        adminClass: adminClassBrief(row),
        wholeClass: row.wholeClass,
      },
    ];
  });
}

/** Members of a course whose heartbeat (studentMgr/refresh) is within the online window. */
async function onlineMembers(db: Db, courseId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(students.id) })
    .from(teachingClasses)
    .innerJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .innerJoin(
      studentOnline,
      and(eq(studentOnline.schoolId, students.schoolId), eq(studentOnline.userId, students.userId)),
    )
    .where(
      and(eq(teachingClasses.courseId, courseId), gte(studentOnline.lastActiveAt, now - ONLINE_WINDOW_MS)),
    );
  return row?.n ?? 0;
}

/** Distinct members of a course (or of one of its teaching classes) per status. */
async function membersByStatus(db: Db, courseId: number, teachingClassId: number | null) {
  const rows = await db
    .select({ status: students.status, n: countDistinct(students.id) })
    .from(teachingClasses)
    .innerJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .where(
      and(
        eq(teachingClasses.courseId, courseId),
        teachingClassId === null ? undefined : eq(teachingClasses.id, teachingClassId),
      ),
    )
    .groupBy(students.status);
  const byStatus = new Map<StudentStatusCode, number>([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
  ]);
  for (const row of rows) {
    const code = studentStatusCode(row.status);
    byStatus.set(code, (byStatus.get(code) ?? 0) + row.n);
  }
  return byStatus;
}

/** GET /tms-server/courseMgr/getCourseStudentNum/{schoolId}/{courseId} */
export async function getCourseStudentNum({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseStudentNum> {
  const course = await readableCourse(ctx, input.schoolId, input.courseId);
  const byStatus = await membersByStatus(ctx.db, course.id, null);
  return { courseId: String(course.id), studentNum: sum(byStatus.values()) };
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** GET /tms-server/courseMgr/v2/getCourseStudentNum/{schoolId}/{courseId} */
export async function getCourseStudentNumV2({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseStudentNumV2> {
  const course = await readableCourse(ctx, input.schoolId, input.courseId);
  const [byStatus, briefs] = await Promise.all([
    membersByStatus(ctx.db, course.id, null),
    teachingClassBriefs(ctx.db, [course.id]),
  ]);
  return {
    courseId: String(course.id),
    studentNum: sum(byStatus.values()),
    onlineNum: await onlineMembers(ctx.db, course.id, ctx.clock.now()),
    byStatus: [...byStatus].map(([status, num]) => ({ status, num })),
    byClass: (briefs.get(course.id) ?? []).map((brief) => ({
      teachingClassId: brief.teachingClassId,
      teachingClassName: brief.className,
      studentNum: brief.studentCount,
    })),
  };
}

async function staticTotal(
  db: Db,
  courseId: number,
  teachingClassId: number | null,
): Promise<CourseStaticTotal> {
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const byStatus = await membersByStatus(db, courseId, teachingClassId);
  const teachingClassNum =
    teachingClassId === null
      ? await one(
          db.select({ n: count() }).from(teachingClasses).where(eq(teachingClasses.courseId, courseId)),
        )
      : 1;
  const sectionNum = await one(
    db.select({ n: count() }).from(courseSections).where(eq(courseSections.courseId, courseId)),
  );
  // limited to a teaching class: the courseware shared with it and the notices visible to it
  const courseWareNum =
    teachingClassId === null
      ? await one(db.select({ n: count() }).from(courseware).where(eq(courseware.courseId, courseId)))
      : await one(
          db
            .select({ n: countDistinct(courseware.id) })
            .from(courseware)
            .innerJoin(coursewareShares, eq(coursewareShares.coursewareId, courseware.id))
            .where(
              and(eq(courseware.courseId, courseId), eq(coursewareShares.teachingClassId, teachingClassId)),
            ),
        );
  const announceNum =
    teachingClassId === null
      ? await one(
          db
            .select({ n: count() })
            .from(notices)
            .where(and(eq(notices.courseId, courseId), eq(notices.status, 1))),
        )
      : await one(
          db
            .select({ n: countDistinct(notices.id) })
            .from(notices)
            .innerJoin(noticeVisibility, eq(noticeVisibility.noticeId, notices.id))
            .where(
              and(
                eq(notices.courseId, courseId),
                eq(notices.status, 1),
                eq(noticeVisibility.teachingClassId, teachingClassId),
              ),
            ),
        );
  const homework = await courseWorkTotals(db, courseId, teachingClassId);
  return {
    courseId: String(courseId),
    studentNum: sum(byStatus.values()),
    teachingClassNum,
    sectionNum,
    ...homework,
    courseWareNum,
    announceNum,
  };
}

/** GET /tms-server/courseMgr/static/total/{schoolId}/{courseId} */
export async function getCourseStaticTotal({
  ctx,
  input,
}: AuthedCall<{ schoolId: string; courseId: string }>): Promise<CourseStaticTotal> {
  const course = await readableCourse(ctx, input.schoolId, input.courseId);
  return staticTotal(ctx.db, course.id, null);
}

/** GET /tms-server/courseMgr/v2/static/total/{schoolId}/{courseId}?teachingClassId= */
export async function getCourseStaticTotalV2({
  ctx,
  input,
}: AuthedCall<{
  schoolId: string;
  courseId: string;
  teachingClassId?: string | undefined;
}>): Promise<CourseStaticTotalV2> {
  const course = await readableCourse(ctx, input.schoolId, input.courseId);
  const teachingClass =
    input.teachingClassId === undefined
      ? null
      : await teachingClassOfCourse(ctx.db, course.id, input.teachingClassId);
  const total = await staticTotal(ctx.db, course.id, teachingClass?.id ?? null);
  const briefs = (await teachingClassBriefs(ctx.db, [course.id])).get(course.id) ?? [];
  return {
    ...total,
    teachingClassId: teachingClass ? String(teachingClass.id) : null,
    byClass: briefs
      .filter((brief) => !teachingClass || brief.teachingClassId === String(teachingClass.id))
      .map((brief) => ({
        teachingClassId: brief.teachingClassId,
        teachingClassName: brief.className,
        studentNum: brief.studentCount,
        // no homework yet: no published work to submit, nothing scored
        submitRate: 0,
        avgWorkScore: null,
      })),
  };
}
