import type { Exercise, ExerciseCodeLanguage, ExerciseSaveRequest, ExerciseType } from '@dfrm/sdk/resource';
// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';
import { blankCount, hasOptions } from '@/features/exercise/exercise-labels';
import { halfPoints } from '@/lib/half-points';

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

export interface OptionValue {
  content: string;
  right: boolean;
}

/** The exercise form: every type's fields side by side; the request takes the chosen type's. */
export interface ExerciseFormValues {
  type: string;
  content: string;
  options: OptionValue[];
  /** 判断题: T or F. */
  judge: string;
  /** 填空题: one answer per ____ of the stem. */
  blanks: string[];
  tolerance: number | string;
  /** 问答题's reference answer, 代码题's reference code. */
  reference: string;
  codeLanguage: string;
  codeTemplate: string;
  analysis: string;
  difficulty: string;
  score: number | string;
  tagId: string;
}

const emptyOptions = (): OptionValue[] => ['', '', '', ''].map((content) => ({ content, right: false }));

export function exerciseFormValues(exercise: Exercise | null, tagId: string): ExerciseFormValues {
  if (!exercise)
    return {
      type: '1',
      content: '',
      options: emptyOptions(),
      judge: '',
      blanks: [],
      tolerance: 0,
      reference: '',
      codeLanguage: 'python',
      codeTemplate: '',
      analysis: '',
      difficulty: '2',
      score: 5,
      tagId,
    };
  const choice = hasOptions(exercise.type);
  return {
    type: String(exercise.type),
    content: exercise.content,
    options: choice
      ? exercise.options.map((option) => ({
          content: option.content,
          right: exercise.answer.includes(option.key),
        }))
      : emptyOptions(),
    judge: exercise.type === 3 ? exercise.answer : '',
    blanks: exercise.type === 4 ? exercise.answer.split('|') : [],
    tolerance: exercise.tolerance,
    reference: exercise.type === 5 || exercise.type === 6 ? exercise.answer : '',
    codeLanguage: exercise.codeLanguage === 'none' ? 'python' : exercise.codeLanguage,
    codeTemplate: exercise.codeTemplate,
    analysis: exercise.analysis,
    difficulty: String(exercise.difficulty),
    score: exercise.score,
    tagId: exercise.tagId,
  };
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text.trim()));

/**
 * The rules of exerciseUpdate (specs/resource/exercise.yaml) worded for teachers, each at the
 * field it concerns, so a refusal is seen before the server is asked.
 */
export const exerciseFormSchema = z
  .object({
    type: z.string(),
    content: z.string().check(z.trim(), z.minLength(1, '请输入题干'), z.maxLength(5000, '题干最长 5000 字')),
    options: z.array(z.object({ content: z.string(), right: z.boolean() })),
    judge: z.string(),
    blanks: z.array(z.string()),
    tolerance: z.union([z.number(), z.string()]),
    reference: z.string().check(z.maxLength(5000, '答案最长 5000 字')),
    codeLanguage: z.string(),
    codeTemplate: z.string().check(z.maxLength(20000, '初始代码最长 20000 字')),
    analysis: z.string().check(z.maxLength(5000, '解析最长 5000 字')),
    difficulty: z.string(),
    score: z.union([z.number(), z.string()]),
    tagId: z.string().check(z.minLength(1, '请选择所属题库')),
  })
  .check(
    z.superRefine((value, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message, input: value });
      const type = Number(value.type) as ExerciseType;
      const badScore = scoreError(value.score);
      if (badScore) issue(['score'], badScore);
      if (hasOptions(type)) {
        if (value.options.length < 2) issue(['options'], '至少需要 2 个选项');
        value.options.forEach((option, index) => {
          if (option.content.trim() === '')
            issue(['options', index, 'content'], `请输入选项 ${OPTION_KEYS[index]}`);
          else if (option.content.length > 1000) issue(['options', index, 'content'], '选项最长 1000 字');
        });
        const right = value.options.filter((option) => option.right).length;
        if (type === 1 && right !== 1) issue(['options'], '单选题须恰有一个正确选项');
        if (type === 2 && right < 2) issue(['options'], '多选题至少需要两个正确选项');
      }
      if (type === 3 && value.judge !== 'T' && value.judge !== 'F') issue(['judge'], '请选择正确或错误');
      if (type === 4) {
        const count = blankCount(value.content);
        if (count === 0) issue(['content'], '填空题的题干须用 ____（四个及以上下划线）标出每个空');
        const blanks = value.blanks.slice(0, count);
        const tolerance = typeof value.tolerance === 'number' ? value.tolerance : 0;
        for (let index = 0; index < count; index += 1) {
          const blank = blanks[index] ?? '';
          if (blank.trim() === '') issue(['blanks', index], `请输入第 ${index + 1} 空的答案`);
          else if (blank.includes('|')) issue(['blanks', index], '答案中不能含有 |');
          else if (tolerance > 0 && !isNumber(blank)) issue(['blanks', index], '设了容差时答案须为数字');
        }
        if (typeof value.tolerance === 'number' && (value.tolerance < 0 || value.tolerance > 1_000_000))
          issue(['tolerance'], '容差为 0–1000000');
      }
      if ((type === 5 || type === 6) && value.reference.trim() === '')
        issue(['reference'], type === 5 ? '请输入参考答案' : '请输入参考代码');
    }),
  );

/** The form's values as exerciseUpdate takes them: only the chosen type's fields. */
export function exerciseSaveRequest(value: ExerciseFormValues, exerciseId?: string): ExerciseSaveRequest {
  const type = Number(value.type) as ExerciseType;
  const request: ExerciseSaveRequest = {
    ...(exerciseId ? { exerciseId } : {}),
    type,
    content: value.content.trim(),
    answer: '',
    analysis: value.analysis.trim(),
    difficulty: Number(value.difficulty) as ExerciseSaveRequest['difficulty'],
    score: Number(value.score),
    tagId: value.tagId,
  };
  if (hasOptions(type)) {
    request.options = value.options.map((option, index) => ({
      key: OPTION_KEYS[index]!,
      content: option.content.trim(),
    }));
    request.answer = value.options
      .flatMap((option, index) => (option.right ? [OPTION_KEYS[index]!] : []))
      .join('');
  } else if (type === 3) {
    request.answer = value.judge;
  } else if (type === 4) {
    request.answer = value.blanks
      .slice(0, blankCount(value.content))
      .map((blank) => blank.trim())
      .join('|');
    request.tolerance = typeof value.tolerance === 'number' ? value.tolerance : 0;
  } else {
    request.answer = value.reference.trim();
  }
  if (type === 6) {
    request.codeLanguage = value.codeLanguage as Exclude<ExerciseCodeLanguage, 'none'>;
    request.codeTemplate = value.codeTemplate;
  }
  return request;
}

export const tagNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入题库名称'), z.maxLength(30, '题库名称最长 30 个字'));

export const paperNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入试卷名称'), z.maxLength(100, '试卷名称最长 100 个字'));

export const durationSchema = z
  .number('请输入考试时长')
  .check(z.int('时长须为整数分钟'), z.gte(1, '时长至少 1 分钟'), z.lte(600, '时长最多 600 分钟'));

/** A question's score in a paper: 0.5–100 in steps of 0.5. */
export function scoreError(score: number | string): string | undefined {
  if (typeof score !== 'number') return '请输入分值';
  if (score < 0.5 || score > 100 || !halfPoints(score)) return '分值为 0.5–100，步长 0.5';
  return undefined;
}

/** Scores are summed to two decimals, as the server keeps them. */
export const sumScores = (scores: readonly number[]) =>
  Math.round(scores.reduce((total, score) => total + score, 0) * 100) / 100;
