import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  MyStudentWork,
  MyWorkCounts,
  MyWorkDetail,
  MyWorkItem,
  MyWorkSaveResult,
  WorkAttachment,
} from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import {
  type CourseWorkRow,
  courseWorkClasses,
  courseWorks,
  type StudentWorkRow,
  studentWorks,
  studentWorkSaves,
  workGroupSets,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RefusedError,
} from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { studentInTeachingClass } from '../course/membership';
import { hasVisibleContent, sanitizeNoticeHtml } from '../notice/sanitize';
import { resolveSchoolId } from '../school/resolve-school';
import { assertSchoolRole, toNumber } from '../teaching-content/shared';
import {
  attachmentsOf,
  claimUploads,
  deleteStoredFiles,
  droppedFiles,
  recordUpload,
  resolveAttachments,
  storedFileAnswer,
} from './files';
import { lateDaysOf, scoreAfterPenalty } from './late-policy';
import {
  membersOfTeams,
  STUDENT_WORK_NOT_FOUND_MESSAGE,
  studentWorkFileUrl,
  WORK_NOT_FOUND_MESSAGE,
  workDetail,
} from './views';

const ANSWER_MAX = 200_000;
export const NOT_YOUR_WORK_MESSAGE = '这不是您的作业';

const NO_TEAM_YET_MESSAGE = '请先加入或创建小组';

/** The caller's student works, as a condition on `studentWorks`: their own (individual work) or their team's (group work). */
function myStudentWorks(db: Db, schoolId: number, userId: number): SQL {
  const myStudents = db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.userId, userId)));
  const myTeams = db
    .select({ id: workTeamMembers.teamId })
    .from(workTeamMembers)
    .where(inArray(workTeamMembers.studentId, myStudents));
  return or(
    and(isNull(studentWorks.teamId), inArray(studentWorks.studentId, myStudents)),
    inArray(studentWorks.teamId, myTeams),
  ) as SQL;
}

/**
 * The student works that are the caller's in a school, as a condition: their
 * own (individual work) or their team's (group work), on published works.
 */
export function mine(db: Db, schoolId: number, userId: number): SQL {
  return and(
    eq(courseWorks.schoolId, schoolId),
    eq(courseWorks.publishStatus, 1),
    myStudentWorks(db, schoolId, userId),
  ) as SQL;
}

/**
 * A condition on `courseWorks`: a group work of free grouping (groupType 2)
 * given to a teaching class the caller is an active student of, in whose set
 * the caller has no team yet. Such a work has no student work of theirs until
 * they lead or join a team, yet it is theirs to see (studentWorkId "0", 未提交),
 * or they would never learn that they have to form a team.
 */
function awaitingMyTeam(schoolId: number, userId: number): SQL {
  return sql`(${courseWorks.groupMode} = 1
    and exists (select 1 from ${workGroupSets} where ${workGroupSets.id} = ${courseWorks.groupSetId} and ${workGroupSets.groupType} = 2)
    and exists (select 1 from ${courseWorkClasses}
      inner join ${teachingClasses} on ${teachingClasses.id} = ${courseWorkClasses.teachingClassId}
      inner join ${students} on ${students.schoolId} = ${teachingClasses.schoolId} and ${studentInTeachingClass()}
      where ${courseWorkClasses.workId} = ${courseWorks.id} and ${students.userId} = ${userId} and ${students.status} = 'active')
    and not exists (select 1 from ${workTeamMembers}
      inner join ${students} on ${students.id} = ${workTeamMembers.studentId}
      where ${workTeamMembers.groupSetId} = ${courseWorks.groupSetId} and ${students.schoolId} = ${schoolId} and ${students.userId} = ${userId}))`;
}

/**
 * How the caller's work lists join: each published work of the school
 * (`courseWorks` with `courses`) left-joined with the caller's student work,
 * which is null while the work awaits their team (awaitingMyTeam). Filter with `myListed`.
 */
function myListJoins(db: Db, schoolId: number, userId: number) {
  return {
    course: eq(courses.id, courseWorks.courseId),
    studentWork: and(eq(studentWorks.workId, courseWorks.id), myStudentWorks(db, schoolId, userId)),
  };
}

/** The condition of the caller's work lists (myListJoins): the caller's published works, with their student work or awaiting their team. */
function myListed(schoolId: number, userId: number): SQL {
  return and(
    eq(courseWorks.schoolId, schoolId),
    eq(courseWorks.publishStatus, 1),
    or(isNotNull(studentWorks.id), awaitingMyTeam(schoolId, userId)),
  ) as SQL;
}

/** The row's status, 0 (未提交) while the work awaits the caller's team. */
const myStatus = () => sql<number>`coalesce(${studentWorks.status}, 0)`;

function myWorkItem(
  work: CourseWorkRow,
  courseName: string,
  found: StudentWorkRow | null,
  now: number,
): MyWorkItem {
  const published = work.scoreStatus === 1;
  // a work awaiting the caller's team: nothing saved yet
  const row = found ?? { id: 0, status: 0 as const, score: null, submitTime: null };
  const { score } = scoreAfterPenalty(row.score, row.submitTime, work);
  return {
    workId: String(work.id),
    studentWorkId: String(row.id),
    courseId: String(work.courseId),
    courseName,
    title: work.title,
    type: work.type,
    groupMode: work.groupMode,
    startTime: work.startTime,
    endTime: work.endTime,
    totalScore: work.totalScore,
    allowLate: work.allowLate,
    latePenaltyPerDay: work.latePenaltyPerDay,
    lateScoreFloor: work.lateScoreFloor,
    status: row.status,
    isLate: lateDaysOf(row.submitTime, work.endTime) > 0,
    overdue: (row.status === 0 || row.status === 3) && now > work.endTime,
    submitTime: row.submitTime,
    scoreStatus: work.scoreStatus,
    score: published && row.status === 2 ? score : null,
  };
}

interface ListFilter {
  courseId?: string | undefined;
  status?: 0 | 1 | 2 | 3 | undefined;
  type?: 1 | 2 | undefined;
  keyword?: string | undefined;
}

function listConditions(ctx: AuthedContext, schoolId: number, input: ListFilter): SQL[] {
  const conditions: SQL[] = [myListed(schoolId, ctx.auth.userId)];
  if (input.courseId !== undefined) {
    conditions.push(eq(courseWorks.courseId, idOrNotFound(input.courseId, '课程不存在')));
  }
  if (input.status !== undefined) conditions.push(sql`${myStatus()} = ${input.status}`);
  if (input.type !== undefined) conditions.push(eq(courseWorks.type, input.type));
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(courseWorks.title, likePattern(keyword)));
  return conditions;
}

function myWorkRows(db: Db, schoolId: number, userId: number) {
  const join = myListJoins(db, schoolId, userId);
  return db
    .select({ work: courseWorks, studentWork: studentWorks, courseName: courses.name })
    .from(courseWorks)
    .innerJoin(courses, join.course)
    .leftJoin(studentWorks, join.studentWork);
}

/** A count, or counts, over the caller's work lists. */
function myWorkCounts<T extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  schoolId: number,
  userId: number,
  fields: T,
) {
  const join = myListJoins(db, schoolId, userId);
  return db.select(fields).from(courseWorks).leftJoin(studentWorks, join.studentWork);
}

async function countOf(db: Db, schoolId: number, userId: number, where: SQL | undefined): Promise<number> {
  const [row] = await myWorkCounts(db, schoolId, userId, { n: sql<number>`count(*)` }).where(where);
  return toNumber(row?.n);
}

/** POST /tms-server/myWork/getMyWorkList: open works first (nearest deadline first), then past ones. */
export async function getMyWorkList({
  ctx,
  input,
}: AuthedCall<Input<'getMyWorkList'>>): Promise<{ list: MyWorkItem[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const where = and(...listConditions(ctx, schoolId, input));
  const [rows, total] = await Promise.all([
    myWorkRows(ctx.db, schoolId, ctx.auth.userId)
      .where(where)
      .orderBy(sql`(${courseWorks.endTime} < ${now})`, asc(courseWorks.endTime), asc(courseWorks.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    countOf(ctx.db, schoolId, ctx.auth.userId, where),
  ]);
  return { list: rows.map((row) => myWorkItem(row.work, row.courseName, row.studentWork, now)), total };
}

/** Still open works first (nearest deadline first), then closed ones (the most recently closed first). */
function urgencyOrder(now: number): SQL[] {
  return [
    sql`(${courseWorks.endTime} < ${now})`,
    sql`case when ${courseWorks.endTime} >= ${now} then ${courseWorks.endTime} end asc`,
    desc(courseWorks.endTime),
    asc(courseWorks.id),
  ];
}

/** POST /tms-server/myWork/v2/getMyWorkList */
export async function getMyWorkListV2({ ctx, input }: AuthedCall<Input<'getMyWorkListV2'>>): Promise<{
  list: MyWorkItem[];
  total: number;
  counts: MyWorkCounts;
  serverTime: number;
}> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  // the counts take the list's scope (course, type, keyword, deadline range), not its status filters
  const scope = listConditions(ctx, schoolId, { ...input, status: undefined });
  if (input.endFrom !== undefined) scope.push(sql`${courseWorks.endTime} >= ${input.endFrom}`);
  if (input.endTo !== undefined) scope.push(sql`${courseWorks.endTime} <= ${input.endTo}`);
  const conditions = [...scope];
  if (input.status !== undefined) conditions.push(sql`${myStatus()} = ${input.status}`);
  if (input.onlyOpen) {
    conditions.push(
      sql`${myStatus()} in (0, 3) and ${courseWorks.startTime} <= ${now} and (${courseWorks.endTime} > ${now} or ${courseWorks.allowLate})`,
    );
  }
  // the same condition as counts.overdue below, so the filter lists what its count says
  if (input.overdue) conditions.push(sql`${myStatus()} in (0, 3) and ${courseWorks.endTime} < ${now}`);
  const where = and(...conditions);
  const sortBy = input.sortBy ?? 'endTime';
  const direction = input.sortOrder === 'desc' ? desc : asc;
  const order =
    sortBy === 'urgency'
      ? urgencyOrder(now)
      : [
          direction(
            {
              endTime: courseWorks.endTime,
              startTime: courseWorks.startTime,
              publishedAt: courseWorks.publishedAt,
            }[sortBy],
          ),
          direction(courseWorks.id),
        ];
  const [rows, total, countRows] = await Promise.all([
    myWorkRows(ctx.db, schoolId, ctx.auth.userId)
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    countOf(ctx.db, schoolId, ctx.auth.userId, where),
    myWorkCounts(ctx.db, schoolId, ctx.auth.userId, {
      all: sql<number>`count(*)`,
      unsubmitted: sql<number>`count(*) filter (where ${myStatus()} = 0)`,
      submitted: sql<number>`count(*) filter (where ${myStatus()} = 1)`,
      corrected: sql<number>`count(*) filter (where ${myStatus()} = 2)`,
      returned: sql<number>`count(*) filter (where ${myStatus()} = 3)`,
      overdue: sql<number>`count(*) filter (where ${myStatus()} in (0, 3) and ${courseWorks.endTime} < ${now})`,
    }).where(and(...scope)),
  ]);
  const c = countRows[0];
  return {
    list: rows.map((row) => myWorkItem(row.work, row.courseName, row.studentWork, now)),
    total,
    counts: {
      all: toNumber(c?.all),
      unsubmitted: toNumber(c?.unsubmitted),
      submitted: toNumber(c?.submitted),
      corrected: toNumber(c?.corrected),
      returned: toNumber(c?.returned),
      overdue: toNumber(c?.overdue),
    },
    serverTime: now,
  };
}

/**
 * The caller's student work on a work: 6 when the work does not exist (or is a
 * draft), 5 when not given to them; null while it awaits their team (awaitingMyTeam).
 */
export async function myStudentWorkOn(
  ctx: AuthedContext,
  schoolId: number,
  rawWorkId: string,
): Promise<{ work: CourseWorkRow; studentWork: StudentWorkRow | null }> {
  const workId = idOrNotFound(rawWorkId, WORK_NOT_FOUND_MESSAGE);
  const [work] = await ctx.db
    .select()
    .from(courseWorks)
    .where(
      and(eq(courseWorks.id, workId), eq(courseWorks.schoolId, schoolId), eq(courseWorks.publishStatus, 1)),
    )
    .limit(1);
  if (!work) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
  const [row] = await ctx.db
    .select({ studentWork: studentWorks })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(and(eq(studentWorks.workId, work.id), mine(ctx.db, schoolId, ctx.auth.userId)))
    .limit(1);
  if (row) return { work, studentWork: row.studentWork };
  const [awaiting] = await ctx.db
    .select({ id: courseWorks.id })
    .from(courseWorks)
    .where(and(eq(courseWorks.id, work.id), awaitingMyTeam(schoolId, ctx.auth.userId)))
    .limit(1);
  if (!awaiting) throw new ForbiddenError('该作业没有布置给您');
  return { work, studentWork: null };
}

/** The caller's student work by its id: 6 when it does not exist, 5 when someone else's. */
export async function myStudentWorkById(
  ctx: AuthedContext,
  schoolId: number,
  rawId: string,
): Promise<{ work: CourseWorkRow; studentWork: StudentWorkRow }> {
  const id = idOrNotFound(rawId, STUDENT_WORK_NOT_FOUND_MESSAGE);
  const [row] = await ctx.db
    .select({ work: courseWorks, studentWork: studentWorks })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(and(eq(studentWorks.id, id), eq(courseWorks.schoolId, schoolId), eq(courseWorks.publishStatus, 1)))
    .limit(1);
  if (!row) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
  const [owned] = await ctx.db
    .select({ id: studentWorks.id })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(and(eq(studentWorks.id, id), mine(ctx.db, schoolId, ctx.auth.userId)))
    .limit(1);
  if (!owned) throw new ForbiddenError(NOT_YOUR_WORK_MESSAGE);
  return row;
}

/** What a work awaiting the caller's team shows: nothing saved, no team. */
function noTeamYet(work: CourseWorkRow): MyStudentWork {
  return {
    studentWorkId: '0',
    status: 0,
    content: '',
    attachments: [],
    strategy: null,
    revision: 0,
    savedAt: null,
    submitTime: null,
    isLate: false,
    scoreStatus: work.scoreStatus,
    score: null,
    rawScore: null,
    lateDays: 0,
    latePenalty: null,
    comment: null,
    autoGradeItems: [],
    group: null,
  };
}

async function myStudentWork(
  db: Db,
  work: CourseWorkRow,
  row: StudentWorkRow | null,
): Promise<MyStudentWork> {
  if (row === null) return noTeamYet(work);
  const published = work.scoreStatus === 1 && row.status === 2;
  const { score, lateDays, latePenalty } = scoreAfterPenalty(row.score, row.submitTime, work);
  let group: MyStudentWork['group'] = null;
  if (row.teamId !== null) {
    const [[team], members] = await Promise.all([
      db.select().from(workTeams).where(eq(workTeams.id, row.teamId)),
      membersOfTeams(db, [row.teamId]),
    ]);
    if (team) {
      group = {
        groupId: String(team.id),
        workGroupId: String(team.groupSetId),
        groupName: team.name,
        leaderStudentId: String(team.leaderStudentId),
        members: members.get(team.id) ?? [],
        createdAt: team.createdAt,
      };
    }
  }
  return {
    studentWorkId: String(row.id),
    status: row.status,
    content: row.content,
    attachments: attachmentsOf(row.attachments, studentWorkFileUrl(work.schoolId, row.id)),
    strategy: (row.strategy ?? null) as MyStudentWork['strategy'],
    revision: row.revision,
    savedAt: row.savedAt,
    submitTime: row.submitTime,
    isLate: lateDays > 0,
    scoreStatus: work.scoreStatus,
    score: published ? score : null,
    rawScore: published ? row.score : null,
    lateDays,
    latePenalty: published ? latePenalty : null,
    comment: published ? row.comment : null,
    autoGradeItems: [],
    group,
  };
}

/** GET /tms-server/myWork/getMyWorkInfo/{schoolId}/{workId} */
export async function getMyWorkInfo({
  ctx,
  input,
}: AuthedCall<Input<'getMyWorkInfo'>>): Promise<MyWorkDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work, studentWork } = await myStudentWorkOn(ctx, schoolId, input.workId);
  const [detail, myWork] = await Promise.all([
    workDetail(ctx.db, work),
    myStudentWork(ctx.db, work, studentWork),
  ]);
  return { work: detail, myWork, serverTime: ctx.clock.now() };
}

function saveResult(
  row: {
    studentWorkId: number;
    requestId: string;
    revision: number;
    savedAt: number;
    status: 0 | 1 | 2 | 3;
    submitTime: number | null;
    isLate: boolean;
  },
  replayed: boolean,
): MyWorkSaveResult {
  return {
    studentWorkId: String(row.studentWorkId),
    requestId: row.requestId,
    revision: row.revision,
    savedAt: row.savedAt,
    status: row.status,
    submitTime: row.submitTime,
    isLate: row.isLate,
    replayed,
  };
}

/**
 * POST /tms-server/myWork/updateMyWorkInfo: save (and maybe hand in) the
 * caller's answer. Answered only after the transaction committed; a repeated
 * requestId answers the first acknowledgement; a stale revision is 7.
 */
export async function updateMyWorkInfo({
  ctx,
  input,
}: AuthedCall<Input<'updateMyWorkInfo'>>): Promise<MyWorkSaveResult> {
  // "0" is what a free-grouping work shows before the caller has a team
  if (input.studentWorkId === '0') throw new RefusedError(NO_TEAM_YET_MESSAGE);
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work, studentWork } = await myStudentWorkById(ctx, schoolId, input.studentWorkId);
  const [replay] = await ctx.db
    .select()
    .from(studentWorkSaves)
    .where(
      and(
        eq(studentWorkSaves.studentWorkId, studentWork.id),
        eq(studentWorkSaves.requestId, input.requestId),
      ),
    );
  if (replay) return saveResult(replay, true);

  const content = input.content === undefined ? undefined : sanitizeNoticeHtml(input.content);
  if (content !== undefined && content.length > ANSWER_MAX) {
    throw new InvalidInputError(`参数 content 长度不能超过 ${ANSWER_MAX} 个字符`);
  }
  if (input.strategyId !== undefined && input.strategyId !== null) {
    // the strategy pool arrives with the quant lab; until then no id names a strategy
    throw new NotFoundError('策略不存在');
  }
  const attachments =
    input.attachments === undefined
      ? undefined
      : await resolveAttachments(ctx.db, ctx.auth.userId, input.attachments, studentWork.attachments);
  const now = ctx.clock.now();
  if (now < work.startTime) throw new RefusedError('作业还没有开始，暂时不能作答');
  const late = now > work.endTime;
  if (late && !work.allowLate) throw new RefusedError('作业已截止，不能再保存或提交');

  const { result, dropped } = await transactionWithRetry(ctx.db, async (tx) => {
    await lockRowsForUpdate(tx, studentWorks.id, [studentWork.id]);
    // the same request may have been acknowledged while this one waited for the lock
    const [again] = await tx
      .select()
      .from(studentWorkSaves)
      .where(
        and(
          eq(studentWorkSaves.studentWorkId, studentWork.id),
          eq(studentWorkSaves.requestId, input.requestId),
        ),
      );
    if (again) return { result: saveResult(again, true), dropped: [] };
    const [current] = await tx.select().from(studentWorks).where(eq(studentWorks.id, studentWork.id));
    if (!current) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
    if (current.status === 1) throw new RefusedError('作业已提交，等待老师批改，不能再修改');
    if (current.status === 2) throw new RefusedError('作业已批改，不能再修改');
    if (current.revision !== input.revision) {
      throw new ConflictError('答案已在别处更新（可能是同组同学），请刷新后再保存');
    }
    const nextContent = content ?? current.content;
    const nextAttachments = attachments ?? current.attachments;
    if (input.submit && work.type === 1 && !hasVisibleContent(nextContent) && nextAttachments.length === 0) {
      throw new InvalidInputError('提交前请填写答案或上传附件');
    }
    if (input.submit && work.type === 2 && current.strategy === null) {
      throw new InvalidInputError('策略作业提交前请选择一个策略');
    }
    const revision = current.revision + 1;
    const submitTime = input.submit ? now : current.submitTime;
    const status = input.submit ? (1 as const) : current.status;
    await tx
      .update(studentWorks)
      .set({
        content: nextContent,
        attachments: nextAttachments,
        revision,
        savedAt: now,
        savedByUserId: ctx.auth.userId,
        status,
        submitTime,
      })
      .where(eq(studentWorks.id, current.id));
    const ack = {
      studentWorkId: current.id,
      requestId: input.requestId,
      userId: ctx.auth.userId,
      revision,
      status,
      savedAt: now,
      submitTime,
      isLate: lateDaysOf(submitTime, work.endTime) > 0,
    };
    await tx.insert(studentWorkSaves).values(ack);
    if (attachments) await claimUploads(tx, attachments, current.attachments);
    return { result: saveResult(ack, false), dropped: droppedFiles(current.attachments, nextAttachments) };
  });
  await deleteStoredFiles(ctx, dropped);
  return result;
}

/** GET /tms-server/myWork/getScoredWork/{schoolId}/{workId}: the caller's published score with the class figures. */
export async function getScoredWork({
  ctx,
  input,
}: AuthedCall<Input<'getScoredWork'>>): Promise<Output<'getScoredWork'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work, studentWork } = await myStudentWorkOn(ctx, schoolId, input.workId);
  if (work.scoreStatus !== 1) throw new RefusedError('老师还没有公布这份作业的成绩');
  const [[course], all] = await Promise.all([
    ctx.db.select({ name: courses.name }).from(courses).where(eq(courses.id, work.courseId)),
    ctx.db.select().from(studentWorks).where(eq(studentWorks.workId, work.id)),
  ]);
  const finals = all
    .filter((row) => row.status === 2)
    .map((row) => ({ id: row.id, score: scoreAfterPenalty(row.score, row.submitTime, work).score ?? 0 }));
  const mineScore =
    studentWork?.status === 2
      ? scoreAfterPenalty(studentWork.score, studentWork.submitTime, work).score
      : null;
  const average =
    finals.length === 0
      ? null
      : Math.round((finals.reduce((sum, row) => sum + row.score, 0) / finals.length) * 10) / 10;
  return {
    workId: String(work.id),
    studentWorkId: String(studentWork?.id ?? 0),
    title: work.title,
    courseName: course?.name ?? '',
    status: studentWork?.status ?? 0,
    totalScore: work.totalScore,
    score: mineScore,
    comment: studentWork?.status === 2 ? studentWork.comment : '',
    autoGradeItems: [],
    correctedAt: studentWork?.correctedAt ?? null,
    scorePublishedAt: work.scorePublishedAt ?? work.updatedAt,
    averageScore: average,
    maxScore: finals.length === 0 ? null : Math.max(...finals.map((row) => row.score)),
    rank: mineScore === null ? null : finals.filter((row) => row.score > mineScore).length + 1,
    rankTotal: finals.length,
  };
}

/** POST /tms-server/myWork/uploadMyWorkFile */
export async function uploadMyWorkFile({
  ctx,
  input,
}: AuthedCall<Input<'uploadMyWorkFile'>>): Promise<WorkAttachment> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  // multipart bodies are invisible to the role middleware: check the school named here
  await assertSchoolRole(ctx, schoolId, ['student']);
  return recordUpload(ctx, input.file);
}

/**
 * GET /tms-server/myWork/downloadStudentWorkFile/{schoolId}/{studentWorkId}/{fileIndex}:
 * the student (or a member of the team) or the work's teacher.
 */
export async function downloadStudentWorkFile({
  ctx,
  input,
}: AuthedCall<Input<'downloadStudentWorkFile'>>): Promise<Output<'downloadStudentWorkFile'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const id = idOrNotFound(input.studentWorkId, STUDENT_WORK_NOT_FOUND_MESSAGE);
  const [row] = await ctx.db
    .select({ work: courseWorks, studentWork: studentWorks })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(and(eq(studentWorks.id, id), eq(courseWorks.schoolId, schoolId)))
    .limit(1);
  if (!row) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
  if (row.work.teacherUserId !== ctx.auth.userId) await myStudentWorkById(ctx, schoolId, input.studentWorkId);
  return storedFileAnswer(ctx, row.studentWork.attachments, input.fileIndex, input.preview);
}

/** GET /tms-server/studentPage/getUnCommitWorkNum/{schoolId}: works still to hand in, overdue ones and the nearest deadline. */
export async function getUnCommitWorkNum({
  ctx,
  input,
}: AuthedCall<Input<'getUnCommitWorkNum'>>): Promise<Output<'getUnCommitWorkNum'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const [row] = await myWorkCounts(ctx.db, schoolId, ctx.auth.userId, {
    open: sql<number>`count(*) filter (where ${courseWorks.endTime} > ${now})`.mapWith(Number),
    overdue: sql<number>`count(*) filter (where ${courseWorks.endTime} <= ${now})`.mapWith(Number),
    nearest: sql<
      number | null
    >`min(${courseWorks.endTime}) filter (where ${courseWorks.endTime} > ${now})`.mapWith((value: unknown) =>
      value === null ? null : Number(value),
    ),
  }).where(and(myListed(schoolId, ctx.auth.userId), sql`${myStatus()} in (0, 3)`));
  return {
    schoolId: String(schoolId),
    unCommitWorkNum: row?.open ?? 0,
    overdueNum: row?.overdue ?? 0,
    nearestDeadline: row?.nearest ?? null,
  };
}
