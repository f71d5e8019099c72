import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { MyCourseStudentV2, MyCurGroup, StudentBrief, WorkGroupTeam } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import {
  type CourseWorkRow,
  courseWorks,
  studentWorks,
  workGroupSets,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { classes, students } from '../../db/schema/school';
import { courses } from '../../db/schema/teaching';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RefusedError,
} from '../../lib/errors';
import { idOrNotFound, parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { COURSE_NOT_FOUND_MESSAGE } from '../course/membership';
import { studentBrief } from '../student/list-query';
import { resolveSchoolId } from '../school/resolve-school';
import {
  courseStudentsAmong,
  findGroupSet,
  inCourse,
  lockSetForChange,
  pruneTeamMessages,
  studentBriefColumns,
  syncWorksOfSet,
  TEAM_NOT_FOUND_MESSAGE,
  teamView,
} from './group-sets';
import { classIdsOfWorks, WORK_NOT_FOUND_MESSAGE } from './views';

/** A student's side of work groups: their own team, free grouping (groupType 2) and the classmates to pick. */

const NOT_GIVEN_MESSAGE = '该作业没有布置给您';
const NOT_GROUP_WORK_MESSAGE = '这不是小组作业';
const MATES_MAX = 19;

/** The caller's roster rows in the school, as a subquery for `inArray`. */
function myStudentIds(db: Db, schoolId: number, userId: number) {
  return db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.userId, userId)));
}

/**
 * The caller as an active student of the course (of its teaching classes
 * `teachingClassIds` when given), or 5 with `message`.
 */
async function meInCourse(
  ctx: AuthedContext,
  schoolId: number,
  courseId: number,
  message: string,
  teachingClassIds?: readonly number[],
): Promise<{ id: number; name: string }> {
  if (teachingClassIds?.length === 0) throw new ForbiddenError(message);
  const [me] = await ctx.db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.userId, ctx.auth.userId),
        eq(students.status, 'active'),
        inCourse(courseId, teachingClassIds),
      ),
    )
    .orderBy(asc(students.id))
    .limit(1);
  if (!me) throw new ForbiddenError(message);
  return me;
}

/** A published work of the school with the caller among its students: 6 (drafts too), 5 when not given to them. */
async function workGivenToMe(
  ctx: AuthedContext,
  schoolId: number,
  rawWorkId: string,
): Promise<{ work: CourseWorkRow; me: { id: number; name: string }; classIds: number[] }> {
  const [work] = await ctx.db
    .select()
    .from(courseWorks)
    .where(
      and(
        eq(courseWorks.id, idOrNotFound(rawWorkId, WORK_NOT_FOUND_MESSAGE)),
        eq(courseWorks.schoolId, schoolId),
        eq(courseWorks.publishStatus, 1),
      ),
    )
    .limit(1);
  if (!work) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
  const classIds = (await classIdsOfWorks(ctx.db, [work.id])).get(work.id) ?? [];
  const me = await meInCourse(ctx, schoolId, work.courseId, NOT_GIVEN_MESSAGE, classIds);
  return { work, me, classIds };
}

/** GET /tms-server/myWork/getStudentCurGroup/{schoolId}/{workGroupId} */
export async function getStudentCurGroup({
  ctx,
  input,
}: AuthedCall<Input<'getStudentCurGroup'>>): Promise<MyCurGroup> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const set = await findGroupSet(ctx.db, schoolId, input.workGroupId);
  await meInCourse(ctx, schoolId, set.courseId, '您没有选修该分组方案所在的课程');
  const [membership] = await ctx.db
    .select({ teamId: workTeamMembers.teamId })
    .from(workTeamMembers)
    .where(
      and(
        eq(workTeamMembers.groupSetId, set.id),
        inArray(workTeamMembers.studentId, myStudentIds(ctx.db, schoolId, ctx.auth.userId)),
      ),
    )
    .limit(1);
  return {
    workGroupId: String(set.id),
    groupType: set.groupType,
    maxMembers: set.maxMembers,
    inGroup: membership !== undefined,
    group: membership ? await teamView(ctx.db, membership.teamId) : null,
  };
}

/** Student ids from the comma-separated query value: each once, never the caller's own. */
function matesOf(raw: string | undefined, me: number): { id: number; raw: string }[] {
  const seen = new Set<number>([me]);
  const mates: { id: number; raw: string }[] = [];
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (text === '') continue;
    const id = parseId(text);
    if (id === null) throw new InvalidInputError(`参数 studentIds 中的学生（ID ${text}）不是该课程的学生`);
    if (seen.has(id)) continue;
    seen.add(id);
    mates.push({ id, raw: text });
  }
  if (mates.length > MATES_MAX) throw new InvalidInputError(`参数 studentIds 最多 ${MATES_MAX} 名同学`);
  return mates;
}

/**
 * GET /tms-server/myWork/createStudentWorkGroup/{schoolId}/{workId}: free
 * grouping. The caller leads a new team with the classmates named; the
 * published works using the set get the team's student work at once.
 */
export async function createStudentWorkGroup({
  ctx,
  input,
}: AuthedCall<Input<'createStudentWorkGroup'>>): Promise<WorkGroupTeam> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work, me } = await workGivenToMe(ctx, schoolId, input.workId);
  if (work.groupMode !== 1 || work.groupSetId === null) throw new RefusedError(NOT_GROUP_WORK_MESSAGE);
  const [set] = await ctx.db.select().from(workGroupSets).where(eq(workGroupSets.id, work.groupSetId));
  if (!set) throw new RefusedError(NOT_GROUP_WORK_MESSAGE);
  if (set.groupType !== 2) throw new RefusedError('该作业的小组由老师安排，不能自行组队');
  const now = ctx.clock.now();
  if (now > work.endTime) throw new RefusedError('作业已截止，不能再组队');
  const name = input.groupName === undefined ? `${me.name}的小组` : input.groupName.trim();
  if (name === '') throw new InvalidInputError('参数 groupName 不能为空');
  const mates = matesOf(input.studentIds, me.id);
  if (mates.length + 1 > set.maxMembers) {
    throw new RefusedError(`小组人数（含组长）不能超过 ${set.maxMembers} 人`);
  }
  const known = await courseStudentsAmong(
    ctx.db,
    set.courseId,
    mates.map((mate) => mate.id),
    { activeOnly: true },
  );
  const stranger = mates.find((mate) => !known.has(mate.id));
  if (stranger) throw new InvalidInputError(`参数 studentIds 中的学生（ID ${stranger.raw}）不是该课程的学生`);

  try {
    const teamId = await transactionWithRetry(ctx.db, async (tx) => {
      const works = await lockSetForChange(tx, set.id);
      const taken = await tx
        .select({ studentId: workTeamMembers.studentId, teamName: workTeams.name })
        .from(workTeamMembers)
        .innerJoin(workTeams, eq(workTeams.id, workTeamMembers.teamId))
        .where(
          and(
            eq(workTeamMembers.groupSetId, set.id),
            or(
              inArray(workTeamMembers.studentId, myStudentIds(tx, schoolId, ctx.auth.userId)),
              inArray(
                workTeamMembers.studentId,
                mates.map((mate) => mate.id),
              ),
            ),
          ),
        );
      const mine = taken.find((row) => !known.has(row.studentId));
      if (mine) throw new ConflictError(`您已在小组“${mine.teamName}”中，不能再创建小组`);
      const [busy] = taken;
      if (busy) {
        throw new ConflictError(
          `同学“${known.get(busy.studentId)?.studentName ?? ''}”已在小组“${busy.teamName}”中`,
        );
      }
      const [team] = await tx
        .insert(workTeams)
        .values({ groupSetId: set.id, name, leaderStudentId: me.id, createdAt: now })
        .returning({ id: workTeams.id });
      if (!team) throw new Error('insert work_teams returned nothing');
      await tx.insert(workTeamMembers).values(
        [me.id, ...mates.map((mate) => mate.id)].map((studentId) => ({
          teamId: team.id,
          groupSetId: set.id,
          studentId,
        })),
      );
      await syncWorksOfSet(tx, works, now);
      return team.id;
    });
    return await teamView(ctx.db, teamId);
  } catch (error) {
    // a classmate joined another team in a request that committed meanwhile
    if (isUniqueViolation(error)) throw new ConflictError('有同学刚刚加入了其他小组，请刷新后重新选择');
    throw error;
  }
}

/**
 * GET /tms-server/myWork/removeGroupMember/{schoolId}/{groupId}/{memberId}/{studentId}:
 * the leader removes a member, or a member leaves; the team's student works stay the team's.
 */
export async function removeGroupMember({
  ctx,
  input,
}: AuthedCall<Input<'removeGroupMember'>>): Promise<WorkGroupTeam> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const [found] = await ctx.db
    .select({ team: workTeams, set: workGroupSets })
    .from(workTeams)
    .innerJoin(workGroupSets, eq(workGroupSets.id, workTeams.groupSetId))
    .where(
      and(
        eq(workTeams.id, idOrNotFound(input.groupId, TEAM_NOT_FOUND_MESSAGE)),
        eq(workGroupSets.schoolId, schoolId),
      ),
    )
    .limit(1);
  if (!found) throw new NotFoundError(TEAM_NOT_FOUND_MESSAGE);
  const { team, set } = found;
  const members = await ctx.db
    .select({
      id: workTeamMembers.id,
      studentId: workTeamMembers.studentId,
      userId: students.userId,
    })
    .from(workTeamMembers)
    .innerJoin(students, eq(students.id, workTeamMembers.studentId))
    .where(eq(workTeamMembers.teamId, team.id));
  const target = members.find((member) => String(member.id) === input.memberId);
  if (!target) throw new NotFoundError('小组成员不存在');
  if (String(target.studentId) !== input.studentId) {
    throw new InvalidInputError('参数 memberId 与 studentId 不是同一名成员');
  }
  const caller = members.find((member) => member.userId === ctx.auth.userId);
  if (!caller) throw new ForbiddenError('您不是该小组的成员');
  if (set.groupType !== 2) throw new RefusedError('只有学生自由组队的小组可以由学生调整成员');
  const leading = caller.studentId === team.leaderStudentId;
  if (!leading && target.id !== caller.id) throw new ForbiddenError('只有组长可以移除其他成员');
  if (target.studentId === team.leaderStudentId) throw new RefusedError('组长不能移除自己');

  await transactionWithRetry(ctx.db, async (tx) => {
    await lockSetForChange(tx, set.id);
    const works = await tx
      .select({ id: studentWorks.id, status: studentWorks.status })
      .from(studentWorks)
      .where(eq(studentWorks.teamId, team.id));
    await lockRowsForUpdate(
      tx,
      studentWorks.id,
      works.map((row) => row.id),
    );
    if (works.some((row) => row.status === 1 || row.status === 2)) {
      throw new RefusedError('小组作业已提交或已批改，不能再调整成员');
    }
    await tx.delete(workTeamMembers).where(eq(workTeamMembers.id, target.id));
    await pruneTeamMessages(tx, set.id);
  });
  return teamView(ctx.db, team.id);
}

function keywordFilter(keyword: string | undefined): SQL | undefined {
  const text = keyword?.trim();
  if (!text) return undefined;
  return or(ilike(students.name, likePattern(text)), ilike(students.studentNumber, likePattern(text)));
}

/** GET /tms-server/myWork/getCourseStudentList/{schoolId}/{courseId}: active classmates, by student number. */
export async function myWorkGetCourseStudentList({
  ctx,
  input,
}: AuthedCall<Input<'myWorkGetCourseStudentList'>>): Promise<{ list: StudentBrief[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const [course] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.id, idOrNotFound(input.courseId, COURSE_NOT_FOUND_MESSAGE)),
        eq(courses.schoolId, schoolId),
      ),
    )
    .limit(1);
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  await meInCourse(ctx, schoolId, course.id, '您没有选修该课程');
  const where = and(
    eq(students.schoolId, schoolId),
    eq(students.status, 'active'),
    sql`${students.userId} is distinct from ${ctx.auth.userId}`,
    inCourse(course.id),
    keywordFilter(input.keyword),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(studentBriefColumns)
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(where)
      .orderBy(asc(students.studentNumber), asc(students.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .where(where),
  ]);
  return { list: rows.map(studentBrief), total: total?.n ?? 0 };
}

/**
 * GET /tms-server/myWork/v2/getCourseStudentList/{schoolId}/{workId}: the
 * active classmates of the work's teaching classes with their team in its group set.
 */
export async function myWorkGetCourseStudentListV2({
  ctx,
  input,
}: AuthedCall<Input<'myWorkGetCourseStudentListV2'>>): Promise<{ list: MyCourseStudentV2[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work, classIds } = await workGivenToMe(ctx, schoolId, input.workId);
  if (work.groupMode !== 1 || work.groupSetId === null) throw new RefusedError(NOT_GROUP_WORK_MESSAGE);
  const setId = work.groupSetId;
  const where = and(
    eq(students.schoolId, schoolId),
    eq(students.status, 'active'),
    sql`${students.userId} is distinct from ${ctx.auth.userId}`,
    inCourse(work.courseId, classIds),
    keywordFilter(input.keyword),
    input.onlyUngrouped ? sql`${workTeamMembers.id} is null` : undefined,
  );
  const membership = and(eq(workTeamMembers.groupSetId, setId), eq(workTeamMembers.studentId, students.id));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ ...studentBriefColumns, teamId: workTeams.id, teamName: workTeams.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .leftJoin(workTeamMembers, membership)
      .leftJoin(workTeams, eq(workTeams.id, workTeamMembers.teamId))
      .where(where)
      .orderBy(asc(students.studentNumber), asc(students.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(students)
      .leftJoin(workTeamMembers, membership)
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...studentBrief(row),
      grouped: row.teamId !== null,
      groupId: row.teamId === null ? null : String(row.teamId),
      groupName: row.teamName ?? '',
    })),
    total: total?.n ?? 0,
  };
}
