import type {
  CourseBrief as SdkCourseBrief,
  CourseSection,
  StudentStatus as StudentStatusWire,
  TeachingClassBrief,
  UserBrief,
} from '@dfrm/sdk/tms/types';
import { and, asc, count, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { type StudentStatus, students } from '../../db/schema/school';
import {
  type CourseRow,
  type CourseSectionRow,
  courseSections,
  courses,
  teachingClasses,
} from '../../db/schema/teaching';
import { studentInTeachingClass } from './membership';

/** Wire values of tms/common.yaml StudentStatus. */
export type StudentStatusCode = StudentStatusWire;

const STATUS_CODES: Record<StudentStatus, StudentStatusCode> = {
  active: 0,
  disabled: 1,
  suspended: 2,
  graduated: 3,
};
const STATUS_TEXTS: Record<StudentStatusCode, StudentStatus> = {
  0: 'active',
  1: 'disabled',
  2: 'suspended',
  3: 'graduated',
};

export function studentStatusCode(status: string): StudentStatusCode {
  // any stored value the wire does not know reads as 停用 (cannot act)
  return STATUS_CODES[status as StudentStatus] ?? 1;
}

export function studentStatusText(code: StudentStatusCode): StudentStatus {
  return STATUS_TEXTS[code];
}

/** The course a list or a notice names: the spec's CourseBrief, always with its cover and teacher. */
export type CourseBrief = Required<SdkCourseBrief>;

export function sectionView(row: CourseSectionRow): CourseSection {
  return {
    sectionId: String(row.id),
    courseId: String(row.courseId),
    sectionName: row.name,
    sortNo: row.sortNo,
    description: row.description,
    classDate: row.classDate,
    startTime: row.startTime,
    endTime: row.endTime,
    location: row.location,
    updatedAt: row.updatedAt,
  };
}

export async function userBriefs(db: Db, userIds: number[]): Promise<Map<number, UserBrief>> {
  const ids = [...new Set(userIds)];
  const map = new Map<number, UserBrief>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ id: users.id, userName: users.userName, realName: users.realName })
    .from(users)
    .where(inArray(users.id, ids));
  for (const row of rows) {
    map.set(row.id, { userId: String(row.id), userName: row.userName, realName: row.realName });
  }
  return map;
}

export function courseBrief(course: CourseRow, teachers: Map<number, UserBrief>): CourseBrief {
  return {
    courseId: String(course.id),
    courseName: course.name,
    schoolId: String(course.schoolId),
    coverUrl: course.coverUrl,
    teacher: teachers.get(course.teacherUserId) ?? {
      userId: String(course.teacherUserId),
      userName: '',
      realName: '',
    },
  };
}

/** The teaching classes of courses with their member counts (every status), by id, grouped by course. */
export async function teachingClassBriefs(
  db: Db,
  courseIds: number[],
): Promise<Map<number, TeachingClassBrief[]>> {
  const map = new Map<number, TeachingClassBrief[]>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .select({
      id: teachingClasses.id,
      courseId: teachingClasses.courseId,
      classId: teachingClasses.classId,
      name: teachingClasses.name,
      studentCount: count(students.id),
    })
    .from(teachingClasses)
    .leftJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .where(inArray(teachingClasses.courseId, [...new Set(courseIds)]))
    .groupBy(teachingClasses.id)
    .orderBy(asc(teachingClasses.id));
  for (const row of rows) {
    const list = map.get(row.courseId) ?? [];
    list.push({
      teachingClassId: String(row.id),
      courseId: String(row.courseId),
      classId: String(row.classId),
      className: row.name,
      studentCount: row.studentCount,
    });
    map.set(row.courseId, list);
  }
  return map;
}

/** Distinct students (every status) of each course: one in two teaching classes counts once. */
export async function courseStudentNums(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .select({ courseId: teachingClasses.courseId, num: countDistinct(students.id) })
    .from(teachingClasses)
    .innerJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .where(inArray(teachingClasses.courseId, [...new Set(courseIds)]))
    .groupBy(teachingClasses.courseId);
  for (const row of rows) map.set(row.courseId, row.num);
  return map;
}

export async function sectionNums(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .select({ courseId: courseSections.courseId, num: count() })
    .from(courseSections)
    .where(inArray(courseSections.courseId, [...new Set(courseIds)]))
    .groupBy(courseSections.courseId);
  for (const row of rows) map.set(row.courseId, row.num);
  return map;
}

/** SQL for the distinct student count of the `courses` row in scope (sorting a course list by it). */
export function courseStudentNumSql(): SQL<number> {
  return sql<number>`(select count(distinct s.id)::int from ${teachingClasses} tc
    join ${students} s on s.school_id = tc.school_id
      and ((tc.whole_class and s.class_id = tc.class_id)
        or (not tc.whole_class and exists (select 1 from teaching_class_students x
              where x.teaching_class_id = tc.id and x.student_id = s.id)))
    where tc.course_id = ${courses.id})`;
}

/** The next lesson of each course: the first dated section whose end is not yet past (China time). */
export async function nextSections(
  db: Db,
  courseIds: number[],
  now: { date: string; time: string },
): Promise<Map<number, CourseSectionRow>> {
  const map = new Map<number, CourseSectionRow>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .select()
    .from(courseSections)
    .where(
      and(
        inArray(courseSections.courseId, [...new Set(courseIds)]),
        sql`${courseSections.classDate} is not null`,
        sql`(${courseSections.classDate} > ${now.date} or (${courseSections.classDate} = ${now.date} and ${courseSections.endTime} > ${now.time}))`,
      ),
    )
    .orderBy(asc(courseSections.classDate), asc(courseSections.startTime), asc(courseSections.sortNo));
  for (const row of rows) if (!map.has(row.courseId)) map.set(row.courseId, row);
  return map;
}
