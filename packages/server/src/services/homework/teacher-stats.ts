import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type {
  TeacherPassRate,
  TeacherReceivedWork,
  TeacherWorkBase,
  TeacherWorkDistribution,
  TeacherWorkPassRate,
  TeacherWorkPassRateV2,
  TeacherWorkScore,
  TeacherWorkStatistics,
  TeacherWorkStatisticsV2,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { Db } from '../../db/client';
import { type CourseWorkRow, courseWorkClasses, courseWorks, studentWorks } from '../../db/schema/homework';
import { courses } from '../../db/schema/teaching';
import { chinaDate, daysBetween } from '../../lib/china-time';
import { DAY_MS } from '../../lib/clock';
import { ForbiddenError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseTeacher, COURSE_NOT_FOUND_MESSAGE, type CourseRow } from '../course/membership';
import { resolveSchoolId } from '../school/resolve-school';
import { teacherCourseIds } from '../student/list-query';
import { assertTeachingClassesOfCourse } from '../student/scope';
import { assertSchoolRole, inOrder, teachingClassBriefs } from '../teaching-content/shared';
import { EMPTY_FIGURES, rateOf, type WorkFigures, workFigures } from './stats';
import { classIdsOfWorks, WORK_NOT_FOUND_MESSAGE } from './views';

/** The pass line unless the caller names another: 60 % of the work's total, on the final score. */
export const PASS_RATIO = 0.6;
export const NOT_COURSE_WORK_MESSAGE = '这不是您任教课程的作业';
export const WORK_NOT_PUBLISHED_MESSAGE = '作业还没有发布，暂无统计数据';
const DAILY_MAX_DAYS = 62;

/** The distribution's five bands of the final score in % of the total, from WorkFigures.buckets. */
function bandsOf(counts: WorkFigures['buckets']): TeacherWorkDistribution['buckets'] {
  const [below60, below70, below80, below90, top] = counts;
  return [
    { label: '0-59', minPercent: 0, maxPercent: 59, count: below60 },
    { label: '60-69', minPercent: 60, maxPercent: 69, count: below70 },
    { label: '70-79', minPercent: 70, maxPercent: 79, count: below80 },
    { label: '80-89', minPercent: 80, maxPercent: 89, count: below90 },
    { label: '90-100', minPercent: 90, maxPercent: 100, count: top },
  ];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function figuresOf(rows: readonly WorkFigures[], workId: number, teachingClassId: number | null = null) {
  return (
    rows.find(
      (row) => row.workId === workId && (teachingClassId === null || row.teachingClassId === teachingClassId),
    ) ?? { ...EMPTY_FIGURES, workId, teachingClassId }
  );
}

function base(work: CourseWorkRow): TeacherWorkBase {
  return {
    workId: String(work.id),
    workName: work.title,
    publishedAt: work.publishedAt ?? work.updatedAt,
    fullScore: work.totalScore,
  };
}

function passRate(figures: WorkFigures): TeacherPassRate {
  return {
    scoredNum: figures.scoredNum,
    passNum: figures.passNum,
    passRate: rateOf(figures.passNum, figures.scoredNum) ?? 0,
  };
}

function scoreFigures(work: CourseWorkRow, figures: WorkFigures): TeacherWorkScore {
  return {
    ...base(work),
    studentNum: figures.studentNum,
    submittedNum: figures.submittedNum,
    scoredNum: figures.scoredNum,
    avgScore: figures.avgScore,
    maxScore: figures.maxScore,
    minScore: figures.minScore,
  };
}

const passScoreOf = (work: CourseWorkRow, ratio: number) => oneDecimal(work.totalScore * ratio);

/**
 * A published work of a course the caller teaches: 6 when it does not exist,
 * 5 when the course is another teacher's, 1 while it is a draft (nothing to count).
 */
async function statisticsWork(
  ctx: AuthedContext,
  rawWorkId: string,
): Promise<{ work: CourseWorkRow; course: Pick<CourseRow, 'id' | 'name'> }> {
  const [row] = await ctx.db
    .select({ work: courseWorks, courseName: courses.name, teacherUserId: courses.teacherUserId })
    .from(courseWorks)
    .innerJoin(courses, eq(courses.id, courseWorks.courseId))
    .where(eq(courseWorks.id, idOrNotFound(rawWorkId, WORK_NOT_FOUND_MESSAGE)))
    .limit(1);
  if (!row) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
  if (row.teacherUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_COURSE_WORK_MESSAGE);
  // the path names no school: the role was checked in the current one, the work may be in another
  await assertSchoolRole(ctx, row.work.schoolId, ['teacher']);
  if (row.work.publishStatus !== 1) throw new RefusedError(WORK_NOT_PUBLISHED_MESSAGE);
  return { work: row.work, course: { id: row.work.courseId, name: row.courseName } };
}

/** A teaching class of the course from the query (6 otherwise), or undefined. */
async function classFilter(db: Db, courseId: number, raw: string | undefined): Promise<number | undefined> {
  if (raw === undefined) return undefined;
  const [id] = await assertTeachingClassesOfCourse(db, courseId, [raw]);
  return id;
}

/** The published works of a course (those given to one class), by publication time. */
async function publishedWorks(db: Db, courseId: number, teachingClassId?: number): Promise<CourseWorkRow[]> {
  const conditions: SQL[] = [eq(courseWorks.courseId, courseId), eq(courseWorks.publishStatus, 1)];
  if (teachingClassId !== undefined) {
    conditions.push(
      inArray(
        courseWorks.id,
        db
          .select({ id: courseWorkClasses.workId })
          .from(courseWorkClasses)
          .where(eq(courseWorkClasses.teachingClassId, teachingClassId)),
      ),
    );
  }
  return db
    .select()
    .from(courseWorks)
    .where(and(...conditions))
    .orderBy(asc(courseWorks.publishedAt), asc(courseWorks.id));
}

async function ownCourse(ctx: AuthedContext, rawSchoolId: string, rawCourseId: string): Promise<CourseRow> {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  return assertCourseTeacher(ctx, schoolId, idOrNotFound(rawCourseId, COURSE_NOT_FOUND_MESSAGE));
}

const ofWorks = (works: readonly CourseWorkRow[]) =>
  works.length === 0
    ? sql`false`
    : inArray(
        courseWorks.id,
        works.map((work) => work.id),
      );

/** GET /tms-server/teacherPage/getTeacherReceivedWork/{schoolId} */
export async function getTeacherReceivedWork({
  ctx,
  input,
}: AuthedCall<Input<'getTeacherReceivedWork'>>): Promise<TeacherReceivedWork> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const mine = and(
    eq(courseWorks.schoolId, schoolId),
    eq(courseWorks.publishStatus, 1),
    sql`${courseWorks.courseId} in ${teacherCourseIds(schoolId, ctx.auth.userId)}`,
  ) as SQL;
  const [totals] = await ctx.db
    .select({
      uncorrectedNum: sql<number>`count(*) filter (where ${studentWorks.status} = 1)`.mapWith(Number),
      recentReceivedNum: sql<number>`count(*) filter (where ${studentWorks.submitTime} >= ${
        now - 7 * DAY_MS
      })`.mapWith(Number),
    })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(mine);
  const waiting = and(
    mine,
    inArray(
      courseWorks.id,
      ctx.db.select({ id: studentWorks.workId }).from(studentWorks).where(eq(studentWorks.status, 1)),
    ),
  ) as SQL;
  const figures = (await workFigures(ctx.db, { works: waiting }))
    .sort((a, b) => (b.lastSubmittedAt ?? 0) - (a.lastSubmittedAt ?? 0) || b.workId - a.workId)
    .slice(0, input.limit);
  const works =
    figures.length === 0
      ? []
      : await ctx.db
          .select({
            id: courseWorks.id,
            title: courseWorks.title,
            courseId: courseWorks.courseId,
            endTime: courseWorks.endTime,
            courseName: courses.name,
          })
          .from(courseWorks)
          .innerJoin(courses, eq(courses.id, courseWorks.courseId))
          .where(
            inArray(
              courseWorks.id,
              figures.map((row) => row.workId),
            ),
          );
  const byId = new Map(works.map((work) => [work.id, work]));
  return {
    schoolId: String(schoolId),
    uncorrectedNum: totals?.uncorrectedNum ?? 0,
    recentReceivedNum: totals?.recentReceivedNum ?? 0,
    works: figures.flatMap((row) => {
      const work = byId.get(row.workId);
      if (!work) return [];
      return [
        {
          workId: String(work.id),
          workName: work.title,
          courseId: String(work.courseId),
          courseName: work.courseName,
          deadline: work.endTime,
          studentNum: row.studentNum,
          submittedNum: row.submittedNum,
          uncorrectedNum: row.uncorrectedNum,
          lastSubmittedAt: row.lastSubmittedAt ?? 0,
        },
      ];
    }),
  };
}

/** GET /tms-server/teacherPage/getCourseWorkScore/{schoolId}/{courseId} */
export async function getCourseWorkScore({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkScore'>>): Promise<TeacherWorkScore[]> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const teachingClassId = await classFilter(ctx.db, course.id, input.teachingClassId);
  const works = await publishedWorks(ctx.db, course.id, teachingClassId);
  const figures = await workFigures(ctx.db, { works: ofWorks(works), teachingClassId });
  return works.map((work) => scoreFigures(work, figuresOf(figures, work.id)));
}

async function passRates(
  ctx: AuthedContext,
  input: { schoolId: string; courseId: string },
  ratio: number,
): Promise<{ works: CourseWorkRow[]; list: TeacherWorkPassRate[] }> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const works = await publishedWorks(ctx.db, course.id);
  const figures = await workFigures(ctx.db, { works: ofWorks(works), passRatio: ratio });
  return {
    works,
    list: works.map((work) => ({
      ...base(work),
      ...passRate(figuresOf(figures, work.id)),
      passScore: passScoreOf(work, ratio),
    })),
  };
}

/** GET /tms-server/teacherPage/getCourseWorkPassRate/{schoolId}/{courseId} */
export async function getCourseWorkPassRate({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkPassRate'>>): Promise<TeacherWorkPassRate[]> {
  return (await passRates(ctx, input, PASS_RATIO)).list;
}

/** The classes each work is given to, with their names, in class id order. */
async function classesOf(db: Db, works: readonly CourseWorkRow[]) {
  const ids = await classIdsOfWorks(
    db,
    works.map((work) => work.id),
  );
  const briefs = await teachingClassBriefs(db, [...ids.values()].flat());
  return (workId: number) =>
    inOrder(briefs, ids.get(workId) ?? []).map((brief) => ({
      id: Number(brief.teachingClassId),
      name: brief.className,
    }));
}

/** GET /tms-server/teacherPage/v2/getCourseWorkPassRate/{schoolId}/{courseId} */
export async function getCourseWorkPassRateV2({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkPassRateV2'>>): Promise<TeacherWorkPassRateV2[]> {
  const { works, list } = await passRates(ctx, input, input.passRatio);
  const [byClass, classes] = await Promise.all([
    workFigures(ctx.db, { works: ofWorks(works), byClass: true, passRatio: input.passRatio }),
    classesOf(ctx.db, works),
  ]);
  return list.map((item, index) => {
    const work = works[index] as CourseWorkRow;
    return {
      ...item,
      byClass: classes(work.id).map((teachingClass) => ({
        teachingClassId: String(teachingClass.id),
        teachingClassName: teachingClass.name,
        ...passRate(figuresOf(byClass, work.id, teachingClass.id)),
      })),
    };
  });
}

/** GET /tms-server/teacherPage/getCourseWorkDistribution/{workId} */
export async function getCourseWorkDistribution({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkDistribution'>>): Promise<TeacherWorkDistribution> {
  const { work } = await statisticsWork(ctx, input.workId);
  const teachingClassId = await classFilter(ctx.db, work.courseId, input.teachingClassId);
  const figures = figuresOf(
    await workFigures(ctx.db, { works: eq(courseWorks.id, work.id), teachingClassId }),
    work.id,
  );
  return {
    ...base(work),
    scoredNum: figures.scoredNum,
    uncorrectedNum: figures.uncorrectedNum,
    unsubmittedNum: figures.unsubmittedNum,
    buckets: bandsOf(figures.buckets),
  };
}

async function statistics(
  ctx: AuthedContext,
  rawWorkId: string,
): Promise<{ work: CourseWorkRow; answer: TeacherWorkStatistics }> {
  const { work, course } = await statisticsWork(ctx, rawWorkId);
  const figures = figuresOf(await workFigures(ctx.db, { works: eq(courseWorks.id, work.id) }), work.id);
  return {
    work,
    answer: {
      ...scoreFigures(work, figures),
      ...passRate(figures),
      courseId: String(course.id),
      courseName: course.name,
      deadline: work.endTime,
      unsubmittedNum: figures.unsubmittedNum,
      lateNum: figures.lateNum,
      uncorrectedNum: figures.uncorrectedNum,
      passScore: passScoreOf(work, PASS_RATIO),
    },
  };
}

/** GET /tms-server/teacherPage/getCourseWorkStatistics/{workId} */
export async function getCourseWorkStatistics({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkStatistics'>>): Promise<TeacherWorkStatistics> {
  return (await statistics(ctx, input.workId)).answer;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Hand-ins per China day, from the publication day to the deadline's day (or
 * the last hand-in's, when late ones came after it), never past today; the
 * last 62 days of a longer span.
 */
async function dailySubmitted(
  db: Db,
  work: CourseWorkRow,
  now: number,
): Promise<{ date: string; count: number }[]> {
  const rows = await db
    .select({ submitTime: studentWorks.submitTime })
    .from(studentWorks)
    .where(and(eq(studentWorks.workId, work.id), inArray(studentWorks.status, [1, 2])));
  const perDay = new Map<string, number>();
  let last = work.endTime;
  for (const { submitTime } of rows) {
    if (submitTime === null) continue;
    const day = chinaDate(submitTime);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    last = Math.max(last, submitTime);
  }
  const today = chinaDate(now);
  const end = chinaDate(last) < today ? chinaDate(last) : today;
  let day = chinaDate(work.publishedAt ?? work.createdAt);
  if (day > end) day = end;
  if (daysBetween(day, end) >= DAILY_MAX_DAYS) {
    day = new Date(Date.parse(`${end}T00:00:00Z`) - (DAILY_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  }
  const points: { date: string; count: number }[] = [];
  for (; day <= end; day = nextDay(day)) points.push({ date: day, count: perDay.get(day) ?? 0 });
  return points;
}

/** GET /tms-server/teacherPage/v2/getCourseWorkStatistics/{workId} */
export async function getCourseWorkStatisticsV2({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkStatisticsV2'>>): Promise<TeacherWorkStatisticsV2> {
  const { work, answer } = await statistics(ctx, input.workId);
  const [byClass, classes, daily] = await Promise.all([
    workFigures(ctx.db, { works: eq(courseWorks.id, work.id), byClass: true }),
    classesOf(ctx.db, [work]),
    dailySubmitted(ctx.db, work, ctx.clock.now()),
  ]);
  return {
    ...answer,
    byClass: classes(work.id).map((teachingClass) => {
      const figures = figuresOf(byClass, work.id, teachingClass.id);
      return {
        teachingClassId: String(teachingClass.id),
        teachingClassName: teachingClass.name,
        studentNum: figures.studentNum,
        submittedNum: figures.submittedNum,
        avgScore: figures.avgScore,
        ...passRate(figures),
      };
    }),
    dailySubmitted: daily,
  };
}
