import type { ExerciseImportError, ExerciseImportResult } from '@dfrm/sdk/resource/types';
import type { Input, Output } from '../../contract/types';
import {
  type ExerciseDifficulty,
  type ExerciseOptionValue,
  exercises,
  type ExerciseTagRow,
  type ExerciseType,
} from '../../db/schema/exercise';
import { AppError } from '../../lib/errors';
import { bytesAnswer } from '../../lib/file-answer';
import type { UploadedFile } from '../../lib/multipart';
import { buildTemplate, readSheetUpload, type SheetRow, XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import type { AuthedCall, AuthedContext } from '../context';
import { type CleanExercise, cleanExercise } from './exercises';
import { ownTag } from './tags';

// Exercises from the two Excel templates. All or nothing, as the student import: every row is
// checked first; any bad row imports nothing and every problem is answered by Excel row number.

export const MAX_EXERCISE_ROWS = 1000;
/** errors lists at most this many problems (failedCount still counts every bad row). */
const MAX_ERRORS = 200;
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
const OPTION_HEADERS = LETTERS.map((letter) => `选项${letter}`);

const DIFFICULTY_HINT = '选填，简单、中等或困难，不填为中等';
const SCORE_HINT = '选填，默认分值 0.5–100，步长 0.5，不填为 5';

export const CHOICE_COLUMNS = [
  { header: '题型', width: 10, hint: '必填，单选、多选或判断' },
  { header: '题干', width: 40, hint: '必填，不超过 5000 字' },
  ...OPTION_HEADERS.map((header, index) => ({
    header,
    width: 16,
    hint: index < 2 ? '单选、多选必填（至少两个选项）；判断题不填' : '选填，从 A 起连续填写，不超过 1000 字',
  })),
  {
    header: '答案',
    width: 10,
    text: true,
    hint: '必填：单选一个字母（如 B）；多选两个及以上字母（如 ACD）；判断填 T/F、正确/错误或对/错',
  },
  { header: '解析', width: 30, hint: '选填，不超过 5000 字' },
  { header: '难度', width: 8, hint: DIFFICULTY_HINT },
  { header: '分值', width: 8, hint: SCORE_HINT },
] as const;

export const QA_COLUMNS = [
  { header: '题型', width: 10, hint: '必填，填空或问答' },
  { header: '题干', width: 40, hint: '必填，不超过 5000 字；填空题用 ____（四个及以上下划线）标出每个空' },
  {
    header: '答案',
    width: 30,
    text: true,
    hint: '必填：填空题各空答案按顺序以 | 分隔，空数须与题干相同；问答题填参考答案',
  },
  {
    header: '容差',
    width: 8,
    text: true,
    hint: '选填，仅填空题：数值容差，大于 0 时各空答案须为数字，作答与答案之差不超过它即判对；不填为 0（精确比对）',
  },
  { header: '解析', width: 30, hint: '选填，不超过 5000 字' },
  { header: '难度', width: 8, hint: DIFFICULTY_HINT },
  { header: '分值', width: 8, hint: SCORE_HINT },
] as const;

const COMMON_NOTES = [
  '第 1 行为表头，请勿修改；示例行请改写或删除后再上传；空行会被跳过。',
  `每个文件最多 ${MAX_EXERCISE_ROWS} 道题，文件不超过 5 MB。`,
  '任何一行有错时整个文件都不会导入，请按提示的行号修改后重新上传。',
];

export async function exerciseChoiceImportModelGet(): Promise<Output<'exerciseChoiceImportModelGet'>> {
  const data = await buildTemplate({
    sheetName: '选择题',
    columns: CHOICE_COLUMNS,
    example: [
      '单选',
      '衡量单位总风险所获超额收益的指标是？',
      '贝塔系数',
      '夏普比率',
      '最大回撤',
      '换手率',
      '',
      '',
      '',
      '',
      'B',
      '夏普比率等于超额收益除以收益率的标准差。',
      '简单',
      '5',
    ],
    notes: [...COMMON_NOTES, '多选题全部选对得分，漏选、错选不得分。'],
  });
  return bytesAnswer('选择题导入模板.xlsx', XLSX_CONTENT_TYPE, data);
}

export async function exerciseQaImportModelGet(): Promise<Output<'exerciseQaImportModelGet'>> {
  const data = await buildTemplate({
    sheetName: '问答题',
    columns: QA_COLUMNS,
    example: [
      '填空',
      '年化收益 10%、波动率 20%、无风险利率 2% 时，夏普比率为 ____。',
      '0.4',
      '0.01',
      '（10% − 2%）÷ 20%。',
      '中等',
      '5',
    ],
    notes: [...COMMON_NOTES, '问答题由教师评分，答案列填参考答案。'],
  });
  return bytesAnswer('问答题导入模板.xlsx', XLSX_CONTENT_TYPE, data);
}

const CHOICE_TYPES: Readonly<Record<string, ExerciseType>> = {
  单选: 1,
  单选题: 1,
  多选: 2,
  多选题: 2,
  判断: 3,
  判断题: 3,
};
const QA_TYPES: Readonly<Record<string, ExerciseType>> = {
  填空: 4,
  填空题: 4,
  问答: 5,
  问答题: 5,
  简答: 5,
  简答题: 5,
};
const DIFFICULTIES: Readonly<Record<string, ExerciseDifficulty>> = { '': 2, 简单: 1, 中等: 2, 困难: 3 };
const TRUE_FALSE: Readonly<Record<string, string>> = {
  T: 'T',
  F: 'F',
  正确: 'T',
  错误: 'F',
  对: 'T',
  错: 'F',
};

type Template = 'choice' | 'qa';

/** The column a cleaning message is about (the exam's rules name it in words). */
function columnOf(message: string): string {
  if (message.includes('容差')) return '容差';
  if (message.includes('选项')) return '选项';
  if (message.includes('答案') || message.includes('空')) return '答案';
  if (message.includes('题干')) return '题干';
  return '';
}

function numberCell(text: string): number | null {
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** One row as an exercise, or its problems. */
function rowExercise(row: SheetRow, template: Template): CleanExercise | Omit<ExerciseImportError, 'row'>[] {
  const problems: Omit<ExerciseImportError, 'row'>[] = [];
  const fail = (column: string, message: string) => problems.push({ column, message });
  const cell = (name: string) => row.cells[name] ?? '';
  const types = template === 'choice' ? CHOICE_TYPES : QA_TYPES;
  const type = types[cell('题型')];
  if (type === undefined)
    fail(
      '题型',
      cell('题型') === ''
        ? '题型不能为空'
        : `题型“${cell('题型')}”不对，应为${template === 'choice' ? '单选、多选或判断' : '填空或问答'}`,
    );
  const content = cell('题干');
  if (content === '') fail('题干', '题干不能为空');
  else if (content.length > 5000) fail('题干', '题干不能超过 5000 字');
  let answer = cell('答案');
  if (answer === '') fail('答案', '答案不能为空');
  else if (answer.length > 5000) fail('答案', '答案不能超过 5000 字');
  if (type === 3) answer = TRUE_FALSE[answer.toUpperCase()] ?? answer;
  const analysis = cell('解析');
  if (analysis.length > 5000) fail('解析', '解析不能超过 5000 字');
  const difficulty = DIFFICULTIES[cell('难度')];
  if (difficulty === undefined) fail('难度', `难度“${cell('难度')}”不对，应为简单、中等或困难`);
  const score = cell('分值') === '' ? 5 : numberCell(cell('分值'));
  if (score === null || score < 0.5 || score > 100 || (score * 2) % 1 !== 0)
    fail('分值', `分值“${cell('分值')}”不对，应为 0.5–100 之间、步长 0.5 的数`);
  const tolerance = template === 'qa' && cell('容差') !== '' ? numberCell(cell('容差')) : 0;
  if (tolerance === null) fail('容差', `容差“${cell('容差')}”不对，应为不小于 0 的数`);
  const options: ExerciseOptionValue[] = [];
  if (template === 'choice') {
    let gap = '';
    LETTERS.forEach((letter, index) => {
      const text = cell(OPTION_HEADERS[index]!);
      if (text === '') {
        gap ||= letter;
        return;
      }
      if (gap) fail(`选项${letter}`, `选项应从 A 起连续填写，选项${gap}为空而选项${letter}有内容`);
      if (text.length > 1000) fail(`选项${letter}`, `选项${letter}不能超过 1000 字`);
      options.push({ key: letter, content: text });
    });
  }
  if (problems.length > 0 || type === undefined) return problems;
  try {
    return cleanExercise({
      type,
      content,
      options,
      answer,
      analysis,
      difficulty: difficulty!,
      score: score!,
      tolerance: tolerance!,
      codeLanguage: undefined,
      codeTemplate: '',
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [{ column: columnOf(error.message), message: error.message }];
  }
}

async function importExercises(
  ctx: AuthedContext,
  input: { tagId: string; file: UploadedFile | null },
  template: Template,
): Promise<ExerciseImportResult> {
  // 6/5 before the file is read
  const tag: ExerciseTagRow = await ownTag(ctx, input.tagId, 'exercise');
  const headers = (template === 'choice' ? CHOICE_COLUMNS : QA_COLUMNS).map((column) => column.header);
  const rows = await readSheetUpload(ctx.storage, input.file, {
    headers,
    required: headers,
    maxRows: MAX_EXERCISE_ROWS,
  });
  const refused = (errors: ExerciseImportError[], failedCount: number): ExerciseImportResult => ({
    success: false,
    tagId: String(tag.id),
    totalRows: rows.length,
    importedCount: 0,
    failedCount,
    exerciseIds: [],
    errors: errors.slice(0, MAX_ERRORS),
  });
  if (rows.length === 0)
    return refused([{ row: 2, column: '', message: '文件中没有习题数据，请从第 2 行开始填写' }], 0);
  const errors: ExerciseImportError[] = [];
  const clean: CleanExercise[] = [];
  let failedCount = 0;
  for (const row of rows) {
    const result = rowExercise(row, template);
    if (Array.isArray(result)) {
      failedCount += 1;
      errors.push(...result.map((problem) => ({ row: row.rowNumber, ...problem })));
    } else {
      clean.push(result);
    }
  }
  if (failedCount > 0) return refused(errors, failedCount);
  const now = ctx.clock.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let start = 0; start < clean.length; start += 500) {
      const part = await tx
        .insert(exercises)
        .values(
          clean.slice(start, start + 500).map((exercise) => ({
            ...exercise,
            tagId: tag.id,
            ownerUserId: ctx.auth.userId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: exercises.id });
      ids.push(...part.map((row) => row.id));
    }
    return ids;
  });
  return {
    success: true,
    tagId: String(tag.id),
    totalRows: rows.length,
    importedCount: inserted.length,
    failedCount: 0,
    exerciseIds: inserted.map(String),
    errors: [],
  };
}

export function exerciseChoiceImport({
  ctx,
  input,
}: AuthedCall<Input<'exerciseChoiceImport'>>): Promise<Output<'exerciseChoiceImport'>> {
  return importExercises(ctx, input, 'choice');
}

export function exerciseQaImport({
  ctx,
  input,
}: AuthedCall<Input<'exerciseQaImport'>>): Promise<Output<'exerciseQaImport'>> {
  return importExercises(ctx, input, 'qa');
}
