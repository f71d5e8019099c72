import { and, asc, count, eq, gt, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ExamSaveAck } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import { type Db, rowsOf } from '../../db/client';
import { done, groupCommit, type Outcome, refused } from '../../db/group-commit';
import { transactionWithRetry } from '../../db/retry';
import { rowsTable } from '../../db/rows-table';
import {
  examAnswers,
  type ExamExaminerRow,
  examExaminers,
  type ExamQuestionRow,
  type ExamRow,
  exams,
} from '../../db/schema/exam';
import { courses } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError, RefusedError } from '../../lib/errors';
import { type JsonText, jsonText } from '../../lib/envelope';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { seededRandom } from '../../lib/seeded-random';
import type { AuthedCall, AuthedContext } from '../context';
import { resolveSchoolId } from '../school/resolve-school';
import {
  attemptKey,
  attendStatusOf,
  EXAM_NOT_FOUND_MESSAGE,
  examById,
  examinerOf,
  examOfStudent,
  lockExaminer,
  lockExaminers,
  NOT_EXAMINER_MESSAGE,
  phaseOf,
} from './access';
import { deadlineOf, GRACE_MS, questionsFor, submitAttempt, submitOverdueAttempts } from './attempt';
import { answerResults, inStudentOrder } from './examiners';
import { blankCountOf, cleanAnswer, TYPE_NAMES } from './paper';

// A student's exams: the list, the admission check, the attempt (its paper, its saves, its
// submission) and the results, each as far as the exam's result policy allows.

/** May the student see their score yet? 1: once submitted; 2: once the exam has ended. */
function scoresVisible(exam: ExamRow, examiner: ExamExaminerRow, now: number): boolean {
  if (examiner.attendStatus !== 2) return false;
  if (exam.resultPolicy === 1) return true;
  return exam.resultPolicy === 2 && now >= exam.endTime;
}

/** The correct answers and analysis: only with policy 2, after the end, to one who submitted. */
function keyVisible(exam: ExamRow, examiner: ExamExaminerRow, now: number): boolean {
  return exam.resultPolicy === 2 && examiner.attendStatus === 2 && now >= exam.endTime;
}

function timing(exam: ExamRow, examiner: ExamExaminerRow, now: number) {
  return {
    examId: String(exam.id),
    attendStatus: attendStatusOf(examiner, exam, now),
    enterTime: examiner.enterTime,
    deadline: examiner.deadline,
    submitTime: examiner.submitTime,
    serverTime: now,
  };
}

/** The examiner's row, their attempt submitted first when its time and grace are up. */
async function settledExaminer(
  ctx: AuthedContext,
  examId: number,
  examiner: ExamExaminerRow,
): Promise<ExamExaminerRow> {
  const now = ctx.clock.now();
  if (examiner.attendStatus !== 1 || (examiner.deadline ?? 0) + GRACE_MS >= now) return examiner;
  await submitOverdueAttempts(ctx.db, now, { examId, userIds: [examiner.userId] });
  return (await examinerOf(ctx.db, examId, examiner.userId)) ?? examiner;
}

/** The student's exam (examOfStudent), with their attempt settled. */
async function settled(
  ctx: AuthedContext,
  rawId: string,
): Promise<{ exam: ExamRow; examiner: ExamExaminerRow }> {
  const found = await examOfStudent(ctx, rawId);
  return { exam: found.exam, examiner: await settledExaminer(ctx, found.exam.id, found.examiner) };
}

/**
 * Runs `fn` in a transaction holding the student's examiner row (one change of an attempt at a
 * time): the exam published (6), the student on its list (5). An attempt whose time and grace are
 * up is submitted first, in a transaction of its own, so `fn` sees it submitted.
 */
async function inAttempt<T>(
  ctx: AuthedContext,
  rawId: string,
  fn: (
    tx: Db,
    exam: ExamRow,
    examiner: ExamExaminerRow,
    now: number,
    questions: readonly ExamQuestionRow[],
  ) => Promise<T>,
): Promise<T> {
  const { exam, userId, questions } = await attemptRequest(ctx, rawId);
  for (;;) {
    const now = ctx.clock.now();
    const outcome = await transactionWithRetry(ctx.db, async (tx) => {
      const examiner = await lockExaminer(tx, exam.id, userId);
      if (!examiner) throw new ForbiddenError(NOT_EXAMINER_MESSAGE);
      if (examiner.attendStatus === 1 && (examiner.deadline ?? 0) + GRACE_MS < now) {
        await submitAttempt(tx, exam, examiner, 1, examiner.deadline ?? now);
        return { settled: true as const };
      }
      return { settled: false as const, value: await fn(tx, exam, examiner, now, questions) };
    });
    if (!outcome.settled) return outcome.value;
  }
}

export async function examUserList({
  ctx,
  input,
}: AuthedCall<Input<'examUserList'>>): Promise<Output<'examUserList'>> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const now = ctx.clock.now();
  const userId = ctx.auth.userId;
  await submitOverdueAttempts(ctx.db, now, { userIds: [userId] });
  const conditions: SQL[] = [
    eq(examExaminers.userId, userId),
    eq(exams.schoolId, schoolId),
    eq(exams.upDownStatus, 1),
  ];
  const keyword = input.keyword?.trim();
  if (keyword)
    conditions.push(
      or(ilike(exams.name, likePattern(keyword)), ilike(exams.examNumber, likePattern(keyword)))!,
    );
  if (input.phase === 0) conditions.push(gt(exams.startTime, now));
  if (input.phase === 1) conditions.push(and(lte(exams.startTime, now), gt(exams.endTime, now))!);
  if (input.phase === 2) conditions.push(lte(exams.endTime, now));
  if (input.attendStatus !== undefined) {
    if (input.attendStatus === 3)
      conditions.push(and(eq(examExaminers.attendStatus, 0), lte(exams.endTime, now))!);
    else if (input.attendStatus === 0)
      conditions.push(and(eq(examExaminers.attendStatus, 0), gt(exams.endTime, now))!);
    else conditions.push(eq(examExaminers.attendStatus, input.attendStatus));
  }
  const where = and(...conditions);
  // 进行中, then 未开始, then 已结束
  const phaseRank = sql`case when ${exams.startTime} > ${now} then 1 when ${exams.endTime} > ${now} then 0 else 2 end`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ exam: exams, examiner: examExaminers, courseName: courses.name })
      .from(examExaminers)
      .innerJoin(exams, eq(exams.id, examExaminers.examId))
      .leftJoin(courses, eq(courses.id, exams.courseId))
      .where(where)
      .orderBy(phaseRank, asc(exams.startTime), asc(exams.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db
      .select({ n: count() })
      .from(examExaminers)
      .innerJoin(exams, eq(exams.id, examExaminers.examId))
      .where(where),
  ]);
  return {
    list: rows.map(({ exam, examiner, courseName }) => ({
      examId: String(exam.id),
      examNumber: exam.examNumber,
      examName: exam.name,
      courseName: courseName ?? '',
      startTime: exam.startTime,
      endTime: exam.endTime,
      duration: exam.duration,
      totalScore: exam.totalScore,
      questionCount: exam.questionCount,
      phase: phaseOf(exam, now),
      attendStatus: attendStatusOf(examiner, exam, now),
      resultPolicy: exam.resultPolicy,
      score: scoresVisible(exam, examiner, now) ? examiner.score : null,
    })),
    total: total?.n ?? 0,
  };
}

export async function examinerCheck({
  ctx,
  input,
}: AuthedCall<Input<'examinerCheck'>>): Promise<Output<'examinerCheck'>> {
  const exam = await examById(ctx, input.examId);
  const now = ctx.clock.now();
  const listed = await examinerOf(ctx.db, exam.id, ctx.auth.userId);
  const examiner = listed ? await settledExaminer(ctx, exam.id, listed) : undefined;
  let reason: 0 | 1 | 2 | 3 | 4 | 5;
  if (exam.upDownStatus !== 1) reason = 5;
  else if (!examiner) reason = 4;
  else if (examiner.attendStatus === 2) reason = 3;
  // an attempt under way runs to its own deadline (extra time may take it past the exam's end)
  else if (examiner.attendStatus === 1) reason = now >= (examiner.deadline ?? 0) ? 2 : 0;
  else if (now < exam.startTime) reason = 1;
  else if (now >= exam.endTime) reason = 2;
  else reason = 0;
  return {
    examId: String(exam.id),
    canEnter: reason === 0,
    reason,
    startTime: exam.startTime,
    endTime: exam.endTime,
    attendStatus: examiner ? attendStatusOf(examiner, exam, now) : 0,
    serverTime: now,
  };
}

export async function examinerGetBase({
  ctx,
  input,
}: AuthedCall<Input<'examinerGetBase'>>): Promise<Output<'examinerGetBase'>> {
  const { exam, examiner } = await settled(ctx, input.examId);
  const now = ctx.clock.now();
  const questions = await questionsFor(ctx, exam);
  const byType = new Map<ExamQuestionRow['type'], { count: number; score: number }>();
  for (const question of questions) {
    const entry = byType.get(question.type) ?? { count: 0, score: 0 };
    entry.count += 1;
    entry.score = Math.round((entry.score + question.score) * 100) / 100;
    byType.set(question.type, entry);
  }
  return {
    examId: String(exam.id),
    examNumber: exam.examNumber,
    examName: exam.name,
    description: exam.description,
    attendNotice: exam.attendNotice,
    startTime: exam.startTime,
    endTime: exam.endTime,
    duration: exam.duration,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    questionCount: exam.questionCount,
    typeCounts: [...byType]
      .sort(([a], [b]) => a - b)
      .map(([type, entry]) => ({ type, count: entry.count, score: entry.score })),
    resultPolicy: exam.resultPolicy,
    attendStatus: attendStatusOf(examiner, exam, now),
    serverTime: now,
  };
}

/** A student's own shuffle: questions within their type, options of choice questions, fixed at entry. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The ids of a list's questions grouped by type, in the paper's order (once per list). */
const idsByTypeOf = new WeakMap<readonly ExamQuestionRow[], number[][]>();

function idsByType(questions: readonly ExamQuestionRow[]): number[][] {
  let groups = idsByTypeOf.get(questions);
  if (!groups) {
    const byType = new Map<number, number[]>();
    for (const question of questions) {
      const ids = byType.get(question.type);
      if (ids) ids.push(question.id);
      else byType.set(question.type, [question.id]);
    }
    groups = [...byType.values()];
    idsByTypeOf.set(questions, groups);
  }
  return groups;
}

function orderFor(exam: ExamRow, userId: number, questions: readonly ExamQuestionRow[]) {
  const random = seededRandom(exam.id * 1_000_003 + userId);
  const order = exam.shuffleQuestions
    ? idsByType(questions).flatMap((ids) => shuffled(ids, random))
    : questions.map((question) => question.id);
  const optionOrder: Record<string, string[]> = {};
  if (exam.shuffleOptions) {
    for (const question of questions) {
      if (question.type === 1 || question.type === 2) {
        optionOrder[String(question.id)] = shuffled(
          question.options.map((option) => option.key),
          random,
        );
      }
    }
  }
  return { questionOrder: order, optionOrder: exam.shuffleOptions ? optionOrder : null };
}

function refuseClosed(exam: ExamRow, examiner: ExamExaminerRow, now: number): void {
  if (examiner.attendStatus === 2) {
    throw new RefusedError(
      examiner.submitType === 1 ? '作答时间已到，系统已自动交卷' : '您已交卷，不能再作答',
    );
  }
  if (examiner.attendStatus === 1) {
    // an attempt under way runs to its own deadline
    if (now >= (examiner.deadline ?? 0)) throw new RefusedError('您的作答时间已用完');
    return;
  }
  if (now < exam.startTime) throw new RefusedError('考试尚未开始');
  if (now >= exam.endTime) throw new RefusedError('考试已结束');
}

/** An attempt's request, read before its transaction (see inAttempt): the exam published, its questions. */
interface AttemptRequest {
  exam: ExamRow;
  userId: number;
  /** When the request arrived: the deadline is checked against it, answers are stamped with it. */
  now: number;
  questions: readonly ExamQuestionRow[];
}

async function attemptRequest(ctx: AuthedContext, rawId: string): Promise<AttemptRequest> {
  const exam = await examById(ctx, rawId);
  if (exam.upDownStatus !== 1) throw new NotFoundError(EXAM_NOT_FOUND_MESSAGE);
  // read before the transaction: on the embedded database a read outside it would wait for it
  const questions = await questionsFor(ctx, exam);
  return { exam, userId: ctx.auth.userId, now: ctx.clock.now(), questions };
}

const keyOfAttempt = (request: AttemptRequest) =>
  attemptKey({ examId: request.exam.id, userId: request.userId });

/**
 * In a batch's transaction: each request's examiner row, locked (undefined: not on the list). An
 * attempt whose time and grace are up is submitted first, so the request sees it submitted.
 */
async function lockedAttempts(
  tx: Db,
  requests: readonly AttemptRequest[],
): Promise<(ExamExaminerRow | undefined)[]> {
  const rows = await lockExaminers(
    tx,
    requests.map((request) => ({ examId: request.exam.id, userId: request.userId })),
  );
  const locked: (ExamExaminerRow | undefined)[] = [];
  for (const request of requests) {
    let row = rows.get(keyOfAttempt(request));
    if (row && row.attendStatus === 1 && (row.deadline ?? 0) + GRACE_MS < request.now) {
      row = await submitAttempt(tx, request.exam, row, 1, row.deadline ?? request.now);
    }
    locked.push(row);
  }
  return locked;
}

interface Entered {
  examiner: ExamExaminerRow;
  saved: { questionId: number; answer: string[]; seq: number; savedAt: number }[];
}

/**
 * Entering an exam, a thousand students in the same second: their entries share transactions
 * (db/group-commit.ts), one statement entering all of a batch, one reading the saved answers of
 * those who come back (a reload, another device).
 */
const enterTogether = groupCommit<AttemptRequest, Entered>({
  maxBatch: 200,
  keyOf: keyOfAttempt,
  async run(tx, requests) {
    const examiners = await lockedAttempts(tx, requests);
    const outcomes: Outcome<Entered>[] = [];
    const entering: ExamExaminerRow[] = [];
    const returning: ExamExaminerRow[] = [];
    requests.forEach((request, index) => {
      const row = examiners[index];
      if (!row) {
        outcomes.push(refused(new ForbiddenError(NOT_EXAMINER_MESSAGE)));
        return;
      }
      try {
        refuseClosed(request.exam, row, request.now);
      } catch (error) {
        outcomes.push(refused(error));
        return;
      }
      if (row.attendStatus === 1) {
        returning.push(row);
        outcomes.push(done({ examiner: row, saved: [] }));
        return;
      }
      const entered: ExamExaminerRow = {
        ...row,
        ...orderFor(request.exam, request.userId, request.questions),
        attendStatus: 1,
        enterTime: request.now,
        deadline: deadlineOf(request.exam, request.now, row.extraMinutes),
      };
      entering.push(entered);
      outcomes.push(done({ examiner: entered, saved: [] }));
    });
    if (entering.length > 0) {
      const rows = entering.map((row) => ({
        exam_id: row.examId,
        user_id: row.userId,
        enter_time: row.enterTime,
        deadline: row.deadline,
        question_order: row.questionOrder,
        option_order: row.optionOrder,
      }));
      await tx.execute(sql`
        update ${examExaminers} as e
           set attend_status = 1, enter_time = v.enter_time, deadline = v.deadline,
               question_order = v.question_order, option_order = v.option_order
          from ${rowsTable(rows, 'exam_id bigint, user_id bigint, enter_time bigint, deadline bigint, question_order jsonb, option_order jsonb')}
         where e.exam_id = v.exam_id and e.user_id = v.user_id`);
    }
    if (returning.length > 0) {
      const saved = await tx
        .select({
          examId: examAnswers.examId,
          userId: examAnswers.userId,
          questionId: examAnswers.questionId,
          answer: examAnswers.answer,
          seq: examAnswers.seq,
          savedAt: examAnswers.savedAt,
        })
        .from(examAnswers)
        .where(
          and(
            sql`(${examAnswers.examId}, ${examAnswers.userId}) in (select v.exam_id, v.user_id from ${rowsTable(
              returning.map((row) => ({ exam_id: row.examId, user_id: row.userId })),
              'exam_id bigint, user_id bigint',
            )})`,
            gt(examAnswers.seq, 0),
          ),
        );
      const byAttempt = new Map<string, Entered['saved']>();
      for (const row of saved) {
        const key = attemptKey(row);
        const list = byAttempt.get(key);
        if (list) list.push(row);
        else byAttempt.set(key, [row]);
      }
      for (const outcome of outcomes) {
        if (outcome.ok) outcome.value.saved = byAttempt.get(attemptKey(outcome.value.examiner)) ?? [];
      }
    }
    return outcomes;
  },
});

type PaperQuestion = Output<'examinerGet'>['questions'][number];

/** A question's JSON without its place and options; its options' JSON by key, and in the paper's order. */
interface QuestionParts {
  /** `{"questionId":…}` of everything but `orderNo` and `options`, without its opening brace. */
  rest: string;
  options: Map<string, string>;
  /** The options in the paper's order, joined (a student whose options are not shuffled). */
  inPaperOrder: string;
}

/** The parts of each question, once per list of questions (one list serves a batch of entries). */
const partsOfQuestions = new WeakMap<readonly ExamQuestionRow[], Map<number, QuestionParts>>();

function questionParts(questions: readonly ExamQuestionRow[]): Map<number, QuestionParts> {
  let parts = partsOfQuestions.get(questions);
  if (parts) return parts;
  parts = new Map();
  for (const question of questions) {
    const rest: Omit<PaperQuestion, 'orderNo' | 'options'> = {
      questionId: String(question.id),
      type: question.type,
      stem: question.stem,
      score: question.score,
      blankCount: question.type === 4 ? blankCountOf(question.stem) : 0,
      ...(question.codeLanguage ? { codeLanguage: question.codeLanguage as 'python' | 'sql' | 'r' } : {}),
    };
    const options = new Map<string, string>();
    for (const option of question.options) {
      options.set(option.key, JSON.stringify(option satisfies PaperQuestion['options'][number]));
    }
    parts.set(question.id, {
      rest: JSON.stringify(rest).slice(1),
      options,
      inPaperOrder: [...options.values()].join(','),
    });
  }
  partsOfQuestions.set(questions, parts);
  return parts;
}

/**
 * The student's paper as JSON: each question serialised once per list of questions and put
 * together in the student's order of questions and options (the same order as
 * `inStudentOrder` / `optionsInStudentOrder`). A class entering together would otherwise serialise
 * the same paper a thousand times over, about a fifth of an entry's time.
 */
function paperJson(questions: readonly ExamQuestionRow[], examiner: ExamExaminerRow): string {
  const parts = questionParts(questions);
  let json = '[';
  inStudentOrder(questions, examiner).forEach((question, index) => {
    const part = parts.get(question.id)!;
    const keys = examiner.optionOrder?.[String(question.id)];
    let options = part.inPaperOrder;
    if (keys) {
      options = '';
      for (const key of keys) {
        const option = part.options.get(key);
        if (option !== undefined) options += options ? `,${option}` : option;
      }
    }
    json += `${index > 0 ? ',' : ''}{"orderNo":${index + 1},"options":[${options}],${part.rest}`;
  });
  return `${json}]`;
}

export async function examinerGet({
  ctx,
  input,
}: AuthedCall<Input<'examinerGet'>>): Promise<JsonText<Output<'examinerGet'>>> {
  const request = await attemptRequest(ctx, input.examId);
  const { exam, now, questions } = request;
  const { examiner, saved } = await enterTogether(ctx.db, request);
  const answer: Omit<Output<'examinerGet'>, 'questions'> = {
    ...timing(exam, examiner, now),
    examName: exam.name,
    savedAnswers: saved.map((row) => ({
      questionId: String(row.questionId),
      answer: row.answer,
      seq: row.seq,
      savedAt: row.savedAt,
    })),
  };
  return jsonText(`{"questions":${paperJson(questions, examiner)},${JSON.stringify(answer).slice(1)}`);
}

interface AnswerItem {
  questionId: string;
  answer: readonly string[];
  seq: number;
}

interface CleanItem {
  questionId: number;
  answer: string[];
  seq: number;
}

/** Every item checked before anything is written: one bad item refuses the whole request (errCode 2). */
function cleanItems(questions: readonly ExamQuestionRow[], items: readonly AnswerItem[]): CleanItem[] {
  const byId = new Map(questions.map((question) => [String(question.id), question]));
  const seen = new Set<string>();
  return items.map((item) => {
    const question = byId.get(item.questionId);
    if (!question) throw new InvalidInputError(`题目 ${item.questionId} 不属于这场考试`);
    if (seen.has(item.questionId))
      throw new InvalidInputError(`题目 ${item.questionId} 在一次保存中出现了两次`);
    seen.add(item.questionId);
    const answer = cleanAnswer(question, item.answer);
    if (typeof answer === 'string') {
      throw new InvalidInputError(`第 ${question.orderNo} 题（${TYPE_NAMES[question.type]}）的答案${answer}`);
    }
    return { questionId: question.id, answer, seq: item.seq };
  });
}

/** A stored answer's seq as the insert returns it (the drivers answer bigints as text or numbers). */
interface StoredSeqRow {
  exam_id: number | string;
  user_id: number | string;
  question_id: number | string;
  seq: number;
  saved_at: number | string;
}

const storedSeq = (row: StoredSeqRow) => ({
  examId: Number(row.exam_id),
  userId: Number(row.user_id),
  questionId: Number(row.question_id),
  seq: Number(row.seq),
  savedAt: Number(row.saved_at),
});

/** One student's answers to write: their attempt, the items, when they arrived. */
interface AnswerWrite {
  examId: number;
  userId: number;
  items: readonly CleanItem[];
  now: number;
}

/**
 * Writes the items whose seq is newer than the stored one, for any number of students (one
 * statement), in the caller's transaction, and answers each item's acknowledgement: what is
 * stored now. The examiners' counters follow in one more statement.
 */
async function writeAnswers(tx: Db, writes: readonly AnswerWrite[]): Promise<ExamSaveAck[][]> {
  const rows = writes.flatMap((write) =>
    write.items.map((item) => ({
      examId: write.examId,
      userId: write.userId,
      questionId: item.questionId,
      answer: item.answer,
      seq: item.seq,
      savedAt: write.now,
    })),
  );
  if (rows.length === 0) return writes.map(() => []);
  const stored = new Map<string, { seq: number; savedAt: number }>();
  const keyOf = (row: { examId: number; userId: number; questionId: number }) =>
    `${row.examId}:${row.userId}:${row.questionId}`;
  // one JSON parameter for the batch (db/rows-table.ts); only a newer seq replaces what is stored
  const applied = rowsOf<StoredSeqRow>(
    await tx.execute(sql`
      insert into ${examAnswers} (exam_id, user_id, question_id, answer, seq, saved_at)
      select v.exam_id, v.user_id, v.question_id, v.answer, v.seq, v.saved_at
        from ${rowsTable(
          rows.map((row) => ({
            exam_id: row.examId,
            user_id: row.userId,
            question_id: row.questionId,
            answer: row.answer,
            seq: row.seq,
            saved_at: row.savedAt,
          })),
          'exam_id bigint, user_id bigint, question_id bigint, answer jsonb, seq integer, saved_at bigint',
        )}
      on conflict (exam_id, user_id, question_id) do update
        set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
        where ${examAnswers.seq} < excluded.seq
      returning exam_id, user_id, question_id, seq, saved_at`),
  ).map(storedSeq);
  for (const row of applied) stored.set(keyOf(row), row);
  const appliedKeys = new Set(stored.keys());
  // a resent or older seq wrote nothing: its acknowledgement is what is stored (rare: one more read)
  const unchanged = rows.filter((row) => !appliedKeys.has(keyOf(row)));
  if (unchanged.length > 0) {
    const current = await tx
      .select({
        examId: examAnswers.examId,
        userId: examAnswers.userId,
        questionId: examAnswers.questionId,
        seq: examAnswers.seq,
        savedAt: examAnswers.savedAt,
      })
      .from(examAnswers)
      .where(
        sql`(${examAnswers.examId}, ${examAnswers.userId}, ${examAnswers.questionId}) in (select v.exam_id, v.user_id, v.question_id from ${rowsTable(
          unchanged.map((row) => ({ exam_id: row.examId, user_id: row.userId, question_id: row.questionId })),
          'exam_id bigint, user_id bigint, question_id bigint',
        )})`,
      );
    for (const row of current) stored.set(keyOf(row), row);
  }
  const counted = writes
    .map((write) => ({
      write,
      n: write.items.filter((item) => appliedKeys.has(keyOf({ ...write, questionId: item.questionId })))
        .length,
    }))
    .filter(({ n }) => n > 0);
  if (counted.length > 0) {
    const rows = counted.map(({ write, n }) => ({
      exam_id: write.examId,
      user_id: write.userId,
      n,
      saved_at: write.now,
    }));
    await tx.execute(sql`
      update ${examExaminers} as e
         set save_count = e.save_count + v.n,
             answered_count = (select count(*)::int from ${examAnswers} as a
                                where a.exam_id = e.exam_id and a.user_id = e.user_id
                                  and a.seq > 0 and jsonb_array_length(a.answer) > 0),
             last_saved_at = v.saved_at
        from ${rowsTable(rows, 'exam_id bigint, user_id bigint, n integer, saved_at bigint')}
       where e.exam_id = v.exam_id and e.user_id = v.user_id`);
  }
  return writes.map((write) =>
    write.items.map((item) => {
      const key = keyOf({ ...write, questionId: item.questionId });
      const row = stored.get(key)!;
      return {
        questionId: String(item.questionId),
        seq: row.seq,
        savedAt: row.savedAt,
        applied: appliedKeys.has(key),
      };
    }),
  );
}

/** Why an attempt takes no more answers now, or null when it does. */
function saveRefusal(examiner: ExamExaminerRow, now: number): RefusedError | null {
  if (examiner.attendStatus === 0) return new RefusedError('您还没有进入考试');
  if (examiner.attendStatus === 2) {
    return new RefusedError(
      examiner.submitType === 1 ? '作答时间已到，系统已自动交卷，答案不能再修改' : '您已交卷，答案不能再修改',
    );
  }
  if (now > (examiner.deadline ?? 0) + GRACE_MS) return new RefusedError('作答时间已过，答案没有保存');
  return null;
}

interface SaveRequest extends AttemptRequest {
  items: CleanItem[];
}

/**
 * Saving answers, every student every couple of seconds: saves that meet share a transaction
 * (db/group-commit.ts), one statement writing all their answers and one their counters.
 */
const saveTogether = groupCommit<SaveRequest, Output<'examinerStatusSave'>>({
  maxBatch: 200,
  keyOf: keyOfAttempt,
  async run(tx, requests) {
    const examiners = await lockedAttempts(tx, requests);
    const outcomes: Outcome<Output<'examinerStatusSave'>>[] = [];
    const writing: { index: number; request: SaveRequest; examiner: ExamExaminerRow }[] = [];
    requests.forEach((request, index) => {
      const examiner = examiners[index];
      const refusal = examiner
        ? saveRefusal(examiner, request.now)
        : new ForbiddenError(NOT_EXAMINER_MESSAGE);
      outcomes.push(
        refusal ? refused(refusal) : done({ ...timing(request.exam, examiner!, request.now), ackItems: [] }),
      );
      if (!refusal) writing.push({ index, request, examiner: examiner! });
    });
    const acks = await writeAnswers(
      tx,
      writing.map(({ request }) => ({
        examId: request.exam.id,
        userId: request.userId,
        items: request.items,
        now: request.now,
      })),
    );
    writing.forEach(({ index, request, examiner }, k) => {
      outcomes[index] = done({ ...timing(request.exam, examiner, request.now), ackItems: acks[k]! });
    });
    return outcomes;
  },
});

export async function examinerStatusSave({
  ctx,
  input,
}: AuthedCall<Input<'examinerStatusSave'>>): Promise<Output<'examinerStatusSave'>> {
  const request = await attemptRequest(ctx, input.examId);
  // every item checked before anything is written: one bad item refuses the whole request
  const items = cleanItems(request.questions, input.answers);
  return saveTogether(ctx.db, { ...request, items });
}

export async function examinerResultsSubmit({
  ctx,
  input,
}: AuthedCall<Input<'examinerResultsSubmit'>>): Promise<Output<'examinerResultsSubmit'>> {
  const userId = ctx.auth.userId;
  const { exam, row, replayed, now } = await inAttempt(
    ctx,
    input.examId,
    async (tx, exam, examiner, now, questions) => {
      const items = cleanItems(questions, input.answers ?? []);
      if (examiner.attendStatus === 2) return { exam, row: examiner, replayed: true, now };
      if (examiner.attendStatus === 0) throw new RefusedError('您还没有进入考试，不能交卷');
      const late = now > (examiner.deadline ?? 0) + GRACE_MS;
      if (!late) await writeAnswers(tx, [{ examId: exam.id, userId, items, now }]);
      const auto = late || input.auto === true;
      const submitted = await submitAttempt(
        tx,
        exam,
        examiner,
        auto ? 1 : 0,
        late ? (examiner.deadline ?? now) : now,
      );
      return { exam, row: submitted, replayed: false, now };
    },
  );
  return {
    examId: String(exam.id),
    attendStatus: 2,
    submitTime: row.submitTime ?? now,
    submitType: row.submitType ?? 0,
    answeredCount: row.answeredCount,
    questionCount: exam.questionCount,
    markStatus: row.markStatus,
    score: exam.resultPolicy === 1 ? row.score : null,
    replayed,
  };
}

export async function examinerStatusGet({
  ctx,
  input,
}: AuthedCall<Input<'examinerStatusGet'>>): Promise<Output<'examinerStatusGet'>> {
  const { exam, examiner } = await settled(ctx, input.examId);
  const now = ctx.clock.now();
  const saved = await ctx.db
    .select({ questionId: examAnswers.questionId, seq: examAnswers.seq, savedAt: examAnswers.savedAt })
    .from(examAnswers)
    .where(
      and(eq(examAnswers.examId, exam.id), eq(examAnswers.userId, ctx.auth.userId), gt(examAnswers.seq, 0)),
    )
    .orderBy(asc(examAnswers.questionId));
  return {
    ...timing(exam, examiner, now),
    answeredCount: examiner.answeredCount,
    questionCount: exam.questionCount,
    lastSavedAt: examiner.lastSavedAt,
    saved: saved.map((row) => ({ questionId: String(row.questionId), seq: row.seq, savedAt: row.savedAt })),
  };
}

export async function examinerResultsGet({
  ctx,
  input,
}: AuthedCall<Input<'examinerResultsGet'>>): Promise<Output<'examinerResultsGet'>> {
  const { exam, examiner } = await settled(ctx, input.examId);
  if (examiner.attendStatus !== 2) throw new RefusedError('您还没有交卷');
  const now = ctx.clock.now();
  const [questions, answers] = await Promise.all([
    questionsFor(ctx, exam),
    ctx.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.examId, exam.id), eq(examAnswers.userId, ctx.auth.userId))),
  ]);
  const scores = scoresVisible(exam, examiner, now);
  return {
    examId: String(exam.id),
    examName: exam.name,
    attendStatus: 2,
    markStatus: examiner.markStatus,
    submitTime: examiner.submitTime,
    resultPolicy: exam.resultPolicy,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    score: scores ? examiner.score : null,
    passed:
      scores && examiner.markStatus === 1 && examiner.score !== null
        ? examiner.score >= exam.passScore
        : null,
    answers: answerResults(questions, examiner, answers, { scores, key: keyVisible(exam, examiner, now) }),
  };
}
