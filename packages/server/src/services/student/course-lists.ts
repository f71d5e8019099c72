// The students of one course: lists, statistics and the statistics over a date range.
import { type SQL, sql } from 'drizzle-orm';
import { students } from '../../db/schema/school';
import { studentOnline } from '../../db/schema/student';
import { teachingClasses } from '../../db/schema/teaching';
import { InvalidInputError } from '../../lib/errors';
import type {
  StudentCourseItem,
  StudentCoursePage,
  StudentCourseStaticPage,
  StudentCourseStaticV2Page,
  StudentCourseV2Page,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseOwner } from '../course/membership';
import { beijingDay, ONLINE_WINDOW_MS } from './online-clock';
import { assertTeachingClassesOfCourse } from './scope';
import { resolveSchoolId } from '../school/resolve-school';
import { idOrNotFound } from '../../lib/ids';

import {
  ItemRow,
  studentItem,
  runList,
  sortBy,
  commonSorts,
  studyDuration,
  lastActivity,
} from './list-query';
import { workStats } from '../homework/stats';
import { chinaDayStart } from '../../lib/china-time';

/**
 * What names the students of a course in its lists (these and the online ones): the
 * school, the course and its teaching classes, one in the v1 queries, several in v2.
 */
type CourseScope = Pick<Input<'getStudentListByCourse'>, 'schoolId' | 'courseId' | 'teachingClassId'> &
  Partial<Pick<Input<'getStudentListByCourseV2'>, 'teachingClassIds'>>;

export async function coursePlan(ctx: AuthedContext, input: CourseScope) {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const course = await assertCourseOwner(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const named = [
    ...(input.teachingClassId !== undefined ? [input.teachingClassId] : []),
    ...(input.teachingClassIds ?? []),
  ];
  const teachingClassIds = await assertTeachingClassesOfCourse(ctx.db, course.id, named);
  return { schoolId, course, teachingClassIds };
}

function courseItem(
  row: ItemRow & { teachingClassId?: unknown; teachingClassName?: unknown },
): StudentCourseItem {
  return {
    ...studentItem(row),
    teachingClassId: String(row.teachingClassId),
    teachingClassName: String(row.teachingClassName),
  };
}

const courseSorts: Record<string, SQL> = {
  ...commonSorts,
  teachingClass: sql`${teachingClasses.name}`,
};

/** POST /tms-server/studentMgr/getStudentList/by/course */
export async function getStudentListByCourse({
  ctx,
  input,
}: AuthedCall<Input<'getStudentListByCourse'>>): Promise<StudentCoursePage> {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(courseSorts, input.sortField, input.sortOrder),
      page: input,
    },
    {},
  );
  return { list: rows.map(courseItem), total };
}

/** POST /tms-server/studentMgr/v2/getStudentList/by/course: several teaching classes, online flag. */
export async function getStudentListByCourseV2({
  ctx,
  input,
}: AuthedCall<Input<'getStudentListByCourseV2'>>): Promise<StudentCourseV2Page> {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const since = ctx.clock.now() - ONLINE_WINDOW_MS;
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: since,
      online: input.online,
      keywordOnAccount: true,
      order: sortBy(
        { ...courseSorts, lastActiveAt: sql`${studentOnline.lastActiveAt}` },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    {},
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      online: row.lastActiveAt !== null && row.lastActiveAt >= since,
      lastActiveAt: row.lastActiveAt,
    })),
    total,
  };
}

/** POST /tms-server/studentMgr/getStudentList/by/course/static */
export async function getStudentListByCourseStatic({
  ctx,
  input,
}: AuthedCall<Input<'getStudentListByCourseStatic'>>): Promise<StudentCourseStaticPage> {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const thisCourse = sql`= ${course.id}`;
  const duration = studyDuration(thisCourse);
  const active = lastActivity(thisCourse);
  const work = workStats({ students: sql`= ${students.id}`, courses: thisCourse });
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...courseSorts,
          submittedWorkNum: work.submittedWorkNum.getSQL(),
          lateWorkNum: work.lateWorkNum.getSQL(),
          avgWorkScore: work.avgWorkScore.getSQL(),
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    { studyDuration: duration, activeAt: active, ...work },
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      workNum: row.workNum as number,
      submittedWorkNum: row.submittedWorkNum as number,
      lateWorkNum: row.lateWorkNum as number,
      avgWorkScore: row.avgWorkScore as number | null,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
    })),
    total,
  };
}

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function validDay(day: string, field: string): string {
  const parsed = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== day)
    throw new InvalidInputError(`参数 ${field} 不是有效日期`);
  return day;
}

/** The statistics range: the given days, else the course's first day up to today (Beijing), at most 366 days. */
export function statisticsRange(
  startDate: string | undefined,
  endDate: string | undefined,
  courseStart: string,
  now: number,
): { from: string; to: string } {
  const to = endDate !== undefined ? validDay(endDate, 'endDate') : beijingDay(now);
  let from = startDate !== undefined ? validDay(startDate, 'startDate') : courseStart;
  if (startDate === undefined) {
    // a defaulted start never makes the range invalid: clamp it
    if (dayNumber(from) > dayNumber(to)) from = to;
    if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS)
      from = new Date((dayNumber(to) - MAX_RANGE_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  }
  if (dayNumber(to) < dayNumber(from)) throw new InvalidInputError('参数 endDate 不能早于 startDate');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS)
    throw new InvalidInputError(`统计区间不能超过 ${MAX_RANGE_DAYS} 天`);
  return { from, to };
}

/** POST /tms-server/studentMgr/v2/getStudentList/by/course/static: statistics over a date range. */
export async function getStudentListByCourseStaticV2({
  ctx,
  input,
}: AuthedCall<Input<'getStudentListByCourseStaticV2'>>): Promise<StudentCourseStaticV2Page> {
  const { schoolId, course, teachingClassIds } = await coursePlan(ctx, input);
  const range = statisticsRange(input.startDate, input.endDate, course.startDate, ctx.clock.now());
  const thisCourse = sql`= ${course.id}`;
  const duration = studyDuration(thisCourse, range);
  const active = lastActivity(thisCourse, range);
  const work = workStats({
    students: sql`= ${students.id}`,
    courses: thisCourse,
    endBetween: { from: chinaDayStart(range.from), to: chinaDayStart(range.to) + DAY_MS },
  });
  const submitRate =
    sql<number>`(case when ${work.workNum} = 0 then 0 else ${work.submittedWorkNum}::numeric / ${work.workNum} end)`.mapWith(
      Number,
    );
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      course: { courseId: course.id, teachingClassIds },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...courseSorts,
          submittedWorkNum: work.submittedWorkNum.getSQL(),
          submitRate: submitRate.getSQL(),
          avgWorkScore: work.avgWorkScore.getSQL(),
          avgQuizScore: null,
          trainingFinishedNum: null,
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    { studyDuration: duration, activeAt: active, ...work, submitRate },
  );
  return {
    list: rows.map((row) => ({
      ...courseItem(row),
      workNum: row.workNum as number,
      submittedWorkNum: row.submittedWorkNum as number,
      lateWorkNum: row.lateWorkNum as number,
      avgWorkScore: row.avgWorkScore as number | null,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
      submitRate: Math.round((row.submitRate as number) * 1000) / 1000,
      quizNum: 0,
      avgQuizScore: null,
      trainingFinishedNum: 0,
    })),
    total,
    startDate: range.from,
    endDate: range.to,
  };
}
