import type {
  QuizAnswerAck,
  QuizBrief,
  QuizCourseClassStatistics,
  QuizCourseSummary,
  QuizDetail,
  QuizPaper,
  QuizPaperBrief,
  QuizPaperQuestionDetail,
  QuizPaperResult,
  QuizPaperResultEx,
  QuizPaperReview,
  QuizProgress,
  QuizStatistics,
  QuizStatisticsV2,
  QuizStudentDetail,
  QuizStudentItem,
  QuizStudentQuizRow,
  QuizStudentRecord,
  QuizStudentRecordV2,
  QuizStudentStatistics,
} from '@dfrm/sdk/tms/types';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { cellText } from '../../lib/xlsx';
import { createTestApp, type TestApp } from '../../testing/index';
import { refusal } from './homework.fixtures';
import { QUESTIONS, QUIZ_A, QUIZ_P, QUIZ_T, quizzes, RIGHT } from './quiz.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// Quizzes over HTTP, as specs/tms/quiz.yaml promises them: the teacher writes, publishes, ends a
// quiz and distributes its answers; students start a paper, save answer by answer (durable),
// hand in and read their results (never the key before it is distributed); the teacher reads
// statistics and records and exports them. The server's clock is the test clock.

let t: TestApp;
let f: TeachingFixture;
let q: ReturnType<typeof quizzes>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  q = quizzes(t, f);
});

const GRACE_MS = 30_000;
const UNKNOWN_ID = '99999999';

interface Page<T> {
  list: T[];
  total: number;
}

async function codeOf(who: string, path: string, body: unknown = {}): Promise<number> {
  return (await refusal(q.send(who, path, body))).errCode;
}

/** A download: status, headers and the workbook's first sheet as rows of cell texts. */
async function download(who: string, path: string, body: unknown) {
  const session = await q.as(who);
  const response = await t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { Product: 'dfrm', ...session.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column++)
      cells.push(cellText(row.getCell(column).value));
    rows.push(cells);
  });
  return {
    contentType: response.headers.get('content-type'),
    disposition: decodeURIComponent(response.headers.get('content-disposition') ?? ''),
    rows,
  };
}

describe('a quiz from writing to export', () => {
  it('is written, published, taken by two students, graded, ended, answered, reviewed and exported', async () => {
    const quiz = await q.create();
    expect(quiz).toMatchObject({
      quizName: '第一章随堂测验',
      courseId: String(f.quant.id),
      courseName: '量化投资',
      classes: [{ classId: String(f.quant.class1), className: '量化投资（1班）' }],
      status: 0,
      durationMinutes: 20,
      questionCount: 4,
      totalScore: 30,
      answersDistributed: false,
      submittedCount: 0,
      description: '独立完成，限时 20 分钟。',
      teacher: { userName: 'teacher1' },
    });
    // the teacher sees every key as written, true/false as "true"
    expect(quiz.questions.map((question) => question.answer)).toEqual([
      ['B'],
      ['A', 'C'],
      ['true'],
      ['夏普比率|Sharpe'],
    ]);
    expect(quiz.questions.map((question) => question.sortNo)).toEqual([1, 2, 3, 4]);

    // a draft is not there for students
    expect(await codeOf('student01', `${QUIZ_A}/get/detail`, { quizId: quiz.quizId })).toBe(6);
    expect(await codeOf('student01', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(1);

    expect(await q.setStatus(quiz.quizId, 1)).toMatchObject({ status: 1 });

    // student01 starts: the paper has no key, the deadline is the 20-minute limit
    const startedAt = t.clock.now();
    const paper = await q.start('student01', quiz.quizId);
    expect(paper).toMatchObject({
      quizId: quiz.quizId,
      status: 0,
      startedAt,
      deadline: startedAt + 20 * MINUTE_MS,
      serverTime: startedAt,
      totalScore: 30,
    });
    expect(JSON.stringify(paper)).not.toContain('夏普比率|Sharpe');
    for (const question of paper.questions) {
      expect(question).not.toHaveProperty('answer');
      expect(question).not.toHaveProperty('analysis');
      expect(question.answered).toBe(false);
    }
    // starting again goes on with the same paper
    expect((await q.start('student01', quiz.quizId)).paperId).toBe(paper.paperId);

    // answers are saved one by one and are there when the paper is read again
    const ids = quiz.questions.map((question) => question.quId);
    let progress = await q.fill('student01', paper.paperId, ids[0]!, ['B']);
    expect(progress).toMatchObject({ answeredCount: 1, questionCount: 4, unansweredQuIds: ids.slice(1) });
    for (const [index, answer] of RIGHT.entries())
      await q.fill('student01', paper.paperId, ids[index]!, answer);
    progress = await q.post<QuizProgress>('student01', `${QUIZ_P}/check/process`, { paperId: paper.paperId });
    expect(progress).toMatchObject({ answeredCount: 4, unansweredQuIds: [] });
    const detail = await q.post<QuizPaperQuestionDetail>('student01', `${QUIZ_P}/qu/detail`, {
      paperId: paper.paperId,
      quId: ids[1],
    });
    expect(detail).toMatchObject({ myAnswer: ['A', 'C'], answered: true, blankCount: 0 });
    expect(detail).not.toHaveProperty('answer');

    t.clock.advance(5 * MINUTE_MS);
    const result = await q.post<QuizPaperResult>('student01', `${QUIZ_P}/handle/exam`, {
      paperId: paper.paperId,
    });
    expect(result).toMatchObject({
      status: 1,
      score: 30,
      totalScore: 30,
      correctCount: 4,
      questionCount: 4,
      durationSeconds: 300,
      answersDistributed: false,
    });

    // student02 gets the single choice wrong and leaves the blank empty: 15 of 30
    const second = await q.take('student02', quiz, [['A'], ['A', 'C'], ['true'], null]);
    expect(second).toMatchObject({ score: 15, correctCount: 2 });

    // before the answers are distributed: scores and right/wrong, never the key or the analysis
    const before = await q.post<QuizPaperResultEx>('student02', `${QUIZ_P}/paper/resultEx`, {
      paperId: second.paperId,
    });
    expect(before).toMatchObject({ score: 15, classAverage: 22.5, rank: 2, rankTotal: 2 });
    expect(before.items.map((item) => [item.gotScore, item.correct, item.answer, item.analysis])).toEqual([
      [0, false, null, null],
      [10, true, null, null],
      [5, true, null, null],
      [0, false, null, null],
    ]);
    expect(JSON.stringify(before)).not.toContain('夏普比率|Sharpe');
    expect(JSON.stringify(before)).not.toContain('标准差');

    // the teacher's list counts the hand-ins
    const listed = await q.post<{ list: { quizId: string; submittedCount: number }[] }>(
      'teacher1',
      `${QUIZ_T}/get/list`,
      { pageIndex: 1, pageSize: 10 },
    );
    expect(listed.list.find((item) => item.quizId === quiz.quizId)?.submittedCount).toBe(2);

    // the teacher's statistics
    const stats = await q.post<QuizStatistics>('teacher1', `${QUIZ_T}/statistics`, { quizId: quiz.quizId });
    expect(stats).toMatchObject({
      studentCount: 15,
      submittedCount: 2,
      inProgressCount: 0,
      notStartedCount: 13,
      averageScore: 22.5,
      maxScore: 30,
      minScore: 15,
      passRate: 50,
    });
    expect(stats.scoreDistribution.map((band) => [band.label, band.count])).toEqual([
      ['0–60%', 1],
      ['60–70%', 0],
      ['70–80%', 0],
      ['80–90%', 0],
      ['90–100%', 1],
    ]);
    expect(
      stats.questions.map((question) => [
        question.answeredCount,
        question.correctCount,
        question.correctRate,
      ]),
    ).toEqual([
      [2, 1, 50],
      [2, 2, 100],
      [2, 2, 100],
      [1, 1, 50],
    ]);

    // answers go out only after the end
    expect(await codeOf('teacher1', `${QUIZ_T}/distribute/answers`, { quizId: quiz.quizId })).toBe(1);
    expect(await q.setStatus(quiz.quizId, 2)).toMatchObject({ status: 2 });
    expect(
      await q.post<QuizBrief>('teacher1', `${QUIZ_T}/distribute/answers`, { quizId: quiz.quizId }),
    ).toMatchObject({
      answersDistributed: true,
    });
    expect(await codeOf('teacher1', `${QUIZ_T}/distribute/answers`, { quizId: quiz.quizId })).toBe(7);

    const after = await q.post<QuizPaperResultEx>('student02', `${QUIZ_P}/paper/resultEx`, {
      paperId: second.paperId,
    });
    expect(after.answersDistributed).toBe(true);
    expect(after.items.map((item) => item.answer)).toEqual([
      ['B'],
      ['A', 'C'],
      ['true'],
      ['夏普比率|Sharpe'],
    ]);
    expect(after.items[0]!.analysis).toBe('夏普比率等于超额收益除以收益率的标准差。');

    // the teacher reviews a paper: with the key, the student named
    const review = await q.post<QuizPaperReview>('teacher1', `${QUIZ_T}/review/student/quiz`, {
      paperId: second.paperId,
    });
    expect(review).toMatchObject({
      score: 15,
      rank: 2,
      rankTotal: 2,
      student: { studentNumber: '20260002', studentName: '林雨桐' },
    });
    expect(review.items[3]).toMatchObject({ myAnswer: [], gotScore: 0, answer: ['夏普比率|Sharpe'] });

    // the records, as a sheet
    const sheet = await download('teacher1', `${QUIZ_T}/v2/export/student/record`, { quizId: quiz.quizId });
    expect(sheet.contentType).toContain('spreadsheetml');
    expect(sheet.disposition).toContain('第一章随堂测验');
    expect(sheet.rows[0]!.slice(0, 9)).toEqual([
      '学号',
      '姓名',
      '教学班',
      '状态',
      '得分',
      '交卷时间',
      '用时',
      '答对题数',
      '班内名次',
    ]);
    expect(sheet.rows[0]!.slice(9)).toEqual([
      '第 1 题答案',
      '第 1 题得分',
      '第 2 题答案',
      '第 2 题得分',
      '第 3 题答案',
      '第 3 题得分',
      '第 4 题答案',
      '第 4 题得分',
    ]);
    expect(sheet.rows).toHaveLength(16);
    expect(sheet.rows[1]).toEqual([
      '20260001',
      '陈思远',
      '量化投资（1班）',
      '已交卷',
      '30',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      '5分0秒',
      '4',
      '1',
      'B',
      '10',
      'A,C',
      '10',
      '正确',
      '5',
      'sharpe',
      '5',
    ]);
    expect(sheet.rows[2]!.slice(0, 9)).toEqual([
      '20260002',
      '林雨桐',
      '量化投资（1班）',
      '已交卷',
      '15',
      expect.any(String),
      '0分0秒',
      '2',
      '2',
    ]);
    expect(sheet.rows[3]!.slice(0, 5)).toEqual(['20260003', '黄子轩', '量化投资（1班）', '未开始', '']);
  });
});

describe('roles', () => {
  it('refuses every teacher call to a student and every student call to a teacher (5)', async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    const quizId = quiz.quizId;
    const paperId = paper.paperId;
    const teacherCalls: [string, unknown][] = [
      ['get/list', { pageIndex: 1, pageSize: 10 }],
      ['get/detail', { quizId }],
      ['save', { ...quiz, questions: QUESTIONS, classIds: [String(f.quant.class1)] }],
      ['update', { ...quiz, questions: QUESTIONS, classIds: [String(f.quant.class1)] }],
      ['delete', { quizId }],
      ['update/status', { quizId, status: 2 }],
      ['distribute/answers', { quizId }],
      ['statistics', { quizId }],
      ['v2/statistics', { quizId }],
      ['get/student/record', { quizId, pageIndex: 1, pageSize: 10 }],
      ['v2/get/student/record', { quizId, pageIndex: 1, pageSize: 10 }],
      [
        'get/student/quiz/list',
        { studentUserId: paper.paperId, courseId: String(f.quant.id), pageIndex: 1, pageSize: 10 },
      ],
      ['review/student/quiz', { paperId }],
      ['export/student/record', { quizId }],
      ['v2/export/student/record', { quizId }],
    ];
    for (const [path, body] of teacherCalls) {
      expect(await codeOf('student01', `${QUIZ_T}/${path}`, body), path).toBe(5);
    }
    const studentCalls: [string, unknown][] = [
      [`${QUIZ_P}/get/list`, { pageIndex: 1, pageSize: 10 }],
      [`${QUIZ_P}/create/paper`, { quizId }],
      [`${QUIZ_P}/paper/detail`, { paperId }],
      [`${QUIZ_P}/qu/detail`, { paperId, quId: quiz.questions[0]!.quId }],
      [`${QUIZ_P}/fill/answer`, { paperId, quId: quiz.questions[0]!.quId, answer: ['B'] }],
      [`${QUIZ_P}/paper/resultEx`, { paperId }],
      [`${QUIZ_P}/check/process`, { paperId }],
      [`${QUIZ_P}/paper/result`, { paperId }],
      [`${QUIZ_P}/handle/exam`, { paperId }],
      [`${QUIZ_A}/get/course/quiz/list`, undefined],
      [`${QUIZ_A}/get/list/${f.quant.id}`, { pageIndex: 1, pageSize: 10 }],
      [`${QUIZ_A}/get/detail`, { quizId }],
      [`${QUIZ_A}/statistics`, {}],
      [`${QUIZ_A}/course/class/statistics`, { courseId: String(f.quant.id) }],
    ];
    for (const [path, body] of studentCalls) {
      expect(await codeOf('teacher1', path, body), path).toBe(5);
    }
    // nothing changed: the quiz is still published and the paper still being answered
    expect((await q.post<QuizDetail>('teacher1', `${QUIZ_T}/get/detail`, { quizId })).status).toBe(1);
    expect((await q.post<QuizPaper>('student01', `${QUIZ_P}/paper/detail`, { paperId })).status).toBe(0);
  });
});

describe('quiz/teacher/save', () => {
  it('refuses a quiz that breaks the rules (2), naming the question, and stores nothing', async () => {
    const now = t.clock.now();
    const withQuestion = (index: number, patch: Record<string, unknown>) =>
      QUESTIONS.map((question, i) => (i === index ? { ...question, ...patch } : question));
    const cases: [string, Record<string, unknown>, string][] = [
      ['the end is not after the start', { startTime: now, endTime: now }, 'endTime'],
      ['a blank name', { quizName: '   ' }, 'quizName'],
      [
        'a single choice answer not among the options',
        { questions: withQuestion(0, { answer: ['E'] }) },
        '第 1 题',
      ],
      [
        'a single choice with one option',
        { questions: withQuestion(0, { options: [{ key: 'A', content: '贝塔' }], answer: ['A'] }) },
        '第 1 题',
      ],
      ['a multiple choice with one answer', { questions: withQuestion(1, { answer: ['A'] }) }, '第 2 题'],
      [
        'a true/false answer that is not true or false',
        { questions: withQuestion(2, { answer: ['T'] }) },
        '第 3 题',
      ],
      [
        'a fill-in with two answers for one blank',
        { questions: withQuestion(3, { answer: ['a', 'b'] }) },
        '第 4 题',
      ],
      ['a class of another course', { classIds: [String(f.python.class1)] }, 'classIds'],
      [
        'a score off the 0.5 steps',
        { questions: withQuestion(1, { score: 2.2 }) },
        'questions.1.score 必须是 0.5 的整数倍',
      ],
    ];
    for (const [why, body, named] of cases) {
      const answer = await refusal(q.send('teacher1', `${QUIZ_T}/save`, { ...(await baseBody()), ...body }));
      expect(answer.errCode, why).toBe(2);
      expect(answer.errMsg, why).toContain(named);
    }
    const list = await q.post<Page<QuizBrief>>('teacher1', `${QUIZ_T}/get/list`, {
      pageIndex: 1,
      pageSize: 10,
    });
    expect(list.total).toBe(0);
  });

  it("refuses another teacher's course or class (5), an unknown course (6), a name taken in the course (7)", async () => {
    const body = await baseBody();
    expect(await codeOf('teacher2', `${QUIZ_T}/save`, body)).toBe(5);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/save`, {
        ...body,
        courseId: String(f.derivatives.id),
        classIds: [String(f.derivatives.class1)],
      }),
    ).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/save`, { ...body, courseId: UNKNOWN_ID })).toBe(6);
    await q.create();
    expect(await codeOf('teacher1', `${QUIZ_T}/save`, body)).toBe(7);
    // the same name in another course is another quiz
    const other = await q.create({ courseId: String(f.python.id), classIds: [String(f.python.class1)] });
    expect(other.courseName).toBe('Python金融数据分析');
  });
});

async function baseBody() {
  const now = t.clock.now();
  return {
    quizName: '第一章随堂测验',
    courseId: String(f.quant.id),
    classIds: [String(f.quant.class1)],
    startTime: now,
    endTime: now + HOUR_MS,
    questions: QUESTIONS,
  };
}

describe('quiz/teacher/get/detail and get/list', () => {
  it("shows the teacher's own quizzes, filtered, and refuses another teacher's (5) or an unknown one (6)", async () => {
    const draft = await q.create({ quizName: '草稿测验' });
    const open = await q.published({ quizName: '进行中测验', classIds: [String(f.quant.class2)] });
    const ending = await q.published({ quizName: '很快结束', endTime: t.clock.now() + MINUTE_MS });
    t.clock.advance(2 * MINUTE_MS);
    const list = (body: Record<string, unknown>) =>
      q.post<Page<QuizBrief>>('teacher1', `${QUIZ_T}/get/list`, { pageIndex: 1, pageSize: 10, ...body });
    expect((await list({})).list.map((quiz) => quiz.quizName)).toEqual([
      '很快结束',
      '进行中测验',
      '草稿测验',
    ]);
    // past its end a published quiz reads as ended
    expect((await list({ status: 2 })).list.map((quiz) => quiz.quizId)).toEqual([ending.quizId]);
    expect((await list({ status: 1 })).list.map((quiz) => quiz.quizId)).toEqual([open.quizId]);
    expect((await list({ status: 0 })).list.map((quiz) => quiz.quizId)).toEqual([draft.quizId]);
    expect((await list({ classId: String(f.quant.class2) })).list.map((quiz) => quiz.quizId)).toEqual([
      open.quizId,
    ]);
    expect((await list({ keyword: '进行' })).total).toBe(1);
    expect((await list({ courseId: String(f.python.id) })).total).toBe(0);
    expect(
      (await q.post<Page<QuizBrief>>('teacher2', `${QUIZ_T}/get/list`, { pageIndex: 1, pageSize: 10 })).total,
    ).toBe(0);

    expect(await codeOf('teacher2', `${QUIZ_T}/get/detail`, { quizId: draft.quizId })).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/get/detail`, { quizId: UNKNOWN_ID })).toBe(6);
    expect(await q.post<QuizDetail>('teacher1', `${QUIZ_T}/get/detail`, { quizId: draft.quizId })).toEqual(
      draft,
    );
  });
});

describe('quiz/teacher/update', () => {
  it('replaces settings and questions, keeping the ids (and saved answers) of questions sent with their quId', async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    await q.fill('student01', paper.paperId, quiz.questions[0]!.quId, ['B']);
    const [first, , third] = quiz.questions;
    const updated = await q.post<QuizDetail>('teacher1', `${QUIZ_T}/update`, {
      ...(await baseBody()),
      quizId: quiz.quizId,
      quizName: '第一章随堂测验（修订）',
      startTime: quiz.startTime,
      endTime: quiz.endTime,
      questions: [
        { ...QUESTIONS[0], quId: first!.quId, score: 20 },
        { ...QUESTIONS[2], quId: third!.quId },
        { type: 3, content: '<p>新题</p>', options: [], answer: ['false'], score: 5 },
      ],
    });
    expect(updated.quizName).toBe('第一章随堂测验（修订）');
    expect(updated.totalScore).toBe(30);
    expect(updated.questions.map((question) => question.quId).slice(0, 2)).toEqual([
      first!.quId,
      third!.quId,
    ]);
    expect(updated.questions[2]!.quId).not.toBe(quiz.questions[1]!.quId);
    expect(updated.questions.map((question) => question.sortNo)).toEqual([1, 2, 3]);
    const saved = await q.post<QuizPaperQuestionDetail>('student01', `${QUIZ_P}/qu/detail`, {
      paperId: paper.paperId,
      quId: first!.quId,
    });
    expect(saved.myAnswer).toEqual(['B']);
    expect(saved.score).toBe(20);
    // a quId of another quiz is refused
    const other = await q.create({ quizName: '另一个测验' });
    expect(
      await codeOf('teacher1', `${QUIZ_T}/update`, {
        ...(await baseBody()),
        quizId: quiz.quizId,
        questions: [{ ...QUESTIONS[0], quId: other.questions[0]!.quId }],
      }),
    ).toBe(2);
  });

  it('after a hand-in changes only name, description, end and classes (1 otherwise); the end moves open deadlines', async () => {
    const quiz = await q.published({ durationMinutes: 0 });
    await q.take('student01', quiz, RIGHT);
    const open = await q.start('student02', quiz.quizId);
    const body = {
      ...(await baseBody()),
      quizId: quiz.quizId,
      startTime: quiz.startTime,
      endTime: quiz.endTime,
      durationMinutes: 0,
      questions: quiz.questions.map(({ type, content, options, answer, score, analysis, quId }) => ({
        type,
        content,
        options,
        answer,
        score,
        analysis,
        quId,
      })),
    };
    const changedQuestion = body.questions.map((question, index) =>
      index === 0 ? { ...question, score: 20 } : question,
    );
    expect(await codeOf('teacher1', `${QUIZ_T}/update`, { ...body, questions: changedQuestion })).toBe(1);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/update`, { ...body, startTime: quiz.startTime - MINUTE_MS }),
    ).toBe(1);
    expect(await codeOf('teacher1', `${QUIZ_T}/update`, { ...body, durationMinutes: 10 })).toBe(1);
    const later = quiz.endTime + HOUR_MS;
    const updated = await q.post<QuizDetail>('teacher1', `${QUIZ_T}/update`, {
      ...body,
      quizName: '改名后的测验',
      endTime: later,
      classIds: [String(f.quant.class1), String(f.quant.class2)],
    });
    expect(updated).toMatchObject({ quizName: '改名后的测验', endTime: later, submittedCount: 1 });
    expect(updated.classes).toHaveLength(2);
    const paper = await q.post<QuizPaper>('student02', `${QUIZ_P}/paper/detail`, { paperId: open.paperId });
    expect(paper.deadline).toBe(later);
    // and another teacher cannot touch it
    expect(await codeOf('teacher2', `${QUIZ_T}/update`, body)).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/update`, { ...body, quizId: UNKNOWN_ID })).toBe(6);
  });
});

describe('quiz/teacher/delete', () => {
  it('deletes drafts and ended quizzes with their papers; a running quiz with hand-ins must be ended first (1)', async () => {
    const draft = await q.create({ quizName: '草稿' });
    expect(await codeOf('teacher2', `${QUIZ_T}/delete`, { quizId: draft.quizId })).toBe(5);
    expect(await q.post('teacher1', `${QUIZ_T}/delete`, { quizId: draft.quizId })).toEqual({
      id: draft.quizId,
    });
    expect(await codeOf('teacher1', `${QUIZ_T}/get/detail`, { quizId: draft.quizId })).toBe(6);

    const quiz = await q.published();
    const result = await q.take('student01', quiz, RIGHT);
    expect(await codeOf('teacher1', `${QUIZ_T}/delete`, { quizId: quiz.quizId })).toBe(1);
    await q.setStatus(quiz.quizId, 2);
    await q.post('teacher1', `${QUIZ_T}/delete`, { quizId: quiz.quizId });
    expect(await codeOf('student01', `${QUIZ_P}/paper/result`, { paperId: result.paperId })).toBe(6);
    expect(await codeOf('teacher1', `${QUIZ_T}/delete`, { quizId: quiz.quizId })).toBe(6);
  });
});

describe('quiz/teacher/update/status', () => {
  it('publishes, ends (handing in open papers with what was saved) and reopens; refuses other moves', async () => {
    const quiz = await q.create();
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 2 })).toBe(1);
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 0 })).toBe(7);
    expect(await codeOf('teacher2', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 1 })).toBe(5);
    await q.setStatus(quiz.quizId, 1);
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 1 })).toBe(7);

    const paper = await q.start('student01', quiz.quizId);
    await q.fill('student01', paper.paperId, quiz.questions[0]!.quId, ['B']);
    t.clock.advance(MINUTE_MS);
    expect(await q.setStatus(quiz.quizId, 2)).toMatchObject({ status: 2 });
    const result = await q.post<QuizPaperResult>('student01', `${QUIZ_P}/paper/result`, {
      paperId: paper.paperId,
    });
    expect(result).toMatchObject({ status: 2, score: 10, correctCount: 1, submittedAt: t.clock.now() });
    expect(await codeOf('student01', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(7);
    expect(await codeOf('student02', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(1);
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 0 })).toBe(1);

    // reopened: the others may start again
    expect(await q.setStatus(quiz.quizId, 1)).toMatchObject({ status: 1 });
    expect((await q.start('student02', quiz.quizId)).status).toBe(0);

    // past its end it has ended by itself; reopening needs a later end first
    t.clock.set(quiz.endTime);
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 2 })).toBe(7);
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 1 })).toBe(1);
    // a draft whose end has passed cannot be published
    const late = await q.create({
      quizName: '过期草稿',
      startTime: quiz.endTime - HOUR_MS,
      endTime: quiz.endTime,
    });
    expect(await codeOf('teacher1', `${QUIZ_T}/update/status`, { quizId: late.quizId, status: 1 })).toBe(1);
  });
});

describe('quiz/teacher/distribute/answers', () => {
  it('goes out once the end has passed, handing in papers still in their grace first', async () => {
    const quiz = await q.published({ durationMinutes: 0 });
    const paper = await q.start('student01', quiz.quizId);
    await q.fill('student01', paper.paperId, quiz.questions[2]!.quId, ['true']);
    expect(await codeOf('teacher2', `${QUIZ_T}/distribute/answers`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/distribute/answers`, { quizId: UNKNOWN_ID })).toBe(6);
    t.clock.set(quiz.endTime + 10_000);
    // still inside the grace: the save is taken
    await q.fill('student01', paper.paperId, quiz.questions[0]!.quId, ['B']);
    await q.post('teacher1', `${QUIZ_T}/distribute/answers`, { quizId: quiz.quizId });
    const result = await q.post<QuizPaperResultEx>('student01', `${QUIZ_P}/paper/resultEx`, {
      paperId: paper.paperId,
    });
    expect(result).toMatchObject({
      status: 2,
      score: 15,
      submittedAt: quiz.endTime,
      answersDistributed: true,
    });
    expect(result.items[2]).toMatchObject({ myAnswer: ['true'], answer: ['true'], correct: true });
    // with the key out, the quiz stays closed: no reopening, no later end
    const reopen = await refusal(
      q.send('teacher1', `${QUIZ_T}/update/status`, { quizId: quiz.quizId, status: 1 }),
    );
    expect(reopen).toEqual({ errCode: 1, errMsg: '答案已分发，不能重新开放' });
    const later = await refusal(
      q.send('teacher1', `${QUIZ_T}/update`, {
        ...(await baseBody()),
        quizId: quiz.quizId,
        startTime: quiz.startTime,
        endTime: t.clock.now() + HOUR_MS,
        durationMinutes: 0,
        questions: quiz.questions.map(({ type, content, options, answer, score, analysis, quId }) => ({
          type,
          content,
          options,
          answer,
          score,
          analysis,
          quId,
        })),
      }),
    );
    expect(later).toEqual({ errCode: 1, errMsg: '答案已分发，截止时间不能改到现在之后' });
    expect(
      await codeOf('student01', `${QUIZ_P}/fill/answer`, {
        paperId: paper.paperId,
        quId: quiz.questions[1]!.quId,
        answer: ['A', 'C'],
      }),
    ).toBe(1);
  });
});

/** A quiz of both classes taken by student01 (30), student02 (15), student16 (20, class 2); student03 answering. */
async function takenByThree(): Promise<{ quiz: QuizDetail; papers: Record<string, string> }> {
  const quiz = await q.published({ classIds: [String(f.quant.class1), String(f.quant.class2)] });
  const papers: Record<string, string> = {};
  papers.student01 = (await q.take('student01', quiz, RIGHT)).paperId;
  t.clock.advance(MINUTE_MS);
  papers.student02 = (await q.take('student02', quiz, [['A'], ['A', 'C'], ['true'], null])).paperId;
  t.clock.advance(MINUTE_MS);
  papers.student16 = (await q.take('student16', quiz, [['B'], ['A', 'C'], null, null])).paperId;
  papers.student03 = (await q.start('student03', quiz.quizId)).paperId;
  return { quiz, papers };
}

describe('quiz/teacher/statistics and v2/statistics', () => {
  it('sums every class, or one, and splits by class; refuses a class the quiz is not sent to (2)', async () => {
    const { quiz } = await takenByThree();
    const all = await q.post<QuizStatistics>('teacher1', `${QUIZ_T}/statistics`, { quizId: quiz.quizId });
    expect(all).toMatchObject({
      studentCount: 30,
      submittedCount: 3,
      inProgressCount: 1,
      notStartedCount: 26,
      averageScore: 21.67,
      maxScore: 30,
      minScore: 15,
      passRate: 66.67,
    });
    const v2 = await q.post<QuizStatisticsV2>('teacher1', `${QUIZ_T}/v2/statistics`, {
      quizId: quiz.quizId,
      classId: String(f.quant.class2),
    });
    expect(v2).toMatchObject({ studentCount: 15, submittedCount: 1, averageScore: 20, notStartedCount: 14 });
    expect(v2.classes).toEqual([
      {
        classId: String(f.quant.class1),
        className: '量化投资（1班）',
        studentCount: 15,
        submittedCount: 2,
        averageScore: 22.5,
        maxScore: 30,
      },
      {
        classId: String(f.quant.class2),
        className: '量化投资（2班）',
        studentCount: 15,
        submittedCount: 1,
        averageScore: 20,
        maxScore: 20,
      },
    ]);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/v2/statistics`, {
        quizId: quiz.quizId,
        classId: String(f.python.class1),
      }),
    ).toBe(2);
    expect(await codeOf('teacher2', `${QUIZ_T}/statistics`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('teacher2', `${QUIZ_T}/v2/statistics`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/statistics`, { quizId: UNKNOWN_ID })).toBe(6);
  });
});

describe('quiz/teacher/get/student/record and v2', () => {
  it('v1 lists those who started, by hand-in time; v2 everyone, with correct counts and ranks in class', async () => {
    const { quiz, papers } = await takenByThree();
    const v1 = await q.post<Page<QuizStudentRecord>>('teacher1', `${QUIZ_T}/get/student/record`, {
      quizId: quiz.quizId,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(v1.total).toBe(4);
    expect(v1.list.map((row) => [row.student.studentNumber, row.paperStatus, row.score])).toEqual([
      ['20260001', 1, 30],
      ['20260002', 1, 15],
      ['20260016', 1, 20],
      ['20260003', 0, null],
    ]);
    expect(v1.list[0]).not.toHaveProperty('rank');
    const byKeyword = await q.post<Page<QuizStudentRecord>>('teacher1', `${QUIZ_T}/get/student/record`, {
      quizId: quiz.quizId,
      keyword: '林雨',
      paperStatus: 1,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(byKeyword.list.map((row) => row.paperId)).toEqual([papers.student02]);

    const v2 = (body: Record<string, unknown>) =>
      q.post<Page<QuizStudentRecordV2>>('teacher1', `${QUIZ_T}/v2/get/student/record`, {
        quizId: quiz.quizId,
        pageIndex: 1,
        pageSize: 50,
        ...body,
      });
    const everyone = await v2({});
    expect(everyone.total).toBe(30);
    expect(everyone.list[0]).toMatchObject({ score: 30, correctCount: 4, rank: 1 });
    expect(everyone.list[1]).toMatchObject({ score: 15, correctCount: 2, rank: 2 });
    // student16 is first in class 2
    expect(everyone.list[15]).toMatchObject({ student: { studentNumber: '20260016' }, score: 20, rank: 1 });
    expect(everyone.list[4]).toMatchObject({ paperId: null, paperStatus: null, score: null, rank: null });
    const byScore = await v2({ sortBy: 'score', pageSize: 3 });
    expect(byScore.list.map((row) => row.score)).toEqual([30, 20, 15]);
    expect((await v2({ notStartedOnly: true })).total).toBe(26);
    expect((await v2({ classId: String(f.quant.class2) })).total).toBe(15);
    expect((await v2({ paperStatus: 0 })).list.map((row) => row.paperId)).toEqual([papers.student03]);
    expect(
      await codeOf('teacher2', `${QUIZ_T}/get/student/record`, {
        quizId: quiz.quizId,
        pageIndex: 1,
        pageSize: 10,
      }),
    ).toBe(5);
    expect(
      await codeOf('teacher2', `${QUIZ_T}/v2/get/student/record`, {
        quizId: quiz.quizId,
        pageIndex: 1,
        pageSize: 10,
      }),
    ).toBe(5);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/v2/get/student/record`, {
        quizId: quiz.quizId,
        classId: String(f.python.class1),
        pageIndex: 1,
        pageSize: 10,
      }),
    ).toBe(2);
  });
});

describe('quiz/teacher/get/student/quiz/list', () => {
  it("lists one student's quizzes of the course with their paper; refuses another teacher (5) or a student outside (5)", async () => {
    const { quiz } = await takenByThree();
    const onlyClass2 = await q.published({ quizName: '2班测验', classIds: [String(f.quant.class2)] });
    await q.create({ quizName: '草稿' });
    const student01 = await userIdOf('student01');
    const list = await q.post<Page<QuizStudentQuizRow>>('teacher1', `${QUIZ_T}/get/student/quiz/list`, {
      studentUserId: student01,
      courseId: String(f.quant.id),
      pageIndex: 1,
      pageSize: 10,
    });
    expect(list.list).toEqual([
      expect.objectContaining({ quizId: quiz.quizId, paperStatus: 1, score: 30, status: 1 }),
    ]);
    const student16 = await userIdOf('student16');
    const ofClass2 = await q.post<Page<QuizStudentQuizRow>>('teacher1', `${QUIZ_T}/get/student/quiz/list`, {
      studentUserId: student16,
      courseId: String(f.quant.id),
      pageIndex: 1,
      pageSize: 10,
    });
    expect(ofClass2.list.map((row) => [row.quizId, row.score])).toEqual(
      expect.arrayContaining([
        [quiz.quizId, 20],
        [onlyClass2.quizId, null],
      ]),
    );
    expect(ofClass2.total).toBe(2);
    const body = { studentUserId: student01, courseId: String(f.quant.id), pageIndex: 1, pageSize: 10 };
    expect(await codeOf('teacher2', `${QUIZ_T}/get/student/quiz/list`, body)).toBe(5);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/get/student/quiz/list`, {
        ...body,
        studentUserId: student16,
        courseId: String(f.python.id),
      }),
    ).toBe(5);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/get/student/quiz/list`, { ...body, courseId: UNKNOWN_ID }),
    ).toBe(6);
  });
});

async function userIdOf(userName: string): Promise<string> {
  return (await q.as(userName)).userId;
}

describe('quiz/teacher/review/student/quiz', () => {
  it('refuses a paper still being answered (1), of another teacher (5) or unknown (6)', async () => {
    const { papers } = await takenByThree();
    expect(await codeOf('teacher1', `${QUIZ_T}/review/student/quiz`, { paperId: papers.student03 })).toBe(1);
    expect(await codeOf('teacher2', `${QUIZ_T}/review/student/quiz`, { paperId: papers.student01 })).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/review/student/quiz`, { paperId: UNKNOWN_ID })).toBe(6);
    const review = await q.post<QuizPaperReview>('teacher1', `${QUIZ_T}/review/student/quiz`, {
      paperId: papers.student16,
    });
    expect(review).toMatchObject({ score: 20, rank: 1, rankTotal: 1, classAverage: 20 });
    expect(review.items.every((item) => item.answer !== null)).toBe(true);
  });
});

describe('quiz/teacher/export/student/record and v2', () => {
  it('v1 has the students who started; v2 everyone of a class, without question columns when asked', async () => {
    const { quiz } = await takenByThree();
    const v1 = await download('teacher1', `${QUIZ_T}/export/student/record`, { quizId: quiz.quizId });
    expect(v1.rows[0]).toEqual(['学号', '姓名', '教学班', '状态', '得分', '交卷时间', '用时']);
    expect(v1.rows.slice(1).map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['20260001', '量化投资（1班）', '已交卷', '30'],
      ['20260002', '量化投资（1班）', '已交卷', '15'],
      ['20260003', '量化投资（1班）', '答题中', ''],
      ['20260016', '量化投资（2班）', '已交卷', '20'],
    ]);
    const v2 = await download('teacher1', `${QUIZ_T}/v2/export/student/record`, {
      quizId: quiz.quizId,
      classId: String(f.quant.class2),
      includeQuestions: false,
    });
    expect(v2.rows[0]).toHaveLength(9);
    expect(v2.rows).toHaveLength(16);
    expect(v2.rows[1]!.slice(0, 5)).toEqual(['20260016', '许晨曦', '量化投资（2班）', '已交卷', '20']);
    expect(await codeOf('teacher2', `${QUIZ_T}/export/student/record`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('teacher2', `${QUIZ_T}/v2/export/student/record`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('teacher1', `${QUIZ_T}/export/student/record`, { quizId: UNKNOWN_ID })).toBe(6);
    expect(
      await codeOf('teacher1', `${QUIZ_T}/v2/export/student/record`, {
        quizId: quiz.quizId,
        classId: String(f.python.class1),
      }),
    ).toBe(2);
  });
});

describe('quiz/paper/user/create/paper', () => {
  it('refuses a student outside the classes (5), before the start or after the end (1), after a hand-in (7), an unknown quiz (6)', async () => {
    const quiz = await q.published();
    expect(await codeOf('student16', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(5);
    expect(await codeOf('student01', `${QUIZ_P}/create/paper`, { quizId: UNKNOWN_ID })).toBe(6);
    const later = await q.published({ quizName: '明天的测验', startTime: t.clock.now() + HOUR_MS });
    const refused = await refusal(q.send('student01', `${QUIZ_P}/create/paper`, { quizId: later.quizId }));
    expect(refused).toEqual({ errCode: 1, errMsg: '测验还未开始' });
    await q.take('student01', quiz, RIGHT);
    expect(await codeOf('student01', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(7);
    t.clock.set(quiz.endTime);
    expect(await codeOf('student02', `${QUIZ_P}/create/paper`, { quizId: quiz.quizId })).toBe(1);
    // nobody else got a paper
    const records = await q.post<Page<QuizStudentRecord>>('teacher1', `${QUIZ_T}/get/student/record`, {
      quizId: quiz.quizId,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(records.total).toBe(1);
  });

  it('limits the paper to the quiz end when the time limit would go past it', async () => {
    const quiz = await q.published({ endTime: t.clock.now() + 5 * MINUTE_MS });
    const paper = await q.start('student01', quiz.quizId);
    expect(paper.deadline).toBe(quiz.endTime);
  });
});

describe('quiz/paper/user/fill/answer', () => {
  it('refuses answers that do not fit the question (2), storing nothing', async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    const ids = quiz.questions.map((question) => question.quId);
    const cases: [number, string[]][] = [
      [0, ['A', 'B']],
      [0, ['E']],
      [1, ['A', 'A']],
      [2, ['T']],
      [2, ['true', 'false']],
      [3, ['a', 'b']],
    ];
    for (const [index, answer] of cases) {
      const refused = await refusal(
        q.send('student01', `${QUIZ_P}/fill/answer`, { paperId: paper.paperId, quId: ids[index], answer }),
      );
      expect(refused.errCode, JSON.stringify(answer)).toBe(2);
      expect(refused.errMsg).toContain(`第 ${index + 1} 题`);
    }
    const progress = await q.post<QuizProgress>('student01', `${QUIZ_P}/check/process`, {
      paperId: paper.paperId,
    });
    expect(progress.answeredCount).toBe(0);
  });

  it("refuses another student's paper (6), a question not in the paper (6), and clears with an empty answer", async () => {
    const quiz = await q.published();
    const other = await q.create({ quizName: '另一个测验' });
    const paper = await q.start('student01', quiz.quizId);
    const quId = quiz.questions[0]!.quId;
    expect(
      await codeOf('student02', `${QUIZ_P}/fill/answer`, { paperId: paper.paperId, quId, answer: ['B'] }),
    ).toBe(6);
    expect(
      await codeOf('student01', `${QUIZ_P}/fill/answer`, {
        paperId: paper.paperId,
        quId: other.questions[0]!.quId,
        answer: ['B'],
      }),
    ).toBe(6);
    expect(
      await codeOf('student01', `${QUIZ_P}/fill/answer`, { paperId: UNKNOWN_ID, quId, answer: ['B'] }),
    ).toBe(6);
    expect((await q.fill('student01', paper.paperId, quId, ['B'])).answeredCount).toBe(1);
    expect((await q.fill('student01', paper.paperId, quId, [])).answeredCount).toBe(0);
  });

  it('keeps the newest edit: a late or resent save with a smaller seq writes nothing; without seq it always does', async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    const quId = quiz.questions[0]!.quId;
    const body = (answer: string[], seq?: number) => ({
      paperId: paper.paperId,
      quId,
      answer,
      ...(seq === undefined ? {} : { seq }),
    });
    const save = (answer: string[], seq?: number) =>
      q.post<QuizAnswerAck>('student01', `${QUIZ_P}/fill/answer`, body(answer, seq));
    const detail = () =>
      q.post<QuizPaperQuestionDetail>('student01', `${QUIZ_P}/qu/detail`, { paperId: paper.paperId, quId });
    expect((await detail()).mySeq).toBe(0);

    expect(await save(['C'], 2)).toMatchObject({ quId, seq: 2, applied: true, answeredCount: 1 });
    // the request of edit 1 arrives late (it timed out on the way): edit 2 stays
    expect(await save(['A'], 1)).toMatchObject({ quId, seq: 2, applied: false });
    expect(await save(['A'], 2)).toMatchObject({ seq: 2, applied: false });
    expect(await detail()).toMatchObject({ myAnswer: ['C'], mySeq: 2 });

    expect(await save([], 3)).toMatchObject({ seq: 3, applied: true, answeredCount: 0 });
    // an older client without seq always overwrites and leaves the seq as it is
    expect(await save(['D'])).toMatchObject({ seq: 3, applied: true, answeredCount: 1 });
    expect(await detail()).toMatchObject({ myAnswer: ['D'], mySeq: 3 });

    for (const seq of [0, -1, 1.5, 2 ** 31])
      expect(
        (await refusal(q.send('student01', `${QUIZ_P}/fill/answer`, body(['B'], seq)))).errCode,
        String(seq),
      ).toBe(2);
    expect((await detail()).myAnswer).toEqual(['D']);
  });

  it('takes saves in the 30 s after the deadline; later the paper is handed in by the server with what was saved (1)', async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    const ids = quiz.questions.map((question) => question.quId);
    await q.fill('student01', paper.paperId, ids[0]!, ['B']);
    t.clock.set(paper.deadline + GRACE_MS - 1000);
    await q.fill('student01', paper.paperId, ids[2]!, ['true']);
    t.clock.set(paper.deadline + GRACE_MS + 1);
    const refused = await refusal(
      q.send('student01', `${QUIZ_P}/fill/answer`, {
        paperId: paper.paperId,
        quId: ids[1],
        answer: ['A', 'C'],
      }),
    );
    expect(refused.errCode).toBe(1);
    const result = await q.post<QuizPaperResult>('student01', `${QUIZ_P}/paper/result`, {
      paperId: paper.paperId,
    });
    expect(result).toMatchObject({
      status: 2,
      score: 15,
      submittedAt: paper.deadline,
      durationSeconds: 20 * 60,
    });
    expect(await codeOf('student01', `${QUIZ_P}/handle/exam`, { paperId: paper.paperId })).toBe(7);
  });
});

describe('quiz/paper/user: reading a paper', () => {
  it("shows only the student's own paper (6 otherwise); an overdue one is handed in when read", async () => {
    const quiz = await q.published();
    const paper = await q.start('student01', quiz.quizId);
    const fill = quiz.questions[3]!;
    await q.fill('student01', paper.paperId, fill.quId, ['  Sharpe ']);
    await q.fill('student01', paper.paperId, quiz.questions[2]!.quId, ['false']);
    for (const path of ['paper/detail', 'check/process', 'paper/result', 'paper/resultEx', 'handle/exam']) {
      expect(await codeOf('student02', `${QUIZ_P}/${path}`, { paperId: paper.paperId }), path).toBe(6);
    }
    expect(
      await codeOf('student02', `${QUIZ_P}/qu/detail`, { paperId: paper.paperId, quId: fill.quId }),
    ).toBe(6);
    expect(
      await codeOf('student01', `${QUIZ_P}/qu/detail`, { paperId: paper.paperId, quId: UNKNOWN_ID }),
    ).toBe(6);
    expect(await codeOf('student01', `${QUIZ_P}/paper/result`, { paperId: paper.paperId })).toBe(1);
    expect(await codeOf('student01', `${QUIZ_P}/paper/resultEx`, { paperId: paper.paperId })).toBe(1);
    const blank = await q.post<QuizPaperQuestionDetail>('student01', `${QUIZ_P}/qu/detail`, {
      paperId: paper.paperId,
      quId: fill.quId,
    });
    expect(blank).toMatchObject({ blankCount: 1, myAnswer: ['  Sharpe '], answered: true });
    const judged = await q.post<QuizPaperQuestionDetail>('student01', `${QUIZ_P}/qu/detail`, {
      paperId: paper.paperId,
      quId: quiz.questions[2]!.quId,
    });
    expect(judged.myAnswer).toEqual(['false']);
    const detail = await q.post<QuizPaper>('student01', `${QUIZ_P}/paper/detail`, { paperId: paper.paperId });
    expect(detail.questions.map((question) => question.answered)).toEqual([false, false, true, true]);

    t.clock.set(paper.deadline + GRACE_MS + 1);
    expect(
      (await q.post<QuizProgress>('student01', `${QUIZ_P}/check/process`, { paperId: paper.paperId })).status,
    ).toBe(2);
    // the blank is right whatever its spaces and case
    const result = await q.post<QuizPaperResultEx>('student01', `${QUIZ_P}/paper/resultEx`, {
      paperId: paper.paperId,
    });
    expect(result.items.map((item) => item.gotScore)).toEqual([0, 0, 0, 5]);
    expect(await codeOf('student01', `${QUIZ_P}/handle/exam`, { paperId: paper.paperId })).toBe(7);
  });

  it('lists the student own papers, newest first, filtered', async () => {
    const first = await q.published();
    const second = await q.published({ quizName: '第二章随堂测验' });
    await q.take('student01', first, RIGHT);
    t.clock.advance(MINUTE_MS);
    const open = await q.start('student01', second.quizId);
    await q.start('student02', second.quizId);
    const list = (body: Record<string, unknown>) =>
      q.post<Page<QuizPaperBrief>>('student01', `${QUIZ_P}/get/list`, {
        pageIndex: 1,
        pageSize: 10,
        ...body,
      });
    const all = await list({});
    expect(all.list.map((paper) => [paper.quizName, paper.status, paper.score])).toEqual([
      ['第二章随堂测验', 0, null],
      ['第一章随堂测验', 1, 30],
    ]);
    expect(all.list[0]).toMatchObject({
      paperId: open.paperId,
      courseName: '量化投资',
      totalScore: 30,
      submittedAt: null,
    });
    expect((await list({ status: 1 })).list.map((paper) => paper.quizId)).toEqual([first.quizId]);
    expect((await list({ quizId: second.quizId })).total).toBe(1);
    expect((await list({ courseId: String(f.python.id) })).total).toBe(0);
  });
});

describe('quiz/api', () => {
  it("summarises the student's courses and lists a course's quizzes with their own state", async () => {
    const { quiz } = await takenByThree();
    const open = await q.published({ quizName: '还没做的测验' });
    await q.create({ quizName: '草稿' });
    await q.published({ quizName: '只给2班', classIds: [String(f.quant.class2)] });
    const summary = await q.post<QuizCourseSummary[]>(
      'student01',
      `${QUIZ_A}/get/course/quiz/list`,
      undefined,
    );
    const quant = summary.find((course) => course.courseId === String(f.quant.id));
    expect(quant).toMatchObject({
      courseName: '量化投资',
      quizCount: 2,
      openCount: 1,
      finishedCount: 1,
      averageScore: 100,
    });
    expect(summary.find((course) => course.courseId === String(f.python.id))).toMatchObject({
      quizCount: 0,
      averageScore: null,
    });

    const list = (body: Record<string, unknown>, who = 'student01', courseId = String(f.quant.id)) =>
      q.post<Page<QuizStudentItem>>(who, `${QUIZ_A}/get/list/${courseId}`, {
        pageIndex: 1,
        pageSize: 10,
        ...body,
      });
    const all = await list({});
    expect(all.list.map((item) => [item.quizId, item.myPaperStatus, item.myScore])).toEqual([
      [open.quizId, null, null],
      [quiz.quizId, 1, 30],
    ]);
    expect((await list({ unfinishedOnly: true })).list.map((item) => item.quizId)).toEqual([open.quizId]);
    expect((await list({ status: 2 })).total).toBe(0);
    expect(JSON.stringify(all)).not.toContain('夏普比率|Sharpe');
    expect(
      await codeOf('student16', `${QUIZ_A}/get/list/${f.derivatives.id}`, { pageIndex: 1, pageSize: 10 }),
    ).toBe(5);
    expect(
      await codeOf('student01', `${QUIZ_A}/get/list/${UNKNOWN_ID}`, { pageIndex: 1, pageSize: 10 }),
    ).toBe(6);
  });

  it('shows a quiz before starting (6 for drafts and other classes) and whether it can start', async () => {
    const quiz = await q.published();
    const draft = await q.create({ quizName: '草稿' });
    const detail = await q.post<QuizStudentDetail>('student01', `${QUIZ_A}/get/detail`, {
      quizId: quiz.quizId,
    });
    expect(detail).toMatchObject({
      quizId: quiz.quizId,
      description: '独立完成，限时 20 分钟。',
      canStart: true,
      myPaperId: null,
      serverTime: t.clock.now(),
      questionCount: 4,
      teacher: { userName: 'teacher1' },
    });
    expect(detail).not.toHaveProperty('questions');
    expect(await codeOf('student01', `${QUIZ_A}/get/detail`, { quizId: draft.quizId })).toBe(6);
    expect(await codeOf('student16', `${QUIZ_A}/get/detail`, { quizId: quiz.quizId })).toBe(6);
    expect(await codeOf('student01', `${QUIZ_A}/get/detail`, { quizId: UNKNOWN_ID })).toBe(6);
    await q.take('student01', quiz, RIGHT);
    expect(
      await q.post<QuizStudentDetail>('student01', `${QUIZ_A}/get/detail`, { quizId: quiz.quizId }),
    ).toMatchObject({
      canStart: false,
      myPaperStatus: 1,
      myScore: 30,
    });
  });

  it("counts the student's quizzes: done, still open, missed; refuses a course they are not in (5)", async () => {
    await takenByThree();
    await q.published({ quizName: '会错过的测验', endTime: t.clock.now() + HOUR_MS });
    await q.published({ quizName: '还开着的测验', endTime: t.clock.now() + 3 * HOUR_MS });
    t.clock.advance(HOUR_MS + MINUTE_MS);
    const stats = await q.post<QuizStudentStatistics>('student02', `${QUIZ_A}/statistics`, {});
    expect(stats).toEqual({
      quizCount: 3,
      finishedCount: 1,
      unfinishedCount: 1,
      missedCount: 1,
      averageScoreRate: 50,
      highestScoreRate: 50,
    });
    expect(
      (
        await q.post<QuizStudentStatistics>('student02', `${QUIZ_A}/statistics`, {
          courseId: String(f.python.id),
        })
      ).quizCount,
    ).toBe(0);
    expect(await codeOf('student16', `${QUIZ_A}/statistics`, { courseId: String(f.derivatives.id) })).toBe(5);
    expect(await codeOf('student16', `${QUIZ_A}/statistics`, { courseId: UNKNOWN_ID })).toBe(6);
  });

  it('compares the student with their class, quiz by quiz', async () => {
    const { quiz } = await takenByThree();
    const stats = await q.post<QuizCourseClassStatistics>('student02', `${QUIZ_A}/course/class/statistics`, {
      courseId: String(f.quant.id),
    });
    expect(stats).toMatchObject({
      courseId: String(f.quant.id),
      classId: String(f.quant.class1),
      className: '量化投资（1班）',
    });
    expect(stats.items).toEqual([
      {
        quizId: quiz.quizId,
        quizName: quiz.quizName,
        totalScore: 30,
        myScore: 15,
        classAverage: 22.5,
        classMax: 30,
        myRank: 2,
        submittedCount: 2,
        studentCount: 15,
      },
    ]);
    const other = await q.post<QuizCourseClassStatistics>('student04', `${QUIZ_A}/course/class/statistics`, {
      courseId: String(f.quant.id),
    });
    expect(other.items[0]).toMatchObject({ myScore: null, myRank: null, classAverage: 22.5 });
    expect(
      await codeOf('student16', `${QUIZ_A}/course/class/statistics`, { courseId: String(f.derivatives.id) }),
    ).toBe(5);
    expect(await codeOf('student01', `${QUIZ_A}/course/class/statistics`, { courseId: UNKNOWN_ID })).toBe(6);
  });
});
