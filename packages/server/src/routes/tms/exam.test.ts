import type { ExaminerCheckResponse, ExamFlushResponse, ExamStaticResponse } from '@dfrm/sdk/tms/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../testing/index';
import {
  type AnswerInput,
  answersOf,
  type AttemptStatus,
  EXAM_T,
  EXAM_U,
  type ExamBrief,
  type ExamDetail,
  type Examiner,
  exams,
  type Page,
  PAPER,
  type PaperQuestion,
  questionIdOf,
  RIGHT,
  type SaveResult,
  type SubmitResult,
  type UserResult,
} from './exam.fixtures';
import { ok, refusal } from './homework.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// The exam domain over HTTP, as specs/tms/exam-teacher.yaml and exam-student.yaml promise it:
// the teacher sets a paper, lists students, publishes, grades and reads statistics; students
// enter, save answer by answer (idempotent, ordered, never lost), submit and read their results.
// The server's clock is the test clock: deadlines, the 30 s grace and the exam's phases move with it.

let t: TestApp;
let f: TeachingFixture;
let ex: ReturnType<typeof exams>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  ex = exams(t, f);
});

/** Saves are still taken this long after a student's deadline. */
const GRACE_MS = 30_000;
const UNKNOWN_ID = '99999999';

type Send = () => Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>;

async function codeOf(promise: ReturnType<Send>): Promise<number> {
  return (await refusal(promise)).errCode;
}

/** The default paper with question `index` (from 0) changed. */
function paperWith(index: number, patch: Record<string, unknown>) {
  return PAPER.map((q, i) => (i === index ? { ...q, ...patch } : q));
}

/** Items in question id order, to compare lists whose order the contract leaves open. */
function byQuestion<T extends { questionId: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.questionId.localeCompare(b.questionId));
}

type CheckResult = ExaminerCheckResponse;
type ExamStatic = ExamStaticResponse;
type FlushResult = ExamFlushResponse;

describe('examination/teacher/create', () => {
  it('creates a withdrawn exam with an 8-digit number, the total of its scores and questions numbered from 1', async () => {
    const now = t.clock.now();
    const exam = await ex.create();
    expect(exam).toMatchObject({
      schoolId: '1',
      courseId: String(f.quant.id),
      courseName: '量化投资',
      examName: '量化投资期中考试',
      description: '闭卷，独立完成。',
      attendNotice: '考试期间请勿离开页面，答案会自动保存。',
      startTime: now - MINUTE_MS,
      endTime: now + 2 * HOUR_MS,
      duration: 60,
      totalScore: 50,
      passScore: 30,
      questionCount: 5,
      resultPolicy: 1,
      shuffleQuestions: false,
      shuffleOptions: false,
      upDownStatus: 0,
      phase: 1,
      examinerCount: 0,
      submittedCount: 0,
      flushedAt: null,
      creator: { userId: await ex.userIdOf('teacher1'), userName: 'teacher1', realName: '李明华' },
      createdAt: now,
    });
    expect(exam.examNumber).toMatch(/^\d{8}$/);
    expect(exam.questions.map((q) => q.orderNo)).toEqual([1, 2, 3, 4, 5]);
    // every question comes back with its answers, partial score and analysis
    expect(exam.questions).toMatchObject(PAPER);
    expect(new Set(exam.questions.map((q) => q.questionId)).size).toBe(5);
    expect(await ex.detailOf(exam.examId)).toEqual(exam);

    const another = await ex.create({ examName: '量化投资期末考试' });
    expect(another.examNumber).toMatch(/^\d{8}$/);
    expect(another.examNumber).not.toBe(exam.examNumber);
  });

  it('refuses times or a paper that break the rules (2) and stores nothing', async () => {
    const now = t.clock.now();
    const cases: [string, Record<string, unknown>][] = [
      ['the end is not after the start', { startTime: now, endTime: now }],
      ['the end is before the start', { startTime: now, endTime: now - HOUR_MS }],
      [
        'the duration is longer than the window',
        { startTime: now, endTime: now + 30 * MINUTE_MS, duration: 31 },
      ],
      ['the pass score is above the total', { passScore: 51 }],
      ['a single choice has two answers', { questions: paperWith(0, { answers: ['A', 'B'] }) }],
      ['a single choice answer is not one of its options', { questions: paperWith(0, { answers: ['E'] }) }],
      [
        'a single choice has one option',
        { questions: paperWith(0, { options: [{ key: 'A', content: '贝塔系数' }], answers: ['A'] }) },
      ],
      ['a multiple choice has one answer', { questions: paperWith(1, { answers: ['A'] }) }],
      [
        'the options are not lettered A, B, C… in a row',
        {
          questions: paperWith(0, {
            options: [
              { key: 'A', content: '贝塔系数' },
              { key: 'B', content: '夏普比率' },
              { key: 'D', content: '换手率' },
            ],
          }),
        },
      ],
      ['the partial score is above the score', { questions: paperWith(1, { partialScore: 15 }) }],
      [
        'a true/false question has options',
        {
          questions: paperWith(2, {
            options: [
              { key: 'A', content: '对' },
              { key: 'B', content: '错' },
            ],
          }),
        },
      ],
      ['a true/false answer is neither T nor F', { questions: paperWith(2, { answers: ['Y'] }) }],
      [
        'a fill-in has more answers than blanks',
        { questions: paperWith(3, { answers: ['夏普比率', '索提诺比率'] }) },
      ],
      [
        'a fill-in has more blanks than answers',
        { questions: paperWith(3, { stem: '<p>____ 等于超额收益除以 ____。</p>' }) },
      ],
    ];
    for (const [what, body] of cases) {
      expect(await codeOf(ex.createAnswer(body)), what).toBe(2);
    }
    expect((await ex.list()).total).toBe(0);
  });

  it('takes the paper from exactly one of questions and sourcePaperId (2); an unknown source paper is 6', async () => {
    expect(await codeOf(ex.createAnswer({ sourcePaperId: UNKNOWN_ID })), 'both').toBe(2);
    expect(await codeOf(ex.createAnswer({ questions: undefined })), 'neither').toBe(2);
    expect(await codeOf(ex.createAnswer({ questions: undefined, sourcePaperId: UNKNOWN_ID }))).toBe(6);
    expect((await ex.list()).total).toBe(0);
  });

  it('lets only teachers create and manage exams (5)', async () => {
    const exam = await ex.create();
    expect(await codeOf(ex.createAnswer({}, 'student01'))).toBe(5);
    expect(
      await codeOf(ex.post('student01', `${EXAM_T}/list`, { schoolId: '1', pageIndex: 1, pageSize: 20 })),
    ).toBe(5);
    expect(await codeOf(ex.get('student01', `${EXAM_T}/get/${exam.examId}`))).toBe(5);
    expect(await codeOf(ex.get('student01', `${EXAM_T}/static/${exam.examId}`))).toBe(5);
    expect((await ex.list()).total).toBe(1);
  });
});

describe('examination/teacher/list and get/amount', () => {
  const idsOf = (page: Page<ExamBrief>) => page.list.map((e) => e.examId).sort();

  it('lists only the caller’s own exams, by keyword, exam number, course and up/down status', async () => {
    const midterm = await ex.create({ examName: '量化投资期中考试' });
    const final = await ex.create({ examName: '量化投资期末考试' });
    const others = await ex.create({ examName: '金融衍生品期中考试' }, 'teacher2');

    const mine = await ex.list();
    expect(mine.total).toBe(2);
    expect(idsOf(mine)).toEqual([midterm.examId, final.examId].sort());
    expect(mine.list.find((e) => e.examId === midterm.examId)).toMatchObject({
      examNumber: midterm.examNumber,
      examName: '量化投资期中考试',
      courseName: '量化投资',
      totalScore: 50,
      passScore: 30,
      questionCount: 5,
      upDownStatus: 0,
      phase: 1,
      examinerCount: 0,
      submittedCount: 0,
      creator: { userName: 'teacher1' },
    });

    // teacher2's 期中考试 matches too, but is not teacher1's
    expect(idsOf(await ex.list({ keyword: '期中' }))).toEqual([midterm.examId]);
    expect(idsOf(await ex.list({ keyword: final.examNumber }))).toEqual([final.examId]);
    expect((await ex.list({ courseId: String(f.python.id) })).total).toBe(0);
    expect((await ex.list({ courseId: String(f.quant.id) })).total).toBe(2);

    await ex.addExaminers(midterm.examId, ['student01']);
    await ex.publish(midterm.examId);
    expect(idsOf(await ex.list({ upDownStatus: 1 }))).toEqual([midterm.examId]);
    expect(idsOf(await ex.list({ upDownStatus: 0 }))).toEqual([final.examId]);

    expect(idsOf(await ex.list({}, 'teacher2'))).toEqual([others.examId]);
  });

  it('counts exams by up/down status and by phase as the clock moves', async () => {
    const now = t.clock.now();
    const later = await ex.create({
      examName: '量化投资期末考试',
      startTime: now + HOUR_MS,
      endTime: now + 3 * HOUR_MS,
    });
    const current = await ex.ready({ examName: '量化投资期中考试' });
    await ex.create({ examName: '金融衍生品期中考试' }, 'teacher2');
    const phases = async () => {
      const page = await ex.list();
      return Object.fromEntries(page.list.map((e) => [e.examName, e.phase]));
    };

    expect(await ex.amount()).toMatchObject({
      total: 2,
      upCount: 1,
      downCount: 1,
      notStartedCount: 1,
      ongoingCount: 1,
      endedCount: 0,
    });
    expect(await phases()).toEqual({ 量化投资期末考试: 0, 量化投资期中考试: 1 });
    expect(idsOf(await ex.list({ phase: 0 }))).toEqual([later.examId]);

    // the later exam starts at its start time
    t.clock.set(later.startTime);
    expect(await ex.amount()).toMatchObject({ total: 2, notStartedCount: 0, ongoingCount: 2, endedCount: 0 });
    expect(await phases()).toEqual({ 量化投资期末考试: 1, 量化投资期中考试: 1 });

    // an exam has ended from its end time on
    t.clock.set(current.endTime);
    expect(await ex.amount()).toMatchObject({ notStartedCount: 0, ongoingCount: 1, endedCount: 1 });
    expect(idsOf(await ex.list({ phase: 2 }))).toEqual([current.examId]);
    expect(idsOf(await ex.list({ phase: 1 }))).toEqual([later.examId]);

    t.clock.set(later.endTime + MINUTE_MS);
    expect(await ex.amount()).toMatchObject({
      total: 2,
      upCount: 1,
      downCount: 1,
      notStartedCount: 0,
      ongoingCount: 0,
      endedCount: 2,
    });
    expect(await ex.amount('teacher2')).toMatchObject({ total: 1, downCount: 1 });
  });
});

describe('examination/teacher/get and ownership', () => {
  it('answers 5 for another teacher’s exam and 6 for an unknown one, and changes nothing', async () => {
    const exam = await ex.create();
    const id = exam.examId;
    await ex.addExaminers(id, ['student01']);
    const student01 = await ex.userIdOf('student01');
    const student02 = await ex.userIdOf('student02');

    const byTeacher2: [string, Send][] = [
      ['get', () => ex.get('teacher2', `${EXAM_T}/get/${id}`)],
      ['update', () => ex.update(exam, { examName: '改名' }, 'teacher2')],
      ['updown', () => ex.updown(id, 1, 'teacher2')],
      ['examiners/add', () => ex.addAnswer(id, [student02], 'teacher2')],
      [
        'examiners/list',
        () => ex.post('teacher2', `${EXAM_T}/examiners/list`, { examId: id, pageIndex: 1, pageSize: 20 }),
      ],
      [
        'examiners/list/byIds',
        () => ex.post('teacher2', `${EXAM_T}/examiners/list/byIds`, { examId: id, userIds: [student01] }),
      ],
      [
        'examiners/del',
        () => ex.post('teacher2', `${EXAM_T}/examiners/del`, { examId: id, userIds: [student01] }),
      ],
      ['user/attend', () => ex.get('teacher2', `${EXAM_T}/user/attend/${id}/${student01}`)],
      ['static', () => ex.get('teacher2', `${EXAM_T}/static/${id}`)],
      ['flush', () => ex.get('teacher2', `${EXAM_T}/flush/${id}`)],
      ['del', () => ex.get('teacher2', `${EXAM_T}/del/${id}`)],
    ];
    for (const [what, send] of byTeacher2) {
      expect(await codeOf(send()), what).toBe(5);
    }
    expect(await ex.detailOf(id)).toMatchObject({
      examName: '量化投资期中考试',
      upDownStatus: 0,
      examinerCount: 1,
    });

    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/get/${UNKNOWN_ID}`))).toBe(6);
    expect(await codeOf(ex.update({ ...exam, examId: UNKNOWN_ID }))).toBe(6);
    expect(await codeOf(ex.updown(UNKNOWN_ID, 1))).toBe(6);
    expect(await codeOf(ex.addAnswer(UNKNOWN_ID, [student01]))).toBe(6);
    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/static/${UNKNOWN_ID}`))).toBe(6);
    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/del/${UNKNOWN_ID}`))).toBe(6);
  });
});

describe('examination/teacher/update', () => {
  it('changes the paper of a withdrawn exam and its total', async () => {
    const exam = await ex.create();
    const updated = await ok<ExamDetail>(
      ex.update(exam, { examName: '量化投资期中考试（修订）', questions: PAPER.slice(0, 2), passScore: 12 }),
    );
    expect(updated).toMatchObject({
      examId: exam.examId,
      examNumber: exam.examNumber,
      examName: '量化投资期中考试（修订）',
      questionCount: 2,
      totalScore: 20,
      passScore: 12,
      upDownStatus: 0,
    });
    expect(updated.questions.map((q) => [q.orderNo, q.type, q.answers])).toEqual([
      [1, 1, ['B']],
      [2, 2, ['A', 'C']],
    ]);
    expect(await ex.detailOf(exam.examId)).toEqual(updated);
  });

  it('gives students the changed paper after a withdrawal (papers are kept per exam version)', async () => {
    const exam = await ex.ready();
    const typesOf = async () =>
      (
        await ok<{ typeCounts: { type: number; count: number }[] }>(
          ex.post('student01', `${EXAM_U}/examiner/get/base`, { examId: exam.examId }),
        )
      ).typeCounts.map(({ type, count }) => [type, count]);
    expect(await typesOf()).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    await ex.withdraw(exam.examId);
    await ok(ex.update(exam, { questions: PAPER.slice(0, 2), passScore: 12 }));
    await ex.publish(exam.examId);
    expect(await typesOf()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const paper = await ex.enter('student01', exam.examId);
    expect(paper.questions).toHaveLength(2);
  });

  it('on a published exam changes only the name, texts and a later end; the paper or other settings are 1', async () => {
    const exam = await ex.ready();
    const cases: [string, Record<string, unknown>][] = [
      ['a question’s score', { questions: paperWith(0, { score: 15 }) }],
      ['a question removed', { questions: PAPER.slice(0, 4) }],
      ['the duration', { duration: 45 }],
      ['the start', { startTime: exam.startTime + MINUTE_MS }],
      ['an earlier end', { endTime: exam.endTime - MINUTE_MS }],
      ['the pass score', { passScore: 20 }],
      ['the result policy', { resultPolicy: 2 }],
    ];
    for (const [what, patch] of cases) {
      expect(await codeOf(ex.update(exam, patch)), what).toBe(1);
    }
    expect(await ex.detailOf(exam.examId)).toEqual(exam);

    const later = exam.endTime + HOUR_MS;
    const renamed = await ok<ExamDetail>(
      ex.update(exam, {
        examName: '量化投资期中考试（延时）',
        description: '延长一小时。',
        attendNotice: '请注意新的结束时间。',
        endTime: later,
      }),
    );
    expect(renamed).toMatchObject({
      examId: exam.examId,
      examNumber: exam.examNumber,
      examName: '量化投资期中考试（延时）',
      description: '延长一小时。',
      attendNotice: '请注意新的结束时间。',
      startTime: exam.startTime,
      endTime: later,
      duration: 60,
      passScore: 30,
      totalScore: 50,
      upDownStatus: 1,
    });
    // the same questions, so answers students save keep pointing at them
    expect(renamed.questions.map((q) => q.questionId)).toEqual(exam.questions.map((q) => q.questionId));
    expect(await ex.detailOf(exam.examId)).toEqual(renamed);
  });

  it('keeps the paper fixed once a student has entered, even after withdrawing', async () => {
    const exam = await ex.ready();
    await ex.enter('student01', exam.examId);
    await ok(ex.submit('student01', exam.examId));
    await ex.withdraw(exam.examId);

    expect(await codeOf(ex.update(exam, { questions: paperWith(0, { score: 15 }) }))).toBe(1);
    expect(await codeOf(ex.update(exam, { questions: PAPER.slice(0, 4) }))).toBe(1);
    const renamed = await ok<ExamDetail>(ex.update(exam, { examName: '量化投资期中考试（补考）' }));
    expect(renamed).toMatchObject({
      examName: '量化投资期中考试（补考）',
      upDownStatus: 0,
      totalScore: 50,
      questionCount: 5,
    });
  });

  it('validates like create (2) and keeps the exam as it was', async () => {
    const exam = await ex.create();
    expect(await codeOf(ex.update(exam, { endTime: exam.startTime })), 'end').toBe(2);
    expect(await codeOf(ex.update(exam, { passScore: 51 })), 'pass score').toBe(2);
    expect(
      await codeOf(ex.update(exam, { questions: paperWith(1, { answers: ['A'] }) })),
      'multiple choice',
    ).toBe(2);
    expect(await ex.detailOf(exam.examId)).toEqual(exam);
  });
});

describe('examination/teacher/updown', () => {
  it('publishes only with questions, examiners and an end still ahead; publishing again is a success', async () => {
    const exam = await ex.create();
    expect(await codeOf(ex.updown(exam.examId, 1)), 'no examiners').toBe(1);
    expect((await ex.detailOf(exam.examId)).upDownStatus).toBe(0);

    await ex.addExaminers(exam.examId, ['student01']);
    expect(await ex.publish(exam.examId)).toMatchObject({
      examId: exam.examId,
      upDownStatus: 1,
      updatedAt: t.clock.now(),
    });
    expect(await ex.publish(exam.examId)).toMatchObject({ examId: exam.examId, upDownStatus: 1 });
    expect((await ex.detailOf(exam.examId)).upDownStatus).toBe(1);
    expect((await ex.myList('student01')).total).toBe(1);

    const blank = await ex.create({ examName: '空白试卷', questions: [], passScore: 0 });
    expect(blank).toMatchObject({ questionCount: 0, totalScore: 0 });
    await ex.addExaminers(blank.examId, ['student01']);
    expect(await codeOf(ex.updown(blank.examId, 1)), 'no questions').toBe(1);
    // withdrawing a withdrawn exam is a success too
    expect(await ex.withdraw(blank.examId)).toMatchObject({ examId: blank.examId, upDownStatus: 0 });

    const quiz = await ex.create({ examName: '随堂测验', endTime: t.clock.now() + HOUR_MS, duration: 30 });
    await ex.addExaminers(quiz.examId, ['student01']);
    t.clock.set(quiz.endTime + MINUTE_MS);
    expect(await codeOf(ex.updown(quiz.examId, 1)), 'ended').toBe(1);
    expect((await ex.detailOf(quiz.examId)).upDownStatus).toBe(0);
  });

  it('will not withdraw an exam while a student is answering it', async () => {
    const exam = await ex.ready();
    await ex.enter('student01', exam.examId);
    expect(await codeOf(ex.updown(exam.examId, 0))).toBe(1);
    expect((await ex.detailOf(exam.examId)).upDownStatus).toBe(1);

    await ok(ex.submit('student01', exam.examId));
    expect(await ex.withdraw(exam.examId)).toMatchObject({ examId: exam.examId, upDownStatus: 0 });
    // students no longer see it
    expect((await ex.myList('student02')).total).toBe(0);
  });
});

describe('examination/teacher/examiners', () => {
  it('adds students by user id and skips those already on the list', async () => {
    const exam = await ex.create();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    const student02 = await ex.userIdOf('student02');
    const student03 = await ex.userIdOf('student03');
    const student04 = await ex.userIdOf('student04');

    expect(await ex.addExaminers(id, ['student01', 'student02', 'student03'])).toEqual({
      examId: id,
      addedCount: 3,
      skippedUserIds: [],
    });
    expect(await ex.addExaminers(id, ['student01', 'student04'])).toEqual({
      examId: id,
      addedCount: 1,
      skippedUserIds: [student01],
    });

    const page = await ex.examiners(id, { sortBy: 'studentNumber', sortOrder: 'asc' });
    expect(page.total).toBe(4);
    expect(page.list.map((e) => e.userId)).toEqual([student01, student02, student03, student04]);
    expect(page.list[0]).toMatchObject({
      examId: id,
      userId: student01,
      studentNumber: '20260001',
      studentName: '陈思远',
      className: '金融工程2026级1班',
      addedAt: t.clock.now(),
    });
    for (const examiner of page.list) {
      expect(examiner).toMatchObject({
        attendStatus: 0,
        score: null,
        objectiveScore: null,
        subjectiveScore: null,
        enterTime: null,
        submitTime: null,
      });
    }
    expect((await ex.detailOf(id)).examinerCount).toBe(4);
  });

  it('refuses a teacher or an unknown user as an examiner, naming the id (2), and adds no one', async () => {
    const exam = await ex.create();
    const teacher2 = await ex.userIdOf('teacher2');
    const student01 = await ex.userIdOf('student01');

    const asTeacher = await refusal(ex.addAnswer(exam.examId, [teacher2]));
    expect(asTeacher.errCode).toBe(2);
    expect(asTeacher.errMsg).toContain(teacher2);
    const unknown = await refusal(ex.addAnswer(exam.examId, [student01, UNKNOWN_ID]));
    expect(unknown.errCode).toBe(2);
    expect(unknown.errMsg).toContain(UNKNOWN_ID);
    expect((await ex.examiners(exam.examId)).total).toBe(0);
  });

  it('adds no one once the exam has ended (1)', async () => {
    const exam = await ex.create();
    t.clock.set(exam.endTime + MINUTE_MS);
    expect(await codeOf(ex.addAnswer(exam.examId, [await ex.userIdOf('student01')]))).toBe(1);
    expect((await ex.examiners(exam.examId)).total).toBe(0);
  });

  it('finds examiners by name or student number, and by ids in the order asked', async () => {
    const exam = await ex.create();
    const id = exam.examId;
    await ex.addExaminers(id, ['student01', 'student02', 'student03']);
    const student01 = await ex.userIdOf('student01');
    const student02 = await ex.userIdOf('student02');
    const student03 = await ex.userIdOf('student03');

    const byName = await ex.examiners(id, { keyword: '林雨桐' });
    expect(byName.total).toBe(1);
    expect(byName.list.map((e) => e.userId)).toEqual([student02]);
    const byNumber = await ex.examiners(id, { keyword: '20260003' });
    expect(byNumber.list.map((e) => e.userId)).toEqual([student03]);

    // student10 is not on the list: left out
    const byIds = await ok<Examiner[]>(
      ex.post('teacher1', `${EXAM_T}/examiners/list/byIds`, {
        examId: id,
        userIds: [student03, student01, await ex.userIdOf('student10')],
      }),
    );
    expect(byIds.map((e) => e.userId)).toEqual([student03, student01]);
    expect(byIds[0]).toMatchObject({ studentNumber: '20260003', attendStatus: 0, score: null });
  });

  it('removes examiners who have not entered, but not one who has (1)', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    const student02 = await ex.userIdOf('student02');
    const student03 = await ex.userIdOf('student03');
    const student04 = await ex.userIdOf('student04');
    const del = (userIds: string[]) =>
      ex.post<{ examId: string; userIds: string[] }>('teacher1', `${EXAM_T}/examiners/del`, {
        examId: id,
        userIds,
      });

    await ex.enter('student01', id);
    expect(await codeOf(del([student01]))).toBe(1);
    // student04 is not on the list: ignored
    expect(await ok(del([student02, student04]))).toEqual({ examId: id, userIds: [student02] });

    const left = await ex.examiners(id, { sortBy: 'studentNumber', sortOrder: 'asc' });
    expect(left.list.map((e) => e.userId)).toEqual([student01, student03]);
    expect((await ex.detailOf(id)).examinerCount).toBe(2);
    expect((await ex.myList('student02')).total).toBe(0);
  });
});

describe('examination/teacher/del', () => {
  it('deletes only a withdrawn exam, with its list and answers', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    await ex.sit('student01', exam, RIGHT);

    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/del/${id}`))).toBe(1);
    expect((await ex.detailOf(id)).upDownStatus).toBe(1);

    await ex.withdraw(id);
    expect(await ok(ex.get('teacher1', `${EXAM_T}/del/${id}`))).toEqual({ id });
    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/get/${id}`))).toBe(6);
    expect((await ex.list()).total).toBe(0);
    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/user/get/${id}/${student01}`))).toBe(6);
    expect(await codeOf(ex.post('student01', `${EXAM_U}/examiner/check`, { examId: id }))).toBe(6);
  });
});

describe('examination/teacher/score/save', () => {
  it('refuses grading an unsubmitted paper (1), a score above the question’s (2) and a question of another exam (6)', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const other = await ex.create({ examName: '量化投资期末考试' });
    const shortAnswer = questionIdOf(exam, 5);

    await ex.enter('student02', id);
    expect(await codeOf(ex.scoreSave(id, 'student02', [{ questionId: shortAnswer, score: 10 }]))).toBe(1);

    await ex.sit('student01', exam, RIGHT);
    expect(await codeOf(ex.scoreSave(id, 'student01', [{ questionId: shortAnswer, score: 20.5 }]))).toBe(2);
    const step = await ex.scoreSave(id, 'student01', [{ questionId: shortAnswer, score: 7.3 }]);
    expect(step.body).toMatchObject({ errCode: 2, errMsg: '参数 items.0.score 必须是 0.5 的整数倍' });
    expect(
      await codeOf(ex.scoreSave(id, 'student01', [{ questionId: questionIdOf(exam, 1), score: 12 }])),
    ).toBe(2);
    expect(
      await codeOf(ex.scoreSave(id, 'student01', [{ questionId: questionIdOf(other, 5), score: 10 }])),
    ).toBe(6);

    // none of them changed the paper
    expect(await ex.examinerOf(id, 'student01')).toMatchObject({
      attendStatus: 2,
      markStatus: 0,
      objectiveScore: 30,
      subjectiveScore: null,
      score: 30,
    });
    expect(await ex.examinerOf(id, 'student02')).toMatchObject({ attendStatus: 1, score: null });
  });

  it('marks a paper once its only short answer is graded: objective plus subjective, the last grade counts', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    const shortAnswer = questionIdOf(exam, 5);
    await ex.sit('student01', exam, RIGHT);
    expect(await ex.examinerOf(id, 'student01')).toMatchObject({
      attendStatus: 2,
      markStatus: 0,
      objectiveScore: 30,
      subjectiveScore: null,
      score: 30,
    });

    const graded = await ok<Examiner>(
      ex.scoreSave(id, 'student01', [{ questionId: shortAnswer, score: 15, comment: '要点基本正确' }]),
    );
    expect(graded).toMatchObject({
      examId: id,
      userId: student01,
      markStatus: 1,
      objectiveScore: 30,
      subjectiveScore: 15,
      score: 45,
    });

    const regraded = await ok<Examiner>(
      ex.scoreSave(id, 'student01', [{ questionId: shortAnswer, score: 18, comment: '论述完整' }]),
    );
    expect(regraded).toMatchObject({ markStatus: 1, objectiveScore: 30, subjectiveScore: 18, score: 48 });
    expect(await ex.examinerOf(id, 'student01')).toMatchObject({ markStatus: 1, score: 48 });
    const sheet = await ex.sheetOf(id, 'student01');
    expect(sheet.answers[4]).toMatchObject({ questionId: shortAnswer, gotScore: 18, comment: '论述完整' });
    expect((await ex.examiners(id, { markStatus: 1 })).list.map((e) => e.userId)).toEqual([student01]);
  });
});

describe('examination/teacher/user/get, user/get/by/number and user/attend', () => {
  it('shows a student’s answers with the correct answers and each question’s score, by id or by exam number', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    await ex.sit('student01', exam, { 1: ['B'], 2: ['A'], 3: ['F'], 4: ['夏普比率'], 5: ['动量效应'] });

    const sheet = await ex.sheetOf(id, 'student01');
    expect(sheet).toMatchObject({
      examId: id,
      examName: '量化投资期中考试',
      examNumber: exam.examNumber,
      totalScore: 50,
      examiner: { userId: student01, attendStatus: 2, markStatus: 0, objectiveScore: 20, score: 20 },
    });
    expect(sheet.answers.map((a) => [a.questionId, a.orderNo, a.type, a.score])).toEqual(
      exam.questions.map((q) => [q.questionId, q.orderNo, q.type, q.score]),
    );
    expect(sheet.answers.map((a) => a.answer)).toEqual([['B'], ['A'], ['F'], ['夏普比率'], ['动量效应']]);
    // the multiple choice earns its partial score, the blank accepts one of its written forms
    expect(sheet.answers.map((a) => a.gotScore)).toEqual([10, 5, 0, 5, null]);
    expect(sheet.answers.map((a) => a.correct)).toEqual([true, false, false, true, null]);
    expect(sheet.answers.map((a) => a.correctAnswers)).toEqual(PAPER.map((q) => q.answers));
    expect(sheet.answers.map((a) => a.analysis)).toEqual(PAPER.map((q) => q.analysis));
    for (const answer of sheet.answers) expect(answer.savedAt).toEqual(expect.any(Number));

    const byNumber = await ok<UserResult>(
      ex.get('teacher1', `${EXAM_T}/user/get/by/number/${exam.examNumber}/${student01}`),
    );
    expect(byNumber).toEqual(sheet);
  });

  it('answers 6 for a user not on the list or an unknown exam number, and 5 for another teacher', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const student01 = await ex.userIdOf('student01');
    const student04 = await ex.userIdOf('student04');
    const unknownNumber = exam.examNumber === '99999999' ? '99999998' : '99999999';

    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/user/get/${id}/${student04}`))).toBe(6);
    expect(
      await codeOf(ex.get('teacher1', `${EXAM_T}/user/get/by/number/${exam.examNumber}/${student04}`)),
    ).toBe(6);
    expect(await codeOf(ex.get('teacher1', `${EXAM_T}/user/attend/${id}/${student04}`))).toBe(6);
    expect(
      await codeOf(ex.get('teacher1', `${EXAM_T}/user/get/by/number/${unknownNumber}/${student01}`)),
    ).toBe(6);
    expect(await codeOf(ex.get('teacher2', `${EXAM_T}/user/get/${id}/${student01}`))).toBe(5);
    expect(
      await codeOf(ex.get('teacher2', `${EXAM_T}/user/get/by/number/${exam.examNumber}/${student01}`)),
    ).toBe(5);
  });

  it('records entry, deadline and every acknowledged save for the proctor', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const q1 = questionIdOf(exam, 1);
    const q2 = questionIdOf(exam, 2);
    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      examId: id,
      userId: await ex.userIdOf('student01'),
      attendStatus: 0,
      enterTime: null,
      deadline: null,
      submitTime: null,
      submitType: null,
      answeredCount: 0,
      questionCount: 5,
      lastSavedAt: null,
      saveCount: 0,
    });

    t.clock.advance(5 * MINUTE_MS);
    const entered = t.clock.now();
    await ex.enter('student01', id);
    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      attendStatus: 1,
      enterTime: entered,
      deadline: entered + 60 * MINUTE_MS,
      saveCount: 0,
    });

    await ok(ex.save('student01', id, [{ questionId: q1, answer: ['A'], seq: 1 }]));
    expect(await ex.attendOf(id, 'student01')).toMatchObject({ saveCount: 1, answeredCount: 1 });
    t.clock.advance(MINUTE_MS);
    await ok(
      ex.save('student01', id, [
        { questionId: q1, answer: ['B'], seq: 2 },
        { questionId: q2, answer: ['A', 'C'], seq: 1 },
      ]),
    );
    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      attendStatus: 1,
      enterTime: entered,
      deadline: entered + 60 * MINUTE_MS,
      answeredCount: 2,
      lastSavedAt: t.clock.now(),
      saveCount: 3,
    });
  });
});

describe('examination/teacher/flush', () => {
  it('recalculates every submitted paper, keeps the teacher’s grades and can be repeated', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    await ex.sit('student01', exam, RIGHT);
    await ex.sit('student02', exam, { 1: ['A'], 3: ['T'] });
    await ex.enter('student03', id);
    await ok(ex.scoreSave(id, 'student01', [{ questionId: questionIdOf(exam, 5), score: 15 }]));
    const flush = () => ok<FlushResult>(ex.get('teacher1', `${EXAM_T}/flush/${id}`));

    t.clock.advance(MINUTE_MS);
    expect(await flush()).toEqual({ examId: id, recalculatedCount: 2, flushedAt: t.clock.now() });
    t.clock.advance(MINUTE_MS);
    const again = await flush();
    expect(again).toEqual({ examId: id, recalculatedCount: 2, flushedAt: t.clock.now() });
    expect((await ex.detailOf(id)).flushedAt).toBe(again.flushedAt);

    const records = await ok<Examiner[]>(
      ex.post('teacher1', `${EXAM_T}/examiners/list/byIds`, {
        examId: id,
        userIds: [
          await ex.userIdOf('student01'),
          await ex.userIdOf('student02'),
          await ex.userIdOf('student03'),
        ],
      }),
    );
    expect(records).toMatchObject([
      { attendStatus: 2, markStatus: 1, objectiveScore: 30, subjectiveScore: 15, score: 45 },
      { attendStatus: 2, objectiveScore: 5, score: 5 },
      { attendStatus: 1, score: null },
    ]);
  });
});

describe('examination/teacher/static', () => {
  it('sums up the submitted papers: counts, scores, pass rate, distribution and each question’s rates', async () => {
    const exam = await ex.ready({}, ['student01', 'student02', 'student03', 'student04', 'student05']);
    const id = exam.examId;
    // student01: 30 objective + 20 graded = 50; student02: 0 + 5 + 5 + 5 = 15, short answer not graded
    await ex.sit('student01', exam, RIGHT);
    await ok(ex.scoreSave(id, 'student01', [{ questionId: questionIdOf(exam, 5), score: 20 }]));
    await ex.sit('student02', exam, { 1: ['A'], 2: ['A'], 3: ['T'], 4: ['Sharpe'], 5: ['不会'] });
    // student03 is answering, student04 and student05 have not come
    await ex.enter('student03', id);
    const stats = () => ok<ExamStatic>(ex.get('teacher1', `${EXAM_T}/static/${id}`));

    const during = await stats();
    expect(during).toMatchObject({
      examId: id,
      examinerCount: 5,
      attendedCount: 3,
      submittedCount: 2,
      absentCount: 0,
      markedCount: 1,
      averageScore: 32.5,
      maxScore: 50,
      minScore: 15,
      passCount: 1,
      passRate: 0.5,
    });
    // ten bands of 10% of the 50 points, the last one including 50
    expect(during.distribution.map((band) => [band.minScore, band.maxScore, band.count])).toEqual([
      [0, 5, 0],
      [5, 10, 0],
      [10, 15, 0],
      [15, 20, 1],
      [20, 25, 0],
      [25, 30, 0],
      [30, 35, 0],
      [35, 40, 0],
      [40, 45, 0],
      [45, 50, 1],
    ]);
    expect(during.questionStats).toMatchObject([
      {
        questionId: questionIdOf(exam, 1),
        orderNo: 1,
        type: 1,
        score: 10,
        answeredCount: 2,
        correctRate: 0.5,
        averageScore: 5,
      },
      {
        questionId: questionIdOf(exam, 2),
        orderNo: 2,
        type: 2,
        score: 10,
        answeredCount: 2,
        correctRate: 0.5,
        averageScore: 7.5,
      },
      { orderNo: 3, type: 3, score: 5, answeredCount: 2, correctRate: 1, averageScore: 5 },
      { orderNo: 4, type: 4, score: 5, answeredCount: 2, correctRate: 1, averageScore: 5 },
      { orderNo: 5, type: 5, score: 20, answeredCount: 2, correctRate: null },
    ]);

    // after the end, student03's attempt has been submitted by the server (nothing saved: 0 points)
    // and student04 and student05 are absent
    t.clock.set(exam.endTime + MINUTE_MS);
    const after = await stats();
    expect(after).toMatchObject({
      examinerCount: 5,
      attendedCount: 3,
      submittedCount: 3,
      absentCount: 2,
      maxScore: 50,
      minScore: 0,
      passCount: 1,
    });
    expect(after.averageScore).toBeCloseTo(65 / 3, 1);
    expect(after.passRate).toBeCloseTo(1 / 3, 2);
    expect(after.distribution).toHaveLength(10);
    expect(after.distribution.reduce((sum, band) => sum + band.count, 0)).toBe(3);
    expect(after.distribution[0]).toMatchObject({ minScore: 0, count: 1 });

    const absent = await ex.examiners(id, { attendStatus: 3, sortBy: 'studentNumber', sortOrder: 'asc' });
    expect(absent.list.map((e) => e.userId)).toEqual([
      await ex.userIdOf('student04'),
      await ex.userIdOf('student05'),
    ]);
  });
});

describe('examination/user/list', () => {
  it('lists the published exams the student is on: ongoing first, then not started, then ended', async () => {
    const now = t.clock.now();
    const ongoing = await ex.ready({ examName: '期中考试' }, ['student01', 'student02']);
    const upcoming = await ex.ready(
      { examName: '期末考试', startTime: now + HOUR_MS, endTime: now + 3 * HOUR_MS },
      ['student01'],
    );
    const closing = await ex.ready({ examName: '随堂测验', endTime: now + 30 * MINUTE_MS, duration: 30 }, [
      'student01',
    ]);
    const draft = await ex.create({ examName: '未发布的考试' });
    await ex.addExaminers(draft.examId, ['student01']);
    const others = await ex.ready({ examName: '衍生品测验' }, ['student03'], 'teacher2');
    // 随堂测验 has ended, 期末考试 has not started
    t.clock.advance(40 * MINUTE_MS);

    const mine = await ex.myList('student01');
    expect(mine.total).toBe(3);
    expect(mine.list.map((e) => [e.examName, e.phase])).toEqual([
      ['期中考试', 1],
      ['期末考试', 0],
      ['随堂测验', 2],
    ]);
    expect(mine.list[0]).toMatchObject({
      examId: ongoing.examId,
      examNumber: ongoing.examNumber,
      courseName: '量化投资',
      startTime: ongoing.startTime,
      endTime: ongoing.endTime,
      duration: 60,
      totalScore: 50,
      questionCount: 5,
      attendStatus: 0,
      resultPolicy: 1,
      score: null,
    });
    expect((await ex.myList('student01', { keyword: '期末' })).list.map((e) => e.examId)).toEqual([
      upcoming.examId,
    ]);
    expect((await ex.myList('student01', { phase: 2 })).list.map((e) => e.examId)).toEqual([closing.examId]);

    expect((await ex.myList('student02')).list.map((e) => e.examId)).toEqual([ongoing.examId]);
    expect((await ex.myList('student03')).list.map((e) => e.examId)).toEqual([others.examId]);
    expect(await ex.myList('student04')).toMatchObject({ total: 0, list: [] });
  });
});

describe('examination/user/examiner/check', () => {
  it('tells the student whether they can enter and why, without starting the exam', async () => {
    const now = t.clock.now();
    const exam = await ex.ready({ startTime: now + HOUR_MS, endTime: now + 3 * HOUR_MS });
    const id = exam.examId;
    const check = (who: string) => ok<CheckResult>(ex.post(who, `${EXAM_U}/examiner/check`, { examId: id }));

    expect(await check('student01')).toEqual({
      examId: id,
      canEnter: false,
      reason: 1,
      startTime: exam.startTime,
      endTime: exam.endTime,
      attendStatus: 0,
      serverTime: now,
    });

    t.clock.set(exam.startTime);
    expect(await check('student01')).toMatchObject({
      canEnter: true,
      reason: 0,
      attendStatus: 0,
      serverTime: exam.startTime,
    });
    expect(await check('student04')).toMatchObject({ canEnter: false, reason: 4, attendStatus: 0 });
    // checking does not start the attempt
    expect((await ex.attendOf(id, 'student01')).attendStatus).toBe(0);

    await ex.enter('student01', id);
    expect(await check('student01')).toMatchObject({ canEnter: true, reason: 0, attendStatus: 1 });
    await ok(ex.submit('student01', id));
    expect(await check('student01')).toMatchObject({ canEnter: false, reason: 3, attendStatus: 2 });

    t.clock.set(exam.endTime);
    expect(await check('student02')).toMatchObject({
      canEnter: false,
      reason: 2,
      serverTime: exam.endTime,
    });

    expect(await codeOf(ex.post('student01', `${EXAM_U}/examiner/check`, { examId: UNKNOWN_ID }))).toBe(6);
  });

  it('answers a class checking at the same moment each with their own place (the lookups share statements)', async () => {
    const listed = Array.from({ length: 12 }, (_, i) => `student${String(i + 1).padStart(2, '0')}`);
    const exam = await ex.ready({}, listed);
    await ex.enter('student05', exam.examId);
    const askers = [...listed, 'student20', 'student21'];
    const checks = await Promise.all(
      askers.map((who) => ok<CheckResult>(ex.post(who, `${EXAM_U}/examiner/check`, { examId: exam.examId }))),
    );
    expect(checks.map((check) => [check.canEnter, check.reason, check.attendStatus])).toEqual(
      askers.map((who) =>
        who === 'student05' ? [true, 0, 1] : listed.includes(who) ? [true, 0, 0] : [false, 4, 0],
      ),
    );
  });

  it('says when the exam has been withdrawn (reason 5)', async () => {
    const exam = await ex.ready();
    await ex.withdraw(exam.examId);
    expect(
      await ok<CheckResult>(ex.post('student01', `${EXAM_U}/examiner/check`, { examId: exam.examId })),
    ).toMatchObject({ canEnter: false, reason: 5, attendStatus: 0 });
  });
});

describe('examination/user/examiner/get/base', () => {
  it('shows the notice page without questions or answers, and does not start the exam', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const base = await ok<Record<string, unknown>>(
      ex.post('student01', `${EXAM_U}/examiner/get/base`, { examId: id }),
    );
    expect(base).toMatchObject({
      examId: id,
      examNumber: exam.examNumber,
      examName: '量化投资期中考试',
      description: '闭卷，独立完成。',
      attendNotice: '考试期间请勿离开页面，答案会自动保存。',
      startTime: exam.startTime,
      endTime: exam.endTime,
      duration: 60,
      totalScore: 50,
      passScore: 30,
      questionCount: 5,
      resultPolicy: 1,
      attendStatus: 0,
      serverTime: t.clock.now(),
    });
    expect(base.typeCounts).toEqual(
      expect.arrayContaining([
        { type: 1, count: 1, score: 10 },
        { type: 2, count: 1, score: 10 },
        { type: 3, count: 1, score: 5 },
        { type: 4, count: 1, score: 5 },
        { type: 5, count: 1, score: 20 },
      ]),
    );
    expect(base.questions).toBeUndefined();
    const json = JSON.stringify(base);
    for (const question of PAPER) expect(json).not.toContain(question.stem);
    expect(json).not.toContain('夏普比率|Sharpe');
    expect((await ex.attendOf(id, 'student01')).attendStatus).toBe(0);
  });

  it('answers 5 to a student off the list and 6 for an exam not published or withdrawn', async () => {
    const exam = await ex.ready();
    const base = (who: string, examId: string) => ex.post(who, `${EXAM_U}/examiner/get/base`, { examId });
    expect(await codeOf(base('student04', exam.examId))).toBe(5);

    const draft = await ex.create({ examName: '未发布的考试' });
    await ex.addExaminers(draft.examId, ['student01']);
    expect(await codeOf(base('student01', draft.examId)), 'never published').toBe(6);

    await ex.withdraw(exam.examId);
    expect(await codeOf(base('student01', exam.examId)), 'withdrawn').toBe(6);
    expect(await codeOf(base('student01', UNKNOWN_ID)), 'unknown').toBe(6);
  });
});

describe('examination/user/examiner/get', () => {
  it('starts the attempt on the first call: the deadline from entry, questions without answers or analysis', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    t.clock.advance(10 * MINUTE_MS);
    const entered = t.clock.now();

    const paper = await ex.enter('student01', id);
    expect(paper).toMatchObject({
      examId: id,
      examName: '量化投资期中考试',
      attendStatus: 1,
      enterTime: entered,
      deadline: entered + 60 * MINUTE_MS,
      submitTime: null,
      serverTime: entered,
      savedAnswers: [],
    });
    expect(paper.questions.map((q) => [q.questionId, q.orderNo, q.type, q.score])).toEqual(
      exam.questions.map((q) => [q.questionId, q.orderNo, q.type, q.score]),
    );
    expect(paper.questions.map((q) => q.stem)).toEqual(PAPER.map((q) => q.stem));
    expect(paper.questions.map((q) => q.options)).toEqual(PAPER.map((q) => q.options));
    expect(paper.questions.map((q) => q.blankCount)).toEqual([0, 0, 0, 1, 0]);
    for (const question of paper.questions as PaperQuestion[]) {
      expect(question.answers, `question ${question.orderNo}`).toBeUndefined();
      expect(question.analysis, `question ${question.orderNo}`).toBeUndefined();
    }
    const json = JSON.stringify(paper);
    expect(json).not.toContain('夏普比率|Sharpe');
    expect(json).not.toContain('参考答案');
    for (const question of PAPER) if (question.analysis) expect(json).not.toContain(question.analysis);

    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      attendStatus: 1,
      enterTime: entered,
      deadline: entered + 60 * MINUTE_MS,
    });
  });

  it('resumes the same attempt on a reload, with the same deadline and every saved answer', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const first = await ex.enter('student01', id);
    t.clock.advance(MINUTE_MS);
    const savedAt = t.clock.now();
    await ok(ex.save('student01', id, answersOf(exam, { 1: ['B'], 4: ['Sharpe'] })));

    t.clock.advance(5 * MINUTE_MS);
    const again = await ex.enter('student01', id);
    expect(again).toMatchObject({
      attendStatus: 1,
      enterTime: first.enterTime,
      deadline: first.deadline,
      submitTime: null,
      serverTime: t.clock.now(),
    });
    expect(again.questions).toEqual(first.questions);
    expect(byQuestion(again.savedAnswers)).toEqual(
      byQuestion([
        { questionId: questionIdOf(exam, 1), answer: ['B'], seq: 1, savedAt },
        { questionId: questionIdOf(exam, 4), answer: ['Sharpe'], seq: 1, savedAt },
      ]),
    );
  });

  it('ends the deadline of a late entry with the exam', async () => {
    const exam = await ex.ready();
    t.clock.set(exam.endTime - 20 * MINUTE_MS);
    const paper = await ex.enter('student01', exam.examId);
    expect(paper).toMatchObject({ enterTime: t.clock.now(), deadline: exam.endTime });
    expect(await ex.attendOf(exam.examId, 'student01')).toMatchObject({ deadline: exam.endTime });
  });

  it('refuses entry before the start, after submitting or after the end (1), off the list (5), unpublished (6)', async () => {
    const now = t.clock.now();
    const exam = await ex.ready({ startTime: now + HOUR_MS, endTime: now + 3 * HOUR_MS });
    const id = exam.examId;
    const enter = (who: string, examId = id) => ex.post(who, `${EXAM_U}/examiner/get`, { examId });

    expect(await codeOf(enter('student01')), 'not started').toBe(1);
    expect((await ex.attendOf(id, 'student01')).attendStatus).toBe(0);

    t.clock.set(exam.startTime);
    expect(await codeOf(enter('student04')), 'off the list').toBe(5);
    await ex.enter('student01', id);
    await ok(ex.submit('student01', id));
    expect(await codeOf(enter('student01')), 'submitted').toBe(1);

    t.clock.set(exam.endTime);
    expect(await codeOf(enter('student02')), 'ended').toBe(1);
    expect((await ex.attendOf(id, 'student02')).enterTime).toBeNull();

    const draft = await ex.create({ examName: '未发布的考试' });
    await ex.addExaminers(draft.examId, ['student01']);
    expect(await codeOf(enter('student01', draft.examId)), 'not published').toBe(6);
    expect(await codeOf(enter('student01', UNKNOWN_ID)), 'unknown').toBe(6);
  });
});

describe('examination/user/examiner/status/save and status/get', () => {
  it('acknowledges each answer with its seq and the server time; status/get lists them without content', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const q1 = questionIdOf(exam, 1);
    const q2 = questionIdOf(exam, 2);
    const entered = await ex.enter('student01', id);
    t.clock.advance(MINUTE_MS);
    const savedAt = t.clock.now();

    const result = await ok<SaveResult>(
      ex.save('student01', id, [
        { questionId: q2, answer: ['A', 'C'], seq: 1 },
        { questionId: q1, answer: ['B'], seq: 1 },
      ]),
    );
    expect(result).toMatchObject({
      examId: id,
      attendStatus: 1,
      enterTime: entered.enterTime,
      deadline: entered.deadline,
      submitTime: null,
      serverTime: savedAt,
    });
    // in the order of the request
    expect(result.ackItems).toEqual([
      { questionId: q2, seq: 1, savedAt, applied: true },
      { questionId: q1, seq: 1, savedAt, applied: true },
    ]);

    const status = () => ok<AttemptStatus>(ex.get('student01', `${EXAM_U}/examiner/status/get/${id}`));
    const saved = await status();
    expect(saved).toMatchObject({
      examId: id,
      attendStatus: 1,
      enterTime: entered.enterTime,
      deadline: entered.deadline,
      submitTime: null,
      serverTime: savedAt,
      answeredCount: 2,
      questionCount: 5,
      lastSavedAt: savedAt,
    });
    // seq and time only, no answer
    expect(byQuestion(saved.saved)).toEqual(
      byQuestion([
        { questionId: q1, seq: 1, savedAt },
        { questionId: q2, seq: 1, savedAt },
      ]),
    );

    // an empty answer clears the question
    await ok(ex.save('student01', id, [{ questionId: q1, answer: [], seq: 2 }]));
    expect((await status()).answeredCount).toBe(1);
  });

  it('ignores a resent seq and a late older one, keeping the newer answer', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const q1 = questionIdOf(exam, 1);
    const q2 = questionIdOf(exam, 2);
    await ex.enter('student01', id);
    const save = async (answers: AnswerInput[]) =>
      (await ok<SaveResult>(ex.save('student01', id, answers))).ackItems;

    const first = t.clock.now();
    expect(await save([{ questionId: q1, answer: ['A'], seq: 1 }])).toEqual([
      { questionId: q1, seq: 1, savedAt: first, applied: true },
    ]);
    // the same request again, as a client does when the answer did not reach it
    t.clock.advance(1000);
    expect(await save([{ questionId: q1, answer: ['A'], seq: 1 }])).toEqual([
      { questionId: q1, seq: 1, savedAt: first, applied: false },
    ]);

    t.clock.advance(1000);
    const newer = t.clock.now();
    expect(await save([{ questionId: q1, answer: ['B'], seq: 3 }])).toEqual([
      { questionId: q1, seq: 3, savedAt: newer, applied: true },
    ]);
    // a late retry of seq 2 next to a first answer of another question: each item on its own
    t.clock.advance(1000);
    expect(
      await save([
        { questionId: q1, answer: ['C'], seq: 2 },
        { questionId: q2, answer: ['A', 'C'], seq: 1 },
      ]),
    ).toEqual([
      { questionId: q1, seq: 3, savedAt: newer, applied: false },
      { questionId: q2, seq: 1, savedAt: t.clock.now(), applied: true },
    ]);
    // seq 3 again with other content writes nothing either
    expect(await save([{ questionId: q1, answer: ['D'], seq: 3 }])).toEqual([
      { questionId: q1, seq: 3, savedAt: newer, applied: false },
    ]);

    const paper = await ex.enter('student01', id);
    expect(byQuestion(paper.savedAnswers)).toEqual(
      byQuestion([
        { questionId: q1, answer: ['B'], seq: 3, savedAt: newer },
        { questionId: q2, answer: ['A', 'C'], seq: 1, savedAt: t.clock.now() },
      ]),
    );
  });

  it('refuses a whole request with an invalid item (2) and stores none of it', async () => {
    const exam = await ex.ready();
    const other = await ex.create({ examName: '量化投资期末考试' });
    const id = exam.examId;
    await ex.enter('student01', id);
    const good = answersOf(exam, { 2: ['A', 'C'], 4: ['Sharpe'] });
    const invalid: [string, AnswerInput][] = [
      ['a question of another exam', { questionId: questionIdOf(other, 1), answer: ['B'], seq: 1 }],
      ['"Z" for a single choice', { questionId: questionIdOf(exam, 1), answer: ['Z'], seq: 1 }],
      ['neither T nor F for a true/false', { questionId: questionIdOf(exam, 3), answer: ['Y'], seq: 1 }],
    ];
    for (const [what, item] of invalid) {
      expect(await codeOf(ex.save('student01', id, [...good, item])), what).toBe(2);
    }

    expect(await ok<AttemptStatus>(ex.get('student01', `${EXAM_U}/examiner/status/get/${id}`))).toMatchObject(
      { answeredCount: 0, lastSavedAt: null, saved: [] },
    );
    expect((await ex.enter('student01', id)).savedAnswers).toEqual([]);
    expect((await ex.attendOf(id, 'student01')).saveCount).toBe(0);
    // the refused requests used up no seq: the good items go through now
    const acks = (await ok<SaveResult>(ex.save('student01', id, good))).ackItems;
    expect(acks.map((ack) => [ack.seq, ack.applied])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  it('takes saves up to 30 seconds past the deadline, then refuses them (1)', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const entered = t.clock.now();
    await ex.enter('student01', id);
    const deadline = entered + 60 * MINUTE_MS;

    t.clock.set(deadline + GRACE_MS - 1000);
    const late = await ok<SaveResult>(ex.save('student01', id, answersOf(exam, { 1: ['B'] })));
    expect(late).toMatchObject({ attendStatus: 1, deadline, serverTime: t.clock.now() });
    expect(late.ackItems).toEqual([
      { questionId: questionIdOf(exam, 1), seq: 1, savedAt: t.clock.now(), applied: true },
    ]);

    t.clock.set(deadline + GRACE_MS + 1000);
    expect(await codeOf(ex.save('student01', id, answersOf(exam, { 3: ['T'] })))).toBe(1);
    // the answer taken in the grace is on the paper the server submitted
    const sheet = await ex.sheetOf(id, 'student01');
    expect(sheet.examiner).toMatchObject({ attendStatus: 2, objectiveScore: 10, score: 10 });
    expect(sheet.answers.map((a) => a.answer)).toEqual([['B'], [], [], [], []]);
  });

  it('keeps a student who is not on the list out of the exam (5)', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const items = answersOf(exam, { 1: ['B'] });
    const attempts: [string, Send][] = [
      ['examiner/get', () => ex.post('student04', `${EXAM_U}/examiner/get`, { examId: id })],
      ['examiner/status/save', () => ex.save('student04', id, items)],
      ['examiner/status/get', () => ex.get('student04', `${EXAM_U}/examiner/status/get/${id}`)],
      ['examiner/results/submit', () => ex.submit('student04', id, items)],
      ['examiner/results/get', () => ex.get('student04', `${EXAM_U}/examiner/results/get/${id}`)],
    ];
    for (const [what, send] of attempts) {
      expect(await codeOf(send()), what).toBe(5);
    }
    expect((await ex.examiners(id)).total).toBe(3);
    expect((await ex.detailOf(id)).submittedCount).toBe(0);
  });
});

describe('examination/user/examiner/results/submit', () => {
  it('submits once, grading the objective questions at once; a second call replays the first result', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    await ex.enter('student01', id);
    await ok(ex.save('student01', id, answersOf(exam, RIGHT)));
    t.clock.advance(10 * MINUTE_MS);
    const submitted = t.clock.now();

    // the short answer waits for the teacher: 30 of the objective questions, not yet marked
    const result = await ok<SubmitResult>(ex.submit('student01', id));
    expect(result).toEqual({
      examId: id,
      attendStatus: 2,
      submitTime: submitted,
      submitType: 0,
      answeredCount: 5,
      questionCount: 5,
      markStatus: 0,
      score: 30,
      replayed: false,
    });

    t.clock.advance(MINUTE_MS);
    const again = await ok<SubmitResult>(ex.submit('student01', id, answersOf(exam, { 1: ['A'] }, 2)));
    expect(again).toEqual({ ...result, replayed: true });
    expect(await codeOf(ex.save('student01', id, answersOf(exam, { 1: ['A'] }, 3)))).toBe(1);
    expect(await codeOf(ex.post('student01', `${EXAM_U}/examiner/get`, { examId: id }))).toBe(1);

    // the paper is as it was submitted
    const sheet = await ex.sheetOf(id, 'student01');
    expect(sheet.answers[0]).toMatchObject({ answer: ['B'], gotScore: 10 });
    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      attendStatus: 2,
      submitTime: submitted,
      submitType: 0,
      answeredCount: 5,
    });
    expect(await ex.examinerOf(id, 'student01')).toMatchObject({
      attendStatus: 2,
      markStatus: 0,
      objectiveScore: 30,
      subjectiveScore: null,
      score: 30,
      submitTime: submitted,
    });
    expect((await ex.detailOf(id)).submittedCount).toBe(1);
  });

  it('saves the last changes sent with it, and records a client countdown’s submission as automatic', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    await ex.enter('student01', id);
    await ok(ex.save('student01', id, answersOf(exam, { 1: ['A'] })));

    const result = await ok<SubmitResult>(
      ex.submit('student01', id, answersOf(exam, { 1: ['B'], 3: ['T'] }, 2), { auto: true }),
    );
    expect(result).toMatchObject({
      attendStatus: 2,
      submitType: 1,
      answeredCount: 2,
      score: 15,
      replayed: false,
    });
    const sheet = await ex.sheetOf(id, 'student01');
    expect(sheet.answers.map((a) => a.answer)).toEqual([['B'], [], ['T'], [], []]);
    expect((await ex.attendOf(id, 'student01')).submitType).toBe(1);
  });

  it('refuses submitting before entering (1) and an invalid last change (2), leaving the attempt open', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    expect(await codeOf(ex.submit('student02', id))).toBe(1);
    expect((await ex.attendOf(id, 'student02')).attendStatus).toBe(0);

    await ex.enter('student01', id);
    expect(await codeOf(ex.submit('student01', id, answersOf(exam, { 1: ['Z'] })))).toBe(2);
    expect(await ex.attendOf(id, 'student01')).toMatchObject({
      attendStatus: 1,
      submitTime: null,
      answeredCount: 0,
    });
  });

  it('is done by the server for an overdue attempt, with the saved answers, without any call of the student', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const entered = t.clock.now();
    await ex.enter('student01', id);
    await ok(ex.save('student01', id, answersOf(exam, { 1: ['B'], 3: ['T'] })));
    const deadline = entered + 60 * MINUTE_MS;
    t.clock.set(deadline + GRACE_MS + MINUTE_MS);

    // the teacher's list already shows the paper submitted and graded
    const page = await ex.examiners(id, { keyword: '20260001' });
    expect(page.list).toMatchObject([{ attendStatus: 2, objectiveScore: 15, score: 15 }]);
    const attend = await ex.attendOf(id, 'student01');
    expect(attend).toMatchObject({
      attendStatus: 2,
      submitType: 1,
      enterTime: entered,
      deadline,
      answeredCount: 2,
    });
    expect(attend.submitTime).toBeGreaterThanOrEqual(deadline);
    expect(attend.submitTime).toBeLessThanOrEqual(t.clock.now());

    // the student asking afterwards gets that submission
    const replay = await ok<SubmitResult>(ex.submit('student01', id));
    expect(replay).toMatchObject({
      attendStatus: 2,
      submitType: 1,
      submitTime: attend.submitTime,
      score: 15,
      replayed: true,
    });
    expect(await codeOf(ex.save('student01', id, answersOf(exam, { 2: ['A'] })))).toBe(1);
  });
});

describe('examination/user/examiner/results/get', () => {
  it('policy 0: shows the submission but no score, no correct answers and no analysis', async () => {
    const exam = await ex.ready({ resultPolicy: 0 });
    const id = exam.examId;
    const submitted = await ex.sit('student01', exam, RIGHT);
    expect(submitted.score).toBeNull();

    const result = await ex.myResult('student01', id);
    expect(result).toMatchObject({
      examId: id,
      examName: '量化投资期中考试',
      attendStatus: 2,
      submitTime: submitted.submitTime,
      resultPolicy: 0,
      totalScore: 50,
      passScore: 30,
      score: null,
      passed: null,
    });
    for (const answer of result.answers) {
      expect(answer).toMatchObject({ gotScore: null, correct: null, correctAnswers: [], analysis: '' });
    }
    expect(JSON.stringify(result)).not.toContain('夏普比率|Sharpe');
    expect((await ex.myList('student01')).list).toMatchObject([{ examId: id, attendStatus: 2, score: null }]);
    // the teacher sees the score all the same
    expect((await ex.examinerOf(id, 'student01')).score).toBe(30);
  });

  it('policy 1: shows the score and each question’s score after submitting, never the correct answers', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const submitted = await ex.sit('student01', exam, {
      1: ['B'],
      2: ['A'],
      3: ['F'],
      4: ['夏普比率'],
      5: ['动量效应'],
    });
    expect(submitted).toMatchObject({ markStatus: 0, score: 20 });

    const before = await ex.myResult('student01', id);
    expect(before).toMatchObject({ resultPolicy: 1, markStatus: 0, score: 20, passed: null, totalScore: 50 });
    expect(before.answers.map((a) => a.gotScore)).toEqual([10, 5, 0, 5, null]);
    for (const answer of before.answers) expect(answer).toMatchObject({ correctAnswers: [], analysis: '' });
    expect(JSON.stringify(before)).not.toContain('夏普比率|Sharpe');

    await ok(ex.scoreSave(id, 'student01', [{ questionId: questionIdOf(exam, 5), score: 12 }]));
    const marked = await ex.myResult('student01', id);
    expect(marked).toMatchObject({ markStatus: 1, score: 32, passed: true });
    expect(marked.answers.map((a) => a.gotScore)).toEqual([10, 5, 0, 5, 12]);
    expect((await ex.myList('student01')).list).toMatchObject([{ examId: id, attendStatus: 2, score: 32 }]);
  });

  it('policy 2: shows the score, correct answers and analysis only once the exam has ended', async () => {
    const exam = await ex.ready({ resultPolicy: 2 });
    const id = exam.examId;
    const submitted = await ex.sit('student01', exam, RIGHT);
    expect(submitted.score).toBeNull();

    const before = await ex.myResult('student01', id);
    expect(before).toMatchObject({ resultPolicy: 2, attendStatus: 2, score: null, passed: null });
    for (const answer of before.answers) {
      expect(answer).toMatchObject({ gotScore: null, correct: null, correctAnswers: [], analysis: '' });
    }
    expect((await ex.myList('student01')).list).toMatchObject([{ examId: id, score: null }]);

    t.clock.set(exam.endTime + MINUTE_MS);
    const after = await ex.myResult('student01', id);
    expect(after).toMatchObject({ resultPolicy: 2, attendStatus: 2, markStatus: 0, score: 30 });
    expect(after.answers.map((a) => a.gotScore)).toEqual([10, 10, 5, 5, null]);
    expect(after.answers.map((a) => a.correct)).toEqual([true, true, true, true, null]);
    expect(after.answers.map((a) => a.correctAnswers)).toEqual(PAPER.map((q) => q.answers));
    expect(after.answers.map((a) => a.analysis)).toEqual(PAPER.map((q) => q.analysis));
  });

  it('has no results before submitting (1)', async () => {
    const exam = await ex.ready();
    const results = () => ex.get('student01', `${EXAM_U}/examiner/results/get/${exam.examId}`);
    expect(await codeOf(results()), 'not entered').toBe(1);
    await ex.enter('student01', exam.examId);
    expect(await codeOf(results()), 'answering').toBe(1);
  });
});

describe('automatic grading of objective questions', () => {
  it('gives a multiple choice its partial score for a correct subset and nothing with a wrong option', async () => {
    const exam = await ex.ready({}, ['student01', 'student02', 'student03', 'student04']);
    const cases: [string, string[], number][] = [
      ['student01', ['A'], 5],
      ['student02', ['A', 'B'], 0],
      ['student03', ['C', 'A'], 10],
      ['student04', ['B'], 0],
    ];
    for (const [who, answer, score] of cases) {
      expect((await ex.sit(who, exam, { 2: answer })).score, answer.join(',')).toBe(score);
    }
    const sheet = await ex.sheetOf(exam.examId, 'student01');
    expect(sheet.answers[1]).toMatchObject({ answer: ['A'], gotScore: 5, correct: false });
  });

  it('accepts any written form of a blank, ignoring surrounding spaces and letter case', async () => {
    const exam = await ex.ready({}, ['student01', 'student02', 'student03', 'student04', 'student05']);
    const cases: [string, string, number][] = [
      ['student01', '夏普比率', 5],
      ['student02', 'Sharpe', 5],
      ['student03', '  sharpe ', 5],
      ['student04', 'SHARPE', 5],
      ['student05', '夏普', 0],
    ];
    for (const [who, answer, score] of cases) {
      expect((await ex.sit(who, exam, { 4: [answer] })).score, JSON.stringify(answer)).toBe(score);
    }
  });
});

describe('roles on the student side', () => {
  it('refuses every student call from a teacher (5)', async () => {
    const exam = await ex.ready();
    const id = exam.examId;
    const items = answersOf(exam, { 1: ['B'] });
    const attempts: [string, Send][] = [
      ['list', () => ex.post('teacher1', `${EXAM_U}/list`, { schoolId: '1', pageIndex: 1, pageSize: 20 })],
      ['examiner/check', () => ex.post('teacher1', `${EXAM_U}/examiner/check`, { examId: id })],
      ['examiner/get/base', () => ex.post('teacher1', `${EXAM_U}/examiner/get/base`, { examId: id })],
      ['examiner/get', () => ex.post('teacher1', `${EXAM_U}/examiner/get`, { examId: id })],
      ['examiner/status/save', () => ex.save('teacher1', id, items)],
      ['examiner/status/get', () => ex.get('teacher1', `${EXAM_U}/examiner/status/get/${id}`)],
      ['examiner/results/submit', () => ex.submit('teacher1', id, items)],
      ['examiner/results/get', () => ex.get('teacher1', `${EXAM_U}/examiner/results/get/${id}`)],
    ];
    for (const [what, send] of attempts) {
      expect(await codeOf(send()), what).toBe(5);
    }
  });
});
