import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseWorkClasses, courseWorks, studentWorks, workTeamMembers } from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { finalScoreSql } from './late-policy';

/**
 * Homework figures as SQL expressions, for the lists that sort and page by
 * them (students of a course, a teacher's students) and the course views.
 * `students` names students by a condition on a student id: `= ${students.id}`
 * for the row of an outer query on `students`, or `in (…)` for an account.
 *
 * One vocabulary for every view: a work is handed in while its student work
 * is waiting for grading or graded (status 1, 2; a returned one must be handed
 * in again), late when its last hand-in came after the deadline, and scores
 * are final scores (after the late penalty, late-policy.ts).
 */

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A share (0 to 1) with three decimals, or null without a whole. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;
}

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

/** The scope's works that also meet `extra` (` and …`), counted. */
export const countWorks = (scope: WorkStatsScope, extra?: SQL) =>
  sql<number>`(select count(*) ${fromWorks(scope, extra)})`.mapWith(Number);

const gradedIn = (scope: WorkStatsScope) =>
  scope.publishedScoresOnly
    ? sql` and ${studentWorks.status} = 2 and ${courseWorks.scoreStatus} = 1`
    : sql` and ${studentWorks.status} = 2`;

/** Works given to the students, handed in, handed in late, and the average final score. */
export function workStats(scope: WorkStatsScope) {
  return {
    workNum: countWorks(scope),
    submittedWorkNum: countWorks(scope, sql` and ${studentWorks.status} in (1, 2)`),
    lateWorkNum: countWorks(scope, sql` and ${studentWorks.submitTime} > ${courseWorks.endTime}`),
    avgWorkScore: sql<number | null>`(select round(avg(${finalScoreSql()}), 1) ${fromWorks(
      scope,
      gradedIn(scope),
    )})`.mapWith(nullableNumber),
  };
}

/** A graded work's final score as a share of its total (0 to 1), over `student_works` joined with `course_works`. */
export function scoreRateSql(): SQL {
  return sql`(${finalScoreSql()} / ${courseWorks.totalScore})`;
}

/** The average score rate (final score ÷ total, three decimals) of the scope's graded works. */
export function avgWorkScoreRate(scope: WorkStatsScope) {
  return sql<number | null>`(select round(avg(${scoreRateSql()}), 3) ${fromWorks(
    scope,
    gradedIn(scope),
  )})`.mapWith(nullableNumber);
}

/**
 * The same average over every student's graded work on the works the scope's
 * students were given (the class's figure beside a student's own).
 */
export function peersAvgWorkScoreRate(scope: WorkStatsScope) {
  const published = scope.publishedScoresOnly ? sql` and ${courseWorks.scoreStatus} = 1` : sql``;
  // the inner query names the same tables: its columns bind to its own FROM
  const query = sql`select round(avg(${scoreRateSql()}), 3) from ${studentWorks} inner join ${courseWorks} on ${courseWorks.id} = ${studentWorks.workId} where ${studentWorks.status} = 2${published} and ${courseWorks.id} in (select ${studentWorks.workId} ${fromWorks(scope)})`;
  // nested, so a selection from one table keeps the columns' table names (drizzle drops them at the top level)
  return sql<number | null>`(${query})`.mapWith(nullableNumber);
}

/** Works still to hand in: not yet handed in (or returned) and before their deadline at `now`. */
export function unCommittedWorkNum(scope: WorkStatsScope, now: number) {
  return countWorks(scope, sql` and ${studentWorks.status} in (0, 3) and ${courseWorks.endTime} > ${now}`);
}

/** What the teacher's statistics show of a work (or of one teaching class on it); see workFigures. */
export interface WorkFigures {
  workId: number;
  /** With `byClass`: the class the student (a group's leader) was in at publication. */
  teachingClassId: number | null;
  /** Student works: one per student, or per team of a group work. */
  studentNum: number;
  submittedNum: number;
  unsubmittedNum: number;
  lateNum: number;
  scoredNum: number;
  uncorrectedNum: number;
  avgScore: number | null;
  maxScore: number | null;
  minScore: number | null;
  /** Graded with a final score ≥ `passRatio` × total. */
  passNum: number;
  /** Sum of the graded works' score rates, for averages over several works. */
  rateSum: number;
  /** Graded works by final score in % of the total: <60, 60–69, 70–79, 80–89, ≥90. */
  buckets: [number, number, number, number, number];
  lastSubmittedAt: number | null;
}

export const EMPTY_FIGURES: Omit<WorkFigures, 'workId' | 'teachingClassId'> = {
  studentNum: 0,
  submittedNum: 0,
  unsubmittedNum: 0,
  lateNum: 0,
  scoredNum: 0,
  uncorrectedNum: 0,
  avgScore: null,
  maxScore: null,
  minScore: null,
  passNum: 0,
  rateSum: 0,
  buckets: [0, 0, 0, 0, 0],
  lastSubmittedAt: null,
};

/**
 * The figures of the works meeting `works` (a condition on course_works), one
 * row per work that has student works, or per work and teaching class with
 * `byClass`; `teachingClassId` keeps only that class's student works.
 */
export async function workFigures(
  db: Db,
  options: { works: SQL; byClass?: boolean; teachingClassId?: number | undefined; passRatio?: number },
): Promise<WorkFigures[]> {
  const final = finalScoreSql();
  const graded = sql`${studentWorks.status} = 2`;
  const percent = sql`(${final} * 100 / ${courseWorks.totalScore})`;
  const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const scoreOf = (aggregate: 'avg' | 'max' | 'min') =>
    sql<number | null>`round(${sql.raw(aggregate)}(${final}) filter (where ${graded}), 1)`.mapWith(
      nullableNumber,
    );
  const ratio = options.passRatio ?? 0.6;
  const rows = await db
    .select({
      workId: studentWorks.workId,
      teachingClassId: options.byClass ? studentWorks.teachingClassId : sql<number | null>`null`,
      studentNum: sql<number>`count(*)`.mapWith(Number),
      submittedNum: n(sql`${studentWorks.status} in (1, 2)`),
      lateNum: n(sql`${studentWorks.submitTime} > ${courseWorks.endTime}`),
      scoredNum: n(graded),
      uncorrectedNum: n(sql`${studentWorks.status} = 1`),
      avgScore: scoreOf('avg'),
      maxScore: scoreOf('max'),
      minScore: scoreOf('min'),
      passNum: n(sql`${graded} and ${final} >= ${courseWorks.totalScore} * ${String(ratio)}::numeric`),
      rateSum: sql<number>`coalesce(sum(${scoreRateSql()}) filter (where ${graded}), 0)`.mapWith(Number),
      below60: n(sql`${graded} and ${percent} < 60`),
      below70: n(sql`${graded} and ${percent} >= 60 and ${percent} < 70`),
      below80: n(sql`${graded} and ${percent} >= 70 and ${percent} < 80`),
      below90: n(sql`${graded} and ${percent} >= 80 and ${percent} < 90`),
      top: n(sql`${graded} and ${percent} >= 90`),
      lastSubmittedAt: sql<number | null>`max(${studentWorks.submitTime})`.mapWith(nullableNumber),
    })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(
      and(
        options.works,
        options.teachingClassId === undefined
          ? undefined
          : eq(studentWorks.teachingClassId, options.teachingClassId),
      ),
    )
    .groupBy(
      ...(options.byClass ? [studentWorks.workId, studentWorks.teachingClassId] : [studentWorks.workId]),
    );
  return rows.map(({ below60, below70, below80, below90, top, ...row }) => ({
    ...row,
    unsubmittedNum: row.studentNum - row.submittedNum,
    buckets: [below60, below70, below80, below90, top],
  }));
}

/** Figures of several works (or classes) added up: counts summed, the score rate averaged over every graded work. */
export function sumFigures(rows: readonly WorkFigures[]): {
  studentNum: number;
  submittedNum: number;
  scoredNum: number;
  submitRate: number | null;
  avgScoreRate: number | null;
} {
  let studentNum = 0;
  let submittedNum = 0;
  let scoredNum = 0;
  let rateSum = 0;
  for (const row of rows) {
    studentNum += row.studentNum;
    submittedNum += row.submittedNum;
    scoredNum += row.scoredNum;
    rateSum += row.rateSum;
  }
  return {
    studentNum,
    submittedNum,
    scoredNum,
    submitRate: rateOf(submittedNum, studentNum),
    avgScoreRate: rateOf(rateSum, scoredNum),
  };
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
      submittedWorkNum: sql<number>`count(*) filter (where ${studentWorks.status} in (1, 2))`.mapWith(Number),
      avgWorkScore: sql<
        number | null
      >`round(avg(${finalScoreSql()}) filter (where ${studentWorks.status} = 2), 1)`.mapWith(nullableNumber),
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
