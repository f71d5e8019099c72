import ExcelJS from 'exceljs';
import type {
  Exercise,
  ExerciseImportResult,
  ExercisePaper,
  ExerciseSaveRequest,
  ExerciseTag,
} from '@dfrm/sdk/resource/types';
import { call, type Session, type TestApp } from '../../testing/index';
import { demoSessions, ok } from '../tms/homework.fixtures';

/**
 * The exercise bank over HTTP as a teacher uses it: tags, exercises of every type, papers. On the
 * demo school (teacher1, teacher2, student01).
 */

export const EX = '/api/exercise';
export const REPO = '/resource-server/exam';

/** A good exercise of each type (teacher1's bank in the tests), without its tag. */
export const SAMPLES: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, Omit<ExerciseSaveRequest, 'tagId'>>> = {
  1: {
    type: 1,
    content: '<p>衡量单位总风险所获超额收益的指标是？</p>',
    options: [
      { key: 'A', content: '贝塔系数' },
      { key: 'B', content: '夏普比率' },
      { key: 'C', content: '最大回撤' },
    ],
    answer: 'B',
    analysis: '夏普比率等于超额收益除以收益率的标准差。',
    difficulty: 1,
    score: 5,
  },
  2: {
    type: 2,
    content: '<p>下列属于风险度量的有？</p>',
    options: [
      { key: 'A', content: '波动率' },
      { key: 'B', content: '年化收益率' },
      { key: 'C', content: '最大回撤' },
      { key: 'D', content: '成交量' },
    ],
    answer: 'C,A',
    difficulty: 2,
    score: 10,
  },
  3: { type: 3, content: '<p>分散投资可以降低非系统性风险。</p>', answer: 'T', difficulty: 1, score: 2 },
  4: {
    type: 4,
    content: '<p>年化收益 10%、波动率 20%、无风险利率 2% 时，夏普比率为 ____。</p>',
    answer: '0.4',
    tolerance: 0.01,
    difficulty: 2,
    score: 5,
  },
  5: {
    type: 5,
    content: '<p>简述动量策略的基本思想。</p>',
    answer: '买入近期强势资产。',
    difficulty: 3,
    score: 20,
  },
  6: {
    type: 6,
    content: '<p>用 pandas 计算日收益率。</p>',
    answer: 'prices.pct_change()',
    codeLanguage: 'python',
    codeTemplate: 'import pandas as pd\n',
    difficulty: 2,
    score: 10,
  },
};

/** Column headers as the templates have them. */
export const CHOICE_HEADERS = [
  '题型',
  '题干',
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => `选项${letter}`),
  '答案',
  '解析',
  '难度',
  '分值',
];
export const QA_HEADERS = ['题型', '题干', '答案', '容差', '解析', '难度', '分值'];

export async function xlsx(
  headers: readonly string[],
  rows: (string | number | null)[][],
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('习题');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

export function upload(data: Uint8Array, fileName = '习题.xlsx'): FormData {
  const form = new FormData();
  form.append('file', new File([data as Uint8Array<ArrayBuffer>], fileName));
  return form;
}

/** `as`: the sessions to share with other fixtures (a second login displaces the first session). */
export function bank(t: TestApp, as: (userName: string) => Promise<Session> = demoSessions(t.app).as) {
  async function post<T = unknown>(who: string, path: string, body?: unknown) {
    return call<T>(t.app, 'POST', path, { session: await as(who), ...(body === undefined ? {} : { body }) });
  }

  async function get<T = unknown>(who: string, path: string) {
    return call<T>(t.app, 'GET', path, { session: await as(who) });
  }

  function tag(tagName: string, extra: Record<string, unknown> = {}, who = 'teacher1') {
    return ok<ExerciseTag>(post(who, `${EX}/tag/update`, { tagName, ...extra }));
  }

  function paperTag(tagName: string, extra: Record<string, unknown> = {}, who = 'teacher1') {
    return ok<ExerciseTag>(post(who, `${EX}/paper/tag/update`, { tagName, ...extra }));
  }

  function saveAnswer(body: Record<string, unknown>, who = 'teacher1') {
    return post<Exercise>(who, `${EX}/update`, body);
  }

  /** Saves sample `type` (patched) under `tagId`. */
  function exercise(
    tagId: string,
    type: keyof typeof SAMPLES,
    patch: Record<string, unknown> = {},
    who = 'teacher1',
  ) {
    return ok<Exercise>(saveAnswer({ ...SAMPLES[type], tagId, ...patch }, who));
  }

  function paperAnswer(body: Record<string, unknown>, who = 'teacher1') {
    return post<ExercisePaper>(who, `${EX}/paper/create`, body);
  }

  function importFile(kind: 'choice' | 'qa', tagId: string, form: FormData, who = 'teacher1') {
    return post<ExerciseImportResult>(who, `${EX}/${kind}/import/${tagId}`, form);
  }

  return { as, post, get, tag, paperTag, saveAnswer, exercise, paperAnswer, importFile };
}
