import { and, countDistinct, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursewareShares } from '../../db/schema/courseware';
import { noticeViews, noticeVisibility, notices } from '../../db/schema/notice';
import { teachingClasses } from '../../db/schema/teaching';
import type { AuthedCall } from '../context';
import type { MyCourseItem, MyCourseV2Item, MyCourseV2Page } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { todayOf } from './courses';
import { courseStatus } from './status';
import { coursesOfStudent, ownTeachingClass } from './timetable';
import { courseBrief, sectionNums, teachingClassBriefs, userBriefs } from './views';
import { resolveSchoolId } from '../school/resolve-school';

type MyCourseQuery = Input<'getStudentCourseList'>;
type MyCourseV2Query = Input<'getStudentCourseListV2'>;

/** Status groups of a student's list: in progress, then upcoming, then over. */
const STATUS_RANK = { 1: 0, 0: 1, 2: 2 } as const;

/** Per course (of the teaching class): published notices visible to those classes that the user has not opened. */
async function unreadNoticeNums(
  db: Db,
  teachingClassIds: number[],
  userId: number,
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (teachingClassIds.length === 0) return map;
  const rows = await db
    .select({ courseId: teachingClasses.courseId, n: countDistinct(notices.id) })
    .from(noticeVisibility)
    .innerJoin(notices, eq(notices.id, noticeVisibility.noticeId))
    .innerJoin(teachingClasses, eq(teachingClasses.id, noticeVisibility.teachingClassId))
    .where(
      and(
        inArray(noticeVisibility.teachingClassId, teachingClassIds),
        eq(notices.status, 1),
        notExists(
          db
            .select({ one: noticeViews.noticeId })
            .from(noticeViews)
            .where(and(eq(noticeViews.noticeId, notices.id), eq(noticeViews.userId, userId))),
        ),
      ),
    )
    .groupBy(teachingClasses.courseId);
  for (const row of rows) map.set(row.courseId, row.n);
  return map;
}

/** Per course (of the teaching class): courseware shared with those classes. */
async function sharedWareNums(db: Db, teachingClassIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (teachingClassIds.length === 0) return map;
  const rows = await db
    .select({ courseId: teachingClasses.courseId, n: countDistinct(coursewareShares.coursewareId) })
    .from(coursewareShares)
    .innerJoin(teachingClasses, eq(teachingClasses.id, coursewareShares.teachingClassId))
    .where(inArray(coursewareShares.teachingClassId, teachingClassIds))
    .groupBy(teachingClasses.courseId);
  for (const row of rows) map.set(row.courseId, row.n);
  return map;
}

/** Every course of the student in the school, as MyCourseV2Item, unsorted. */
async function myCourseItems(
  { ctx }: AuthedCall<unknown>,
  schoolId: number,
): Promise<{ item: MyCourseV2Item; teacherName: string }[]> {
  const mine = await coursesOfStudent(ctx, schoolId);
  const ids = mine.map((entry) => entry.course.id);
  const allMine = mine.flatMap((entry) => entry.teachingClassIds);
  const [briefs, sections, teachers, unread, wares] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    sectionNums(ctx.db, ids),
    userBriefs(
      ctx.db,
      mine.map((entry) => entry.course.teacherUserId),
    ),
    unreadNoticeNums(ctx.db, allMine, ctx.auth.userId),
    sharedWareNums(ctx.db, allMine),
  ]);
  const today = todayOf(ctx);
  return mine.map(({ course, teachingClassIds }) => {
    const brief = courseBrief(course, teachers);
    return {
      teacherName: `${brief.teacher.realName} ${brief.teacher.userName}`,
      item: {
        ...brief,
        description: course.description,
        status: courseStatus(course.startDate, course.endDate, today),
        startDate: course.startDate,
        endDate: course.endDate,
        teachingClass: ownTeachingClass(briefs, course.id, teachingClassIds),
        sectionNum: sections.get(course.id) ?? 0,
        unViewAnnounceNum: unread.get(course.id) ?? 0,
        courseWareNum: wares.get(course.id) ?? 0,
        // homework and study tracking do not exist in the reference server yet
        unCommitWorkNum: 0,
        workNum: 0,
        submittedWorkNum: 0,
        avgWorkScore: null,
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
