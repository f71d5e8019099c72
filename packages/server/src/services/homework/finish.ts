import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  StudentWorkBrief,
  StudentWorkDetail,
  StudentWorkFinishItem,
  WorkFinishCounts,
} from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import {
  type CourseWorkRow,
  courseWorks,
  type StudentWorkRow,
  studentWorks,
  workTeams,
} from '../../db/schema/homework';
import { classes, students } from '../../db/schema/school';
import { chinaDateTime } from '../../lib/china-time';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import type { FileAnswer } from '../../lib/file-answer';
import { bytesAnswer } from '../../lib/file-answer';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { buildSheet, XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import type { AuthedCall, AuthedContext } from '../context';
import { assertTeachingClassesOwned } from '../course/membership';
import { resolveSchoolId } from '../school/resolve-school';
import { toNumber } from '../teaching-content/shared';
import { attachmentsOf } from './files';
import { scoreAfterPenalty } from './late-policy';
import {
  finishCountsOf,
  membersOfTeams,
  NOT_WORK_TEACHER_MESSAGE,
  STUDENT_WORK_NOT_FOUND_MESSAGE,
  studentWorkBriefs,
  studentWorkFileUrl,
} from './views';
import { ownWork, tellStudents } from './works';

export const STATUS_LABEL: Record<0 | 1 | 2 | 3, string> = {
  0: '未提交',
  1: '已提交',
  2: '已批改',
  3: '已退回',
};

/** A student work of one of the caller's works: 6 when it does not exist, 5 when another teacher's. */
async function ownStudentWork(
  ctx: AuthedContext,
  schoolId: number,
  rawId: string,
): Promise<{ studentWork: StudentWorkRow; work: CourseWorkRow }> {
  const [row] = await ctx.db
    .select({ studentWork: studentWorks, work: courseWorks })
    .from(studentWorks)
    .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
    .where(
      and(
        eq(studentWorks.id, idOrNotFound(rawId, STUDENT_WORK_NOT_FOUND_MESSAGE)),
        eq(courseWorks.schoolId, schoolId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
  if (row.work.teacherUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_WORK_TEACHER_MESSAGE);
  return row;
}

interface FinishFilter {
  teachingClassId?: string | undefined;
  status?: 0 | 1 | 2 | 3 | undefined;
  isLate?: boolean | undefined;
  keyword?: string | undefined;
}

async function finishConditions(
  ctx: AuthedContext,
  schoolId: number,
  work: CourseWorkRow,
  filter: FinishFilter,
): Promise<SQL[]> {
  const conditions: SQL[] = [eq(studentWorks.workId, work.id)];
  if (filter.teachingClassId !== undefined) {
    const classId = idOrNotFound(filter.teachingClassId, '教学班不存在');
    await assertTeachingClassesOwned(ctx, schoolId, [classId]);
    conditions.push(eq(studentWorks.teachingClassId, classId));
  }
  if (filter.status !== undefined) conditions.push(eq(studentWorks.status, filter.status));
  if (filter.isLate === true) {
    conditions.push(sql`${studentWorks.submitTime} > ${work.endTime}`);
  } else if (filter.isLate === false) {
    conditions.push(sql`${studentWorks.submitTime} <= ${work.endTime}`);
  }
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    const match = or(
      ilike(students.name, pattern),
      ilike(students.studentNumber, pattern),
      ilike(workTeams.name, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions;
}

function finishQuery(db: Db) {
  return db
    .select({ studentWork: studentWorks })
    .from(studentWorks)
    .innerJoin(students, eq(students.id, studentWorks.studentId))
    .leftJoin(workTeams, eq(workTeams.id, studentWorks.teamId));
}

/** POST /tms-server/courseWorkMgr/queryWorkFinishStatus */
export async function queryWorkFinishStatus({
  ctx,
  input,
}: AuthedCall<Input<'queryWorkFinishStatus'>>): Promise<{
  list: StudentWorkFinishItem[];
  total: number;
  counts: WorkFinishCounts;
}> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const work = await ownWork(ctx, schoolId, input.workId);
  const where = and(...(await finishConditions(ctx, schoolId, work, input)));
  const direction = input.sortOrder === 'asc' ? asc : desc;
  const order =
    input.sortBy === 'submitTime'
      ? [sql`${studentWorks.submitTime} ${sql.raw(input.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`]
      : input.sortBy === 'score'
        ? [sql`${studentWorks.score} ${sql.raw(input.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`]
        : [direction(students.studentNumber)];
  const [rows, [totalRow], counts] = await Promise.all([
    finishQuery(ctx.db)
      .where(where)
      .orderBy(...order, asc(studentWorks.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ total: sql<number>`count(*)` })
      .from(studentWorks)
      .innerJoin(students, eq(students.id, studentWorks.studentId))
      .leftJoin(workTeams, eq(workTeams.id, studentWorks.teamId))
      .where(where),
    finishCountsOf(ctx.db, [work]),
  ]);
  const page = rows.map((row) => row.studentWork);
  const teamIds = page.flatMap((row) => (row.teamId === null ? [] : [row.teamId]));
  // a group's row lists its members, so the list names everyone who handed in together
  const [briefs, members] = await Promise.all([
    studentWorkBriefs(ctx.db, work, page),
    membersOfTeams(ctx.db, teamIds),
  ]);
  return {
    list: briefs.map((brief, index) => {
      const teamId = page[index]?.teamId ?? null;
      return { ...brief, members: teamId === null ? [] : (members.get(teamId) ?? []) };
    }),
    total: toNumber(totalRow?.total),
    counts: counts.get(work.id) as WorkFinishCounts,
  };
}

/** The full student work, as the grading view shows it. */
async function studentWorkDetail(
  db: Db,
  work: CourseWorkRow,
  studentWork: StudentWorkRow,
): Promise<StudentWorkDetail> {
  const [[brief], members] = await Promise.all([
    studentWorkBriefs(db, work, [studentWork]),
    studentWork.teamId === null ? Promise.resolve(new Map()) : membersOfTeams(db, [studentWork.teamId]),
  ]);
  if (!brief) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
  return {
    ...brief,
    workTitle: work.title,
    workType: work.type,
    totalScore: work.totalScore,
    content: studentWork.content,
    attachments: attachmentsOf(studentWork.attachments, studentWorkFileUrl(work.schoolId, studentWork.id)),
    strategy: (studentWork.strategy ?? null) as StudentWorkDetail['strategy'],
    comment: studentWork.comment,
    revision: studentWork.revision,
    members: studentWork.teamId === null ? [] : (members.get(studentWork.teamId) ?? []),
  };
}

/** GET /tms-server/courseWorkMgr/getWorkFinishInfo/{schoolId}/{studentWorkId} */
export async function getWorkFinishInfo({
  ctx,
  input,
}: AuthedCall<Input<'getWorkFinishInfo'>>): Promise<StudentWorkDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { studentWork, work } = await ownStudentWork(ctx, schoolId, input.studentWorkId);
  return studentWorkDetail(ctx.db, work, studentWork);
}

/**
 * POST /tms-server/courseWorkMgr/correctStudentWork: score and comment (again
 * as often as needed, the last one counts), or return the work for redoing.
 * Students hear of it only once scores are published (a return at once, and
 * a grade at once when the scores are already published).
 */
export async function correctStudentWork({
  ctx,
  input,
}: AuthedCall<Input<'correctStudentWork'>>): Promise<StudentWorkBrief> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { studentWork, work } = await ownStudentWork(ctx, schoolId, input.studentWorkId);
  if (!input.returned) {
    if (input.score === undefined) throw new InvalidInputError('参数 score 不能为空（不退回时必须打分）');
    if (input.score > work.totalScore) {
      throw new InvalidInputError(`参数 score 不能超过作业满分 ${work.totalScore} 分`);
    }
  }
  const comment = (input.comment ?? '').trim();
  const now = ctx.clock.now();
  const updated = await transactionWithRetry(ctx.db, async (tx) => {
    await lockRowsForUpdate(tx, studentWorks.id, [studentWork.id]);
    const [current] = await tx.select().from(studentWorks).where(eq(studentWorks.id, studentWork.id));
    if (!current) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
    if (current.status === 0) throw new RefusedError('学生还没有提交这份作业，不能批改');
    if (current.status === 3) throw new RefusedError('这份作业已退回重做，等学生再次提交后才能批改');
    const fields = input.returned
      ? { status: 3 as const, score: null, comment, correctedAt: now, autoGraded: false }
      : { status: 2 as const, score: input.score ?? 0, comment, correctedAt: now, autoGraded: false };
    const [row] = await tx
      .update(studentWorks)
      .set(fields)
      .where(eq(studentWorks.id, current.id))
      .returning();
    if (!row) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
    if (input.returned) {
      await tellStudents(tx, work, [row], 4, comment ? `作业被退回重做：${comment}` : '作业被退回重做', now);
    } else if (work.scoreStatus === 1) {
      // scores already published: the student sees this one at once, so they are told (before, publication tells them)
      const { score } = scoreAfterPenalty(row.score, row.submitTime, work);
      await tellStudents(tx, work, [row], 3, `作业已批改：得分 ${score} / ${work.totalScore}`, now);
    }
    return row;
  });
  const [brief] = await studentWorkBriefs(ctx.db, work, [updated]);
  if (!brief) throw new NotFoundError(STUDENT_WORK_NOT_FOUND_MESSAGE);
  return brief;
}

/**
 * GET /tms-server/courseWorkMgr/publishWorkScore/{schoolId}/{workId}: students
 * see scores and comments from now on. Refused while hand-ins wait for grading.
 */
export async function publishWorkScore({
  ctx,
  input,
}: AuthedCall<Input<'publishWorkScore'>>): Promise<Output<'publishWorkScore'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const work = await ownWork(ctx, schoolId, input.workId);
  const now = ctx.clock.now();
  return transactionWithRetry(ctx.db, async (tx) => {
    await lockRowsForUpdate(tx, courseWorks.id, [work.id]);
    const [current] = await tx.select().from(courseWorks).where(eq(courseWorks.id, work.id));
    if (!current) throw new NotFoundError('作业不存在');
    if (current.publishStatus !== 1) throw new RefusedError('作业还没有发布，不能公布成绩');
    const rows = await tx.select().from(studentWorks).where(eq(studentWorks.workId, current.id));
    const waiting = rows.filter((row) => row.status === 1).length;
    if (waiting > 0) throw new RefusedError(`还有 ${waiting} 份已提交的作业没有批改，批改后才能公布成绩`);
    if (current.scoreStatus !== 1) {
      await tx
        .update(courseWorks)
        .set({ scoreStatus: 1, scorePublishedAt: now, updatedAt: now })
        .where(eq(courseWorks.id, current.id));
      await tellStudents(
        tx,
        current,
        rows.filter((row) => row.status === 2),
        5,
        `成绩已公布：${current.title}`,
        now,
      );
    }
    return {
      workId: String(current.id),
      scoreStatus: 1 as const,
      scorePublishedAt: current.scorePublishedAt ?? now,
      scoredCount: rows.filter((row) => row.status === 2).length,
    };
  });
}

/** GET /tms-server/courseWorkMgr/export/work/finish/excel: the finish list as .xlsx, one row per student. */
export async function exportWorkFinishExcel({
  ctx,
  input,
}: AuthedCall<Input<'exportWorkFinishExcel'>>): Promise<Output<'exportWorkFinishExcel'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const work = await ownWork(ctx, schoolId, input.workId);
  const where = and(...(await finishConditions(ctx, schoolId, work, input)));
  const rows = await finishQuery(ctx.db)
    .where(where)
    .orderBy(asc(students.studentNumber), asc(studentWorks.id));
  const teamIds = rows.flatMap((row) => (row.studentWork.teamId === null ? [] : [row.studentWork.teamId]));
  const [members, teamRows, soloRows] = await Promise.all([
    membersOfTeams(ctx.db, teamIds),
    teamIds.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select({ id: workTeams.id, name: workTeams.name })
          .from(workTeams)
          .where(inArray(workTeams.id, teamIds)),
    ctx.db
      .select({
        id: students.id,
        number: students.studentNumber,
        name: students.name,
        className: classes.name,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(
        inArray(
          students.id,
          rows.map((row) => row.studentWork.studentId),
        ),
      ),
  ]);
  const teamName = new Map(teamRows.map((row) => [row.id, row.name]));
  const solo = new Map(soloRows.map((row) => [row.id, row]));
  const time = (value: number | null) => (value === null ? '' : chinaDateTime(value));
  const lines: (string | number | null)[][] = [];
  for (const { studentWork } of rows) {
    const { score, lateDays, latePenalty } = scoreAfterPenalty(
      studentWork.score,
      studentWork.submitTime,
      work,
    );
    const common = [
      STATUS_LABEL[studentWork.status],
      lateDays > 0 ? `迟交 ${lateDays} 天` : studentWork.submitTime === null ? '' : '按时',
      time(studentWork.submitTime),
      studentWork.score,
      latePenalty > 0 ? latePenalty : null,
      score,
      studentWork.comment,
    ];
    if (studentWork.teamId === null) {
      const student = solo.get(studentWork.studentId);
      lines.push([student?.number ?? '', student?.name ?? '', student?.className ?? '', '', ...common]);
    } else {
      for (const member of members.get(studentWork.teamId) ?? []) {
        lines.push([
          member.studentNumber,
          member.studentName,
          member.className,
          teamName.get(studentWork.teamId) ?? '',
          ...common,
        ]);
      }
    }
  }
  const data = await buildSheet({
    sheetName: '完成情况',
    columns: [
      { header: '学号', width: 14, text: true },
      { header: '姓名', width: 12 },
      { header: '行政班', width: 20 },
      { header: '小组', width: 12 },
      { header: '状态', width: 10 },
      { header: '是否迟交', width: 12 },
      { header: '提交时间', width: 20 },
      { header: '教师评分', width: 10 },
      { header: '迟交扣分', width: 10 },
      { header: '最终得分', width: 10 },
      { header: '评语', width: 40 },
    ],
    rows: lines,
  });
  const answer: FileAnswer = bytesAnswer(`${work.title}-完成情况.xlsx`, XLSX_CONTENT_TYPE, data);
  return answer;
}
