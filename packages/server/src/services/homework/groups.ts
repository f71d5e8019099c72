import { randomInt } from 'node:crypto';
import { and, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  CourseGroup,
  CourseGroupMembers,
  CourseGroupV2,
  GroupPreview,
  GroupPreviewTeam,
  StudentBrief,
} from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import {
  courseWorks,
  type WorkGroupSetRow,
  workGroupSets,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { classes, students } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors';
import { ConflictError, InvalidInputError, RefusedError } from '../../lib/errors';
import { idOrNotFound, parseId } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseTeacher, COURSE_NOT_FOUND_MESSAGE, type CourseRow } from '../course/membership';
import { studentBrief } from '../student/list-query';
import { resolveSchoolId } from '../school/resolve-school';
import { teachingClassIdsOf } from '../teaching-content/shared';
import { seededRandom } from '../../lib/seeded-random';
import { chunkBySize, classSeed, shuffled, splitIntoCount } from './group-partition';
import {
  activeRoster,
  courseStudentsAmong,
  inCourse,
  lockedSets,
  lockSetForChange,
  ownGroupSet,
  pruneTeamMessages,
  studentBriefColumns,
  syncWorksOfSet,
  teamsOfSets,
} from './group-sets';

const SET_LOCKED_MESSAGE = '已有学生在使用该分组方案的作业中保存或提交了答案，分组方案已锁定，不能再修改小组';
const NO_STUDENTS_MESSAGE = '没有可以分组的在读学生';

/** The caller's course named by the request: 6 when it does not exist, 5 when another teacher's. */
async function ownCourse(ctx: AuthedContext, rawSchoolId: string, rawCourseId: string): Promise<CourseRow> {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  return assertCourseTeacher(ctx, schoolId, idOrNotFound(rawCourseId, COURSE_NOT_FOUND_MESSAGE));
}

// ---- saving a group set --------------------------------------------------------

interface TeamPlan {
  name: string;
  leaderStudentId: number;
  studentIds: number[];
}

/** The request's teams checked against the rules of creatCourseGroup (errCode 2 naming the team). */
async function plannedTeams(db: Db, courseId: number, input: Input<'creatCourseGroup'>): Promise<TeamPlan[]> {
  if (input.groupType !== 2 && input.teams.length === 0) {
    throw new InvalidInputError('参数 teams 不能为空：只有学生自由组队的方案可以先不建小组');
  }
  const plans = input.teams.map((team, index): TeamPlan & { raw: string[] } => {
    const name = team.groupName.trim();
    if (name === '') throw new InvalidInputError(`参数 teams 中第 ${index + 1} 个小组的名称不能为空`);
    if (new Set(team.studentIds).size !== team.studentIds.length) {
      throw new InvalidInputError(`参数 teams 中“${name}”的组员有重复`);
    }
    if (!team.studentIds.includes(team.leaderStudentId)) {
      throw new InvalidInputError(`参数 teams 中“${name}”的组长必须是本组成员`);
    }
    if (team.studentIds.length > input.maxMembers) {
      throw new InvalidInputError(
        `参数 teams 中“${name}”有 ${team.studentIds.length} 人，超过每组人数上限 ${input.maxMembers} 人`,
      );
    }
    return {
      name,
      raw: team.studentIds,
      leaderStudentId: parseId(team.leaderStudentId) ?? 0,
      studentIds: team.studentIds.map((raw) => parseId(raw) ?? 0),
    };
  });
  const all = [...new Set(plans.flatMap((plan) => plan.studentIds))].filter((id) => id > 0);
  // a saved team keeps members whose status changed since, so any student of the course may be named
  const known = await courseStudentsAmong(db, courseId, all, { activeOnly: false });
  const seen = new Map<number, string>();
  for (const plan of plans) {
    plan.studentIds.forEach((id, index) => {
      if (!known.has(id)) {
        throw new InvalidInputError(
          `参数 teams 中“${plan.name}”的学生（ID ${plan.raw[index] ?? ''}）不是该课程的学生`,
        );
      }
      const other = seen.get(id);
      if (other !== undefined) {
        const student = known.get(id);
        throw new InvalidInputError(
          `参数 teams 中学生“${student?.studentName ?? ''}”（${student?.studentNumber ?? ''}）同时在“${other}”和“${plan.name}”中，每名学生只能在一个小组`,
        );
      }
      seen.set(id, plan.name);
    });
  }
  return plans.map(({ name, leaderStudentId, studentIds }) => ({ name, leaderStudentId, studentIds }));
}

/**
 * Writes the teams of a set: a planned team whose leader already leads a team
 * of the set keeps that team (and so its student works and their messages);
 * the other old teams go, the other planned teams are made.
 */
async function writeTeams(tx: Db, setId: number, plans: readonly TeamPlan[], now: number): Promise<void> {
  const old = await tx
    .select({ id: workTeams.id, name: workTeams.name, leaderStudentId: workTeams.leaderStudentId })
    .from(workTeams)
    .where(eq(workTeams.groupSetId, setId));
  const oldByLeader = new Map(old.map((team) => [team.leaderStudentId, team]));
  await tx.delete(workTeamMembers).where(eq(workTeamMembers.groupSetId, setId));
  const teamOfLeader = new Map<number, number>();
  for (const plan of plans) {
    const kept = oldByLeader.get(plan.leaderStudentId);
    if (!kept) continue;
    teamOfLeader.set(plan.leaderStudentId, kept.id);
    if (kept.name !== plan.name) {
      await tx.update(workTeams).set({ name: plan.name }).where(eq(workTeams.id, kept.id));
    }
  }
  const keptIds = [...teamOfLeader.values()];
  await tx
    .delete(workTeams)
    .where(
      and(
        eq(workTeams.groupSetId, setId),
        keptIds.length > 0 ? notInArray(workTeams.id, keptIds) : undefined,
      ),
    );
  const fresh = plans.filter((plan) => !teamOfLeader.has(plan.leaderStudentId));
  if (fresh.length > 0) {
    const made = await tx
      .insert(workTeams)
      .values(
        fresh.map((plan) => ({
          groupSetId: setId,
          name: plan.name,
          leaderStudentId: plan.leaderStudentId,
          createdAt: now,
        })),
      )
      .returning({ id: workTeams.id, leaderStudentId: workTeams.leaderStudentId });
    for (const team of made) teamOfLeader.set(team.leaderStudentId, team.id);
  }
  const members = plans.flatMap((plan) =>
    plan.studentIds.map((studentId) => ({
      teamId: teamOfLeader.get(plan.leaderStudentId) ?? 0,
      groupSetId: setId,
      studentId,
    })),
  );
  if (members.length > 0) await tx.insert(workTeamMembers).values(members);
}

async function assertNameFree(db: Db, courseId: number, name: string, exceptSetId: number | null) {
  const [taken] = await db
    .select({ id: workGroupSets.id })
    .from(workGroupSets)
    .where(and(eq(workGroupSets.courseId, courseId), eq(workGroupSets.name, name)))
    .limit(1);
  if (taken && taken.id !== exceptSetId) throw new ConflictError(`该课程已有名为“${name}”的分组方案`);
}

/** POST /tms-server/courseWorkMgr/creatCourseGroup: a new group set, or new teams for one of the course's sets. */
export async function creatCourseGroup({
  ctx,
  input,
}: AuthedCall<Input<'creatCourseGroup'>>): Promise<CourseGroupMembers> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const existing =
    input.workGroupId === undefined ? null : (await ownGroupSet(ctx, course.schoolId, input.workGroupId)).set;
  if (existing && existing.courseId !== course.id) {
    throw new InvalidInputError('参数 workGroupId 不是该课程的分组方案');
  }
  const name = input.groupName.trim();
  if (name === '') throw new InvalidInputError('参数 groupName 不能为空');
  const plans = await plannedTeams(ctx.db, course.id, input);
  await assertNameFree(ctx.db, course.id, name, existing?.id ?? null);
  const now = ctx.clock.now();
  const fields = { name, groupType: input.groupType, maxMembers: input.maxMembers };
  let setId: number;
  try {
    setId = await transactionWithRetry(ctx.db, async (tx) => {
      if (!existing) {
        const [created] = await tx
          .insert(workGroupSets)
          .values({ ...fields, schoolId: course.schoolId, courseId: course.id, createdAt: now })
          .returning({ id: workGroupSets.id });
        if (!created) throw new Error('insert work_group_sets returned nothing');
        await writeTeams(tx, created.id, plans, now);
        return created.id;
      }
      const works = await lockSetForChange(tx, existing.id);
      if ((await lockedSets(tx, [existing.id])).size > 0) throw new RefusedError(SET_LOCKED_MESSAGE);
      await tx.update(workGroupSets).set(fields).where(eq(workGroupSets.id, existing.id));
      await writeTeams(tx, existing.id, plans, now);
      await pruneTeamMessages(tx, existing.id);
      await syncWorksOfSet(tx, works, now);
      return existing.id;
    });
  } catch (error) {
    // another request took the name between the check and the write
    if (isUniqueViolation(error) && violatedConstraint(error) !== 'work_team_members_set_student_uq') {
      throw new ConflictError(`该课程已有名为“${name}”的分组方案`);
    }
    if (isUniqueViolation(error)) throw new ConflictError('有学生刚刚加入了其他小组，请刷新后重试');
    throw error;
  }
  const { set } = await ownGroupSet(ctx, course.schoolId, String(setId));
  return groupMembers(ctx.db, set);
}

// ---- reading group sets --------------------------------------------------------

const courseGroupColumns = {
  set: workGroupSets,
  courseName: courses.name,
  teamCount:
    sql<number>`(select count(*) from ${workTeams} where ${workTeams.groupSetId} = ${workGroupSets.id})`.mapWith(
      Number,
    ),
  memberCount:
    sql<number>`(select count(*) from ${workTeamMembers} where ${workTeamMembers.groupSetId} = ${workGroupSets.id})`.mapWith(
      Number,
    ),
};

type CourseGroupRow = { set: WorkGroupSetRow; courseName: string; teamCount: number; memberCount: number };

function courseGroup(row: CourseGroupRow): CourseGroup {
  return {
    workGroupId: String(row.set.id),
    schoolId: String(row.set.schoolId),
    courseId: String(row.set.courseId),
    courseName: row.courseName,
    groupName: row.set.name,
    groupType: row.set.groupType,
    maxMembers: row.set.maxMembers,
    teamCount: row.teamCount,
    memberCount: row.memberCount,
    createdAt: row.set.createdAt,
  };
}

function courseGroupRows(db: Db, where: SQL | undefined) {
  return db
    .select(courseGroupColumns)
    .from(workGroupSets)
    .innerJoin(courses, eq(courses.id, workGroupSets.courseId))
    .where(where)
    .orderBy(desc(workGroupSets.createdAt), desc(workGroupSets.id));
}

/** GET /tms-server/courseWorkMgr/getCourseGroup/{schoolId}/{courseId} */
export async function getCourseGroup({
  ctx,
  input,
}: AuthedCall<Input<'getCourseGroup'>>): Promise<CourseGroup[]> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const rows = await courseGroupRows(ctx.db, eq(workGroupSets.courseId, course.id));
  return rows.map(courseGroup);
}

/** GET /tms-server/courseWorkMgr/v2/getCourseGroup/{schoolId}/{courseId} */
export async function getCourseGroupV2({
  ctx,
  input,
}: AuthedCall<Input<'getCourseGroupV2'>>): Promise<CourseGroupV2[]> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const rows = await courseGroupRows(
    ctx.db,
    and(
      eq(workGroupSets.courseId, course.id),
      input.groupType === undefined ? undefined : eq(workGroupSets.groupType, input.groupType),
    ),
  );
  const ids = rows.map((row) => row.set.id);
  const [teams, locked, works] = await Promise.all([
    teamsOfSets(ctx.db, ids),
    lockedSets(ctx.db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select({
            id: courseWorks.id,
            setId: courseWorks.groupSetId,
            title: courseWorks.title,
            publishStatus: courseWorks.publishStatus,
          })
          .from(courseWorks)
          .where(and(inArray(courseWorks.groupSetId, ids), eq(courseWorks.groupMode, 1)))
          .orderBy(desc(courseWorks.createdAt), desc(courseWorks.id)),
  ]);
  return rows.map((row) => ({
    ...courseGroup(row),
    teams: teams.get(row.set.id) ?? [],
    works: works
      .filter((work) => work.setId === row.set.id)
      .map((work) => ({ workId: String(work.id), title: work.title, publishStatus: work.publishStatus })),
    locked: locked.has(row.set.id),
  }));
}

/** GET /tms-server/courseWorkMgr/getCourseGroup/{schoolId}: the sets of every course the caller teaches in the school. */
export async function getSchoolCourseGroup({
  ctx,
  input,
}: AuthedCall<Input<'getSchoolCourseGroup'>>): Promise<{ list: CourseGroup[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const keyword = input.keyword?.trim();
  const where = and(
    eq(workGroupSets.schoolId, schoolId),
    eq(courses.teacherUserId, ctx.auth.userId),
    keyword
      ? or(ilike(courses.name, likePattern(keyword)), ilike(workGroupSets.name, likePattern(keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    courseGroupRows(ctx.db, where).limit(input.pageSize).offset(offsetOf(input)),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(workGroupSets)
      .innerJoin(courses, eq(courses.id, workGroupSets.courseId))
      .where(where),
  ]);
  return { list: rows.map(courseGroup), total: total?.n ?? 0 };
}

/** A set's teams and the course's active students in none of them. */
async function groupMembers(db: Db, set: WorkGroupSetRow): Promise<CourseGroupMembers> {
  const [teams, ungrouped] = await Promise.all([
    teamsOfSets(db, [set.id]),
    db
      .select(studentBriefColumns)
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(
        and(
          eq(students.schoolId, set.schoolId),
          eq(students.status, 'active'),
          inCourse(set.courseId),
          sql`not exists (select 1 from ${workTeamMembers} where ${workTeamMembers.groupSetId} = ${set.id} and ${workTeamMembers.studentId} = ${students.id})`,
        ),
      )
      .orderBy(students.studentNumber, students.id),
  ]);
  return {
    workGroupId: String(set.id),
    groupName: set.name,
    groupType: set.groupType,
    teams: teams.get(set.id) ?? [],
    ungrouped: ungrouped.map(studentBrief),
  };
}

/** GET /tms-server/courseWorkMgr/getCourseGroupMember/{schoolId}/{workGroupId} */
export async function getCourseGroupMember({
  ctx,
  input,
}: AuthedCall<Input<'getCourseGroupMember'>>): Promise<CourseGroupMembers> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { set } = await ownGroupSet(ctx, schoolId, input.workGroupId);
  return groupMembers(ctx.db, set);
}

// ---- previews ------------------------------------------------------------------

function previewOf(teams: { teachingClassId: number | null; students: StudentBrief[] }[]): GroupPreview {
  const out: GroupPreviewTeam[] = teams.map((team, index) => ({
    groupName: `第 ${index + 1} 组`,
    teachingClassId: team.teachingClassId === null ? null : String(team.teachingClassId),
    leaderStudentId: team.students[0]?.studentId ?? '0',
    students: team.students,
  }));
  return {
    studentCount: out.reduce((sum, team) => sum + team.students.length, 0),
    teamCount: out.length,
    teams: out,
  };
}

/** POST /tms-server/courseWorkMgr/previewGroup: the course's active students in teams of groupSize, not saved. */
export async function previewGroup({ ctx, input }: AuthedCall<Input<'previewGroup'>>): Promise<GroupPreview> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  const roster = (await activeRoster(ctx.db, course.id)).map((row) => row.student);
  if (roster.length === 0) throw new RefusedError(NO_STUDENTS_MESSAGE);
  const ordered = input.method === 'random' ? shuffled(roster, seededRandom(randomInt(2 ** 31))) : roster;
  return previewOf(
    chunkBySize(ordered, input.groupSize).map((team) => ({ teachingClassId: null, students: team })),
  );
}

/**
 * POST /tms-server/courseWorkMgr/v2/previewGroup: per teaching class (a student
 * in two of the chosen classes counts in the first), by size or count, random
 * with a seed; not saved.
 */
export async function previewGroupV2({
  ctx,
  input,
}: AuthedCall<Input<'previewGroupV2'>>): Promise<GroupPreview> {
  const course = await ownCourse(ctx, input.schoolId, input.courseId);
  if ((input.groupSize === undefined) === (input.groupCount === undefined)) {
    throw new InvalidInputError('参数 groupSize 与 groupCount 必须二选一：按每组人数或按小组数分组');
  }
  let classIds: number[] | undefined;
  if (input.teachingClassIds !== undefined && input.teachingClassIds.length > 0) {
    classIds = teachingClassIdsOf(input.teachingClassIds);
    const rows = await ctx.db
      .select({ id: teachingClasses.id })
      .from(teachingClasses)
      .where(and(inArray(teachingClasses.id, classIds), eq(teachingClasses.courseId, course.id)));
    if (rows.length !== classIds.length) {
      throw new InvalidInputError('参数 teachingClassIds 中有不属于该课程的教学班');
    }
  }
  const roster = await activeRoster(ctx.db, course.id, classIds);
  if (roster.length === 0) throw new RefusedError(NO_STUDENTS_MESSAGE);
  const byClass = new Map<number, StudentBrief[]>();
  for (const row of roster) {
    const list = byClass.get(row.teachingClassId) ?? [];
    list.push(row.student);
    byClass.set(row.teachingClassId, list);
  }
  const seed = input.seed ?? randomInt(2 ** 31);
  const teams: { teachingClassId: number; students: StudentBrief[] }[] = [];
  for (const classId of [...byClass.keys()].sort((a, b) => a - b)) {
    const members = byClass.get(classId) ?? [];
    const ordered =
      input.method === 'random' ? shuffled(members, seededRandom(classSeed(seed, classId))) : members;
    const cut =
      input.groupSize !== undefined
        ? chunkBySize(ordered, input.groupSize)
        : splitIntoCount(ordered, input.groupCount ?? 1);
    for (const team of cut) teams.push({ teachingClassId: classId, students: team });
  }
  return previewOf(teams);
}
