import type { Exercise, ExercisePaper } from '@dfrm/sdk/resource/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index';
import { bank, EX } from '../resource/exercise.fixtures';
import { EXAM_T, exams, type UserResult } from './exam.fixtures';
import { ok, refusal } from './homework.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// examCreate/examUpdate with sourcePaperId (specs/tms/exam-teacher.yaml): the exam copies the
// teacher's exercise paper (type, stem, options, answers, the paper's scores, analysis) under the
// exam's own question rules; the paper counts the exam in usedCount and is then fixed.

let t: TestApp;
let f: TeachingFixture;
let ex: ReturnType<typeof exams>;
let b: ReturnType<typeof bank>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  ex = exams(t, f);
  b = bank(t, ex.as);
});

const UNKNOWN = '99999999';

async function codeOf(promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>) {
  return (await refusal(promise)).errCode;
}

/** A paper of every exercise type (60 points: 10, 10, 5, 5, 20, 10) of `who`. */
async function paperOf(who = 'teacher1') {
  const tag = await b.tag('量化投资', {}, who);
  const paperTag = await b.paperTag('期中', {}, who);
  const made: Exercise[] = [];
  for (const type of [1, 2, 3, 4, 5, 6] as const) made.push(await b.exercise(tag.tagId, type, {}, who));
  const scores = [10, 10, 5, 5, 20, 10];
  const paper = await ok<ExercisePaper>(
    b.paperAnswer(
      {
        paperName: '期中卷',
        tagId: paperTag.tagId,
        items: made.map((exercise, index) => ({ exerciseId: exercise.exerciseId, score: scores[index] })),
      },
      who,
    ),
  );
  return { tag, paper, made };
}

describe('an exam from an exercise paper', () => {
  it('copies every question in the paper’s order and scores, in the exam’s terms', async () => {
    const { paper, made } = await paperOf();
    const exam = await ex.create({ questions: undefined, sourcePaperId: paper.paperId });
    expect(exam).toMatchObject({ questionCount: 6, totalScore: 60 });
    expect(exam.questions.map((q) => [q.orderNo, q.type, q.score, q.answers])).toEqual([
      [1, 1, 10, ['B']],
      [2, 2, 10, ['A', 'C']],
      [3, 3, 5, ['T']],
      [4, 4, 5, ['0.4']],
      [5, 5, 20, ['买入近期强势资产。']],
      [6, 6, 10, ['prices.pct_change()']],
    ]);
    expect(exam.questions[0]).toMatchObject({
      stem: made[0]!.content,
      options: made[0]!.options,
      analysis: made[0]!.analysis,
    });
    expect(exam.questions[5]?.codeLanguage).toBe('python');

    // a copy: editing the exercise later leaves the exam as it was
    await b.exercise(made[0]!.tagId, 1, { exerciseId: made[0]!.exerciseId, answer: 'C' });
    expect((await ex.detailOf(exam.examId)).questions[0]?.answers).toEqual(['B']);
  });

  it('grades a copied paper like any other', async () => {
    const { paper } = await paperOf();
    const exam = await ex.ready({ questions: undefined, sourcePaperId: paper.paperId });
    await ex.sit('student01', exam, { 1: ['B'], 2: ['A', 'C'], 3: ['F'], 4: ['0.4'] });
    const sheet: UserResult = await ex.sheetOf(exam.examId, 'student01');
    // single, multiple and fill-in right, true/false wrong
    expect(sheet.examiner.objectiveScore).toBe(25);
    expect(sheet.answers.map((answer) => answer.gotScore).slice(0, 4)).toEqual([10, 10, 0, 5]);
  });

  it('keeps a fill-in’s numeric tolerance: a number close enough is right', async () => {
    const tag = await b.tag('波动率');
    const blank = await b.exercise(tag.tagId, 4, { answer: '0.4', tolerance: 0.01 });
    const paper = await ok<ExercisePaper>(
      b.paperAnswer({
        paperName: '小测',
        tagId: (await b.paperTag('小测')).tagId,
        items: [{ exerciseId: blank.exerciseId, score: 10 }],
      }),
    );
    const exam = await ex.ready({ questions: undefined, sourcePaperId: paper.paperId, passScore: 6 }, [
      'student01',
      'student02',
      'student03',
    ]);
    expect(exam.questions[0]).toMatchObject({ answers: ['0.4'], tolerance: 0.01 });
    await ex.sit('student01', exam, { 1: ['0.405'] });
    await ex.sit('student02', exam, { 1: [' .40 '] });
    await ex.sit('student03', exam, { 1: ['0.42'] });
    const scores = await Promise.all(
      ['student01', 'student02', 'student03'].map(
        async (who) => (await ex.sheetOf(exam.examId, who)).examiner.objectiveScore,
      ),
    );
    expect(scores).toEqual([10, 10, 0]);
  });

  it('counts the exam in the paper’s usedCount, which fixes the paper’s questions until the exam is gone', async () => {
    const { paper, made } = await paperOf();
    const exam = await ex.create({ questions: undefined, sourcePaperId: paper.paperId });
    const read = () => ok<ExercisePaper>(b.post('teacher1', `${EX}/paper/get/${paper.paperId}`));
    expect((await read()).usedCount).toBe(1);
    expect(await codeOf(b.post('teacher1', `${EX}/paper/del`, { paperIds: [paper.paperId] }))).toBe(1);
    const fewer = { paperId: paper.paperId, items: [{ exerciseId: made[0]!.exerciseId }] };
    expect(await codeOf(b.post('teacher1', `${EX}/paper/update`, fewer))).toBe(1);
    expect((await read()).exerciseCount).toBe(6);
    // its name may still change
    await ok(
      b.post('teacher1', `${EX}/paper/update`, { paperId: paper.paperId, paperName: '期中卷（已用）' }),
    );

    await ok(ex.get('teacher1', `${EXAM_T}/del/${exam.examId}`));
    expect((await read()).usedCount).toBe(0);
    expect(await ok<string[]>(b.post('teacher1', `${EX}/paper/del`, { paperIds: [paper.paperId] }))).toEqual([
      paper.paperId,
    ]);
  });

  it('replaces an exam’s questions on update from a paper', async () => {
    const { paper } = await paperOf();
    const exam = await ex.create();
    expect(exam.questionCount).toBe(5);
    const updated = await ok<typeof exam>(
      ex.update(exam, { questions: undefined, sourcePaperId: paper.paperId }),
    );
    expect(updated).toMatchObject({ questionCount: 6, totalScore: 60 });
    expect((await ok<ExercisePaper>(b.post('teacher1', `${EX}/paper/get/${paper.paperId}`))).usedCount).toBe(
      1,
    );
  });

  it('refuses another teacher’s paper (5), an unknown one (6), both sources (2), a paper the exam’s rules refuse (2)', async () => {
    const { paper } = await paperOf('teacher2');
    expect(await codeOf(ex.createAnswer({ questions: undefined, sourcePaperId: paper.paperId }))).toBe(5);
    expect(await codeOf(ex.createAnswer({ questions: undefined, sourcePaperId: UNKNOWN }))).toBe(6);
    const mine = await paperOf();
    expect(await codeOf(ex.createAnswer({ sourcePaperId: mine.paper.paperId }))).toBe(2);
    // a pass mark above the copied total
    const small = await ok<ExercisePaper>(
      b.paperAnswer({
        paperName: '小卷',
        tagId: mine.paper.tagId,
        items: [{ exerciseId: mine.made[0]!.exerciseId, score: 5 }],
      }),
    );
    expect(await codeOf(ex.createAnswer({ questions: undefined, sourcePaperId: small.paperId }))).toBe(2);
    expect((await ex.list()).total).toBe(0);
    const other = await ex.create();
    expect(await codeOf(ex.update(other, { questions: undefined, sourcePaperId: paper.paperId }))).toBe(5);
    expect((await ex.detailOf(other.examId)).questionCount).toBe(5);
  });
});
