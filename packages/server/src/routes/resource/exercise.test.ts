import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import type {
  Exercise,
  ExerciseImportResult,
  ExercisePage,
  ExercisePaper,
  ExercisePaperBriefPage,
  ExerciseTag,
  ExerciseTypeInfo,
} from '@dfrm/sdk/resource/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { exercises } from '../../db/schema/exercise';
import { createTestApp, type TestApp } from '../../testing/index';
import { ok, refusal } from '../tms/homework.fixtures';
import { bank, CHOICE_HEADERS, EX, QA_HEADERS, SAMPLES, upload, xlsx } from './exercise.fixtures';

// specs/resource/exercise.yaml over HTTP: a teacher's own tags, exercises, imports and papers;
// students are refused, another teacher's objects answer 5, unknown ones 6, bad input 2.

let t: TestApp;
let b: ReturnType<typeof bank>;
beforeEach(async () => {
  t = await createTestApp();
  b = bank(t);
});

const UNKNOWN = '99999999';
const page = { pageIndex: 1, pageSize: 50 };

async function codeOf(promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>) {
  return (await refusal(promise)).errCode;
}

async function exerciseCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(exercises);
  return row?.n ?? 0;
}

describe('exercise tags', () => {
  it('saves two levels per teacher, counts exercises with the children, and refuses a third level, twins and strangers', async () => {
    const quant = await b.tag('量化投资', { sortPri: 2 });
    const risk = await b.tag('风险度量', { parentId: quant.tagId });
    const basics = await b.tag('基础', { sortPri: 1 });
    expect(risk.parentId).toBe(quant.tagId);
    await b.exercise(quant.tagId, 1);
    await b.exercise(risk.tagId, 2);
    await b.exercise(risk.tagId, 3);

    const all = await ok<ExerciseTag[]>(b.get('teacher1', `${EX}/tag/list`));
    expect(all.map((tag) => [tag.tagName, tag.itemCount])).toEqual([
      ['基础', 0],
      ['量化投资', 3],
      ['风险度量', 2],
    ]);
    const children = await ok<ExerciseTag[]>(b.get('teacher1', `${EX}/tag/list?parentId=${quant.tagId}`));
    expect(children.map((tag) => tag.tagName)).toEqual(['风险度量']);

    // a third level, itself as parent, a parent with children moved under another
    expect(
      await codeOf(b.post('teacher1', `${EX}/tag/update`, { tagName: '三级', parentId: risk.tagId })),
    ).toBe(1);
    expect(
      await codeOf(
        b.post('teacher1', `${EX}/tag/update`, {
          tagId: quant.tagId,
          tagName: '量化投资',
          parentId: quant.tagId,
        }),
      ),
    ).toBe(1);
    expect(
      await codeOf(
        b.post('teacher1', `${EX}/tag/update`, {
          tagId: quant.tagId,
          tagName: '量化投资',
          parentId: basics.tagId,
        }),
      ),
    ).toBe(1);
    // same name under the same parent: 7; under another parent it is fine
    expect(await codeOf(b.post('teacher1', `${EX}/tag/update`, { tagName: '量化投资' }))).toBe(7);
    await b.tag('风险度量', { parentId: basics.tagId });
    // renaming keeps the tag
    const renamed = await b.tag('量化投资（2026）', { tagId: quant.tagId });
    expect(renamed.tagId).toBe(quant.tagId);

    // another teacher neither sees nor changes them
    expect(await ok<ExerciseTag[]>(b.get('teacher2', `${EX}/tag/list`))).toEqual([]);
    expect(
      await codeOf(b.post('teacher2', `${EX}/tag/update`, { tagId: quant.tagId, tagName: '改名' })),
    ).toBe(5);
    expect(
      await codeOf(b.post('teacher2', `${EX}/tag/update`, { tagName: '子', parentId: quant.tagId })),
    ).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/tag/update`, { tagName: '子', parentId: UNKNOWN }))).toBe(
      6,
    );
    expect(await codeOf(b.post('teacher1', `${EX}/tag/update`, { tagName: '   ' }))).toBe(2);
    expect(await codeOf(b.post('teacher1', `${EX}/tag/update`, { tagName: '长'.repeat(31) }))).toBe(2);
    expect(await codeOf(b.post('student01', `${EX}/tag/update`, { tagName: '学生' }))).toBe(5);
    expect(await codeOf(b.get('student01', `${EX}/tag/list`))).toBe(5);
  });

  it('keeps paper tags apart from exercise tags', async () => {
    const exerciseTag = await b.tag('量化投资');
    const paperTag = await b.paperTag('量化投资');
    expect(paperTag.tagId).not.toBe(exerciseTag.tagId);
    const papers = await ok<ExerciseTag[]>(b.get('teacher1', `${EX}/paper/tag/list`));
    expect(papers.map((tag) => tag.tagId)).toEqual([paperTag.tagId]);
    // an exercise tag is no paper tag
    expect(
      await codeOf(b.post('teacher1', `${EX}/paper/tag/update`, { tagId: exerciseTag.tagId, tagName: 'x' })),
    ).toBe(6);
    expect(
      await codeOf(b.post('teacher2', `${EX}/paper/tag/update`, { tagId: paperTag.tagId, tagName: 'x' })),
    ).toBe(5);
    expect(await codeOf(b.get('student01', `${EX}/paper/tag/list`))).toBe(5);
  });
});

describe('exercises', () => {
  it('saves every type as the teacher wrote it, normalising answers; edits keep the id', async () => {
    const tag = await b.tag('量化投资');
    const single = await b.exercise(tag.tagId, 1);
    expect(single).toMatchObject({
      type: 1,
      answer: 'B',
      tagId: tag.tagId,
      tagName: '量化投资',
      paperCount: 0,
    });
    expect(single.codeLanguage).toBe('none');
    expect((await b.exercise(tag.tagId, 2)).answer).toBe('AC');
    expect((await b.exercise(tag.tagId, 3)).answer).toBe('T');
    const blank = await b.exercise(tag.tagId, 4);
    expect(blank).toMatchObject({ answer: '0.4', tolerance: 0.01 });
    expect((await b.exercise(tag.tagId, 5)).tolerance).toBe(0);
    const code = await b.exercise(tag.tagId, 6);
    expect(code).toMatchObject({ codeLanguage: 'python', codeTemplate: 'import pandas as pd\n' });

    const edited = await b.exercise(tag.tagId, 1, {
      exerciseId: single.exerciseId,
      answer: 'C',
      content: '<p>改过的题干</p>',
    });
    expect(edited.exerciseId).toBe(single.exerciseId);
    const read = await ok<Exercise>(b.get('teacher1', `${EX}/get/${single.exerciseId}`));
    expect(read).toMatchObject({ answer: 'C', content: '<p>改过的题干</p>' });
    // HTML is cleaned like the exam's
    const scripted = await b.exercise(tag.tagId, 5, { content: '<p>题干</p><script>alert(1)</script>' });
    expect(scripted.content).not.toContain('script');
  });

  it('refuses what the exam would refuse, naming the type and field (2)', async () => {
    const tag = await b.tag('量化投资');
    const bad = async (type: keyof typeof SAMPLES, patch: Record<string, unknown>) =>
      refusal(b.saveAnswer({ ...SAMPLES[type], tagId: tag.tagId, ...patch }));
    expect(await bad(1, { answer: 'E' })).toMatchObject({
      errCode: 2,
      errMsg: expect.stringContaining('单选题'),
    });
    expect((await bad(1, { options: [{ key: 'A', content: '唯一' }] })).errCode).toBe(2);
    expect(
      (
        await bad(1, {
          options: [
            { key: 'A', content: '甲' },
            { key: 'C', content: '乙' },
          ],
          answer: 'A',
        })
      ).errCode,
    ).toBe(2);
    expect((await bad(2, { answer: 'A' })).errMsg).toContain('两个及以上');
    expect((await bad(3, { answer: '对' })).errCode).toBe(2);
    expect(
      (
        await bad(3, {
          options: [
            { key: 'A', content: '对' },
            { key: 'B', content: '错' },
          ],
        })
      ).errMsg,
    ).toContain('不需要选项');
    expect((await bad(4, { answer: '0.4|0.5' })).errMsg).toContain('1 个空');
    expect((await bad(4, { answer: '夏普' })).errMsg).toContain('不是数字');
    expect((await bad(5, { tolerance: 1 })).errMsg).toContain('只有填空题');
    expect((await bad(6, { codeLanguage: 'none' })).errMsg).toContain('代码语言');
    expect((await bad(5, { codeLanguage: 'python' })).errCode).toBe(2);
    expect((await bad(1, { score: 0.3 })).errCode).toBe(2);
    expect((await bad(1, { score: 2.3 })).errMsg).toContain('0.5 的整数倍');
    expect((await bad(1, { content: '<p> </p>' })).errMsg).toContain('题干不能为空');
    expect(await exerciseCount()).toBe(0);
  });

  it('is the owner’s only: another teacher gets 5, an unknown id 6, a student 5', async () => {
    const tag = await b.tag('量化投资');
    const mine = await b.exercise(tag.tagId, 1);
    const theirTag = await b.tag('金融衍生品', {}, 'teacher2');
    expect(await codeOf(b.get('teacher2', `${EX}/get/${mine.exerciseId}`))).toBe(5);
    expect(await codeOf(b.get('teacher1', `${EX}/get/${UNKNOWN}`))).toBe(6);
    expect(await codeOf(b.get('teacher1', `${EX}/get/abc`))).toBe(6);
    expect(await codeOf(b.get('student01', `${EX}/get/${mine.exerciseId}`))).toBe(5);
    // editing someone else's exercise, or filing mine under their tag
    expect(
      await codeOf(
        b.saveAnswer({ ...SAMPLES[1], tagId: theirTag.tagId, exerciseId: mine.exerciseId }, 'teacher2'),
      ),
    ).toBe(5);
    expect(await codeOf(b.saveAnswer({ ...SAMPLES[1], tagId: theirTag.tagId }))).toBe(5);
    expect(await codeOf(b.saveAnswer({ ...SAMPLES[1], tagId: UNKNOWN }))).toBe(6);
    expect(await codeOf(b.saveAnswer({ ...SAMPLES[1], tagId: tag.tagId }, 'student01'))).toBe(5);
    expect((await ok<Exercise>(b.get('teacher1', `${EX}/get/${mine.exerciseId}`))).answer).toBe('B');
  });

  it('lists the owner’s exercises newest first, by filter, by tag (with or without children) and by id', async () => {
    const quant = await b.tag('量化投资');
    const risk = await b.tag('风险度量', { parentId: quant.tagId });
    const a = await b.exercise(quant.tagId, 1);
    t.clock.advance(1000);
    const c = await b.exercise(risk.tagId, 2);
    t.clock.advance(1000);
    const d = await b.exercise(risk.tagId, 3, { difficulty: 3 });
    const other = await b.exercise((await b.tag('他的', {}, 'teacher2')).tagId, 1, {}, 'teacher2');

    const all = await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, page));
    expect(all.total).toBe(3);
    expect(all.list.map((e) => e.exerciseId)).toEqual([d.exerciseId, c.exerciseId, a.exerciseId]);
    const paged = await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, { pageIndex: 2, pageSize: 2 }));
    expect(paged).toMatchObject({ total: 3, list: [{ exerciseId: a.exerciseId }] });
    expect(
      (await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, { ...page, type: 2 }))).list.map(
        (e) => e.exerciseId,
      ),
    ).toEqual([c.exerciseId]);
    expect((await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, { ...page, difficulty: 3 }))).total).toBe(
      1,
    );
    expect(
      (await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, { ...page, keyword: '夏普' }))).total,
    ).toBe(0);
    expect(
      (await ok<ExercisePage>(b.post('teacher1', `${EX}/list`, { ...page, keyword: '风险度量' }))).total,
    ).toBe(1);

    const underQuant = await ok<ExercisePage>(
      b.post('teacher1', `${EX}/list/by/tag`, { ...page, tagId: quant.tagId }),
    );
    expect(underQuant.total).toBe(3);
    const onlyQuant = await ok<ExercisePage>(
      b.post('teacher1', `${EX}/list/by/tag`, { ...page, tagId: quant.tagId, includeSubTags: false }),
    );
    expect(onlyQuant.list.map((e) => e.exerciseId)).toEqual([a.exerciseId]);
    expect(await codeOf(b.post('teacher2', `${EX}/list/by/tag`, { ...page, tagId: quant.tagId }))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/list/by/tag`, { ...page, tagId: UNKNOWN }))).toBe(6);

    const byId = await ok<Exercise[]>(
      b.post('teacher1', `${EX}/list/by/id`, {
        exerciseIds: [c.exerciseId, other.exerciseId, UNKNOWN, a.exerciseId],
      }),
    );
    expect(byId.map((e) => e.exerciseId)).toEqual([c.exerciseId, a.exerciseId]);
    expect(await codeOf(b.post('teacher1', `${EX}/list/by/id`, { exerciseIds: [] }))).toBe(2);

    expect(
      (await ok<ExercisePage>(b.post('teacher2', `${EX}/list`, page))).list.map((e) => e.exerciseId),
    ).toEqual([other.exerciseId]);
    expect(await codeOf(b.post('student01', `${EX}/list`, page))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/list`, { pageIndex: 0, pageSize: 10 }))).toBe(2);
  });

  it('deletes a batch only when every exercise is the caller’s and in no paper', async () => {
    const tag = await b.tag('量化投资');
    const paperTag = await b.paperTag('期中');
    const a = await b.exercise(tag.tagId, 1);
    const c = await b.exercise(tag.tagId, 3);
    const theirs = await b.exercise((await b.tag('他的', {}, 'teacher2')).tagId, 1, {}, 'teacher2');
    await ok(
      b.paperAnswer({ paperName: '卷', tagId: paperTag.tagId, items: [{ exerciseId: a.exerciseId }] }),
    );
    expect((await ok<Exercise>(b.get('teacher1', `${EX}/get/${a.exerciseId}`))).paperCount).toBe(1);

    const inPaper = await refusal(
      b.post('teacher1', `${EX}/del`, { exerciseIds: [c.exerciseId, a.exerciseId] }),
    );
    expect(inPaper.errCode).toBe(1);
    expect(inPaper.errMsg).toContain(a.exerciseId);
    expect(
      await codeOf(b.post('teacher1', `${EX}/del`, { exerciseIds: [c.exerciseId, theirs.exerciseId] })),
    ).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/del`, { exerciseIds: [c.exerciseId, UNKNOWN] }))).toBe(6);
    expect(await codeOf(b.post('student01', `${EX}/del`, { exerciseIds: [c.exerciseId] }))).toBe(5);
    expect(await exerciseCount()).toBe(3);

    expect(await ok<string[]>(b.post('teacher1', `${EX}/del`, { exerciseIds: [c.exerciseId] }))).toEqual([
      c.exerciseId,
    ]);
    expect(await codeOf(b.get('teacher1', `${EX}/get/${c.exerciseId}`))).toBe(6);
  });

  it('lists the six types with their templates', async () => {
    const types = await ok<ExerciseTypeInfo[]>(b.get('teacher1', `${EX}/type/list`));
    expect(types.map((info) => [info.type, info.name, info.importTemplate])).toEqual([
      [1, '单选题', 'choice'],
      [2, '多选题', 'choice'],
      [3, '判断题', 'choice'],
      [4, '填空题', 'qa'],
      [5, '问答题', 'qa'],
      [6, '代码题', 'none'],
    ]);
    expect(types.filter((info) => info.autoGraded).map((info) => info.type)).toEqual([1, 2, 3, 4]);
    expect(await codeOf(b.get('student01', `${EX}/type/list`))).toBe(5);
  });
});

async function download(
  who: string,
  path: string,
): Promise<{ response: Response; workbook: ExcelJS.Workbook }> {
  const response = await t.app.request(`/api${EX}${path}`, {
    headers: { Product: 'dfrm', ...(await b.as(who)).headers },
  });
  const workbook = new ExcelJS.Workbook();
  if (response.status === 200) await workbook.xlsx.load(await response.arrayBuffer());
  return { response, workbook };
}

function rowValues(sheet: ExcelJS.Worksheet | undefined, rowNumber: number): string[] {
  const row = sheet?.getRow(rowNumber);
  return Array.from({ length: row?.cellCount ?? 0 }, (_, i) => String(row?.getCell(i + 1).value ?? ''));
}

describe('Excel import', () => {
  it('serves templates whose headers are what the import reads, and whose example rows import', async () => {
    const tag = await b.tag('量化投资');
    for (const [kind, fileName, headers] of [
      ['choice', '选择题导入模板.xlsx', CHOICE_HEADERS],
      ['qa', '问答题导入模板.xlsx', QA_HEADERS],
    ] as const) {
      const { response, workbook } = await download('teacher1', `/${kind}/import/model/get`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(fileName));
      expect(rowValues(workbook.worksheets[0], 1)).toEqual(headers);
      expect(workbook.worksheets[1]?.name).toBe('填写说明');
      // the template as downloaded is a valid file: its example imports
      const result = await ok<ExerciseImportResult>(
        b.importFile(kind, tag.tagId, upload(new Uint8Array(await workbook.xlsx.writeBuffer()))),
      );
      expect(result).toMatchObject({ success: true, importedCount: 1, failedCount: 0, errors: [] });
    }
    const { response } = await download('student01', '/choice/import/model/get');
    expect(response.status).toBe(403);
  });

  it('imports every row of a good file in order, under the tag', async () => {
    const tag = await b.tag('量化投资');
    const file = await xlsx(CHOICE_HEADERS, [
      ['单选', '题一', '甲', '乙', '丙', null, null, null, null, null, 'C', '因为丙', '困难', 2.5],
      ['多选题', '题二', '甲', '乙', '丙', '丁', null, null, null, null, 'DB', null, null, null],
      ['判断', '题三', null, null, null, null, null, null, null, null, '错误', null, '简单', 1],
    ]);
    const result = await ok<ExerciseImportResult>(b.importFile('choice', tag.tagId, upload(file)));
    expect(result).toMatchObject({
      success: true,
      tagId: tag.tagId,
      totalRows: 3,
      importedCount: 3,
      failedCount: 0,
    });
    const saved = await ok<Exercise[]>(
      b.post('teacher1', `${EX}/list/by/id`, { exerciseIds: result.exerciseIds }),
    );
    expect(saved.map((e) => [e.type, e.content, e.answer, e.difficulty, e.score])).toEqual([
      [1, '题一', 'C', 3, 2.5],
      [2, '题二', 'BD', 2, 5],
      [3, '题三', 'F', 1, 1],
    ]);
    expect(saved[0]?.options.map((o) => o.key)).toEqual(['A', 'B', 'C']);

    const qa = await xlsx(QA_HEADERS, [
      ['填空', '收益 ____，风险 ____', '0.1|0.2', '0.005', null, null, 3],
      ['问答', '简述夏普比率', '超额收益除以波动率', null, '解析', '中等', 10],
    ]);
    const qaResult = await ok<ExerciseImportResult>(b.importFile('qa', tag.tagId, upload(qa)));
    expect(qaResult.importedCount).toBe(2);
    const [blank] = await ok<Exercise[]>(
      b.post('teacher1', `${EX}/list/by/id`, { exerciseIds: qaResult.exerciseIds }),
    );
    expect(blank).toMatchObject({ type: 4, answer: '0.1|0.2', tolerance: 0.005 });
  });

  it('imports nothing when any row is bad, naming every bad row and column', async () => {
    const tag = await b.tag('量化投资');
    const file = await xlsx(CHOICE_HEADERS, [
      ['单选', '好题', '甲', '乙', null, null, null, null, null, null, 'A', null, null, null],
      ['填空', '题型不对', '甲', '乙', null, null, null, null, null, null, 'A', null, null, null],
      ['单选', '答案不在选项', '甲', '乙', null, null, null, null, null, null, 'D', null, '很难', 7.3],
      [],
      ['多选', '选项断开', '甲', null, '丙', null, null, null, null, null, 'AC', null, null, null],
    ]);
    const result = await ok<ExerciseImportResult>(b.importFile('choice', tag.tagId, upload(file)));
    expect(result).toMatchObject({
      success: false,
      totalRows: 4,
      importedCount: 0,
      failedCount: 3,
      exerciseIds: [],
    });
    expect(result.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '题型'],
      [4, '难度'],
      [4, '分值'],
      [6, '选项C'],
    ]);
    expect(result.errors[0]?.message).toContain('单选、多选或判断');
    expect(await exerciseCount()).toBe(0);

    // the exam's own rules, after the cells are read, are named too
    const qa = await xlsx(QA_HEADERS, [['填空', '两个空 ____ 与 ____', '只有一个', null, null, null, null]]);
    const qaResult = await ok<ExerciseImportResult>(b.importFile('qa', tag.tagId, upload(qa)));
    expect(qaResult.errors).toEqual([{ row: 2, column: '答案', message: expect.stringContaining('2 个空') }]);
    expect(await exerciseCount()).toBe(0);
  });

  it('refuses a file without the template’s columns (2), an empty file, another teacher’s tag (5) and a student (5)', async () => {
    const tag = await b.tag('量化投资');
    const wrong = await xlsx(['题型', '题干', '答案'], [['单选', '题', 'A']]);
    expect(await refusal(b.importFile('choice', tag.tagId, upload(wrong)))).toMatchObject({
      errCode: 2,
      errMsg: expect.stringContaining('选项A'),
    });
    expect(
      await codeOf(b.importFile('choice', tag.tagId, upload(new Uint8Array([1, 2, 3]), '习题.csv'))),
    ).toBe(2);
    const empty = await ok<ExerciseImportResult>(
      b.importFile('qa', tag.tagId, upload(await xlsx(QA_HEADERS, []))),
    );
    expect(empty).toMatchObject({ success: false, totalRows: 0, importedCount: 0, errors: [{ row: 2 }] });
    const good = upload(await xlsx(QA_HEADERS, [['问答', '题', '答', null, null, null, null]]));
    expect(await codeOf(b.importFile('qa', tag.tagId, good, 'teacher2'))).toBe(5);
    expect(await codeOf(b.importFile('qa', UNKNOWN, good))).toBe(6);
    expect(await codeOf(b.importFile('qa', tag.tagId, good, 'student01'))).toBe(5);
    expect(await exerciseCount()).toBe(0);
  });
});

describe('exercise papers', () => {
  async function setUp() {
    const tag = await b.tag('量化投资');
    const paperTag = await b.paperTag('期中');
    const one = await b.exercise(tag.tagId, 1);
    const two = await b.exercise(tag.tagId, 2);
    const three = await b.exercise(tag.tagId, 5);
    return { tag, paperTag, one, two, three };
  }

  it('builds a paper in the order given, with per-question scores and a 60% pass mark by default', async () => {
    const { paperTag, one, two, three } = await setUp();
    const paper = await ok<ExercisePaper>(
      b.paperAnswer({
        paperName: '期中练习',
        tagId: paperTag.tagId,
        items: [
          { exerciseId: three.exerciseId, score: 30 },
          { exerciseId: one.exerciseId },
          { exerciseId: two.exerciseId, score: 15 },
        ],
      }),
    );
    expect(paper).toMatchObject({
      paperName: '期中练习',
      tagName: '期中',
      exerciseCount: 3,
      totalScore: 50,
      passScore: 30,
      buildMode: 'manual',
      usedCount: 0,
      durationMinutes: 60,
    });
    expect(paper.exercises.map((e) => [e.exerciseId, e.paperScore, e.sortNo])).toEqual([
      [three.exerciseId, 30, 1],
      [one.exerciseId, 5, 2],
      [two.exerciseId, 15, 3],
    ]);
    // the paper shows exercises live
    await b.exercise(one.tagId, 1, { exerciseId: one.exerciseId, content: '<p>新题干</p>' });
    const read = await ok<ExercisePaper>(b.post('teacher1', `${EX}/paper/get/${paper.paperId}`));
    expect(read.exercises[1]?.content).toBe('<p>新题干</p>');
  });

  it('refuses repeats, a pass mark above the total (2), someone else’s exercise or tag (5), unknown ones (6)', async () => {
    const { paperTag, one, two } = await setUp();
    const theirs = await b.exercise((await b.tag('他的', {}, 'teacher2')).tagId, 1, {}, 'teacher2');
    const body = {
      paperName: '卷',
      tagId: paperTag.tagId,
      items: [{ exerciseId: one.exerciseId }, { exerciseId: two.exerciseId }],
    };
    expect(
      await refusal(
        b.paperAnswer({ ...body, items: [{ exerciseId: one.exerciseId }, { exerciseId: one.exerciseId }] }),
      ),
    ).toMatchObject({
      errCode: 2,
      errMsg: expect.stringContaining('第 2 题与第 1 题'),
    });
    expect(await codeOf(b.paperAnswer({ ...body, passScore: 16 }))).toBe(2);
    expect(
      (await refusal(b.paperAnswer({ ...body, items: [{ exerciseId: one.exerciseId, score: 1.2 }] }))).errMsg,
    ).toBe('参数 items.0.score 必须是 0.5 的整数倍');
    expect(await codeOf(b.paperAnswer({ ...body, items: [{ exerciseId: theirs.exerciseId }] }))).toBe(5);
    expect(await codeOf(b.paperAnswer({ ...body, items: [{ exerciseId: UNKNOWN }] }))).toBe(6);
    expect(await codeOf(b.paperAnswer({ ...body, tagId: UNKNOWN }))).toBe(6);
    expect(
      await codeOf(b.paperAnswer({ ...body, tagId: (await b.paperTag('他的', {}, 'teacher2')).tagId })),
    ).toBe(5);
    expect(await codeOf(b.paperAnswer({ ...body, items: [] }))).toBe(2);
    expect(await codeOf(b.paperAnswer(body, 'student01'))).toBe(5);
    expect((await ok<ExercisePaperBriefPage>(b.post('teacher1', `${EX}/paper/list`, page))).total).toBe(0);
  });

  it('lists, reads, updates and deletes only the owner’s papers', async () => {
    const { paperTag, one, two } = await setUp();
    const sub = await b.paperTag('第一章', { parentId: paperTag.tagId });
    const a = await ok<ExercisePaper>(
      b.paperAnswer({
        paperName: '期中 A 卷',
        tagId: paperTag.tagId,
        items: [{ exerciseId: one.exerciseId }],
      }),
    );
    t.clock.advance(1000);
    const c = await ok<ExercisePaper>(
      b.paperAnswer({ paperName: '第一章小测', tagId: sub.tagId, items: [{ exerciseId: two.exerciseId }] }),
    );

    const list = await ok<ExercisePaperBriefPage>(b.post('teacher1', `${EX}/paper/list`, page));
    expect(list.list.map((p) => p.paperId)).toEqual([c.paperId, a.paperId]);
    expect(
      (await ok<ExercisePaperBriefPage>(b.post('teacher1', `${EX}/paper/list`, { ...page, keyword: '期中' })))
        .total,
    ).toBe(1);
    const byTag = await ok<ExercisePaperBriefPage>(
      b.post('teacher1', `${EX}/paper/list/by/tag`, { ...page, tagId: paperTag.tagId }),
    );
    expect(byTag.total).toBe(2);
    const direct = await ok<ExercisePaperBriefPage>(
      b.post('teacher1', `${EX}/paper/list/by/tag`, {
        ...page,
        tagId: paperTag.tagId,
        includeSubTags: false,
      }),
    );
    expect(direct.list.map((p) => p.paperId)).toEqual([a.paperId]);
    expect(
      await codeOf(b.post('teacher2', `${EX}/paper/list/by/tag`, { ...page, tagId: paperTag.tagId })),
    ).toBe(5);
    expect((await ok<ExercisePaperBriefPage>(b.post('teacher2', `${EX}/paper/list`, page))).total).toBe(0);
    expect(await codeOf(b.post('teacher2', `${EX}/paper/get/${a.paperId}`))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/paper/get/${UNKNOWN}`))).toBe(6);
    expect(await codeOf(b.post('student01', `${EX}/paper/list`, page))).toBe(5);

    // update: only what is sent changes; items replace the paper's and its total
    const renamed = await ok<ExercisePaper>(
      b.post('teacher1', `${EX}/paper/update`, { paperId: a.paperId, paperName: '期中 B 卷' }),
    );
    expect(renamed).toMatchObject({
      paperName: '期中 B 卷',
      tagId: paperTag.tagId,
      durationMinutes: 60,
      passScore: 3,
    });
    const refilled = await ok<ExercisePaper>(
      b.post('teacher1', `${EX}/paper/update`, {
        paperId: a.paperId,
        items: [
          { exerciseId: two.exerciseId, score: 20 },
          { exerciseId: one.exerciseId, score: 20 },
        ],
        passScore: 24,
      }),
    );
    expect(refilled).toMatchObject({ totalScore: 40, passScore: 24, exerciseCount: 2 });
    expect(refilled.exercises.map((e) => e.exerciseId)).toEqual([two.exerciseId, one.exerciseId]);
    expect(
      await codeOf(
        b.post('teacher1', `${EX}/paper/update`, {
          paperId: a.paperId,
          items: [{ exerciseId: one.exerciseId, score: 10 }],
        }),
      ),
    ).toBe(2);
    expect(
      await codeOf(b.post('teacher2', `${EX}/paper/update`, { paperId: a.paperId, paperName: 'x' })),
    ).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/paper/update`, { paperId: UNKNOWN, paperName: 'x' }))).toBe(
      6,
    );
    expect(
      await codeOf(b.post('teacher1', `${EX}/paper/update`, { paperId: a.paperId, paperName: '' })),
    ).toBe(2);

    // delete: exercises stay
    expect(await codeOf(b.post('teacher2', `${EX}/paper/del`, { paperIds: [a.paperId] }))).toBe(5);
    expect(await codeOf(b.post('teacher1', `${EX}/paper/del`, { paperIds: [a.paperId, UNKNOWN] }))).toBe(6);
    expect(
      await ok<string[]>(b.post('teacher1', `${EX}/paper/del`, { paperIds: [a.paperId, c.paperId] })),
    ).toEqual([a.paperId, c.paperId]);
    expect(await codeOf(b.post('teacher1', `${EX}/paper/get/${a.paperId}`))).toBe(6);
    expect((await ok<Exercise>(b.get('teacher1', `${EX}/get/${one.exerciseId}`))).paperCount).toBe(0);
    expect(await exerciseCount()).toBe(3);
  });

  it('stores nothing of a refused update', async () => {
    const { paperTag, one, two } = await setUp();
    const paper = await ok<ExercisePaper>(
      b.paperAnswer({ paperName: '卷', tagId: paperTag.tagId, items: [{ exerciseId: one.exerciseId }] }),
    );
    expect(
      await codeOf(
        b.post('teacher1', `${EX}/paper/update`, {
          paperId: paper.paperId,
          paperName: '新',
          items: [{ exerciseId: two.exerciseId }, { exerciseId: two.exerciseId }],
        }),
      ),
    ).toBe(2);
    const read = await ok<ExercisePaper>(b.post('teacher1', `${EX}/paper/get/${paper.paperId}`));
    expect(read.paperName).toBe('卷');
    expect(read.exercises.map((e) => e.exerciseId)).toEqual([one.exerciseId]);
    const rows = await t.db
      .select()
      .from(exercises)
      .where(eq(exercises.id, Number(one.exerciseId)));
    expect(rows).toHaveLength(1);
  });
});
