import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type {
  CourseWorkBrief,
  CourseWorkDetail,
  CourseWorkPublishResult,
  CourseWorkSummary,
  Deleted,
  WorkAttachment,
} from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import {
  type CourseWorkRow,
  courseWorkClasses,
  courseWorks,
  studentWorks,
  workGroupSets,
  workMessages,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import {
  assertCourseTeacher,
  assertTeachingClassesOwned,
  studentInTeachingClass,
  teachingClassIdsOfStudentUser,
} from '../course/membership';
import { hasVisibleContent, sanitizeNoticeHtml } from '../notice/sanitize';
import { resolveSchoolId } from '../school/resolve-school';
import {
  assertSchoolRole,
  inOrder,
  teachingClassBriefs,
  teachingClassIdsOf,
  toNumber,
} from '../teaching-content/shared';
import {
  claimUploads,
  deleteStoredFiles,
  droppedFiles,
  recordUpload,
  resolveAttachments,
  storedFileAnswer,
} from './files';
import {
  classIdsOfWorks,
  findWork,
  finishCountsOf,
  hasHandIns,
  NOT_WORK_TEACHER_MESSAGE,
  WORK_NOT_FOUND_MESSAGE,
  workBrief,
  workDetail,
} from './views';

const CONTENT_MAX = 100_000;
export const GROUP_SET_NOT_FOUND_MESSAGE = '分组方案不存在';

/** The caller's own course work: 6 when it does not exist in the school, 5 when another teacher's. */
export async function ownWork(
  ctx: AuthedContext,
  schoolId: number,
  rawWorkId: string,
): Promise<CourseWorkRow> {
  const work = await findWork(ctx.db, schoolId, idOrNotFound(rawWorkId, WORK_NOT_FOUND_MESSAGE));
  if (work.teacherUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_WORK_TEACHER_MESSAGE);
  return work;
}

/** Teaching class ids of the request (its `field`): the caller's (5), of the course (2). Homework and quizzes. */
export async function classesOfCourse(
  ctx: AuthedContext,
  schoolId: number,
  courseId: number,
  raw: readonly string[],
  field = 'teachingClassIds',
): Promise<number[]> {
  const ids = teachingClassIdsOf(raw);
  await assertTeachingClassesOwned(ctx, schoolId, ids);
  const rows = await ctx.db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(and(inArray(teachingClasses.id, ids), eq(teachingClasses.courseId, courseId)));
  if (rows.length !== ids.length) throw new InvalidInputError(`参数 ${field} 中有不属于该课程的教学班`);
  return ids.sort((a, b) => a - b);
}

/**
 * Makes the student works of a published work match its audience: one per
 * active student of its classes (individual work) or per team of its group
 * set whose leader is in them (group work). Missing ones are made (and their
 * students told); ones no longer in the audience go only if nobody saved in them.
 * Answers how many student works the work has.
 */
export async function syncStudentWorks(tx: Db, work: CourseWorkRow, now: number): Promise<number> {
  const audience =
    work.groupMode === 1 && work.groupSetId !== null
      ? await tx
          .selectDistinctOn([workTeams.id], {
            studentId: workTeams.leaderStudentId,
            teamId: workTeams.id,
            teachingClassId: courseWorkClasses.teachingClassId,
          })
          .from(workTeams)
          .innerJoin(students, eq(students.id, workTeams.leaderStudentId))
          .innerJoin(courseWorkClasses, eq(courseWorkClasses.workId, work.id))
          .innerJoin(teachingClasses, eq(teachingClasses.id, courseWorkClasses.teachingClassId))
          .where(and(eq(workTeams.groupSetId, work.groupSetId), studentInTeachingClass()))
          .orderBy(workTeams.id, courseWorkClasses.teachingClassId)
      : work.groupMode === 0
        ? await tx
            .selectDistinctOn([students.id], {
              studentId: students.id,
              teamId: sql<number | null>`null`,
              teachingClassId: courseWorkClasses.teachingClassId,
            })
            .from(courseWorkClasses)
            .innerJoin(teachingClasses, eq(teachingClasses.id, courseWorkClasses.teachingClassId))
            .innerJoin(
              students,
              and(eq(students.schoolId, teachingClasses.schoolId), eq(students.status, 'active')),
            )
            .where(and(eq(courseWorkClasses.workId, work.id), studentInTeachingClass()))
            .orderBy(students.id, courseWorkClasses.teachingClassId)
        : [];
  const existing = await tx
    .select({ id: studentWorks.id, studentId: studentWorks.studentId, teamId: studentWorks.teamId })
    .from(studentWorks)
    .where(eq(studentWorks.workId, work.id));
  const keyOf = (row: { studentId: number; teamId: number | null }) =>
    row.teamId === null ? `s${row.studentId}` : `t${row.teamId}`;
  const have = new Set(existing.map(keyOf));
  const want = new Set(audience.map(keyOf));
  const missing = audience.filter((row) => !have.has(keyOf(row)));
  const gone = existing.filter((row) => !want.has(keyOf(row))).map((row) => row.id);
  if (gone.length > 0) {
    await tx
      .delete(studentWorks)
      .where(and(inArray(studentWorks.id, gone), sql`${studentWorks.savedAt} is null`));
  }
  if (missing.length > 0) {
    const made = await tx
      .insert(studentWorks)
      .values(
        missing.map((row) => ({
          workId: work.id,
          studentId: row.studentId,
          teamId: row.teamId,
          teachingClassId: row.teachingClassId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: studentWorks.id, studentId: studentWorks.studentId, teamId: studentWorks.teamId });
    await tellStudents(tx, work, made, 1, `新作业：${work.title}`, now);
  }
  const [total] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(studentWorks)
    .where(eq(studentWorks.workId, work.id));
  return toNumber(total?.n);
}

/**
 * A homework message to the accounts behind student works: the student, or
 * every member of the team.
 */
export async function tellStudents(
  tx: Db,
  work: CourseWorkRow,
  rows: readonly { id: number; studentId: number; teamId: number | null }[],
  type: 1 | 2 | 3 | 4 | 5,
  content: string,
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  const teamIds = rows.flatMap((row) => (row.teamId === null ? [] : [row.teamId]));
  const soloIds = rows.filter((row) => row.teamId === null).map((row) => row.studentId);
  const recipients: { userId: number; studentWorkId: number }[] = [];
  if (soloIds.length > 0) {
    const users = await tx
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .where(inArray(students.id, soloIds));
    const userOf = new Map(users.map((row) => [row.id, row.userId]));
    for (const row of rows) {
      const userId = row.teamId === null ? userOf.get(row.studentId) : null;
      if (userId) recipients.push({ userId, studentWorkId: row.id });
    }
  }
  if (teamIds.length > 0) {
    const members = await tx
      .select({ teamId: workTeamMembers.teamId, userId: students.userId })
      .from(workTeamMembers)
      .innerJoin(students, eq(students.id, workTeamMembers.studentId))
      .where(inArray(workTeamMembers.teamId, teamIds));
    const workOfTeam = new Map(rows.map((row) => [row.teamId, row.id]));
    for (const member of members) {
      const studentWorkId = workOfTeam.get(member.teamId);
      if (member.userId && studentWorkId) recipients.push({ userId: member.userId, studentWorkId });
    }
  }
  if (recipients.length === 0) return;
  await tx.insert(workMessages).values(
    recipients.map((recipient) => ({
      schoolId: work.schoolId,
      userId: recipient.userId,
      workId: work.id,
      studentWorkId: recipient.studentWorkId,
      type,
      title: work.title,
      content,
      createdAt: now,
    })),
  );
}

/** POST /tms-server/courseWorkMgr/updateCourseWork: create (a draft) or edit a course work. */
export async function updateCourseWork({
  ctx,
  input,
}: AuthedCall<Input<'updateCourseWork'>>): Promise<CourseWorkDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const title = input.title.trim();
  if (title === '') throw new InvalidInputError('参数 title 不能为空');
  const content = sanitizeNoticeHtml(input.content);
  if (content.length > CONTENT_MAX)
    throw new InvalidInputError(`参数 content 长度不能超过 ${CONTENT_MAX} 个字符`);
  if (input.endTime <= input.startTime) throw new InvalidInputError('截止时间必须晚于开始时间');
  if (input.type === 2 && !input.strategyRequirement) {
    throw new InvalidInputError('策略作业必须填写策略要求（strategyRequirement）');
  }
  const rule = input.strategyRequirement?.gradingRule ?? [];
  if (input.type === 2 && rule.reduce((sum, item) => sum + item.weight, 0) !== 100) {
    throw new InvalidInputError('策略作业评分规则的权重之和必须为 100');
  }
  if (new Set(rule.map((item) => item.metric)).size !== rule.length) {
    throw new InvalidInputError('策略作业评分规则中每个指标只能出现一次');
  }
  if ((input.resourceIds ?? []).length > 0) {
    // the workbench (where resources live) is not open yet: no id can name one
    throw new InvalidInputError('参数 resourceIds 中的资源不存在');
  }
  const existing = input.workId === undefined ? null : await ownWork(ctx, schoolId, input.workId);
  const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const classIds = await classesOfCourse(ctx, schoolId, course.id, input.teachingClassIds);
  let groupSetId: number | null = null;
  if (input.groupMode === 1) {
    if (input.workGroupId === undefined)
      throw new InvalidInputError('小组作业必须选择分组方案（workGroupId）');
    const [set] = await ctx.db
      .select({ id: workGroupSets.id, courseId: workGroupSets.courseId })
      .from(workGroupSets)
      .where(eq(workGroupSets.id, idOrNotFound(input.workGroupId, GROUP_SET_NOT_FOUND_MESSAGE)));
    if (!set || set.courseId !== course.id)
      throw new InvalidInputError('参数 workGroupId 不是该课程的分组方案');
    groupSetId = set.id;
  }
  const attachments = await resolveAttachments(
    ctx.db,
    ctx.auth.userId,
    input.attachments ?? [],
    existing?.attachments ?? [],
  );
  const now = ctx.clock.now();
  const fields = {
    courseId: course.id,
    title,
    content: hasVisibleContent(content) ? content : '',
    type: input.type,
    groupMode: input.groupMode,
    groupSetId,
    startTime: input.startTime,
    endTime: input.endTime,
    allowLate: input.allowLate,
    latePenaltyPerDay: input.allowLate ? input.latePenaltyPerDay : 0,
    lateScoreFloor: input.allowLate ? input.lateScoreFloor : 0,
    totalScore: input.totalScore,
    attachments,
    resourceIds: [],
    strategyRequirement: input.type === 2 ? (input.strategyRequirement ?? null) : null,
    updatedAt: now,
  };

  const { workId, dropped } = await transactionWithRetry(ctx.db, async (tx) => {
    if (!existing) {
      const [created] = await tx
        .insert(courseWorks)
        .values({ ...fields, schoolId, teacherUserId: ctx.auth.userId, createdAt: now })
        .returning();
      if (!created) throw new Error('insert course_works returned nothing');
      await tx
        .insert(courseWorkClasses)
        .values(classIds.map((id) => ({ workId: created.id, teachingClassId: id })));
      await claimUploads(tx, attachments);
      return { workId: created.id, dropped: [] };
    }
    await lockRowsForUpdate(tx, courseWorks.id, [existing.id]);
    const [current] = await tx.select().from(courseWorks).where(eq(courseWorks.id, existing.id));
    if (!current) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
    const before = (await classIdsOfWorks(tx, [current.id])).get(current.id) ?? [];
    if (current.publishStatus === 1 && (await hasHandIns(tx, current.id))) {
      const changed = [
        current.courseId !== fields.courseId && '课程',
        current.type !== fields.type && '作业类型',
        current.groupMode !== fields.groupMode && '提交方式',
        current.groupSetId !== fields.groupSetId && '分组方案',
        before.join(',') !== classIds.join(',') && '教学班',
        current.totalScore !== fields.totalScore && '满分',
      ].filter(Boolean);
      if (changed.length > 0) {
        throw new RefusedError(`已有学生作答，不能再修改${changed.join('、')}`);
      }
    }
    await tx.update(courseWorks).set(fields).where(eq(courseWorks.id, current.id));
    await tx.delete(courseWorkClasses).where(eq(courseWorkClasses.workId, current.id));
    await tx
      .insert(courseWorkClasses)
      .values(classIds.map((id) => ({ workId: current.id, teachingClassId: id })));
    await claimUploads(tx, attachments, current.attachments);
    if (current.publishStatus === 1) {
      await syncStudentWorks(tx, { ...current, ...fields }, now);
    }
    return { workId: current.id, dropped: droppedFiles(current.attachments, attachments) };
  });
  await deleteStoredFiles(ctx, dropped);
  return workDetail(ctx.db, await findWork(ctx.db, schoolId, workId));
}

/** GET /tms-server/courseWorkMgr/getCourseWorkInfo/{schoolId}/{workId} */
export async function getCourseWorkInfo({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWorkInfo'>>): Promise<CourseWorkDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  return workDetail(ctx.db, await ownWork(ctx, schoolId, input.workId));
}

async function setPublished(
  ctx: AuthedContext,
  rawSchoolId: string,
  rawWorkId: string,
  target: 0 | 1,
): Promise<CourseWorkPublishResult> {
  const schoolId = await resolveSchoolId(ctx, rawSchoolId);
  const work = await ownWork(ctx, schoolId, rawWorkId);
  const now = ctx.clock.now();
  return transactionWithRetry(ctx.db, async (tx) => {
    await lockRowsForUpdate(tx, courseWorks.id, [work.id]);
    const [current] = await tx.select().from(courseWorks).where(eq(courseWorks.id, work.id));
    if (!current) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
    let count: number;
    if (target === 1) {
      if (current.publishStatus === 0) {
        if (current.endTime <= now) throw new RefusedError('截止时间已过，请先修改截止时间再发布');
        if (current.groupMode === 1 && current.groupSetId !== null) {
          const [set] = await tx.select().from(workGroupSets).where(eq(workGroupSets.id, current.groupSetId));
          const [team] = await tx
            .select({ id: workTeams.id })
            .from(workTeams)
            .where(eq(workTeams.groupSetId, current.groupSetId))
            .limit(1);
          if (set && set.groupType !== 2 && !team) {
            throw new RefusedError('分组方案中还没有任何小组，请先分组再发布');
          }
        }
        await tx
          .update(courseWorks)
          .set({ publishStatus: 1, publishedAt: current.publishedAt ?? now, updatedAt: now })
          .where(eq(courseWorks.id, current.id));
      }
      count = await syncStudentWorks(tx, { ...current, publishStatus: 1 }, now);
    } else {
      if (current.publishStatus === 1) {
        if (await hasHandIns(tx, current.id)) {
          throw new RefusedError('已有学生作答，不能撤回为草稿');
        }
        await tx.delete(studentWorks).where(eq(studentWorks.workId, current.id));
        await tx
          .update(courseWorks)
          .set({ publishStatus: 0, publishedAt: null, updatedAt: now })
          .where(eq(courseWorks.id, current.id));
      }
      count = 0;
    }
    const [after] = await tx
      .select({ publishStatus: courseWorks.publishStatus, publishedAt: courseWorks.publishedAt })
      .from(courseWorks)
      .where(eq(courseWorks.id, current.id));
    return {
      workId: String(current.id),
      publishStatus: after?.publishStatus ?? target,
      publishedAt: after?.publishedAt ?? null,
      studentWorkCount: count,
    };
  });
}

/** GET /tms-server/courseWorkMgr/publishCourseWork/{schoolId}/{workId} */
export async function publishCourseWork({
  ctx,
  input,
}: AuthedCall<Input<'publishCourseWork'>>): Promise<CourseWorkPublishResult> {
  return setPublished(ctx, input.schoolId, input.workId, 1);
}

/** GET /tms-server/courseWorkMgr/v2/publishCourseWork/{schoolId}/{workId}/{publishStatus} */
export async function publishCourseWorkV2({
  ctx,
  input,
}: AuthedCall<Input<'publishCourseWorkV2'>>): Promise<CourseWorkPublishResult> {
  return setPublished(ctx, input.schoolId, input.workId, input.publishStatus);
}

/**
 * GET /tms-server/courseWorkMgr/delCourseWork/{schoolId}/{workId}: a draft, or
 * a published work nobody has saved an answer in, goes with its student works
 * and files; once a student has saved, the work stays (students' work is never lost).
 */
export async function delCourseWork({ ctx, input }: AuthedCall<Input<'delCourseWork'>>): Promise<Deleted> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const work = await ownWork(ctx, schoolId, input.workId);
  await transactionWithRetry(ctx.db, async (tx) => {
    await lockRowsForUpdate(tx, courseWorks.id, [work.id]);
    if (await hasHandIns(tx, work.id)) {
      throw new RefusedError('已有学生作答，不能删除该作业');
    }
    await tx.delete(courseWorks).where(eq(courseWorks.id, work.id));
  });
  await deleteStoredFiles(ctx, work.attachments);
  return { id: String(work.id) };
}

/** The conditions both lists share: the caller's works in the school, with the common filters. */
async function listConditions(
  ctx: AuthedContext,
  schoolId: number,
  input: {
    courseId?: string | undefined;
    keyword?: string | undefined;
    publishStatus?: 0 | 1 | undefined;
    type?: 1 | 2 | undefined;
  },
): Promise<SQL[]> {
  const conditions: SQL[] = [
    eq(courseWorks.schoolId, schoolId),
    eq(courseWorks.teacherUserId, ctx.auth.userId),
  ];
  if (input.courseId !== undefined) {
    const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
    conditions.push(eq(courseWorks.courseId, course.id));
  }
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(courseWorks.title, likePattern(keyword)));
  if (input.publishStatus !== undefined) conditions.push(eq(courseWorks.publishStatus, input.publishStatus));
  if (input.type !== undefined) conditions.push(eq(courseWorks.type, input.type));
  return conditions;
}

async function pageOf(
  db: Db,
  conditions: SQL[],
  order: SQL[],
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: { work: CourseWorkRow; courseName: string }[]; total: number }> {
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ work: courseWorks, courseName: courses.name })
      .from(courseWorks)
      .innerJoin(courses, eq(courses.id, courseWorks.courseId))
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(courseWorks)
      .where(where),
  ]);
  return { rows, total: toNumber(totalRow?.total) };
}

/** POST /tms-server/courseWorkMgr/queryCourseWorkList */
export async function queryCourseWorkList({
  ctx,
  input,
}: AuthedCall<Input<'queryCourseWorkList'>>): Promise<{ list: CourseWorkBrief[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const conditions = await listConditions(ctx, schoolId, input);
  const { rows, total } = await pageOf(
    ctx.db,
    conditions,
    [desc(courseWorks.updatedAt), desc(courseWorks.id)],
    input,
  );
  return { list: rows.map((row) => workBrief(row.work, row.courseName)), total };
}

/** POST /tms-server/courseWorkMgr/v2/queryCourseWorkList */
export async function queryCourseWorkListV2({
  ctx,
  input,
}: AuthedCall<Input<'queryCourseWorkListV2'>>): Promise<{ list: CourseWorkSummary[]; total: number }> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const conditions = await listConditions(ctx, schoolId, input);
  if (input.teachingClassId !== undefined) {
    const classId = idOrNotFound(input.teachingClassId, '教学班不存在');
    await assertTeachingClassesOwned(ctx, schoolId, [classId]);
    conditions.push(
      inArray(
        courseWorks.id,
        ctx.db
          .select({ id: courseWorkClasses.workId })
          .from(courseWorkClasses)
          .where(eq(courseWorkClasses.teachingClassId, classId)),
      ),
    );
  }
  if (input.scoreStatus !== undefined) conditions.push(eq(courseWorks.scoreStatus, input.scoreStatus));
  if (input.endFrom !== undefined) conditions.push(gte(courseWorks.endTime, input.endFrom));
  if (input.endTo !== undefined) conditions.push(lte(courseWorks.endTime, input.endTo));
  const column = {
    updatedAt: courseWorks.updatedAt,
    endTime: courseWorks.endTime,
    startTime: courseWorks.startTime,
  }[input.sortBy ?? 'updatedAt'];
  const direction = input.sortOrder === 'asc' ? asc : desc;
  const { rows, total } = await pageOf(
    ctx.db,
    conditions,
    [direction(column), direction(courseWorks.id)],
    input,
  );
  const works = rows.map((row) => row.work);
  const [classIds, finish] = await Promise.all([
    classIdsOfWorks(
      ctx.db,
      works.map((work) => work.id),
    ),
    finishCountsOf(ctx.db, works),
  ]);
  const briefs = await teachingClassBriefs(ctx.db, [...classIds.values()].flat());
  return {
    list: rows.map(({ work, courseName }) => ({
      ...workBrief(work, courseName),
      teachingClasses: inOrder(briefs, classIds.get(work.id) ?? []),
      finish: finish.get(work.id) ?? {
        studentWorkCount: 0,
        unsubmittedCount: 0,
        submittedCount: 0,
        correctedCount: 0,
        returnedCount: 0,
        lateCount: 0,
        averageScore: null,
      },
    })),
    total,
  };
}

/** POST /tms-server/courseWorkMgr/uploadWorkFile */
export async function uploadWorkFile({
  ctx,
  input,
}: AuthedCall<Input<'uploadWorkFile'>>): Promise<WorkAttachment> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  // multipart bodies are invisible to the role middleware: check the school named here
  await assertSchoolRole(ctx, schoolId, ['teacher']);
  return recordUpload(ctx, input.file);
}

/**
 * GET /tms-server/courseWorkMgr/downloadWorkAttachment/{schoolId}/{workId}/{fileIndex}:
 * the work's teacher, or a student of a class the (published) work is given to.
 */
export async function downloadWorkAttachment({
  ctx,
  input,
}: AuthedCall<Input<'downloadWorkAttachment'>>): Promise<Output<'downloadWorkAttachment'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const work = await findWork(ctx.db, schoolId, idOrNotFound(input.workId, WORK_NOT_FOUND_MESSAGE));
  if (work.teacherUserId !== ctx.auth.userId) {
    if (work.publishStatus !== 1) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
    const mine = await teachingClassIdsOfStudentUser(ctx, schoolId, ctx.auth.userId);
    const [given] = await ctx.db
      .select({ id: courseWorkClasses.teachingClassId })
      .from(courseWorkClasses)
      .where(
        and(
          eq(courseWorkClasses.workId, work.id),
          mine.length > 0 ? inArray(courseWorkClasses.teachingClassId, mine) : sql`false`,
        ),
      )
      .limit(1);
    if (!given) throw new ForbiddenError('该作业没有布置给您');
  }
  return storedFileAnswer(ctx, work.attachments, input.fileIndex, input.preview);
}
