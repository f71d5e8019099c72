import { and, asc, countDistinct, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { StatisticsDailyPoint } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { courseWorkClasses, courseWorks, studentWorks } from '../../db/schema/homework';
import { schoolMembers, schools, students } from '../../db/schema/school';
import { studentActivityDays } from '../../db/schema/student';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { chinaDate, chinaDayStart } from '../../lib/china-time';
import { DAY_MS } from '../../lib/clock';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedCall } from '../context';
import {
  assertCourseOwner,
  COURSE_NOT_FOUND_MESSAGE,
  isSchoolManager,
  studentInTeachingClass,
} from '../course/membership';
import { courseStudentNums, teachingClassBriefs } from '../course/views';
import { countCourseExams, examScoreRates, examSubmissionsSince } from '../exam/stats';
import { rateOf, sumFigures, workFigures } from '../homework/stats';
import { resolveSchoolId } from '../school/resolve-school';
import { teacherCourseIds } from '../student/list-query';
import { assertTeachingClassesOfCourse } from '../student/scope';

// Quizzes and practical training do not exist in the server yet: their counts are 0
// and their averages null, which is what the school has. Homework figures come from
// services/homework/stats.ts, exams' from services/exam/stats.ts; study activity
// from the heartbeat.

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Students (every status, each once) of the teaching classes of the courses meeting `courseCondition`. */
async function studentCount(db: Db, courseCondition: SQL): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(students.id) })
    .from(teachingClasses)
    .innerJoin(students, and(eq(students.schoolId, teachingClasses.schoolId), studentInTeachingClass()))
    .where(sql`${teachingClasses.courseId} ${courseCondition}`);
  return row?.n ?? 0;
}

/**
 * The daily points of the last `days` China days up to today: who was active
 * (a heartbeat counted in `activityCourses`, or a hand-in of a work of the
 * scope) and how many student works were handed in that day (by the time of
 * their last hand-in).
 */
async function trendOf(
  db: Db,
  schoolId: number,
  scope: { courses: SQL; activityCourses: SQL },
  days: number,
  now: number,
): Promise<{ trend: StatisticsDailyPoint[]; activeStudentCount: number }> {
  const to = chinaDate(now);
  const from = dayAfter(to, -(days - 1));
  const [activity, handIns, examHandIns] = await Promise.all([
    db
      .selectDistinct({ day: studentActivityDays.day, userId: studentActivityDays.userId })
      .from(studentActivityDays)
      .where(
        and(
          eq(studentActivityDays.schoolId, schoolId),
          sql`${studentActivityDays.courseId} ${scope.activityCourses}`,
          gte(studentActivityDays.day, from),
          lte(studentActivityDays.day, to),
        ),
      ),
    db
      .select({ submitTime: studentWorks.submitTime, userId: studentWorks.savedByUserId })
      .from(studentWorks)
      .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
      .where(
        and(
          eq(courseWorks.publishStatus, 1),
          sql`${courseWorks.courseId} ${scope.courses}`,
          gte(studentWorks.submitTime, chinaDayStart(from)),
        ),
      ),
    examSubmissionsSince(db, scope.courses, chinaDayStart(from)),
  ]);
  const active = new Map<string, Set<number>>();
  const everyone = new Set<number>();
  const note = (day: string, userId: number | null) => {
    if (userId === null) return;
    const set = active.get(day) ?? new Set<number>();
    set.add(userId);
    active.set(day, set);
    everyone.add(userId);
  };
  for (const row of activity) note(row.day, row.userId);
  const submitted = new Map<string, number>();
  for (const row of handIns) {
    if (row.submitTime === null) continue;
    const day = chinaDate(row.submitTime);
    if (day > to) continue;
    submitted.set(day, (submitted.get(day) ?? 0) + 1);
    note(day, row.userId);
  }
  const examsSubmitted = new Map<string, number>();
  for (const row of examHandIns) {
    const day = chinaDate(row.submitTime);
    if (day > to) continue;
    examsSubmitted.set(day, (examsSubmitted.get(day) ?? 0) + 1);
    note(day, row.userId);
  }
  const trend: StatisticsDailyPoint[] = [];
  for (let day = from; day <= to; day = dayAfter(day, 1)) {
    trend.push({
      date: day,
      activeStudentCount: active.get(day)?.size ?? 0,
      submittedWorkCount: submitted.get(day) ?? 0,
      examSubmitCount: examsSubmitted.get(day) ?? 0,
    });
  }
  return { trend, activeStudentCount: everyone.size };
}

/**
 * POST /tms-server/statistics/overview: a school manager sees the whole
 * school, a teacher their own courses (a user holding both roles, the school).
 */
export async function tmsStatisticsOverview({
  ctx,
  input,
}: AuthedCall<Input<'tmsStatisticsOverview'>>): Promise<Output<'tmsStatisticsOverview'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const school = await isSchoolManager(ctx.db, schoolId, ctx.auth.userId);
  const courseCondition = school
    ? sql`in (select ${courses.id} from ${courses} where ${courses.schoolId} = ${schoolId})`
    : sql`in ${teacherCourseIds(schoolId, ctx.auth.userId)}`;
  const published = and(
    eq(courseWorks.publishStatus, 1),
    sql`${courseWorks.courseId} ${courseCondition}`,
  ) as SQL;
  const [[counts], students, figures, { trend, activeStudentCount }, examRates] = await Promise.all([
    ctx.db
      .select({
        courseCount:
          sql<number>`(select count(*) from ${courses} where ${courses.id} ${courseCondition})`.mapWith(
            Number,
          ),
        teachingClassCount:
          sql<number>`(select count(*) from ${teachingClasses} where ${teachingClasses.courseId} ${courseCondition})`.mapWith(
            Number,
          ),
        teacherCount: school
          ? sql<number>`(select count(*) from ${schoolMembers} where ${schoolMembers.schoolId} = ${schoolId} and ${schoolMembers.role} = 'teacher')`.mapWith(
              Number,
            )
          : sql<number>`1`.mapWith(Number),
        workCount: sql<number>`(select count(*) from ${courseWorks} where ${published})`.mapWith(Number),
        examCount: countCourseExams(courseCondition),
      })
      // one row: the school's own
      .from(schools)
      .where(eq(schools.id, schoolId)),
    studentCount(ctx.db, courseCondition),
    workFigures(ctx.db, { works: published }),
    trendOf(
      ctx.db,
      schoolId,
      // the school's own day total (course 0), or the study time a heartbeat gave the teacher's courses
      { courses: courseCondition, activityCourses: school ? sql`= 0` : courseCondition },
      input.days,
      ctx.clock.now(),
    ),
    examScoreRates(ctx.db, courseCondition),
  ]);
  const work = sumFigures(figures);
  return {
    scope: school ? 'school' : 'teacher',
    courseCount: counts?.courseCount ?? 0,
    teachingClassCount: counts?.teachingClassCount ?? 0,
    studentCount: students,
    teacherCount: counts?.teacherCount ?? 0,
    workCount: counts?.workCount ?? 0,
    workSubmitRate: work.submitRate,
    averageWorkScoreRate: work.avgScoreRate,
    examCount: counts?.examCount ?? 0,
    averageExamScoreRate: examRates.overall,
    activeStudentCount,
    trend,
  };
}

const MAX_WORKS = 500;

/** POST /tms-server/statistics/course: a course's figures, work by work and class by class. */
export async function tmsStatisticsCourse({
  ctx,
  input,
}: AuthedCall<Input<'tmsStatisticsCourse'>>): Promise<Output<'tmsStatisticsCourse'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const course = await assertCourseOwner(
    ctx,
    schoolId,
    idOrNotFound(input.courseId, COURSE_NOT_FOUND_MESSAGE),
  );
  const [classId] =
    input.teachingClassId === undefined
      ? [undefined]
      : await assertTeachingClassesOfCourse(ctx.db, course.id, [input.teachingClassId]);
  const works = await ctx.db
    .select()
    .from(courseWorks)
    .where(
      and(
        eq(courseWorks.courseId, course.id),
        eq(courseWorks.publishStatus, 1),
        classId === undefined
          ? undefined
          : inArray(
              courseWorks.id,
              ctx.db
                .select({ id: courseWorkClasses.workId })
                .from(courseWorkClasses)
                .where(eq(courseWorkClasses.teachingClassId, classId)),
            ),
      ),
    )
    .orderBy(asc(courseWorks.endTime), asc(courseWorks.id));
  const ofCourse = and(eq(courseWorks.courseId, course.id), eq(courseWorks.publishStatus, 1)) as SQL;
  const [briefs, distinct, perWork, perClass, [exams], examRates] = await Promise.all([
    teachingClassBriefs(ctx.db, [course.id]),
    courseStudentNums(ctx.db, [course.id]),
    workFigures(ctx.db, { works: ofCourse, teachingClassId: classId }),
    workFigures(ctx.db, { works: ofCourse, byClass: true, teachingClassId: classId }),
    ctx.db
      .select({ n: countCourseExams(sql`= ${course.id}`) })
      .from(courses)
      .where(eq(courses.id, course.id)),
    examScoreRates(ctx.db, sql`= ${course.id}`, { teachingClassId: classId }),
  ]);
  const classes = (briefs.get(course.id) ?? []).filter(
    (brief) => classId === undefined || brief.teachingClassId === String(classId),
  );
  const total = sumFigures(perWork);
  return {
    courseId: String(course.id),
    courseName: course.name,
    studentCount: classId === undefined ? (distinct.get(course.id) ?? 0) : (classes[0]?.studentCount ?? 0),
    teachingClassCount: classes.length,
    workCount: works.length,
    workSubmitRate: total.submitRate,
    averageWorkScoreRate: total.avgScoreRate,
    examCount: exams?.n ?? 0,
    averageExamScoreRate: examRates.overall,
    works: works.slice(0, MAX_WORKS).map((work) => {
      const figures = perWork.find((row) => row.workId === work.id);
      return {
        workId: String(work.id),
        title: work.title,
        endTime: work.endTime,
        totalScore: work.totalScore,
        submitRate: rateOf(figures?.submittedNum ?? 0, figures?.studentNum ?? 0),
        averageScore: figures?.avgScore ?? null,
      };
    }),
    classes: classes.map((brief) => {
      const figures = sumFigures(
        perClass.filter((row) => String(row.teachingClassId) === brief.teachingClassId),
      );
      return {
        teachingClassId: brief.teachingClassId,
        className: brief.className,
        studentCount: brief.studentCount,
        workSubmitRate: figures.submitRate,
        averageWorkScoreRate: figures.avgScoreRate,
        averageExamScoreRate: examRates.byClass.get(Number(brief.teachingClassId)) ?? null,
      };
    }),
  };
}
