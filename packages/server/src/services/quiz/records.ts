import type { QuizStatistics, QuizStudentRecordV2, StudentBrief } from '@dfrm/sdk/tms/types';
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import type { Db } from '../../db/client';
import {
  quizAnswers,
  quizClasses,
  type QuizPaperRow,
  quizPapers,
  type QuizRow,
  quizzes,
} from '../../db/schema/quiz';
import { classes, students } from '../../db/schema/school';
import { teachingClasses } from '../../db/schema/teaching';
import { chinaDateTime } from '../../lib/china-time';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { bytesAnswer } from '../../lib/file-answer';
import { idOrNotFound } from '../../lib/ids';
import { offsetOf } from '../../lib/paging';
import { buildSheet, XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import type { AuthedCall, AuthedContext } from '../context';
import { assertCourseTeacher } from '../course/membership';
import { studentTeachingClassIds } from '../course/student-audience';
import { activeRoster, studentBriefColumns } from '../homework/group-sets';
import { resolveSchoolId } from '../school/resolve-school';
import { studentBrief } from '../student/list-query';
import {
  classIdsOfQuiz,
  ownQuiz,
  PAPER_NOT_FOUND_MESSAGE,
  questionsOf,
  settleOverduePapers,
  statusOf,
} from './access';
import { paperResultEx } from './papers';
import { isAnswered } from '../exam/paper';
import { gradeQuizAnswer } from './questions';

// What the teacher reads of a quiz's students: statistics, the answer records (with those who
// have not started), one student's quizzes, a paper under review, and the records as .xlsx.

/** One student of a quiz's audience (the active students of its classes, and anyone with a paper). */
interface QuizRecord {
  student: StudentBrief;
  teachingClassId: number;
  paper: QuizPaperRow | null;
  /** Rank among the handed-in papers of their class (同分同名次); null until handed in. */
  rank: number | null;
}

function handedIn(paper: QuizPaperRow | null): paper is QuizPaperRow {
  return paper !== null && paper.status > 0;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The quiz's records, in student number order; only the class `classId` when given. */
async function recordsOf(db: Db, quiz: QuizRow, classId?: number): Promise<QuizRecord[]> {
  const classIds = classId === undefined ? await classIdsOfQuiz(db, quiz.id) : [classId];
  const [roster, papers] = await Promise.all([
    classIds.length === 0 ? Promise.resolve([]) : activeRoster(db, quiz.courseId, classIds),
    db
      .select()
      .from(quizPapers)
      .where(
        and(
          eq(quizPapers.quizId, quiz.id),
          classId === undefined ? undefined : eq(quizPapers.teachingClassId, classId),
        ),
      ),
  ]);
  const paperOf = new Map(papers.map((paper) => [paper.studentId, paper]));
  const rostered = new Set(roster.map((entry) => Number(entry.student.studentId)));
  // those who answered but are no longer active in the classes keep their record
  const others = papers.filter((paper) => !rostered.has(paper.studentId));
  const otherBriefs =
    others.length === 0
      ? []
      : await db
          .select(studentBriefColumns)
          .from(students)
          .innerJoin(classes, eq(classes.id, students.classId))
          .where(
            inArray(
              students.id,
              others.map((paper) => paper.studentId),
            ),
          );
  const records: Omit<QuizRecord, 'rank'>[] = [
    ...roster.map(({ teachingClassId, student }) => {
      const paper = paperOf.get(Number(student.studentId)) ?? null;
      return { student, teachingClassId: paper?.teachingClassId ?? teachingClassId, paper };
    }),
    ...otherBriefs.map((row) => {
      const paper = paperOf.get(row.studentId)!;
      return { student: studentBrief(row), teachingClassId: paper.teachingClassId, paper };
    }),
  ];
  records.sort((a, b) =>
    a.student.studentNumber === b.student.studentNumber
      ? Number(a.student.studentId) - Number(b.student.studentId)
      : a.student.studentNumber < b.student.studentNumber
        ? -1
        : 1,
  );
  // each class's handed-in scores, best first: a rank is 1 + how many scored more (同分同名次)
  const scoresOf = new Map<number, number[]>();
  for (const { teachingClassId, paper } of records) {
    if (!handedIn(paper)) continue;
    const scores = scoresOf.get(teachingClassId) ?? [];
    scores.push(paper.score ?? 0);
    scoresOf.set(teachingClassId, scores);
  }
  for (const scores of scoresOf.values()) scores.sort((a, b) => b - a);
  return records.map((record) => {
    if (!handedIn(record.paper)) return { ...record, rank: null };
    const mine = record.paper.score ?? 0;
    return { ...record, rank: 1 + scoresOf.get(record.teachingClassId)!.findIndex((score) => score <= mine) };
  });
}

/** A quiz class named by the request (errCode 2 unless the quiz is sent to it). */
async function quizClassOf(db: Db, quiz: QuizRow, raw: string | undefined): Promise<number | undefined> {
  if (raw === undefined) return undefined;
  const classIds = await classIdsOfQuiz(db, quiz.id);
  const id = idOrNotFound(raw, '教学班不存在');
  if (!classIds.includes(id)) throw new InvalidInputError('参数 classId 不是该测验发布的教学班');
  return id;
}

/** The teacher's quiz with its overdue papers handed in, so every count is final. */
async function settledQuiz(ctx: AuthedContext, rawId: string): Promise<QuizRow> {
  const quiz = await ownQuiz(ctx, rawId);
  await settleOverduePapers(ctx.db, ctx.clock.now(), { quizId: quiz.id });
  return quiz;
}

function toRecord(record: QuizRecord): QuizStudentRecordV2 {
  const { paper } = record;
  const done = handedIn(paper);
  return {
    student: record.student,
    paperId: paper ? String(paper.id) : null,
    paperStatus: paper ? paper.status : null,
    score: done ? paper.score : null,
    startedAt: paper ? paper.startedAt : null,
    submittedAt: done ? paper.submittedAt : null,
    durationSeconds: done ? durationSeconds(paper) : null,
    correctCount: done ? paper.correctCount : null,
    rank: record.rank,
  };
}

function durationSeconds(paper: QuizPaperRow): number {
  return Math.max(0, Math.floor(((paper.submittedAt ?? paper.deadline) - paper.startedAt) / 1000));
}

function matchesKeyword(record: QuizRecord, keyword: string | undefined): boolean {
  const text = keyword?.trim().toLowerCase();
  if (!text) return true;
  return (
    record.student.studentName.toLowerCase().includes(text) ||
    record.student.studentNumber.toLowerCase().includes(text)
  );
}

/** Compares nullable values with nulls last whatever the direction. */
function byNullable(a: number | string | null, b: number | string | null, order: 'asc' | 'desc'): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const less = a < b ? -1 : 1;
  return order === 'asc' ? less : -less;
}

export async function quizTeacherStudentRecord({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherStudentRecord'>>): Promise<Output<'quizTeacherStudentRecord'>> {
  const quiz = await settledQuiz(ctx, input.quizId);
  const records = (await recordsOf(ctx.db, quiz)).filter(
    (record) =>
      record.paper !== null &&
      matchesKeyword(record, input.keyword) &&
      (input.paperStatus === undefined || record.paper.status === input.paperStatus),
  );
  // stable: equal times keep student number order
  records.sort((a, b) => byNullable(a.paper!.submittedAt, b.paper!.submittedAt, 'asc'));
  const page = records.slice(offsetOf(input), offsetOf(input) + input.pageSize);
  return {
    list: page.map((record) => {
      const { correctCount: _correct, rank: _rank, ...v1 } = toRecord(record);
      return v1;
    }),
    total: records.length,
  };
}

export async function quizTeacherStudentRecordV2({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherStudentRecordV2'>>): Promise<Output<'quizTeacherStudentRecordV2'>> {
  const quiz = await settledQuiz(ctx, input.quizId);
  const classId = await quizClassOf(ctx.db, quiz, input.classId);
  const records = (await recordsOf(ctx.db, quiz, classId)).filter(
    (record) =>
      matchesKeyword(record, input.keyword) &&
      (!input.notStartedOnly || record.paper === null) &&
      (input.paperStatus === undefined || record.paper?.status === input.paperStatus),
  );
  const order = input.sortOrder ?? (input.sortBy === 'score' ? 'desc' : 'asc');
  const rows = records.map(toRecord);
  if (input.sortBy === 'score') rows.sort((a, b) => byNullable(a.score, b.score, order));
  else if (input.sortBy === 'submittedAt')
    rows.sort((a, b) => byNullable(a.submittedAt, b.submittedAt, order));
  else if (order === 'desc') rows.reverse();
  return { list: rows.slice(offsetOf(input), offsetOf(input) + input.pageSize), total: rows.length };
}

const BANDS = [0, 60, 70, 80, 90, 100] as const;

/** The statistics of records (a quiz's, or one class's of it). */
async function statisticsOf(db: Db, quiz: QuizRow, records: readonly QuizRecord[]): Promise<QuizStatistics> {
  const done = records.flatMap((record) => (handedIn(record.paper) ? [record.paper] : []));
  const scores = done.map((paper) => paper.score ?? 0);
  const total = quiz.totalScore;
  const [questions, answers] = await Promise.all([
    questionsOf(db, quiz.id),
    done.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(quizAnswers)
          .where(
            inArray(
              quizAnswers.paperId,
              done.map((paper) => paper.id),
            ),
          ),
  ]);
  const answersOf = new Map<number, string[][]>();
  for (const row of answers) {
    const list = answersOf.get(row.questionId) ?? [];
    list.push(row.answer);
    answersOf.set(row.questionId, list);
  }
  const distribution = BANDS.slice(0, -1).map((low, index) => {
    const high = BANDS[index + 1]!;
    const last = high === 100;
    return {
      label: `${low}–${high}%`,
      minScore: round2((total * low) / 100),
      maxScore: round2((total * high) / 100),
      count: scores.filter((score) => {
        const rate = total > 0 ? (score / total) * 100 : 0;
        return rate >= low && (rate < high || last);
      }).length,
    };
  });
  const passed = scores.filter((score) => score >= total * 0.6).length;
  return {
    quizId: String(quiz.id),
    quizName: quiz.name,
    totalScore: total,
    studentCount: records.length,
    submittedCount: done.length,
    inProgressCount: records.filter((record) => record.paper?.status === 0).length,
    notStartedCount: records.filter((record) => record.paper === null).length,
    averageScore: scores.length > 0 ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    maxScore: scores.length > 0 ? Math.max(...scores) : null,
    minScore: scores.length > 0 ? Math.min(...scores) : null,
    passRate: scores.length > 0 ? round2((passed / scores.length) * 100) : null,
    scoreDistribution: distribution,
    questions: questions.map((question) => {
      const given = answersOf.get(question.id) ?? [];
      const correct = given.filter((answer) => gradeQuizAnswer(question, answer).correct).length;
      return {
        quId: String(question.id),
        sortNo: question.sortNo,
        type: question.type,
        answeredCount: given.filter((answer) => isAnswered(answer)).length,
        correctCount: correct,
        correctRate: done.length > 0 ? round2((correct / done.length) * 100) : null,
      };
    }),
  };
}

export async function quizTeacherStatistics({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherStatistics'>>): Promise<Output<'quizTeacherStatistics'>> {
  const quiz = await settledQuiz(ctx, input.quizId);
  return statisticsOf(ctx.db, quiz, await recordsOf(ctx.db, quiz));
}

export async function quizTeacherStatisticsV2({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherStatisticsV2'>>): Promise<Output<'quizTeacherStatisticsV2'>> {
  const quiz = await settledQuiz(ctx, input.quizId);
  const classId = await quizClassOf(ctx.db, quiz, input.classId);
  const [all, classIds] = await Promise.all([recordsOf(ctx.db, quiz), classIdsOfQuiz(ctx.db, quiz.id)]);
  const names = await ctx.db
    .select({ id: teachingClasses.id, name: teachingClasses.name })
    .from(teachingClasses)
    .where(inArray(teachingClasses.id, classIds));
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const summary = await statisticsOf(
    ctx.db,
    quiz,
    classId === undefined ? all : all.filter((record) => record.teachingClassId === classId),
  );
  return {
    ...summary,
    classes: classIds.map((id) => {
      const inClass = all.filter((record) => record.teachingClassId === id);
      const scores = inClass.flatMap((record) => (handedIn(record.paper) ? [record.paper.score ?? 0] : []));
      return {
        classId: String(id),
        className: nameOf.get(id) ?? '',
        studentCount: inClass.length,
        submittedCount: scores.length,
        averageScore: scores.length > 0 ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
        maxScore: scores.length > 0 ? Math.max(...scores) : null,
      };
    }),
  };
}

export async function quizTeacherReviewStudentQuiz({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherReviewStudentQuiz'>>): Promise<Output<'quizTeacherReviewStudentQuiz'>> {
  const id = idOrNotFound(input.paperId, PAPER_NOT_FOUND_MESSAGE);
  const [found] = await ctx.db.select().from(quizPapers).where(eq(quizPapers.id, id));
  if (!found) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
  const quiz = await settledQuiz(ctx, String(found.quizId));
  const [paper] = await ctx.db.select().from(quizPapers).where(eq(quizPapers.id, id));
  if (!paper) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
  if (paper.status === 0) throw new RefusedError('学生还在答题中，交卷后才能查看');
  const [[student], result] = await Promise.all([
    ctx.db
      .select(studentBriefColumns)
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(eq(students.id, paper.studentId)),
    paperResultEx(ctx.db, paper, quiz, true),
  ]);
  if (!student) throw new NotFoundError(PAPER_NOT_FOUND_MESSAGE);
  return { ...result, student: studentBrief(student) };
}

export async function quizTeacherStudentQuizList({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherStudentQuizList'>>): Promise<Output<'quizTeacherStudentQuizList'>> {
  const schoolId = await resolveSchoolId(ctx, '0');
  const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  const studentUserId = idOrNotFound(input.studentUserId, '学生不存在');
  const inCourse = await ctx.db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(
      and(
        eq(teachingClasses.courseId, course.id),
        inArray(teachingClasses.id, studentTeachingClassIds(ctx.db, schoolId, studentUserId)),
      ),
    );
  const [paperHeld] = await ctx.db
    .select({ n: count() })
    .from(quizPapers)
    .innerJoin(quizzes, eq(quizzes.id, quizPapers.quizId))
    .where(and(eq(quizPapers.userId, studentUserId), eq(quizzes.courseId, course.id)));
  if (inCourse.length === 0 && (paperHeld?.n ?? 0) === 0)
    throw new ForbiddenError('该学生不在您任课的教学班中');
  const now = ctx.clock.now();
  await settleOverduePapers(ctx.db, now, { userId: studentUserId });
  const classIds = inCourse.map((row) => row.id);
  const sentToThem =
    classIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id} and ${inArray(quizClasses.teachingClassId, classIds)})`;
  const where = and(
    eq(quizzes.courseId, course.id),
    ne(quizzes.status, 0),
    or(sentToThem, sql`${quizPapers.id} is not null`),
  );
  const joined = and(eq(quizPapers.quizId, quizzes.id), eq(quizPapers.userId, studentUserId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ quiz: quizzes, paper: quizPapers })
      .from(quizzes)
      .leftJoin(quizPapers, joined)
      .where(where)
      .orderBy(desc(quizzes.endTime), desc(quizzes.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(quizzes).leftJoin(quizPapers, joined).where(where),
  ]);
  return {
    list: rows.map(({ quiz, paper }) => ({
      quizId: String(quiz.id),
      quizName: quiz.name,
      status: statusOf(quiz, now),
      totalScore: quiz.totalScore,
      endTime: quiz.endTime,
      paperId: paper ? String(paper.id) : null,
      paperStatus: paper ? paper.status : null,
      score: handedIn(paper) ? paper.score : null,
      submittedAt: handedIn(paper) ? paper.submittedAt : null,
    })),
    total: total?.n ?? 0,
  };
}

// Exports.

const PAPER_STATUS_NAMES = ['答题中', '已交卷', '系统交卷'] as const;

function statusName(paper: QuizPaperRow | null): string {
  return paper ? PAPER_STATUS_NAMES[paper.status] : '未开始';
}

function durationText(paper: QuizPaperRow): string {
  const seconds = durationSeconds(paper);
  return `${Math.floor(seconds / 60)}分${seconds % 60}秒`;
}

/** An answer as a teacher reads it in a cell: letters, 正确/错误, blanks apart. */
function answerText(type: 1 | 2 | 3 | 4, answer: readonly string[]): string {
  if (type === 3) return answer.length === 0 ? '' : answer[0] === 'T' ? '正确' : '错误';
  return type === 4 ? answer.join('｜') : answer.join(',');
}

async function classNames(db: Db, records: readonly QuizRecord[]): Promise<Map<number, string>> {
  const ids = [...new Set(records.map((record) => record.teachingClassId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teachingClasses.id, name: teachingClasses.name })
    .from(teachingClasses)
    .where(inArray(teachingClasses.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

function baseCells(record: QuizRecord, className: string): (string | number | null)[] {
  const { paper } = record;
  const done = handedIn(paper);
  return [
    record.student.studentNumber,
    record.student.studentName,
    className,
    statusName(paper),
    done ? paper.score : null,
    done && paper.submittedAt !== null ? chinaDateTime(paper.submittedAt) : '',
    done ? durationText(paper) : '',
  ];
}

const BASE_COLUMNS = [
  { header: '学号', width: 16, text: true },
  { header: '姓名', width: 12 },
  { header: '教学班', width: 24 },
  { header: '状态', width: 10 },
  { header: '得分', width: 8 },
  { header: '交卷时间', width: 18 },
  { header: '用时', width: 12 },
];

export async function quizTeacherExportStudentRecord({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherExportStudentRecord'>>): Promise<Output<'quizTeacherExportStudentRecord'>> {
  const quiz = await settledQuiz(ctx, input.quizId);
  const records = (await recordsOf(ctx.db, quiz)).filter((record) => record.paper !== null);
  const names = await classNames(ctx.db, records);
  const data = await buildSheet({
    sheetName: '作答记录',
    columns: BASE_COLUMNS,
    rows: records.map((record) => baseCells(record, names.get(record.teachingClassId) ?? '')),
  });
  return bytesAnswer(`${quiz.name}-作答记录.xlsx`, XLSX_CONTENT_TYPE, data);
}

export async function quizTeacherExportStudentRecordV2({
  ctx,
  input,
}: AuthedCall<Input<'quizTeacherExportStudentRecordV2'>>): Promise<
  Output<'quizTeacherExportStudentRecordV2'>
> {
  const quiz = await settledQuiz(ctx, input.quizId);
  const classId = await quizClassOf(ctx.db, quiz, input.classId);
  const records = await recordsOf(ctx.db, quiz, classId);
  const [names, questions, answers] = await Promise.all([
    classNames(ctx.db, records),
    input.includeQuestions ? questionsOf(ctx.db, quiz.id) : Promise.resolve([]),
    input.includeQuestions
      ? ctx.db
          .select({
            paperId: quizAnswers.paperId,
            questionId: quizAnswers.questionId,
            answer: quizAnswers.answer,
          })
          .from(quizAnswers)
          .innerJoin(quizPapers, eq(quizPapers.id, quizAnswers.paperId))
          .where(eq(quizPapers.quizId, quiz.id))
      : Promise.resolve([]),
  ]);
  const answerOf = new Map(answers.map((row) => [`${row.paperId}:${row.questionId}`, row.answer]));
  const data = await buildSheet({
    sheetName: '作答记录',
    columns: [
      ...BASE_COLUMNS,
      { header: '答对题数', width: 10 },
      { header: '班内名次', width: 10 },
      ...questions.flatMap((question) => [
        { header: `第 ${question.sortNo} 题答案`, width: 14, text: true },
        { header: `第 ${question.sortNo} 题得分`, width: 10 },
      ]),
    ],
    rows: records.map((record) => {
      const { paper } = record;
      const done = handedIn(paper);
      return [
        ...baseCells(record, names.get(record.teachingClassId) ?? ''),
        done ? paper.correctCount : null,
        record.rank,
        ...questions.flatMap((question) => {
          const answer = paper ? (answerOf.get(`${paper.id}:${question.id}`) ?? []) : [];
          return [
            answerText(question.type, answer),
            done ? gradeQuizAnswer(question, answer).gotScore : null,
          ];
        }),
      ];
    }),
  });
  return bytesAnswer(`${quiz.name}-作答记录（含逐题）.xlsx`, XLSX_CONTENT_TYPE, data);
}
