import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ExamAnswerResult, Examiner, ExamUserResult } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry';
import {
  type ExamAnswerRow,
  examAnswers,
  type ExamExaminerRow,
  examExaminers,
  type ExamQuestionRow,
  type ExamRow,
  exams,
} from '../../db/schema/exam';
import { classes, students } from '../../db/schema/school';
import { chinaTime } from '../../lib/china-time';
import { InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { bytesAnswer } from '../../lib/file-answer';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { buildSheet, buildTemplate, readSheetUpload, XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import type { AuthedCall, AuthedContext } from '../context';
import {
  attendStatusOf,
  EXAM_NOT_FOUND_MESSAGE,
  EXAMINER_NOT_FOUND_MESSAGE,
  lockExaminer,
  ownExam,
} from './access';
import { deadlineSql, gradeAttempt, gradeObjectiveOf, questionsFor, submitOverdueAttempts } from './attempt';
import { isObjective } from './paper';

// The teacher's side of the examiners: the list, answer sheets, hand grading, export and statistics.

const ATTEND_NAMES = ['未参加', '作答中', '已交卷', '缺考'] as const;

interface ExaminerJoinRow {
  examiner: ExamExaminerRow;
  studentNumber: string;
  studentName: string;
  className: string | null;
}

function examinerSelect(db: Db) {
  return db
    .select({
      examiner: examExaminers,
      studentNumber: students.studentNumber,
      studentName: students.name,
      className: classes.name,
    })
    .from(examExaminers)
    .innerJoin(students, eq(students.id, examExaminers.studentId))
    .leftJoin(classes, eq(classes.id, students.classId));
}

export function toExaminer(row: ExaminerJoinRow, exam: ExamRow, now: number): Examiner {
  const { examiner } = row;
  return {
    examId: String(examiner.examId),
    userId: String(examiner.userId),
    studentId: String(examiner.studentId),
    studentNumber: row.studentNumber,
    studentName: row.studentName,
    className: row.className ?? '',
    attendStatus: attendStatusOf(examiner, exam, now),
    markStatus: examiner.markStatus,
    score: examiner.attendStatus === 2 ? examiner.score : null,
    objectiveScore: examiner.attendStatus === 2 ? examiner.objectiveScore : null,
    subjectiveScore: examiner.attendStatus === 2 ? examiner.subjectiveScore : null,
    enterTime: examiner.enterTime,
    deadline: examiner.deadline,
    extraMinutes: examiner.extraMinutes,
    submitTime: examiner.submitTime,
    addedAt: examiner.addedAt,
  };
}

/** An exam of the caller's, with its attempts whose time is up submitted first (what the teacher sees is final). */
async function ownExamSettled(ctx: AuthedContext, rawId: string): Promise<ExamRow> {
  const exam = await ownExam(ctx, rawId);
  await submitOverdueAttempts(ctx.db, ctx.clock.now(), { examId: exam.id });
  return exam;
}

/** User ids from the wire that are students of the exam's school: their roster rows, or errCode 2 naming the others. */
async function studentsOfSchool(
  db: Db,
  schoolId: number,
  rawIds: readonly string[],
): Promise<Map<number, number>> {
  const ids = rawIds.map((raw) => {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidInputError(`用户 ${raw} 不是本校学生`);
    return id;
  });
  const rows = await db
    .select({ userId: students.userId, studentId: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.userId, ids)))
    .orderBy(asc(students.id));
  const byUser = new Map<number, number>();
  for (const row of rows)
    if (row.userId !== null && !byUser.has(row.userId)) byUser.set(row.userId, row.studentId);
  const missing = ids.filter((id) => !byUser.has(id));
  if (missing.length > 0) throw new InvalidInputError(`用户 ${missing.join('、')} 不是本校学生`);
  return byUser;
}

/** Adds roster rows to the list, those already on it skipped; the ids added. */
async function addToList(
  ctx: AuthedContext,
  exam: ExamRow,
  entries: ReadonlyMap<number, number>,
): Promise<{ added: number[]; skipped: number[] }> {
  if (ctx.clock.now() >= exam.endTime) throw new RefusedError('考试已结束，不能再添加考生');
  const userIds = [...entries.keys()];
  if (userIds.length === 0) return { added: [], skipped: [] };
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(examExaminers)
    .values(
      userIds.map((userId) => ({ examId: exam.id, userId, studentId: entries.get(userId)!, addedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ userId: examExaminers.userId });
  const added = new Set(inserted.map((row) => row.userId));
  return { added: [...added], skipped: userIds.filter((id) => !added.has(id)) };
}

export async function examExaminersAdd({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersAdd'>>): Promise<Output<'examExaminersAdd'>> {
  const exam = await ownExam(ctx, input.examId);
  const entries = await studentsOfSchool(ctx.db, exam.schoolId, input.userIds);
  const { added, skipped } = await addToList(ctx, exam, entries);
  return { examId: String(exam.id), addedCount: added.length, skippedUserIds: skipped.map(String) };
}

export async function examExaminersDel({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersDel'>>): Promise<Output<'examExaminersDel'>> {
  const exam = await ownExam(ctx, input.examId);
  const ids = input.userIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const removed = await transactionWithRetry(ctx.db, async (tx) => {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ userId: examExaminers.userId, attendStatus: examExaminers.attendStatus })
      .from(examExaminers)
      .where(and(eq(examExaminers.examId, exam.id), inArray(examExaminers.userId, ids)))
      .orderBy(asc(examExaminers.userId))
      .for('update');
    if (rows.some((row) => row.attendStatus > 0)) {
      throw new RefusedError('已进入考试的考生（作答中或已交卷）不能移出名单');
    }
    if (rows.length === 0) return [];
    await tx.delete(examExaminers).where(
      and(
        eq(examExaminers.examId, exam.id),
        inArray(
          examExaminers.userId,
          rows.map((row) => row.userId),
        ),
      ),
    );
    return rows.map((row) => row.userId);
  });
  return { examId: String(exam.id), userIds: removed.map(String) };
}

export async function examExaminersExtraTime({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersExtraTime'>>): Promise<Output<'examExaminersExtraTime'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const ids = input.userIds.map((raw) => {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new InvalidInputError(`用户 ${raw} 不在考生名单中`);
    return id;
  });
  const { updated, skipped } = await transactionWithRetry(ctx.db, async (tx) => {
    const rows = await tx
      .select({ userId: examExaminers.userId, attendStatus: examExaminers.attendStatus })
      .from(examExaminers)
      .where(and(eq(examExaminers.examId, exam.id), inArray(examExaminers.userId, ids)))
      .orderBy(asc(examExaminers.userId))
      .for('update');
    const listed = new Set(rows.map((row) => row.userId));
    const missing = ids.filter((id) => !listed.has(id));
    if (missing.length > 0) throw new InvalidInputError(`用户 ${missing.join('、')} 不在考生名单中`);
    const open = rows.filter((row) => row.attendStatus !== 2).map((row) => row.userId);
    if (open.length > 0) {
      const where = and(eq(examExaminers.examId, exam.id), inArray(examExaminers.userId, open));
      await tx.update(examExaminers).set({ extraMinutes: input.extraMinutes }).where(where);
      // those answering now are timed by their new deadline at once
      await tx
        .update(examExaminers)
        .set({ deadline: deadlineSql(exam) })
        .where(and(where, eq(examExaminers.attendStatus, 1)));
    }
    return {
      updated: open,
      skipped: rows.filter((row) => row.attendStatus === 2).map((row) => row.userId),
    };
  });
  return {
    examId: String(exam.id),
    updatedUserIds: updated.map(String),
    skippedUserIds: skipped.map(String),
  };
}

export async function examExaminersList({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersList'>>): Promise<Output<'examExaminersList'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const now = ctx.clock.now();
  const conditions: SQL[] = [eq(examExaminers.examId, exam.id)];
  const keyword = input.keyword?.trim();
  if (keyword) {
    conditions.push(
      or(ilike(students.name, likePattern(keyword)), ilike(students.studentNumber, likePattern(keyword)))!,
    );
  }
  if (input.attendStatus !== undefined) {
    const ended = now >= exam.endTime;
    if (input.attendStatus === 3) {
      conditions.push(ended ? eq(examExaminers.attendStatus, 0) : sql`false`);
    } else if (input.attendStatus === 0) {
      conditions.push(ended ? sql`false` : eq(examExaminers.attendStatus, 0));
    } else {
      conditions.push(eq(examExaminers.attendStatus, input.attendStatus));
    }
  }
  if (input.markStatus !== undefined) conditions.push(eq(examExaminers.markStatus, input.markStatus));
  if (input.classId !== undefined)
    conditions.push(eq(students.classId, idOrNotFound(input.classId, '行政班不存在')));
  const where = and(...conditions);
  const direction = input.sortOrder === 'desc' ? desc : asc;
  const order =
    input.sortBy === 'score'
      ? [sql`${examExaminers.score} ${sql.raw(input.sortOrder === 'desc' ? 'desc' : 'asc')} nulls last`]
      : input.sortBy === 'submitTime'
        ? [
            sql`${examExaminers.submitTime} ${sql.raw(input.sortOrder === 'desc' ? 'desc' : 'asc')} nulls last`,
          ]
        : [direction(students.studentNumber)];
  const [rows, [total]] = await Promise.all([
    examinerSelect(ctx.db)
      .where(where)
      .orderBy(...order, asc(examExaminers.userId))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: count() })
      .from(examExaminers)
      .innerJoin(students, eq(students.id, examExaminers.studentId))
      .where(where),
  ]);
  return { list: rows.map((row) => toExaminer(row, exam, now)), total: total?.n ?? 0 };
}

export async function examExaminersListByIds({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersListByIds'>>): Promise<Output<'examExaminersListByIds'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const now = ctx.clock.now();
  const ids = input.userIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const rows = await examinerSelect(ctx.db).where(
    and(eq(examExaminers.examId, exam.id), inArray(examExaminers.userId, ids)),
  );
  const byUser = new Map(rows.map((row) => [row.examiner.userId, row]));
  return ids.flatMap((id) => {
    const row = byUser.get(id);
    return row ? [toExaminer(row, exam, now)] : [];
  });
}

/** A paper's questions by id, worked out once per list of questions (a class entering shares one list). */
const questionsById = new WeakMap<readonly ExamQuestionRow[], Map<number, ExamQuestionRow>>();

/** The questions in the order this student saw (or will see) them. */
export function inStudentOrder(
  questions: readonly ExamQuestionRow[],
  examiner: Pick<ExamExaminerRow, 'questionOrder'>,
): ExamQuestionRow[] {
  const order = examiner.questionOrder;
  if (!order) return [...questions];
  let byId = questionsById.get(questions);
  if (!byId) {
    byId = new Map(questions.map((question) => [question.id, question]));
    questionsById.set(questions, byId);
  }
  const ordered: ExamQuestionRow[] = [];
  for (const id of order) {
    const question = byId.get(id);
    if (question) ordered.push(question);
  }
  // a question added after the student entered (not possible today) would come last
  if (ordered.length < questions.length) {
    const seen = new Set(order);
    for (const question of questions) if (!seen.has(question.id)) ordered.push(question);
  }
  return ordered;
}

/** The student's options of a question, in their order. */
export function optionsInStudentOrder(
  question: ExamQuestionRow,
  examiner: Pick<ExamExaminerRow, 'optionOrder'>,
): ExamQuestionRow['options'] {
  const order = examiner.optionOrder?.[String(question.id)];
  if (!order) return question.options;
  // a handful of options: a scan is cheaper than a map
  const ordered: ExamQuestionRow['options'] = [];
  for (const key of order) {
    const option = question.options.find((candidate) => candidate.key === key);
    if (option) ordered.push(option);
  }
  return ordered;
}

export interface Reveal {
  scores: boolean;
  key: boolean;
}

/** Each question of an answer sheet, as the reveal allows (the teacher sees everything). */
export function answerResults(
  questions: readonly ExamQuestionRow[],
  examiner: ExamExaminerRow,
  answers: readonly ExamAnswerRow[],
  reveal: Reveal,
): ExamAnswerResult[] {
  const byQuestion = new Map(answers.map((row) => [row.questionId, row]));
  const submitted = examiner.attendStatus === 2;
  return inStudentOrder(questions, examiner).map((question, index) => {
    const row = byQuestion.get(question.id);
    const answer = row?.answer ?? [];
    const objective = isObjective(question.type);
    const grade = submitted && objective ? gradeObjectiveOf(question, row) : null;
    const gotScore =
      !submitted || !reveal.scores
        ? null
        : objective
          ? (grade?.gotScore ?? 0)
          : row?.markedByTeacher
            ? row.gotScore
            : null;
    return {
      questionId: String(question.id),
      orderNo: index + 1,
      type: question.type,
      stem: question.stem,
      options: optionsInStudentOrder(question, examiner),
      score: question.score,
      answer,
      savedAt: row && row.seq > 0 ? row.savedAt : null,
      gotScore,
      correct: submitted && reveal.scores && grade ? grade.correct : null,
      correctAnswers: reveal.key ? question.answers : [],
      analysis: reveal.key ? question.analysis : '',
      comment: reveal.scores ? (row?.comment ?? '') : '',
    };
  });
}

/** Answer sheets of examiners (the teacher's view: every score, key and analysis), in the order given. */
async function userResults(
  ctx: AuthedContext,
  exam: ExamRow,
  rows: readonly ExaminerJoinRow[],
): Promise<ExamUserResult[]> {
  if (rows.length === 0) return [];
  const userIds = rows.map((row) => row.examiner.userId);
  const [questions, answers] = await Promise.all([
    questionsFor(ctx, exam),
    ctx.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.examId, exam.id), inArray(examAnswers.userId, userIds))),
  ]);
  const now = ctx.clock.now();
  return rows.map((row) => ({
    examId: String(exam.id),
    examName: exam.name,
    examNumber: exam.examNumber,
    totalScore: exam.totalScore,
    examiner: toExaminer(row, exam, now),
    answers: answerResults(
      questions,
      row.examiner,
      answers.filter((answer) => answer.userId === row.examiner.userId),
      { scores: true, key: true },
    ),
  }));
}

async function examinerRow(db: Db, examId: number, rawUserId: string): Promise<ExaminerJoinRow> {
  const userId = idOrNotFound(rawUserId, EXAMINER_NOT_FOUND_MESSAGE);
  const [row] = await examinerSelect(db).where(
    and(eq(examExaminers.examId, examId), eq(examExaminers.userId, userId)),
  );
  if (!row) throw new NotFoundError(EXAMINER_NOT_FOUND_MESSAGE);
  return row;
}

export async function examUserGet({
  ctx,
  input,
}: AuthedCall<Input<'examUserGet'>>): Promise<Output<'examUserGet'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const [result] = await userResults(ctx, exam, [await examinerRow(ctx.db, exam.id, input.userId)]);
  return result!;
}

export async function examUserGetByNumber({
  ctx,
  input,
}: AuthedCall<Input<'examUserGetByNumber'>>): Promise<Output<'examUserGetByNumber'>> {
  const [found] = await ctx.db
    .select({ id: exams.id })
    .from(exams)
    .where(eq(exams.examNumber, input.examNumber));
  if (!found) throw new NotFoundError(EXAM_NOT_FOUND_MESSAGE);
  return examUserGet({ ctx, input: { examId: String(found.id), userId: input.userId } });
}

export async function examUserBatchResult({
  ctx,
  input,
}: AuthedCall<Input<'examUserBatchResult'>>): Promise<Output<'examUserBatchResult'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const ids = input.userIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const rows = await examinerSelect(ctx.db).where(
    and(eq(examExaminers.examId, exam.id), inArray(examExaminers.userId, ids)),
  );
  const byUser = new Map(rows.map((row) => [row.examiner.userId, row]));
  return userResults(
    ctx,
    exam,
    ids.flatMap((id) => byUser.get(id) ?? []),
  );
}

export async function examUserAttend({
  ctx,
  input,
}: AuthedCall<Input<'examUserAttend'>>): Promise<Output<'examUserAttend'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const { examiner } = await examinerRow(ctx.db, exam.id, input.userId);
  return {
    examId: String(exam.id),
    userId: String(examiner.userId),
    attendStatus: attendStatusOf(examiner, exam, ctx.clock.now()),
    enterTime: examiner.enterTime,
    deadline: examiner.deadline,
    submitTime: examiner.submitTime,
    submitType: examiner.submitType ?? null,
    answeredCount: examiner.answeredCount,
    questionCount: exam.questionCount,
    lastSavedAt: examiner.lastSavedAt,
    saveCount: examiner.saveCount,
  };
}

export async function examScoreSave({
  ctx,
  input,
}: AuthedCall<Input<'examScoreSave'>>): Promise<Output<'examScoreSave'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const userId = idOrNotFound(input.userId, EXAMINER_NOT_FOUND_MESSAGE);
  const questions = await questionsFor(ctx, exam);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const items = input.items.map((item) => {
    const question = byId.get(Number(item.questionId));
    if (!question) throw new NotFoundError(`题目 ${item.questionId} 不属于这场考试`);
    if (item.score > question.score) {
      throw new InvalidInputError(
        `第 ${question.orderNo} 题得分（${item.score}）不能超过本题分值（${question.score}）`,
      );
    }
    return { question, score: item.score, comment: item.comment?.trim() };
  });
  const now = ctx.clock.now();
  await transactionWithRetry(ctx.db, async (tx) => {
    const examiner = await lockExaminer(tx, exam.id, userId);
    if (!examiner) throw new NotFoundError(EXAMINER_NOT_FOUND_MESSAGE);
    if (examiner.attendStatus !== 2) throw new RefusedError('考生尚未交卷，不能评分');
    for (const { question, score, comment } of items) {
      await tx
        .insert(examAnswers)
        .values({
          examId: exam.id,
          userId,
          questionId: question.id,
          answer: [],
          seq: 0,
          savedAt: now,
          gotScore: score,
          markedByTeacher: true,
          comment: comment ?? '',
        })
        .onConflictDoUpdate({
          target: [examAnswers.examId, examAnswers.userId, examAnswers.questionId],
          set: {
            gotScore: score,
            markedByTeacher: true,
            ...(comment !== undefined ? { comment } : {}),
          },
        });
    }
    const totals = await gradeAttempt(tx, exam.id, userId, questions);
    await tx
      .update(examExaminers)
      .set(totals)
      .where(and(eq(examExaminers.examId, exam.id), eq(examExaminers.userId, userId)));
  });
  const row = await examinerRow(ctx.db, exam.id, String(userId));
  return toExaminer(row, exam, now);
}

// Examiner import and export (.xlsx).

export const EXAMINER_TEMPLATE_FILE_NAME = '考生导入模板.xlsx';
export const MAX_EXAMINER_ROWS = 5000;
export const EXAMINER_FILE_MAX_BYTES = 2 * 1024 * 1024;

export async function examExaminersImportModelGet(): Promise<Output<'examExaminersImportModelGet'>> {
  const data = await buildTemplate({
    sheetName: '考生名单',
    columns: [
      { header: '学号', width: 18, text: true, hint: '必填，本校学生的学号' },
      { header: '姓名', width: 14, hint: '必填，与学号核对，不符的行不导入' },
    ],
    example: ['2026010101', '陈思远'],
    notes: [
      '第 1 行为表头，请勿修改；第 2 行为示例，请改写或删除后再上传；空行会被跳过。',
      `每个文件最多 ${MAX_EXAMINER_ROWS} 行，文件不超过 2 MB。`,
      '每行单独处理：学号不存在或姓名与学号不符的行列为失败，已在名单中的计为跳过，其余加入名单。',
    ],
  });
  return bytesAnswer(EXAMINER_TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, data);
}

export async function examExaminersImport({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersImport'>>): Promise<Output<'examExaminersImport'>> {
  // 6/5 before the file is read
  const exam = await ownExam(ctx, input.examId);
  const rows = await readSheetUpload(ctx.storage, input.file, {
    headers: ['学号', '姓名'],
    required: ['学号', '姓名'],
    maxRows: MAX_EXAMINER_ROWS,
  });
  const numbers = [
    ...new Set(rows.map((row) => row.cells['学号']?.trim() ?? '').filter((text) => text !== '')),
  ];
  const roster =
    numbers.length === 0
      ? []
      : await ctx.db
          .select({
            id: students.id,
            userId: students.userId,
            number: students.studentNumber,
            name: students.name,
          })
          .from(students)
          .where(and(eq(students.schoolId, exam.schoolId), inArray(students.studentNumber, numbers)));
  const byNumber = new Map(roster.map((row) => [row.number, row]));
  const failures: { row: number; studentNumber: string; reason: string }[] = [];
  const entries = new Map<number, number>();
  for (const row of rows) {
    const number = row.cells['学号']?.trim() ?? '';
    const name = row.cells['姓名']?.trim() ?? '';
    const fail = (reason: string) => failures.push({ row: row.rowNumber, studentNumber: number, reason });
    if (number === '') {
      fail('学号为空');
      continue;
    }
    const student = byNumber.get(number);
    if (!student) fail('学号不存在');
    else if (name !== '' && name !== student.name) fail('姓名与学号不符');
    else if (name === '') fail('姓名为空');
    else if (student.userId === null) fail('该学生还没有账号');
    else entries.set(student.userId, student.id);
  }
  const { added, skipped } = await addToList(ctx, exam, entries);
  return { examId: String(exam.id), addedCount: added.length, skippedCount: skipped.length, failures };
}

function timeText(instant: number | null): string {
  return instant === null ? '' : chinaTime(instant);
}

export async function examExaminersExport({
  ctx,
  input,
}: AuthedCall<Input<'examExaminersExport'>>): Promise<Output<'examExaminersExport'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const now = ctx.clock.now();
  const rows = await examinerSelect(ctx.db)
    .where(eq(examExaminers.examId, exam.id))
    .orderBy(asc(students.studentNumber), asc(examExaminers.userId));
  const data = await buildSheet({
    sheetName: '考生成绩',
    columns: [
      { header: '学号', width: 16, text: true },
      { header: '姓名', width: 12 },
      { header: '行政班', width: 22 },
      { header: '参考状态', width: 10 },
      { header: '进入时间', width: 20 },
      { header: '交卷时间', width: 20 },
      { header: '客观题得分', width: 12 },
      { header: '主观题得分', width: 12 },
      { header: '总分', width: 10 },
    ],
    rows: rows.map((row) => {
      const examiner = toExaminer(row, exam, now);
      return [
        examiner.studentNumber,
        examiner.studentName,
        examiner.className,
        ATTEND_NAMES[examiner.attendStatus],
        timeText(examiner.enterTime),
        timeText(examiner.submitTime),
        examiner.objectiveScore,
        examiner.subjectiveScore,
        examiner.score,
      ];
    }),
  });
  return bytesAnswer(`${exam.name}-成绩.xlsx`, XLSX_CONTENT_TYPE, data);
}

// Statistics.

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function mean(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0) / values.length;
}

/** Fewer submitted papers than this make the top and bottom groups (27 % each) meaningless. */
const MIN_FOR_DISCRIMINATION = 4;

/**
 * Item discrimination: the question's score rate among the best 27 % of papers (by total) minus
 * its rate among the worst 27 %; null with too few papers or while an answer awaits its score.
 */
function discrimination(points: readonly ({ gotScore: number } | null)[], score: number): number | null {
  if (points.length < MIN_FOR_DISCRIMINATION || score === 0 || points.some((point) => point === null))
    return null;
  const group = Math.max(1, Math.round(points.length * 0.27));
  const rate = (slice: readonly ({ gotScore: number } | null)[]) =>
    mean(slice.map((point) => point?.gotScore ?? 0)) / score;
  return round2(rate(points.slice(0, group)) - rate(points.slice(-group)));
}

export async function examStatic({
  ctx,
  input,
}: AuthedCall<Input<'examStatic'>>): Promise<Output<'examStatic'>> {
  const exam = await ownExamSettled(ctx, input.examId);
  const now = ctx.clock.now();
  const [examiners, questions, answers] = await Promise.all([
    ctx.db.select().from(examExaminers).where(eq(examExaminers.examId, exam.id)),
    questionsFor(ctx, exam),
    ctx.db
      .select({
        questionId: examAnswers.questionId,
        answer: examAnswers.answer,
        gotScore: examAnswers.gotScore,
        markedByTeacher: examAnswers.markedByTeacher,
        userId: examAnswers.userId,
      })
      .from(examAnswers)
      .innerJoin(
        examExaminers,
        and(eq(examExaminers.examId, examAnswers.examId), eq(examExaminers.userId, examAnswers.userId)),
      )
      .where(and(eq(examAnswers.examId, exam.id), eq(examExaminers.attendStatus, 2))),
  ]);
  const submitted = examiners.filter((row) => row.attendStatus === 2);
  const scores = submitted.map((row) => row.score ?? 0);
  const total = exam.totalScore;
  const buckets = Array.from({ length: 10 }, (_, index) => {
    const min = round2((total * index) / 10);
    const max = round2((total * (index + 1)) / 10);
    return { label: `${min}-${max}`, minScore: min, maxScore: max, count: 0 };
  });
  if (total > 0) {
    for (const score of scores) {
      const index = Math.min(9, Math.max(0, Math.floor((score / total) * 10)));
      buckets[index]!.count += 1;
    }
  }
  const byQuestion = new Map<
    number,
    { answer: string[]; gotScore: number | null; markedByTeacher: boolean }[]
  >();
  for (const row of answers) {
    const list = byQuestion.get(row.questionId) ?? [];
    list.push(row);
    byQuestion.set(row.questionId, list);
  }
  const answerOf = new Map(answers.map((row) => [`${row.userId}:${row.questionId}`, row]));
  // by total score, best first: the top and bottom 27 % of them for each question's discrimination
  const ranked = [...submitted].sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.userId - b.userId);
  const passCount = submitted.filter((row) => (row.score ?? 0) >= exam.passScore).length;
  return {
    examId: String(exam.id),
    examinerCount: examiners.length,
    attendedCount: examiners.filter((row) => row.attendStatus > 0).length,
    submittedCount: submitted.length,
    absentCount: now >= exam.endTime ? examiners.filter((row) => row.attendStatus === 0).length : 0,
    markedCount: submitted.filter((row) => row.markStatus === 1).length,
    averageScore: scores.length > 0 ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    maxScore: scores.length > 0 ? Math.max(...scores) : null,
    minScore: scores.length > 0 ? Math.min(...scores) : null,
    passCount,
    passRate: submitted.length > 0 ? round2(passCount / submitted.length) : null,
    distribution: total > 0 ? buckets : [],
    questionStats: questions.map((question) => {
      const answered = (byQuestion.get(question.id) ?? []).filter((row) =>
        row.answer.some((part) => part.trim() !== ''),
      ).length;
      const objective = isObjective(question.type);
      // each submitted student's points on this question (null: a subjective answer not scored yet)
      const points = ranked.map((row) => {
        const answer = answerOf.get(`${row.userId}:${question.id}`);
        if (objective) return gradeObjectiveOf(question, answer);
        return answer?.markedByTeacher && answer.gotScore !== null
          ? { gotScore: answer.gotScore, correct: answer.gotScore >= question.score }
          : null;
      });
      const scored = points.flatMap((point) => (point ? [point.gotScore] : []));
      const averageScore = scored.length > 0 ? round2(mean(scored)) : null;
      return {
        questionId: String(question.id),
        orderNo: question.orderNo,
        type: question.type,
        score: question.score,
        answeredCount: answered,
        correctRate:
          objective && ranked.length > 0
            ? round2(points.filter((point) => point?.correct).length / ranked.length)
            : null,
        averageScore,
        scoreRate:
          averageScore === null || question.score === 0 ? null : round2(averageScore / question.score),
        discrimination: discrimination(points, question.score),
      };
    }),
  };
}
