import type {
  ExamPaperBrief,
  ExamPaperBriefPage,
  ExamPaperDetail,
  ExamQuestionPage,
  ExamRepoDetail,
  ExamRepoPage,
  ExercisePaper,
  TagBrief,
} from '@dfrm/sdk/resource/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index';
import { ok, refusal } from '../tms/homework.fixtures';
import { type TeachingFixture, teachingFixture } from '../tms/teaching-content.fixtures';
import { bank, EX, REPO } from './exercise.fixtures';

// specs/resource/exam-repo.yaml over HTTP: a 题库 is a teacher's exercise tag, its questions the
// exercises under it; papers are built from chosen questions or drawn by rules.

let t: TestApp;
let b: ReturnType<typeof bank>;
let f: TeachingFixture;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  b = bank(t);
});

const UNKNOWN = '99999999';
const page = { pageIndex: 1, pageSize: 50 };
const COURSE_PAPERS = '/resource-server/course/paper/teacher/get/paper/list';

async function codeOf(promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>) {
  return (await refusal(promise)).errCode;
}

/**
 * teacher1's bank: 量化投资 (8 single choice, 3 of them hard, the rest easy; 2 easy true/false) with
 * child 风险度量 (4 medium multiple choice, 1 hard QA).
 */
async function quantBank() {
  const quant = await b.tag('量化投资');
  const risk = await b.tag('风险度量', { parentId: quant.tagId });
  const singles = [];
  for (let i = 0; i < 8; i += 1) {
    singles.push(
      await b.exercise(quant.tagId, 1, { content: `<p>单选 ${i + 1}</p>`, difficulty: i < 3 ? 3 : 1 }),
    );
  }
  const trueFalse = [await b.exercise(quant.tagId, 3), await b.exercise(quant.tagId, 3, { answer: 'F' })];
  const multiples = [];
  for (let i = 0; i < 4; i += 1)
    multiples.push(await b.exercise(risk.tagId, 2, { content: `<p>多选 ${i + 1}</p>` }));
  const qa = await b.exercise(risk.tagId, 5);
  return { quant, risk, singles, trueFalse, multiples, qa };
}

describe('repositories', () => {
  it('are the teacher’s exercise tags, with counts by type and difficulty, a child filed under its parent', async () => {
    const { quant, risk } = await quantBank();
    const repos = await ok<ExamRepoPage>(b.post('teacher1', `${REPO}/list/repo`, page));
    expect(repos.total).toBe(2);
    const byName = new Map(repos.list.map((repo) => [repo.repoName, repo]));
    expect(byName.get('量化投资')).toMatchObject({
      repoId: quant.tagId,
      tagId: '0',
      tagName: '',
      scope: 'private',
      questionCount: 15,
      ownerName: '李明华',
    });
    expect(byName.get('量化投资')?.typeCounts).toEqual([
      { quType: 1, count: 8 },
      { quType: 2, count: 4 },
      { quType: 3, count: 2 },
      { quType: 4, count: 0 },
      { quType: 5, count: 1 },
      { quType: 6, count: 0 },
    ]);
    expect(byName.get('风险度量')).toMatchObject({
      repoId: risk.tagId,
      tagId: quant.tagId,
      tagName: '量化投资',
      questionCount: 5,
    });

    // newest change first: a new or edited question moves its repository (and its parent) up
    const empty = await b.tag('空题库');
    t.clock.advance(60_000);
    const order = async () =>
      (await ok<ExamRepoPage>(b.post('teacher1', `${REPO}/list/repo`, page))).list.map(
        (repo) => repo.repoName,
      );
    await b.exercise(quant.tagId, 3, { content: '<p>新判断</p>' });
    expect(await order()).toEqual(['量化投资', '空题库', '风险度量']);
    t.clock.advance(60_000);
    await b.exercise(risk.tagId, 5, { content: '<p>新问答</p>' });
    expect(await order()).toEqual(['风险度量', '量化投资', '空题库']);
    expect(empty.itemCount).toBe(0);

    const filed = await ok<ExamRepoPage>(
      b.post('teacher1', `${REPO}/list/repo`, { ...page, tagId: quant.tagId }),
    );
    expect(filed.list.map((repo) => repo.repoId)).toEqual([risk.tagId]);
    expect(
      (await ok<ExamRepoPage>(b.post('teacher1', `${REPO}/list/repo`, { ...page, keyword: '风险' }))).total,
    ).toBe(1);
    expect(
      (await ok<ExamRepoPage>(b.post('teacher1', `${REPO}/list/repo`, { ...page, scope: 'public' }))).total,
    ).toBe(0);
    expect((await ok<ExamRepoPage>(b.post('teacher2', `${REPO}/list/repo`, page))).total).toBe(0);
    expect(await codeOf(b.post('teacher2', `${REPO}/list/repo`, { ...page, tagId: quant.tagId }))).toBe(5);
    expect(await codeOf(b.post('student01', `${REPO}/list/repo`, page))).toBe(5);

    // the bank and the two questions added above
    const detail = await ok<ExamRepoDetail>(b.post('teacher1', `${REPO}/detail/repo/${quant.tagId}`));
    expect(detail.difficultyCounts).toEqual([
      { difficulty: 1, count: 8 },
      { difficulty: 2, count: 4 },
      { difficulty: 3, count: 5 },
    ]);
    expect(detail.matrix).toHaveLength(18);
    expect(detail.matrix.find((cell) => cell.quType === 1 && cell.difficulty === 3)?.count).toBe(3);
    expect(await codeOf(b.post('teacher2', `${REPO}/detail/repo/${quant.tagId}`))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${REPO}/detail/repo/${UNKNOWN}`))).toBe(6);
    expect(await codeOf(b.post('student01', `${REPO}/detail/repo/${quant.tagId}`))).toBe(5);
  });

  it('lists classification tags: top level, then a parent’s children', async () => {
    const { quant, risk } = await quantBank();
    const top = await ok<TagBrief[]>(b.post('teacher1', `${REPO}/list/repo/tag`, {}));
    expect(top).toEqual([{ tagId: quant.tagId, tagName: '量化投资', tagType: 'exercise', parentId: '0' }]);
    const children = await ok<TagBrief[]>(
      b.post('teacher1', `${REPO}/list/repo/tag`, { parentId: quant.tagId }),
    );
    expect(children.map((tag) => tag.tagId)).toEqual([risk.tagId]);
    expect(await codeOf(b.post('teacher2', `${REPO}/list/repo/tag`, { parentId: quant.tagId }))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${REPO}/list/repo/tag`, { parentId: UNKNOWN }))).toBe(6);
    expect(await codeOf(b.post('student01', `${REPO}/list/repo/tag`, {}))).toBe(5);
  });

  it('lists a repository’s questions with the right options marked, filtered', async () => {
    const { quant, risk, multiples } = await quantBank();
    const all = await ok<ExamQuestionPage>(
      b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: quant.tagId }),
    );
    expect(all.total).toBe(15);
    const multi = await ok<ExamQuestionPage>(
      b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: risk.tagId, quType: 2 }),
    );
    expect(multi.list.map((q) => q.quId).sort()).toEqual(multiples.map((e) => e.exerciseId).sort());
    expect(multi.list[0]?.options.map((o) => [o.key, o.isRight])).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
      ['D', false],
    ]);
    expect(multi.list[0]?.repoId).toBe(risk.tagId);
    const hard = await ok<ExamQuestionPage>(
      b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: quant.tagId, difficulty: 3 }),
    );
    // three hard singles and the hard QA of the child
    expect(hard.total).toBe(4);
    const found = await ok<ExamQuestionPage>(
      b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: quant.tagId, keyword: '单选 8' }),
    );
    expect(found.total).toBe(1);
    expect(await codeOf(b.post('teacher2', `${REPO}/list/qu`, { ...page, repoId: quant.tagId }))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: UNKNOWN }))).toBe(6);
    expect(
      await codeOf(b.post('teacher1', `${REPO}/list/qu`, { ...page, repoId: quant.tagId, quType: 9 })),
    ).toBe(2);
    expect(await codeOf(b.post('student01', `${REPO}/list/qu`, { ...page, repoId: quant.tagId }))).toBe(5);
  });
});

describe('papers from the repository', () => {
  it('builds a paper from chosen questions, numbered by type section, shown with or without the key', async () => {
    const { singles, trueFalse, multiples, qa } = await quantBank();
    const brief = await ok<ExamPaperBrief>(
      b.post('teacher1', `${REPO}/create/papertmpl`, {
        paperName: '期中 A 卷',
        durationMinutes: 90,
        courseId: String(f.quant.id),
        items: [
          { quId: qa.exerciseId, score: 20 },
          { quId: singles[0]!.exerciseId, score: 5 },
          { quId: multiples[0]!.exerciseId, score: 10 },
          { quId: singles[1]!.exerciseId, score: 5 },
          { quId: trueFalse[0]!.exerciseId, score: 2.5 },
        ],
      }),
    );
    expect(brief).toMatchObject({
      buildMode: 'manual',
      courseId: String(f.quant.id),
      questionCount: 5,
      totalScore: 42.5,
      passScore: 25.5,
      durationMinutes: 90,
    });
    const detail = await ok<ExamPaperDetail>(
      b.post('teacher1', `${REPO}/get/paper/detail`, { paperId: brief.paperId }),
    );
    expect(detail.sections.map((s) => [s.title, s.score, s.questions.map((q) => q.sortNo)])).toEqual([
      ['一、单选题', 10, [1, 2]],
      ['二、多选题', 10, [3]],
      ['三、判断题', 2.5, [4]],
      ['四、简答题', 20, [5]],
    ]);
    expect(detail.sections[0]?.questions.map((q) => q.quId)).toEqual([
      singles[0]!.exerciseId,
      singles[1]!.exerciseId,
    ]);
    expect(detail.sections[0]?.questions[0]?.answer).toBe('B');
    const blind = await ok<ExamPaperDetail>(
      b.post('teacher1', `${REPO}/get/paper/detail`, { paperId: brief.paperId, withAnswer: false }),
    );
    const questions = blind.sections.flatMap((s) => s.questions);
    expect(
      questions.every((q) => q.answer === '' && q.analysis === '' && q.options.every((o) => !o.isRight)),
    ).toBe(true);
    // it is an exercise paper too
    const asExercisePaper = await ok<ExercisePaper>(b.post('teacher1', `${EX}/paper/get/${brief.paperId}`));
    expect(asExercisePaper).toMatchObject({ tagId: '0', tagName: '', totalScore: 42.5 });
    expect(await codeOf(b.post('teacher2', `${REPO}/get/paper/detail`, { paperId: brief.paperId }))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${REPO}/get/paper/detail`, { paperId: UNKNOWN }))).toBe(6);
    expect(await codeOf(b.post('student01', `${REPO}/get/paper/detail`, { paperId: brief.paperId }))).toBe(5);
  });

  it('refuses a manual paper with repeats, a pass mark above the total, another’s question or course', async () => {
    const { singles } = await quantBank();
    const theirs = await b.exercise((await b.tag('他的', {}, 'teacher2')).tagId, 1, {}, 'teacher2');
    const body = {
      paperName: '卷',
      durationMinutes: 60,
      items: [{ quId: singles[0]!.exerciseId, score: 5 }],
    };
    const send = (patch: Record<string, unknown>, who = 'teacher1') =>
      b.post(who, `${REPO}/create/papertmpl`, { ...body, ...patch });
    expect(await codeOf(send({ items: [body.items[0], body.items[0]] }))).toBe(2);
    expect(await codeOf(send({ passScore: 6 }))).toBe(2);
    expect(await codeOf(send({ items: [{ quId: singles[0]!.exerciseId, score: 0.7 }] }))).toBe(2);
    expect(await codeOf(send({ items: [{ quId: theirs.exerciseId, score: 5 }] }))).toBe(5);
    expect(await codeOf(send({ items: [{ quId: UNKNOWN, score: 5 }] }))).toBe(6);
    expect(await codeOf(send({ courseId: String(f.derivatives.id) }))).toBe(5);
    expect(await codeOf(send({ courseId: UNKNOWN }))).toBe(6);
    expect(await codeOf(send({}, 'student01'))).toBe(5);
    expect((await ok<ExamPaperBriefPage>(b.post('teacher1', COURSE_PAPERS, page))).total).toBe(0);
  });

  it('draws random papers of the same structure and total: different questions, never repeated, excluded ones left out', async () => {
    const { quant, risk, singles, multiples } = await quantBank();
    const rules = [
      { repoId: quant.tagId, quType: 1, count: 4, score: 5 },
      { repoId: risk.tagId, quType: 2, count: 2, score: 10 },
      { repoId: quant.tagId, quType: 1, difficulty: 3, count: 1, score: 8 },
    ];
    const draws: string[][] = [];
    for (let i = 0; i < 6; i += 1) {
      const brief = await ok<ExamPaperBrief>(
        b.post('teacher1', `${REPO}/create/papertmplEx`, {
          paperName: `随机卷 ${i + 1}`,
          durationMinutes: 60,
          rules,
        }),
      );
      expect(brief).toMatchObject({ buildMode: 'random', questionCount: 7, totalScore: 48, passScore: 28.8 });
      const detail = await ok<ExamPaperDetail>(
        b.post('teacher1', `${REPO}/get/paper/detail`, { paperId: brief.paperId }),
      );
      expect(detail.sections.map((s) => [s.quType, s.questions.length, s.score])).toEqual([
        [1, 5, 28],
        [2, 2, 20],
      ]);
      const ids = detail.sections.flatMap((s) => s.questions.map((q) => q.quId));
      expect(new Set(ids).size).toBe(7);
      // the last rule's question is a hard one
      const hardIds = new Set(singles.slice(0, 3).map((e) => e.exerciseId));
      expect(hardIds.has(detail.sections[0]!.questions[4]!.quId)).toBe(true);
      draws.push([...ids].sort());
    }
    // 8 singles choose 4, 4 multiples choose 2: six identical draws would be a broken random
    expect(new Set(draws.map((ids) => ids.join())).size).toBeGreaterThan(1);

    // excluded questions are never drawn
    const excluded = multiples.slice(0, 2).map((e) => e.exerciseId);
    const brief = await ok<ExamPaperBrief>(
      b.post('teacher1', `${REPO}/create/papertmplEx`, {
        paperName: '补考卷',
        durationMinutes: 60,
        rules: [{ repoId: risk.tagId, quType: 2, count: 2, score: 10 }],
        excludeQuIds: excluded,
      }),
    );
    const detail = await ok<ExamPaperDetail>(
      b.post('teacher1', `${REPO}/get/paper/detail`, { paperId: brief.paperId }),
    );
    expect(detail.sections[0]?.questions.map((q) => q.quId).sort()).toEqual(
      multiples
        .slice(2)
        .map((e) => e.exerciseId)
        .sort(),
    );
  });

  it('refuses rules asking for more than there is (2, naming the rule), over 200 questions, another’s repository', async () => {
    const { quant, risk } = await quantBank();
    const send = (rules: unknown[], who = 'teacher1') =>
      b.post(who, `${REPO}/create/papertmplEx`, { paperName: '卷', durationMinutes: 60, rules });
    // the second rule cannot take what the first took
    const taken = await refusal(
      send([
        { repoId: quant.tagId, quType: 1, count: 8, score: 5 },
        { repoId: quant.tagId, quType: 1, count: 1, score: 5 },
      ]),
    );
    expect(taken.errCode).toBe(2);
    expect(taken.errMsg).toContain(
      '第 2 条规则（题库“量化投资”，单选题，不限难度）需要 1 道，可抽的只有 0 道',
    );
    const qa = await refusal(send([{ repoId: risk.tagId, quType: 5, count: 2, score: 5 }]));
    expect(qa.errMsg).toContain('第 1 条规则（题库“风险度量”，简答题，不限难度）需要 2 道，可抽的只有 1 道');
    const hard = await refusal(send([{ repoId: quant.tagId, quType: 1, difficulty: 3, count: 4, score: 5 }]));
    expect(hard.errMsg).toContain('困难');
    expect((await ok<ExamPaperBriefPage>(b.post('teacher1', COURSE_PAPERS, page))).total).toBe(0);
    expect(
      await codeOf(
        send(Array.from({ length: 3 }, () => ({ repoId: quant.tagId, quType: 1, count: 70, score: 1 }))),
      ),
    ).toBe(2);
    expect(await codeOf(send([{ repoId: quant.tagId, quType: 1, count: 1, score: 5 }], 'teacher2'))).toBe(5);
    expect(await codeOf(send([{ repoId: UNKNOWN, quType: 1, count: 1, score: 5 }]))).toBe(6);
    expect(await codeOf(send([{ repoId: quant.tagId, quType: 1, count: 0, score: 5 }]))).toBe(2);
    expect(await codeOf(send([{ repoId: quant.tagId, quType: 1, count: 1, score: 2.2 }]))).toBe(2);
    expect(await codeOf(send([{ repoId: quant.tagId, quType: 1, count: 1, score: 5 }], 'student01'))).toBe(5);
  });

  it('lists the teacher’s papers for a course, by build mode and name', async () => {
    const { quant, singles } = await quantBank();
    const manual = await ok<ExamPaperBrief>(
      b.post('teacher1', `${REPO}/create/papertmpl`, {
        paperName: '量化期中',
        durationMinutes: 60,
        courseId: String(f.quant.id),
        items: [{ quId: singles[0]!.exerciseId, score: 5 }],
      }),
    );
    t.clock.advance(1000);
    const random = await ok<ExamPaperBrief>(
      b.post('teacher1', `${REPO}/create/papertmplEx`, {
        paperName: '随机练习',
        durationMinutes: 60,
        rules: [{ repoId: quant.tagId, quType: 1, count: 2, score: 5 }],
      }),
    );
    const all = await ok<ExamPaperBriefPage>(b.post('teacher1', COURSE_PAPERS, page));
    expect(all.list.map((p) => p.paperId)).toEqual([random.paperId, manual.paperId]);
    const forCourse = await ok<ExamPaperBriefPage>(
      b.post('teacher1', COURSE_PAPERS, { ...page, courseId: String(f.quant.id) }),
    );
    expect(forCourse.list.map((p) => p.paperId)).toEqual([manual.paperId]);
    const drawn = await ok<ExamPaperBriefPage>(
      b.post('teacher1', COURSE_PAPERS, { ...page, buildMode: 'random' }),
    );
    expect(drawn.list.map((p) => p.paperId)).toEqual([random.paperId]);
    expect(
      (await ok<ExamPaperBriefPage>(b.post('teacher1', COURSE_PAPERS, { ...page, keyword: '期中' }))).total,
    ).toBe(1);
    expect((await ok<ExamPaperBriefPage>(b.post('teacher2', COURSE_PAPERS, page))).total).toBe(0);
    expect(
      await codeOf(b.post('teacher1', COURSE_PAPERS, { ...page, courseId: String(f.derivatives.id) })),
    ).toBe(5);
    expect(await codeOf(b.post('teacher1', COURSE_PAPERS, { ...page, courseId: UNKNOWN }))).toBe(6);
    expect(await codeOf(b.post('student01', COURSE_PAPERS, page))).toBe(5);
  });
});
