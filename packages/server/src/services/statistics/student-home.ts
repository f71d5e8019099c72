import { and, asc, countDistinct, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import { courseWorks, studentWorks } from '../../db/schema/homework';
import { schools } from '../../db/schema/school';
import { studentActivityDays } from '../../db/schema/student';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { chinaDate } from '../../lib/china-time';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import type { AuthedCall } from '../context';
import { studentTeachingClassIds } from '../course/student-audience';
import { avgExamScoreRate, pendingExamsOf } from '../exam/stats';
import { mine } from '../homework/my-work';
import { avgWorkScoreRate, countWorks, rateOf, studentsOfAccount, workStats } from '../homework/stats';
import { getUnViewAnnounce } from '../notice/student-notices';
import { resolveSchoolId } from '../school/resolve-school';

const DUE_WORKS_MAX = 5;
const UPCOMING_EXAMS_MAX = 5;

/** Monday of the China week of `today` (YYYY-MM-DD). */
function mondayOf(today: string): string {
  const at = Date.parse(`${today}T00:00:00Z`);
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * POST /tms-server/statistics/student/home/page/overview: the caller's own
 * figures. Works still to hand in are those not handed in (or returned)
 * whose deadline is ahead, or past on a work that takes late hand-ins.
 */
export async function tmsStatisticsStudentHomeOverview({
  ctx,
  input,
}: AuthedCall<Input<'tmsStatisticsStudentHomeOverview'>>): Promise<
  Output<'tmsStatisticsStudentHomeOverview'>
> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const userId = ctx.auth.userId;
  const now = ctx.clock.now();
  const today = chinaDate(now);
  const scope = {
    students: studentsOfAccount(schoolId, userId),
    // every course: the students' rows already keep to the school
    courses: sql`is not null`,
    publishedScoresOnly: true,
  };
  const open = sql`${studentWorks.status} in (0, 3) and (${courseWorks.endTime} > ${now} or ${courseWorks.allowLate})`;
  const { workNum, submittedWorkNum } = workStats(scope);
  const [[figures], [courseRow], [study], due, notices, pendingExams] = await Promise.all([
    ctx.db
      .select({
        workNum,
        submittedWorkNum,
        openNum: countWorks(scope, sql` and ${open}`),
        scoreRate: avgWorkScoreRate(scope),
        examScoreRate: avgExamScoreRate({ students: scope.students, visibleAt: now }),
      })
      // one row: the school's own
      .from(schools)
      .where(eq(schools.id, schoolId)),
    ctx.db
      .select({ n: countDistinct(teachingClasses.courseId) })
      .from(teachingClasses)
      .innerJoin(courses, and(eq(courses.id, teachingClasses.courseId), eq(courses.schoolId, schoolId)))
      .where(inArray(teachingClasses.id, studentTeachingClassIds(ctx.db, schoolId, userId))),
    ctx.db
      .select({ ms: sql<number>`coalesce(sum(${studentActivityDays.durationMs}), 0)`.mapWith(Number) })
      .from(studentActivityDays)
      .where(
        and(
          eq(studentActivityDays.schoolId, schoolId),
          eq(studentActivityDays.userId, userId),
          eq(studentActivityDays.courseId, 0),
          gte(studentActivityDays.day, mondayOf(today)),
          lte(studentActivityDays.day, today),
        ),
      ),
    ctx.db
      .select({
        workId: courseWorks.id,
        studentWorkId: studentWorks.id,
        title: courseWorks.title,
        courseName: courses.name,
        endTime: courseWorks.endTime,
      })
      .from(studentWorks)
      .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
      .innerJoin(courses, eq(courses.id, courseWorks.courseId))
      .where(and(mine(ctx.db, schoolId, userId), open))
      .orderBy(asc(courseWorks.endTime), asc(courseWorks.id))
      .limit(DUE_WORKS_MAX),
    getUnViewAnnounce({ ctx, input: { schoolId: String(schoolId) } }),
    pendingExamsOf(ctx.db, schoolId, userId, now, UPCOMING_EXAMS_MAX),
  ]);
  return {
    courseCount: courseRow?.n ?? 0,
    unCommitWorkCount: figures?.openNum ?? 0,
    pendingExamCount: pendingExams.count,
    unViewAnnounceCount: notices.unViewNum,
    workSubmitRate: rateOf(figures?.submittedWorkNum ?? 0, figures?.workNum ?? 0),
    averageWorkScoreRate: figures?.scoreRate ?? null,
    averageExamScoreRate: figures?.examScoreRate ?? null,
    studyMinutesThisWeek: Math.floor((study?.ms ?? 0) / MINUTE_MS),
    dueWorks: due.map((row) => ({
      workId: String(row.workId),
      studentWorkId: String(row.studentWorkId),
      title: row.title,
      courseName: row.courseName,
      endTime: row.endTime,
    })),
    upcomingExams: pendingExams.first,
  };
}
