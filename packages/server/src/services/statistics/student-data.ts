import { eq, type SQL, sql } from 'drizzle-orm';
import type { StatisticsStudentDataItem } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { students } from '../../db/schema/school';
import { teachingClasses } from '../../db/schema/teaching';
import { chinaDate, requireDateRange } from '../../lib/china-time';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedCall, AuthedContext } from '../context';
import {
  assertCourseTeacher,
  assertTeachingClassesOwned,
  COURSE_NOT_FOUND_MESSAGE,
  TEACHING_CLASS_NOT_FOUND_MESSAGE,
} from '../course/membership';
import { avgExamScoreRate, examStats } from '../exam/stats';
import { avgWorkScoreRate, workStats } from '../homework/stats';
import { resolveSchoolId } from '../school/resolve-school';
import { ONLINE_WINDOW_MS } from '../student/online-clock';
import {
  commonSorts,
  lastActivity,
  type ListPlan,
  runList,
  sortBy,
  studentBrief,
  studyDuration,
  teacherCourseIds,
} from '../student/list-query';
import { assertTeachingClassesOfCourse } from '../student/scope';

const DEFAULT_DAYS = 30;
/** Days between the first and the last day of the range, at most (a year and a day in all). */
const MAX_SPAN_DAYS = 365;

/** The range of study time: the days given, by default the last 30 days up to today (China). */
function rangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }, now: number) {
  const to = input.endDate ?? chinaDate(now);
  const from =
    input.startDate ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  requireDateRange(from, to, { start: 'startDate', end: 'endDate' }, MAX_SPAN_DAYS);
  return { from, to };
}

/**
 * Whose rows: the students of one of the caller's courses (one teaching class
 * of it), else every student of the caller's teaching (as their student list).
 */
async function planOf(
  ctx: AuthedContext,
  schoolId: number,
  input: Input<'tmsStatisticsTeacherStudentData'>,
): Promise<{ courses: SQL; plan: Pick<ListPlan, 'scope' | 'course'> }> {
  let courseId = input.courseId === undefined ? null : idOrNotFound(input.courseId, COURSE_NOT_FOUND_MESSAGE);
  let classIds: number[] = [];
  if (input.teachingClassId !== undefined) {
    const classId = idOrNotFound(input.teachingClassId, TEACHING_CLASS_NOT_FOUND_MESSAGE);
    if (courseId === null) {
      await assertTeachingClassesOwned(ctx, schoolId, [classId]);
      const [row] = await ctx.db
        .select({ courseId: teachingClasses.courseId })
        .from(teachingClasses)
        .where(eq(teachingClasses.id, classId));
      if (!row) throw new NotFoundError(TEACHING_CLASS_NOT_FOUND_MESSAGE);
      courseId = row.courseId;
    }
    classIds = [classId];
  }
  if (courseId === null) {
    return {
      courses: sql`in ${teacherCourseIds(schoolId, ctx.auth.userId)}`,
      plan: { scope: { kind: 'teacher', teacherUserId: ctx.auth.userId } },
    };
  }
  const course = await assertCourseTeacher(ctx, schoolId, courseId);
  const teachingClassIds = await assertTeachingClassesOfCourse(ctx.db, course.id, classIds.map(String));
  return { courses: sql`= ${course.id}`, plan: { course: { courseId: course.id, teachingClassIds } } };
}

/** POST /tms-server/statistics/teacher/get/student/data */
export async function tmsStatisticsTeacherStudentData({
  ctx,
  input,
}: AuthedCall<Input<'tmsStatisticsTeacherStudentData'>>): Promise<{
  list: StatisticsStudentDataItem[];
  total: number;
}> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const range = rangeOf(input, now);
  const { courses, plan } = await planOf(ctx, schoolId, input);
  const work = workStats({ students: sql`= ${students.id}`, courses });
  const scoreRate = avgWorkScoreRate({ students: sql`= ${students.id}`, courses });
  const submitRate = sql<
    number | null
  >`(case when ${work.workNum} = 0 then null else round(${work.submittedWorkNum}::numeric / ${work.workNum}, 3) end)`.mapWith(
    Number,
  );
  const exam = examStats({ students: sql`= ${students.id}`, courses });
  const examScoreRate = avgExamScoreRate({ students: sql`= ${students.id}`, courses });
  const duration = studyDuration(courses, range);
  const active = lastActivity(courses);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      ...plan,
      filter: { schoolId: input.schoolId, keyword: input.keyword },
      onlineSince: now - ONLINE_WINDOW_MS,
      keywordOnAccount: false,
      order: sortBy(
        {
          studentNumber: commonSorts.studentNumber as SQL,
          workSubmitRate: submitRate.getSQL(),
          averageWorkScoreRate: scoreRate.getSQL(),
          averageExamScoreRate: examScoreRate.getSQL(),
          studyMinutes: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortBy,
        input.sortOrder,
      ),
      page: input,
    },
    {
      workNum: work.workNum,
      submittedWorkNum: work.submittedWorkNum,
      submitRate,
      scoreRate,
      examNum: exam.examNum,
      attendedExamNum: exam.attendedExamNum,
      examScoreRate,
      studyDuration: duration,
      activeAt: active,
    },
  );
  return {
    list: rows.map((row) => ({
      ...studentBrief(row),
      workTotalCount: row.workNum as number,
      workSubmittedCount: row.submittedWorkNum as number,
      workSubmitRate: row.submitRate as number | null,
      averageWorkScoreRate: row.scoreRate as number | null,
      examTotalCount: row.examNum as number,
      examAttendedCount: row.attendedExamNum as number,
      averageExamScoreRate: row.examScoreRate as number | null,
      studyMinutes: Math.floor((row.studyDuration as number) / MINUTE_MS),
      lastActiveAt: row.activeAt as number | null,
    })),
    total,
  };
}
