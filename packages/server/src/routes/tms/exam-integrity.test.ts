import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { examExaminers } from '../../db/schema/exam';
import { students } from '../../db/schema/school';
import { MINUTE_MS } from '../../lib/clock';
import { submitOverdueAttempts } from '../../services/exam/attempt';
import { call, createTestApp, type TestApp } from '../../testing/index';
import { answersOf, EXAM_T, EXAM_U, type Examiner, exams, PAPER, RIGHT } from './exam.fixtures';
import { ok, refusal } from './homework.fixtures';
import { upload, xlsx } from './student.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// What exam.test.ts leaves to this file: per-student extra time, item analysis (score rate and
// discrimination), the server's own submission without any request, examiner lists in and out of
// Excel, and answers saved through two server processes on one database.

let t: TestApp;
let f: TeachingFixture;
let ex: ReturnType<typeof exams>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  ex = exams(t, f);
});

describe('examination/teacher/examiners/extra/time', () => {
  it('moves an answering student’s deadline at once, lets a later one enter with it, and past the exam’s end', async () => {
    // 60 minutes to answer in a window closing in 60 minutes
    const now = t.clock.now();
    const exam = await ex.ready({ startTime: now - MINUTE_MS, endTime: now + 60 * MINUTE_MS });
    const entered = await ex.enter('student01', exam.examId);
    expect(entered.deadline).toBe(now + 60 * MINUTE_MS);
    const s1 = await ex.userIdOf('student01');
    const s2 = await ex.userIdOf('student02');
    const answer = await ok<{ updatedUserIds: string[]; skippedUserIds: string[] }>(
      ex.post('teacher1', `${EXAM_T}/examiners/extra/time`, {
        examId: exam.examId,
        userIds: [s1, s2],
        extraMinutes: 20,
      }),
    );
    expect(answer.updatedUserIds.sort()).toEqual([s1, s2].sort());
    expect(answer.skippedUserIds).toEqual([]);
    // student01's clock moved on the server, and the record says so
    const timing = await ok<{ deadline: number }>(
      ex.get('student01', `${EXAM_U}/examiner/status/get/${exam.examId}`),
    );
    expect(timing.deadline).toBe(now + 80 * MINUTE_MS);
    const record = await ex.examinerOf(exam.examId, 'student01');
    expect(record).toMatchObject({ extraMinutes: 20, deadline: now + 80 * MINUTE_MS });

    // past the exam's end, student01 still answers; one who never entered cannot start now
    t.clock.advance(70 * MINUTE_MS);
    const item = answersOf(exam, { 1: RIGHT[1]! });
    expect((await refusal(ex.save('student01', exam.examId, item))).errCode).toBe(0);
    expect(
      (await refusal(ex.post('student02', `${EXAM_U}/examiner/get`, { examId: exam.examId }))).errCode,
    ).toBe(1);
    const check = await ok<{ canEnter: boolean; reason: number }>(
      ex.post('student01', `${EXAM_U}/examiner/check`, { examId: exam.examId }),
    );
    expect(check).toMatchObject({ canEnter: true, reason: 0 });

    // at 80 minutes and the grace, the server ends it
    t.clock.advance(10 * MINUTE_MS + 31_000);
    expect((await ex.attendOf(exam.examId, 'student01')).attendStatus).toBe(2);
  });

  it('leaves submitted papers alone, refuses students off the list (2) and other teachers (5)', async () => {
    const exam = await ex.ready();
    await ex.sit('student01', exam, RIGHT);
    const s1 = await ex.userIdOf('student01');
    const s9 = await ex.userIdOf('student09');
    const path = `${EXAM_T}/examiners/extra/time`;
    const skipped = await ok<{ updatedUserIds: string[]; skippedUserIds: string[] }>(
      ex.post('teacher1', path, { examId: exam.examId, userIds: [s1], extraMinutes: 10 }),
    );
    expect(skipped).toMatchObject({ updatedUserIds: [], skippedUserIds: [s1] });
    expect((await ex.examinerOf(exam.examId, 'student01')).extraMinutes).toBe(0);
    const off = await refusal(
      ex.post('teacher1', path, { examId: exam.examId, userIds: [s9], extraMinutes: 10 }),
    );
    expect(off.errCode).toBe(2);
    expect(off.errMsg).toContain(s9);
    expect(
      (await refusal(ex.post('teacher2', path, { examId: exam.examId, userIds: [s1], extraMinutes: 10 })))
        .errCode,
    ).toBe(5);
    expect(
      (await refusal(ex.post('teacher1', path, { examId: exam.examId, userIds: [s1], extraMinutes: 601 })))
        .errCode,
    ).toBe(2);
  });
});

describe('item analysis in examination/teacher/static', () => {
  it('gives each question its score rate and its discrimination between the best and worst 27 %', async () => {
    const names = [
      'student01',
      'student02',
      'student03',
      'student04',
      'student05',
      'student06',
      'student07',
      'student08',
    ];
    const exam = await ex.ready({}, names);
    // question 1 right only for the four best, question 3 right for everyone
    const papers: Record<string, Record<number, string[]>> = {
      student01: { 1: ['B'], 2: ['A', 'C'], 3: ['T'], 4: ['Sharpe'] },
      student02: { 1: ['B'], 2: ['A', 'C'], 3: ['T'], 4: ['Sharpe'] },
      student03: { 1: ['B'], 2: ['A', 'C'], 3: ['T'] },
      student04: { 1: ['B'], 2: ['A'], 3: ['T'] },
      student05: { 1: ['A'], 2: ['A'], 3: ['T'] },
      student06: { 1: ['A'], 3: ['T'] },
      student07: { 1: ['C'], 3: ['T'] },
      student08: { 3: ['T'] },
    };
    for (const name of names) await ex.sit(name, exam, papers[name]!);
    const stats = await ok<{
      questionStats: {
        orderNo: number;
        correctRate: number | null;
        scoreRate: number | null;
        discrimination: number | null;
      }[];
    }>(ex.get('teacher1', `${EXAM_T}/static/${exam.examId}`));
    const q = (orderNo: number) => stats.questionStats.find((item) => item.orderNo === orderNo)!;
    expect(q(1)).toMatchObject({ correctRate: 0.5, scoreRate: 0.5, discrimination: 1 });
    expect(q(3)).toMatchObject({ correctRate: 1, scoreRate: 1, discrimination: 0 });
    // the short answer is not scored yet: no rate, no discrimination
    expect(q(5)).toMatchObject({ correctRate: null, scoreRate: null, discrimination: null });
  });

  it('has no discrimination with fewer than four papers', async () => {
    const exam = await ex.ready();
    await ex.sit('student01', exam, RIGHT);
    const stats = await ok<{ questionStats: { discrimination: number | null }[] }>(
      ex.get('teacher1', `${EXAM_T}/static/${exam.examId}`),
    );
    expect(stats.questionStats.every((item) => item.discrimination === null)).toBe(true);
  });
});

describe('the server submits attempts whose time is up', () => {
  it('submits them with what was saved, at their deadline, without any request (the sweep)', async () => {
    const exam = await ex.ready();
    await ex.enter('student01', exam.examId);
    await ok(ex.save('student01', exam.examId, answersOf(exam, { 1: ['B'], 3: ['T'] })));
    await ex.enter('student02', exam.examId);
    const deadline = (await ex.attendOf(exam.examId, 'student01')).deadline!;
    // within the grace nothing happens
    t.clock.set(deadline + 10_000);
    expect(await submitOverdueAttempts(t.db, t.clock.now())).toBe(0);
    t.clock.set(deadline + 31_000);
    expect(await submitOverdueAttempts(t.db, t.clock.now())).toBe(2);
    expect(await submitOverdueAttempts(t.db, t.clock.now())).toBe(0);
    const rows = await t.db
      .select()
      .from(examExaminers)
      .where(and(eq(examExaminers.examId, Number(exam.examId)), eq(examExaminers.attendStatus, 2)));
    expect(rows).toHaveLength(2);
    const s1 = await ex.userIdOf('student01');
    const first = rows.find((row) => String(row.userId) === s1);
    // question 1 (10) and question 3 (5) were right
    expect(first).toMatchObject({ submitType: 1, submitTime: deadline, objectiveScore: 15 });
  });
});

describe('examiners in and out of Excel', () => {
  async function number(userName: string): Promise<{ number: string; name: string }> {
    const id = Number(await ex.userIdOf(userName));
    const [row] = await t.db
      .select({ number: students.studentNumber, name: students.name })
      .from(students)
      .where(eq(students.userId, id));
    return row!;
  }

  it('downloads the template with 学号 and 姓名', async () => {
    const response = await t.app.request(`/api${EXAM_T}/examiners/import/model/get`, {
      headers: { Product: 'dfrm', ...(await ex.as('teacher1')).headers },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('考生导入模板.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const header = workbook.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(['学号', '姓名']);
  });

  it('imports by student number, skipping those listed and naming each bad row', async () => {
    const exam = await ex.create();
    await ex.addExaminers(exam.examId, ['student02']);
    const one = await number('student01');
    const two = await number('student02');
    const three = await number('student03');
    const file = await xlsx(
      [
        [one.number, one.name],
        [two.number, two.name],
        [three.number, '别人'],
        ['00000000', '无名'],
      ],
      ['学号', '姓名'],
    );
    const path = `${EXAM_T}/examiners/import/${exam.examId}`;
    const teacher = await ex.as('teacher1');
    const answer = await ok<{
      addedCount: number;
      skippedCount: number;
      failures: { row: number; reason: string }[];
    }>(call(t.app, 'POST', path, { session: teacher, body: upload(file, '考生.xlsx') }));
    expect(answer.addedCount).toBe(1);
    expect(answer.skippedCount).toBe(1);
    expect(answer.failures).toEqual([
      { row: 4, studentNumber: three.number, reason: '姓名与学号不符' },
      { row: 5, studentNumber: '00000000', reason: '学号不存在' },
    ]);
    const listed = await ex.examiners(exam.examId);
    expect(listed.list.map((row: Examiner) => row.studentNumber).sort()).toEqual(
      [one.number, two.number].sort(),
    );
    // not an .xlsx: 2, nothing added; another teacher: 5
    const text = new FormData();
    text.append('file', new File(['学号,姓名'], '考生.csv'));
    expect((await refusal(call(t.app, 'POST', path, { session: teacher, body: text }))).errCode).toBe(2);
    const other = await ex.as('teacher2');
    expect((await refusal(call(t.app, 'POST', path, { session: other, body: upload(file) }))).errCode).toBe(
      5,
    );
  });

  it('exports the list with scores, and refuses another teacher', async () => {
    const exam = await ex.ready();
    await ex.sit('student01', exam, RIGHT);
    const response = await t.app.request(`/api${EXAM_T}/examiners/export/${exam.examId}`, {
      headers: { Product: 'dfrm', ...(await ex.as('teacher1')).headers },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '学号',
      '姓名',
      '行政班',
      '参考状态',
      '进入时间',
      '交卷时间',
      '客观题得分',
      '主观题得分',
      '总分',
    ]);
    const one = await number('student01');
    const row = [2, 3, 4]
      .map((index) => sheet.getRow(index).values as unknown[])
      .find((values) => values[1] === one.number)!;
    expect(row[4]).toBe('已交卷');
    expect(row[7]).toBe(30);
    expect(row[9]).toBe(30);
    const other = await call(t.app, 'GET', `${EXAM_T}/examiners/export/${exam.examId}`, {
      session: await ex.as('teacher2'),
    });
    expect(other.body.errCode).toBe(5);
  });
});

describe('two server processes on one database', () => {
  it('keeps the newest answer whichever process takes each save, and acknowledges each once', async () => {
    const exam = await ex.ready();
    const peer = await t.createPeerApp();
    const session = await ex.as('student01');
    await ex.enter('student01', exam.examId);
    const questionId = answersOf(exam, { 1: ['A'] })[0]!.questionId;
    const send = (app: typeof t.app, answer: string, seq: number) =>
      call<{ ackItems: { applied: boolean; seq: number }[] }>(app, 'POST', `${EXAM_U}/examiner/status/save`, {
        session,
        body: { examId: exam.examId, answers: [{ questionId, answer: [answer], seq }] },
      });
    // the newer save arrives first at one process, the older one later at the other
    const [newer, older] = await Promise.all([send(peer, 'B', 3), send(t.app, 'A', 2)]);
    expect(newer.body.errCode).toBe(0);
    expect(older.body.errCode).toBe(0);
    const again = await send(t.app, 'B', 3);
    expect(again.body.data.ackItems[0]).toMatchObject({ applied: false, seq: 3 });
    const paper = await ex.enter('student01', exam.examId);
    expect(paper.savedAnswers).toEqual([expect.objectContaining({ questionId, answer: ['B'], seq: 3 })]);
    await t.close();
  });
});

describe('a class entering and saving at the same moment', () => {
  const CLASS = ['student01', 'student02', 'student03', 'student04', 'student05'];

  it('enters everyone together, each with their own deadline and paper, and refuses only whom the rules refuse', async () => {
    const exam = await ex.ready({ shuffleQuestions: true, shuffleOptions: true }, [...CLASS, 'student06']);
    // sessions first, so the entries meet on the server
    await Promise.all([...CLASS, 'student07'].map((who) => ex.as(who)));
    const [papers, stranger] = await Promise.all([
      Promise.all(CLASS.map((who) => ex.enter(who, exam.examId))),
      refusal(ex.post('student07', `${EXAM_U}/examiner/get`, { examId: exam.examId })),
    ]);
    expect(stranger.errCode).toBe(5);
    for (const paper of papers) {
      expect(paper.attendStatus).toBe(1);
      expect(paper.deadline).toBe(t.clock.now() + 60 * MINUTE_MS);
      expect(paper.questions.map((question) => question.questionId).sort()).toEqual(
        exam.questions.map((question) => question.questionId).sort(),
      );
    }
    for (const [who, attendStatus] of [
      ['student01', 1],
      ['student05', 1],
      ['student06', 0],
    ] as const) {
      expect((await ex.examinerOf(exam.examId, who)).attendStatus).toBe(attendStatus);
    }
  });

  it('stores every student’s answers, the newest of one student’s racing saves, and each one’s counters', async () => {
    const exam = await ex.ready({}, [...CLASS, 'student06']);
    await Promise.all(CLASS.map((who) => ex.enter(who, exam.examId)));
    await ex.as('student06');
    const [q1, q3] = answersOf(exam, { 1: ['B'], 3: ['T'] });
    const send = (who: string, answers: { questionId: string; answer: string[]; seq: number }[]) =>
      ex.save(who, exam.examId, answers);
    const answers = await Promise.all([
      ...CLASS.map((who) => send(who, [q1!, q3!])),
      // student01 changes question 1 twice at once: the later seq wins whichever lands first
      send('student01', [{ ...q1!, answer: ['C'], seq: 3 }]),
      send('student01', [{ ...q1!, answer: ['D'], seq: 2 }]),
      // student06 never entered: refused alone
      send('student06', [q1!]),
    ]);
    expect(answers.slice(0, CLASS.length + 2).map((answer) => answer.body.errCode)).toEqual(
      Array(CLASS.length + 2).fill(0),
    );
    expect(answers.at(-1)!.body).toMatchObject({ errCode: 1, errMsg: '您还没有进入考试' });
    const papers = await Promise.all(CLASS.map((who) => ex.enter(who, exam.examId)));
    const saved = papers.map((paper) =>
      Object.fromEntries(paper.savedAnswers.map((answer) => [answer.questionId, answer.answer])),
    );
    expect(saved[0]).toEqual({ [q1!.questionId]: ['C'], [q3!.questionId]: ['T'] });
    for (const mine of saved.slice(1))
      expect(mine).toEqual({ [q1!.questionId]: ['B'], [q3!.questionId]: ['T'] });
    for (const who of CLASS) {
      const status = await ok<{ answeredCount: number }>(
        ex.get(who, `${EXAM_U}/examiner/status/get/${exam.examId}`),
      );
      expect(status.answeredCount).toBe(2);
    }
  });
});

const PAPER_SINGLE = PAPER[0]!;

describe('a fill-in with a numeric tolerance', () => {
  const BLANK = {
    type: 4,
    stem: '<p>年化收益 10%、波动率 20%、无风险利率 2% 时，夏普比率为 ____。</p>',
    options: [],
    answers: ['0.4'],
    tolerance: 0.01,
    score: 10,
  };

  it('takes a number within the tolerance, any way it is written, and nothing else', async () => {
    const exam = await ex.ready({ questions: [BLANK], passScore: 6 }, [
      'student01',
      'student02',
      'student03',
      'student04',
    ]);
    expect(exam.questions[0]).toMatchObject({ tolerance: 0.01 });
    const answers = { student01: '0.41', student02: '4e-1', student03: '0.4 左右', student04: '0.411' };
    for (const [who, answer] of Object.entries(answers)) await ex.sit(who, exam, { 1: [answer] });
    const scores = await Promise.all(
      Object.keys(answers).map(async (who) => (await ex.sheetOf(exam.examId, who)).examiner.objectiveScore),
    );
    expect(scores).toEqual([10, 10, 0, 0]);
  });

  it('refuses a tolerance on another type or with an answer that is not a number (2)', async () => {
    const onChoice = await refusal(ex.createAnswer({ questions: [{ ...PAPER_SINGLE, tolerance: 0.5 }] }));
    expect(onChoice).toMatchObject({ errCode: 2, errMsg: expect.stringContaining('不能设数值容差') });
    const wordy = await refusal(ex.createAnswer({ questions: [{ ...BLANK, answers: ['夏普'] }] }));
    expect(wordy).toMatchObject({ errCode: 2, errMsg: expect.stringContaining('第 1 空“夏普”') });
  });
});
