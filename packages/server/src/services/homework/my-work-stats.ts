import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import { courseWorks, studentWorks } from '../../db/schema/homework';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedCall } from '../context';
import { COURSE_NOT_FOUND_MESSAGE } from '../course/membership';
import { studentTeachingClassIds } from '../course/student-audience';
import { resolveSchoolId } from '../school/resolve-school';
import {
  avgWorkScoreRate,
  countWorks,
  peersAvgWorkScoreRate,
  studentsOfAccount,
  type WorkStatsScope,
  workStats,
} from './stats';

export const NOT_MY_COURSE_MESSAGE = '您没有选这门课程';

/**
 * POST /tms-server/myWork/getMyWork/statistics/course/{courseId}: the caller's
 * homework figures in one of their courses. Score rates only over works whose
 * scores are published, as the student sees scores nowhere else before.
 */
export async function getMyWorkCourseStatistics({
  ctx,
  input,
}: AuthedCall<Input<'getMyWorkCourseStatistics'>>): Promise<Output<'getMyWorkCourseStatistics'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const courseId = idOrNotFound(input.courseId, COURSE_NOT_FOUND_MESSAGE);
  const [course] = await ctx.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId)))
    .limit(1);
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  const [member] = await ctx.db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(
      and(
        eq(teachingClasses.courseId, course.id),
        inArray(teachingClasses.id, studentTeachingClassIds(ctx.db, schoolId, ctx.auth.userId)),
      ),
    )
    .limit(1);
  if (!member) throw new ForbiddenError(NOT_MY_COURSE_MESSAGE);

  const scope: WorkStatsScope = {
    students: studentsOfAccount(schoolId, ctx.auth.userId),
    courses: sql`= ${course.id}`,
    publishedScoresOnly: true,
  };
  const { workNum, submittedWorkNum, lateWorkNum } = workStats(scope);
  const [row] = await ctx.db
    .select({
      workNum,
      submittedWorkNum,
      lateWorkNum,
      correctedNum: countWorks(scope, sql` and ${studentWorks.status} = 2`),
      overdueNum: countWorks(
        scope,
        sql` and ${studentWorks.status} in (0, 3) and ${courseWorks.endTime} < ${ctx.clock.now()}`,
      ),
      averageScoreRate: avgWorkScoreRate(scope),
      classAverageScoreRate: peersAvgWorkScoreRate(scope),
    })
    .from(courses)
    .where(eq(courses.id, course.id));
  return {
    courseId: String(course.id),
    courseName: course.name,
    workCount: row?.workNum ?? 0,
    submittedCount: row?.submittedWorkNum ?? 0,
    unsubmittedCount: (row?.workNum ?? 0) - (row?.submittedWorkNum ?? 0),
    lateCount: row?.lateWorkNum ?? 0,
    overdueCount: row?.overdueNum ?? 0,
    correctedCount: row?.correctedNum ?? 0,
    averageScoreRate: row?.averageScoreRate ?? null,
    classAverageScoreRate: row?.classAverageScoreRate ?? null,
  };
}
