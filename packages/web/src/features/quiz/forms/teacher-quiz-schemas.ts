import type { QuizDetail, QuizQuestionInput, QuizQuestionType, QuizSaveRequest } from '@dfrm/sdk/tms';
// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';
import { htmlToText, textToHtml } from '@/features/quiz/teacher-answer-text';
import { halfPoints } from '@/lib/half-points';

// The limits of specs/tms/quiz.yaml (QuizSaveRequest, QuizQuestionInput), worded for people.
export const quizNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入测验名称'), z.maxLength(100, '名称最长 100 个字符'));
export const quizCourseSchema = z.string().check(z.minLength(1, '请选择课程'));
export const quizClassesSchema = z
  .array(z.string())
  .check(z.minLength(1, '请至少选择一个教学班'), z.maxLength(50, '最多选择 50 个教学班'));
export const quizDescriptionSchema = z.string().check(z.maxLength(2000, '说明最长 2000 个字符'));
export const quizInstantSchema = z
  .nullable(z.number())
  .check(z.refine((value) => value !== null, '请选择时间'));
export const durationSchema = z
  .union([z.number(), z.string()])
  .check(
    z.refine(
      (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 600,
      '限时为 0 到 600 的整数分钟（0 为不限时）',
    ),
  );

export const LETTERS = 'ABCDEFGH';
export const MAX_OPTIONS = 8;

/** One question as the form edits it: option texts and the analysis as plain text, the stem as HTML. */
export interface QuestionDraft {
  /** The card's React key (a new question has no quId yet). */
  key: string;
  quId?: string | undefined;
  type: QuizQuestionType;
  content: string;
  /** Option texts, lettered A, B, … in order (choice questions). */
  options: string[];
  /** Choice letters, ["true"] or ["false"], or one answer per blank. */
  answer: string[];
  score: number | string;
  analysis: string;
  sourceExerciseId?: string | undefined;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** A fresh question of a type: two empty options for a choice, 正确 for a true/false. */
export function newQuestion(type: QuizQuestionType): QuestionDraft {
  return {
    key: newKey(),
    type,
    content: '',
    options: type === 1 || type === 2 ? ['', '', '', ''] : [],
    answer: type === 3 ? ['true'] : [],
    score: 5,
    analysis: '',
  };
}

/** The question keeps what still fits when its type changes (the stem, score and analysis). */
export function changeType(draft: QuestionDraft, type: QuizQuestionType): QuestionDraft {
  const fresh = newQuestion(type);
  const keepOptions = (type === 1 || type === 2) && draft.options.length >= 2;
  return {
    ...draft,
    type,
    options: keepOptions ? draft.options : fresh.options,
    answer:
      type === 1 && keepOptions
        ? draft.answer.slice(0, 1)
        : type === 2 && keepOptions
          ? draft.answer
          : fresh.answer,
  };
}

/** A fill-in stem's blanks: four or more underscores in its text, as the server counts them. */
export function blankCount(html: string): number {
  return html.replace(/<[^>]*>/g, '').match(/_{4,}/g)?.length ?? 0;
}

const visibleText = (html: string) => htmlToText(html).trim();

/** What is wrong with a question (第 n 题 …), or undefined; the server checks the same again. */
export function questionError(draft: QuestionDraft, sortNo: number): string | undefined {
  const where = `第 ${sortNo} 题`;
  if (visibleText(draft.content) === '') return `${where}：请输入题干`;
  if (draft.type === 1 || draft.type === 2) {
    if (draft.options.length < 2) return `${where}：至少需要 2 个选项`;
    const empty = draft.options.findIndex((option) => option.trim() === '');
    if (empty >= 0) return `${where}：选项 ${LETTERS[empty]} 内容不能为空`;
    if (draft.type === 1 && draft.answer.length !== 1) return `${where}：请选择正确答案`;
    if (draft.type === 2 && draft.answer.length < 2) return `${where}：多选题至少选择两个正确答案`;
  }
  if (draft.type === 3 && draft.answer.length !== 1) return `${where}：请选择正确或错误`;
  if (draft.type === 4) {
    const blanks = blankCount(draft.content);
    if (blanks === 0) return `${where}：请在题干中用 ____（四个下划线）标出空位`;
    if (blanks > 20) return `${where}：最多 20 个空`;
    for (let index = 0; index < blanks; index += 1) {
      if ((draft.answer[index] ?? '').trim() === '') return `${where}：请填写第 ${index + 1} 空的答案`;
    }
  }
  const score = draft.score;
  if (typeof score !== 'number' || score < 0.5 || score > 100 || !halfPoints(score)) {
    return `${where}：分值为 0.5 到 100，以 0.5 为单位`;
  }
  if (draft.analysis.length > 5000) return `${where}：解析最长 5000 个字符`;
  return undefined;
}

export const questionsSchema = z
  .array(z.any())
  .check(z.minLength(1, '请至少添加一道题'), z.maxLength(200, '最多 200 道题'));

/** A question of the form as the contract's QuizQuestionInput. */
export function questionInput(draft: QuestionDraft): QuizQuestionInput {
  const choice = draft.type === 1 || draft.type === 2;
  const answer =
    draft.type === 4
      ? draft.answer.slice(0, blankCount(draft.content)).map((blank) => blank.trim())
      : [...draft.answer].sort();
  return {
    type: draft.type,
    content: draft.content,
    options: choice
      ? draft.options.map((content, index) => ({ key: LETTERS[index]!, content: textToHtml(content.trim()) }))
      : [],
    answer,
    score: Number(draft.score),
    analysis: textToHtml(draft.analysis.trim()),
    ...(draft.quId ? { quId: draft.quId } : {}),
    ...(draft.sourceExerciseId ? { sourceExerciseId: draft.sourceExerciseId } : {}),
  };
}

/** A stored quiz's questions as the form edits them. */
export function draftsOf(quiz: QuizDetail): QuestionDraft[] {
  return quiz.questions.map((question) => ({
    key: `qu-${question.quId}`,
    quId: question.quId,
    type: question.type,
    content: question.content,
    options: question.options.map((option) => htmlToText(option.content)),
    answer: [...question.answer],
    score: question.score,
    analysis: htmlToText(question.analysis),
  }));
}

export interface QuizFormValues {
  quizName: string;
  description: string;
  courseId: string;
  classIds: string[];
  startTime: number | null;
  endTime: number | null;
  durationMinutes: number | string;
  questions: QuestionDraft[];
}

export function saveRequest(values: QuizFormValues): QuizSaveRequest {
  return {
    quizName: values.quizName.trim(),
    description: values.description.trim(),
    courseId: values.courseId,
    classIds: values.classIds,
    startTime: values.startTime ?? 0,
    endTime: values.endTime ?? 0,
    durationMinutes: Number(values.durationMinutes),
    questions: values.questions.map(questionInput),
  };
}

/** The deadline must come after the start (the server says the same). */
export function endTimeError(startTime: number | null, endTime: number | null): string | undefined {
  if (endTime === null) return '请选择截止时间';
  if (startTime !== null && endTime <= startTime) return '截止时间必须晚于开始时间';
  return undefined;
}

/** Where the form shows a refusal of the server: at a question (第 n 题), a field, or above the buttons. */
export type ServerErrorTarget =
  'quizName' | 'courseId' | 'classIds' | 'startTime' | 'endTime' | number | 'form';

export function serverErrorTarget(message: string): ServerErrorTarget {
  const question = /第\s*(\d+)\s*题/.exec(message);
  if (question) return Number(question[1]);
  if (/名称|quizName|同名/.test(message)) return 'quizName';
  if (/截止时间|endTime/.test(message)) return 'endTime';
  if (/开始时间|startTime/.test(message)) return 'startTime';
  if (/教学班|classIds/.test(message)) return 'classIds';
  if (/课程|courseId/.test(message)) return 'courseId';
  return 'form';
}
