// The school's student lists (a teacher's students, the whole school for a school manager) and their statistics.
import { sql } from 'drizzle-orm';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { students } from '../../db/schema/school';
import type { StudentPage, StudentStaticPage } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import { studentInTeachingClass } from '../course/membership';
import { ONLINE_WINDOW_MS } from './online-clock';
import { type StudentScope } from './scope';
import { resolveSchoolId } from '../school/resolve-school';

import {
  studentItem,
  runList,
  sortBy,
  commonSorts,
  teacherCourseIds,
  studyDuration,
  lastActivity,
} from './list-query';
import { workStats } from '../homework/stats';

// ---- the verbs -------------------------------------------------------------

/** The teacher's list and the school manager's take the same query (StudentListQuery). */
type ListInput = Input<'getStudentList'> | Input<'schoolMgrGetStudentList'>;

async function scopedList(
  ctx: AuthedContext,
  input: ListInput,
  scope: (schoolId: number) => StudentScope,
): Promise<StudentPage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      scope: scope(schoolId),
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(commonSorts, input.sortField, input.sortOrder),
      page: input,
    },
    {},
  );
  return { list: rows.map(studentItem), total };
}

/** POST /tms-server/studentMgr/getStudentList: the teacher's students. */
export function getStudentList({ ctx, input }: AuthedCall<Input<'getStudentList'>>): Promise<StudentPage> {
  return scopedList(ctx, input, () => ({ kind: 'teacher', teacherUserId: ctx.auth.userId }));
}

/** POST /tms-server/studentMgr/schoolMgrGetStudentList: the whole school. */
export function schoolMgrGetStudentList({
  ctx,
  input,
}: AuthedCall<Input<'schoolMgrGetStudentList'>>): Promise<StudentPage> {
  return scopedList(ctx, input, () => ({ kind: 'school' }));
}

/** POST /tms-server/studentMgr/getStudentList/static: the teacher's students with statistics over their courses. */
export async function getStudentListStatic({
  ctx,
  input,
}: AuthedCall<Input<'getStudentListStatic'>>): Promise<StudentStaticPage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const teacherUserId = ctx.auth.userId;
  const ownCourses = sql`in ${teacherCourseIds(schoolId, teacherUserId)}`;
  const courseNum =
    sql<number>`(select count(distinct ${teachingClasses.courseId}) from ${teachingClasses} inner join ${courses} on ${courses.id} = ${teachingClasses.courseId} where ${courses.schoolId} = ${schoolId} and ${courses.teacherUserId} = ${teacherUserId} and ${studentInTeachingClass()})`.mapWith(
      Number,
    );
  const duration = studyDuration(ownCourses);
  const active = lastActivity(ownCourses);
  const work = workStats({ students: sql`= ${students.id}`, courses: ownCourses });
  const { rows, total } = await runList(
    ctx.db,
    {
      schoolId,
      scope: { kind: 'teacher', teacherUserId },
      filter: input,
      onlineSince: ctx.clock.now() - ONLINE_WINDOW_MS,
      keywordOnAccount: true,
      order: sortBy(
        {
          ...commonSorts,
          courseNum: courseNum.getSQL(),
          submittedWorkNum: work.submittedWorkNum.getSQL(),
          avgWorkScore: work.avgWorkScore.getSQL(),
          studyDuration: duration.getSQL(),
          lastActiveAt: active.getSQL(),
        },
        input.sortField,
        input.sortOrder,
      ),
      page: input,
    },
    {
      courseNum,
      studyDuration: duration,
      activeAt: active,
      workNum: work.workNum,
      submittedWorkNum: work.submittedWorkNum,
      avgWorkScore: work.avgWorkScore,
    },
  );
  return {
    list: rows.map((row) => ({
      ...studentItem(row),
      courseNum: row.courseNum as number,
      workNum: row.workNum as number,
      submittedWorkNum: row.submittedWorkNum as number,
      avgWorkScore: row.avgWorkScore as number | null,
      studyDuration: row.studyDuration as number,
      lastActiveAt: row.activeAt as number | null,
    })),
    total,
  };
}
