import { and, eq, inArray, sql } from 'drizzle-orm';
import { coursewareShares } from '../../db/schema/courseware';
import { users } from '../../db/schema/identity';
import { noticeViews, noticeVisibility, notices } from '../../db/schema/notice';
import { students } from '../../db/schema/school';
import { courseSections, courses, teachingClasses } from '../../db/schema/teaching';
import type { AuthedCall, AuthedContext } from '../context';
import type { MyCourseItem, MyCourseV2Item, MyCourseV2Page, UserBrief } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { todayOf } from './courses';
import { courseStatus } from './status';
import { studentInTeachingClass } from './membership';
import { studentTeachingClassIds } from './student-audience';
import { courseBrief } from './views';
import { resolveSchoolId } from '../school/resolve-school';
import { studentsOfAccount, unCommittedWorkNum, workStats } from '../homework/stats';

type MyCourseQuery = Input<'getStudentCourseList'>;
type MyCourseV2Query = Input<'getStudentCourseListV2'>;

/** Status groups of a student's list: in progress, then upcoming, then over. */
const STATUS_RANK = { 1: 0, 0: 1, 2: 2 } as const;

/**
 * Every course of the student in the school with all the list shows, in one
 * statement: the student's teaching classes grouped by course (the own one is
 * the lowest id), and per course the own class with its member count (every
 * status), the teacher, the section count, the published notices visible to
 * the student's classes of the course not yet opened, and the courseware
 * shared with them.
 */
async function myCourseRows(ctx: AuthedContext, schoolId: number) {
  const mine = ctx.db
    .select({
      courseId: sql<number>`${teachingClasses.courseId}`.as('my_course_id'),
      ownId: sql<number>`min(${teachingClasses.id})`.as('my_own_class_id'),
      classIds: sql<number[]>`array_agg(${teachingClasses.id})`.as('my_class_ids'),
    })
    .from(teachingClasses)
    .where(inArray(teachingClasses.id, studentTeachingClassIds(ctx.db, schoolId, ctx.auth.userId)))
    .groupBy(teachingClasses.courseId)
    .as('my_courses');
  return ctx.db
    .select({
      course: courses,
      teacherUserName: users.userName,
      teacherRealName: users.realName,
      own: {
        id: teachingClasses.id,
        classId: teachingClasses.classId,
        name: teachingClasses.name,
        studentCount: sql<number>`(select count(*) from ${students}
          where ${students.schoolId} = ${teachingClasses.schoolId} and ${studentInTeachingClass()})`,
      },
      sectionNum: sql<number>`(select count(*) from ${courseSections} where ${courseSections.courseId} = ${courses.id})`,
      unViewAnnounceNum: sql<number>`(select count(distinct ${notices.id}) from ${noticeVisibility}
        join ${notices} on ${notices.id} = ${noticeVisibility.noticeId}
        where ${noticeVisibility.teachingClassId} = any(${mine.classIds}) and ${notices.status} = 1
          and not exists (select 1 from ${noticeViews}
            where ${noticeViews.noticeId} = ${notices.id} and ${noticeViews.userId} = ${ctx.auth.userId}))`,
      courseWareNum: sql<number>`(select count(distinct ${coursewareShares.coursewareId}) from ${coursewareShares}
        where ${coursewareShares.teachingClassId} = any(${mine.classIds}))`,
      ...homework(ctx, schoolId),
    })
    .from(mine)
    .innerJoin(courses, and(eq(courses.id, mine.courseId), eq(courses.schoolId, schoolId)))
    .innerJoin(teachingClasses, eq(teachingClasses.id, mine.ownId))
    .leftJoin(users, eq(users.id, courses.teacherUserId));
}

/** The account's homework figures on the course of the row (published scores only). */
function homework(ctx: AuthedContext, schoolId: number) {
  const scope = {
    students: studentsOfAccount(schoolId, ctx.auth.userId),
    courses: sql`= ${courses.id}`,
    publishedScoresOnly: true,
  };
  const { workNum, submittedWorkNum, avgWorkScore } = workStats(scope);
  return {
    workNum,
    submittedWorkNum,
    avgWorkScore,
    unCommitWorkNum: unCommittedWorkNum(scope, ctx.clock.now()),
  };
}

/** Every course of the student in the school, as MyCourseV2Item, unsorted. */
async function myCourseItems(
  { ctx }: AuthedCall<unknown>,
  schoolId: number,
): Promise<{ item: MyCourseV2Item; teacherName: string }[]> {
  const rows = await myCourseRows(ctx, schoolId);
  const today = todayOf(ctx);
  return rows.map(({ course, teacherUserName, teacherRealName, own, ...counts }) => {
    const teachers = new Map<number, UserBrief>();
    if (teacherUserName !== null && teacherRealName !== null) {
      teachers.set(course.teacherUserId, {
        userId: String(course.teacherUserId),
        userName: teacherUserName,
        realName: teacherRealName,
      });
    }
    const brief = courseBrief(course, teachers);
    return {
      teacherName: `${brief.teacher.realName} ${brief.teacher.userName}`,
      item: {
        ...brief,
        description: course.description,
        status: courseStatus(course.startDate, course.endDate, today),
        startDate: course.startDate,
        endDate: course.endDate,
        teachingClass: {
          teachingClassId: String(own.id),
          courseId: String(course.id),
          classId: String(own.classId),
          className: own.name,
          studentCount: Number(own.studentCount),
        },
        sectionNum: Number(counts.sectionNum),
        unViewAnnounceNum: Number(counts.unViewAnnounceNum),
        courseWareNum: Number(counts.courseWareNum),
        unCommitWorkNum: Number(counts.unCommitWorkNum),
        workNum: Number(counts.workNum),
        submittedWorkNum: Number(counts.submittedWorkNum),
        avgWorkScore: counts.avgWorkScore === null ? null : Number(counts.avgWorkScore),
        // study tracking per course does not exist in the reference server yet
        lastStudyAt: null,
      },
    };
  });
}

function byStartDateDesc(a: MyCourseItem, b: MyCourseItem): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? 1 : -1;
  return Number(b.courseId) - Number(a.courseId);
}

/** POST /tms-server/myCourse/getStudentCourseList */
export async function getStudentCourseList({
  ctx,
  input,
}: AuthedCall<MyCourseQuery>): Promise<MyCourseItem[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const items = (await myCourseItems({ ctx, input }, schoolId))
    .map((entry) => entry.item)
    .filter((item) => input.status === undefined || item.status === input.status)
    .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || byStartDateDesc(a, b))
    .slice(0, 200);
  return items.map(
    ({ workNum: _w, submittedWorkNum: _s, avgWorkScore: _a, lastStudyAt: _l, ...item }): MyCourseItem => item,
  );
}

/** POST /tms-server/myCourse/v2/getStudentCourseList */
export async function getStudentCourseListV2({
  ctx,
  input,
}: AuthedCall<MyCourseV2Query>): Promise<MyCourseV2Page> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId ?? '0');
  const keyword = input.keyword?.trim().toLowerCase();
  const matching = (await myCourseItems({ ctx, input }, schoolId)).filter(
    ({ item, teacherName }) =>
      (input.status === undefined || item.status === input.status) &&
      (!keyword ||
        item.courseName.toLowerCase().includes(keyword) ||
        teacherName.toLowerCase().includes(keyword)),
  );
  const sign = input.sortOrder === 'asc' ? 1 : -1;
  const field = input.sortField ?? 'startDate';
  const items = matching
    .map((entry) => entry.item)
    .sort((a, b) => {
      let order = 0;
      if (field === 'courseName') order = a.courseName.localeCompare(b.courseName, 'zh-CN');
      else if (field === 'lastStudyAt') order = (a.lastStudyAt ?? -1) - (b.lastStudyAt ?? -1);
      if (order === 0) order = a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0;
      if (order === 0) order = Number(a.courseId) - Number(b.courseId);
      return order * sign;
    });
  const start = (input.pageIndex - 1) * input.pageSize;
  return { list: items.slice(start, start + input.pageSize), total: items.length };
}
