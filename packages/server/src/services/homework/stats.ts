import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseWorkClasses, courseWorks, studentWorks, workTeamMembers } from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { finalScoreSql } from './late-policy';

/**
 * Homework figures as SQL expressions, for the lists that sort and page by
 * them (students of a course, a teacher's students) and the course views.
 * `students` names students by a condition on a student id: `= ${students.id}`
 * for the row of an outer query on `students`, or `in (…)` for an account.
 */

/** The student works that are the students': their own, or their team's. */
export function studentWorksOf(studentCondition: SQL): SQL {
  return sql`((${studentWorks.teamId} is null and ${studentWorks.studentId} ${studentCondition}) or ${studentWorks.teamId} in (select ${workTeamMembers.teamId} from ${workTeamMembers} where ${workTeamMembers.studentId} ${studentCondition}))`;
}

/** The student ids of an account in a school, as a condition. */
export function studentsOfAccount(schoolId: number, userId: number): SQL {
  return sql`in (select ${students.id} from ${students} where ${students.schoolId} = ${schoolId} and ${students.userId} = ${userId})`;
}

export interface WorkStatsScope {
  /** Which students: see above. */
  students: SQL;
  /** Which courses, as a condition on a course id (`= 3`, `in (…)`). */
  courses: SQL;
  /** Only works whose deadline falls in these epoch-ms bounds. */
  endBetween?: { from: number; to: number } | undefined;
  /** Averages only over published scores (what a student may see). */
  publishedScoresOnly?: boolean;
}

function fromWorks(scope: WorkStatsScope, extra: SQL = sql``): SQL {
  const range = scope.endBetween
    ? sql` and ${courseWorks.endTime} >= ${scope.endBetween.from} and ${courseWorks.endTime} < ${scope.endBetween.to}`
    : sql``;
  return sql`from ${studentWorks} inner join ${courseWorks} on ${courseWorks.id} = ${studentWorks.workId} where ${courseWorks.publishStatus} = 1 and ${courseWorks.courseId} ${scope.courses} and ${studentWorksOf(scope.students)}${range}${extra}`;
}

const count = (scope: WorkStatsScope, extra?: SQL) =>
  sql<number>`(select count(*) ${fromWorks(scope, extra)})`.mapWith(Number);

/** Works given to the students, handed in (at any time), handed in late, and the average final score. */
export function workStats(scope: WorkStatsScope) {
  const published = scope.publishedScoresOnly ? sql` and ${courseWorks.scoreStatus} = 1` : sql``;
  return {
    workNum: count(scope),
    submittedWorkNum: count(scope, sql` and ${studentWorks.submitTime} is not null`),
    lateWorkNum: count(scope, sql` and ${studentWorks.submitTime} > ${courseWorks.endTime}`),
    avgWorkScore: sql<number | null>`(select round(avg(${finalScoreSql()}), 1) ${fromWorks(
      scope,
      sql` and ${studentWorks.status} = 2${published}`,
    )})`.mapWith((value: unknown) => (value === null ? null : Number(value))),
  };
}

/** Works still to hand in: not yet handed in (or returned) and before their deadline at `now`. */
export function unCommittedWorkNum(scope: WorkStatsScope, now: number) {
  return count(scope, sql` and ${studentWorks.status} in (0, 3) and ${courseWorks.endTime} > ${now}`);
}

/** Per course: its works (drafts included), the published ones, and hand-ins waiting to be graded. */
export async function workCountsByCourse(
  db: Db,
  courseIds: readonly number[],
): Promise<Map<number, { workNum: number; publishedWorkNum: number; uncorrectedNum: number }>> {
  const counts = new Map<number, { workNum: number; publishedWorkNum: number; uncorrectedNum: number }>();
  if (courseIds.length === 0) return counts;
  const rows = await db
    .select({
      courseId: courseWorks.courseId,
      workNum: sql<number>`count(*)`.mapWith(Number),
      publishedWorkNum: sql<number>`count(*) filter (where ${courseWorks.publishStatus} = 1)`.mapWith(Number),
      uncorrectedNum:
        sql<number>`coalesce(sum((select count(*) from ${studentWorks} where ${studentWorks.workId} = ${courseWorks.id} and ${studentWorks.status} = 1)), 0)`.mapWith(
          Number,
        ),
    })
    .from(courseWorks)
    .where(inArray(courseWorks.courseId, [...courseIds]))
    .groupBy(courseWorks.courseId);
  for (const row of rows) counts.set(row.courseId, row);
  return counts;
}

/**
 * A course's homework totals, or one teaching class's: works given (drafts
 * included) and published, hand-ins, and the average final score of graded ones.
 */
export async function courseWorkTotals(
  db: Db,
  courseId: number,
  teachingClassId: number | null,
): Promise<{
  workNum: number;
  publishedWorkNum: number;
  submittedWorkNum: number;
  avgWorkScore: number | null;
}> {
  const givenToClass =
    teachingClassId === null
      ? sql``
      : sql` and ${courseWorks.id} in (select ${courseWorkClasses.workId} from ${courseWorkClasses} where ${courseWorkClasses.teachingClassId} = ${teachingClassId})`;
  const ofClass =
    teachingClassId === null ? sql`` : sql` and ${studentWorks.teachingClassId} = ${teachingClassId}`;
  const [works] = await db
    .select({
      workNum: sql<number>`count(*)`.mapWith(Number),
      publishedWorkNum: sql<number>`count(*) filter (where ${courseWorks.publishStatus} = 1)`.mapWith(Number),
    })
    .from(courseWorks)
    .where(sql`${courseWorks.courseId} = ${courseId}${givenToClass}`);
  const [handIns] = await db
    .select({
      submittedWorkNum: sql<number>`count(*) filter (where ${studentWorks.submitTime} is not null)`.mapWith(
        Number,
      ),
      avgWorkScore: sql<
        number | null
      >`round(avg(${finalScoreSql()}) filter (where ${studentWorks.status} = 2), 1)`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
    })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(sql`${courseWorks.courseId} = ${courseId} and ${courseWorks.publishStatus} = 1${ofClass}`);
  return {
    workNum: works?.workNum ?? 0,
    publishedWorkNum: works?.publishedWorkNum ?? 0,
    submittedWorkNum: handIns?.submittedWorkNum ?? 0,
    avgWorkScore: handIns?.avgWorkScore ?? null,
  };
}

/** Per course, an account's works still to hand in and still open (see unCommittedWorkNum). */
export async function unCommittedByCourse(
  db: Db,
  schoolId: number,
  userId: number,
  courseIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (courseIds.length === 0) return counts;
  const rows = await db
    .select({ courseId: courseWorks.courseId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(
      sql`${courseWorks.publishStatus} = 1 and ${inArray(courseWorks.courseId, [...courseIds])} and ${studentWorksOf(
        studentsOfAccount(schoolId, userId),
      )} and ${studentWorks.status} in (0, 3) and ${courseWorks.endTime} > ${now}`,
    )
    .groupBy(courseWorks.courseId);
  for (const row of rows) counts.set(row.courseId, row.n);
  return counts;
}
