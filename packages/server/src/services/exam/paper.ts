import type { ExamOptionValue, ExamQuestionRow, ExamQuestionType } from '../../db/schema/exam';
import { InvalidInputError } from '../../lib/errors';
import { hasVisibleContent, sanitizeNoticeHtml } from '../notice/sanitize';

// An exam's questions: what a valid question is, what a valid answer to it is, and its grading.

/** Single, multiple, true/false and fill-in questions are graded at submission; the rest by hand. */
export function isObjective(type: ExamQuestionType): boolean {
  return type <= 4;
}

export const TYPE_NAMES: Record<ExamQuestionType, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '填空题',
  5: '简答题',
  6: '代码题',
};

/** A blank of a fill-in stem: four or more underscores (the stem's text, tags ignored). */
const BLANK = /_{4,}/g;

export function blankCountOf(stem: string): number {
  return stem.replace(/<[^>]*>/g, '').match(BLANK)?.length ?? 0;
}

export interface QuestionInput {
  type: ExamQuestionType;
  stem: string;
  options: readonly { key: string; content: string }[];
  answers: readonly string[];
  score: number;
  partialScore?: number;
  tolerance?: number;
  analysis?: string;
  codeLanguage?: string;
}

export interface CleanQuestion {
  type: ExamQuestionType;
  stem: string;
  options: ExamOptionValue[];
  answers: string[];
  score: number;
  partialScore: number;
  tolerance: number;
  analysis: string;
  codeLanguage: string | null;
}

const LETTERS = 'ABCDEFGH';

/** A decimal number as a student or teacher writes it (no thousands separators). */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A blank right within a numeric tolerance (a hair more, for binary fractions such as 0.1). */
function withinTolerance(given: string, key: string, tolerance: number): boolean {
  const text = given.trim();
  if (!NUMBER.test(text)) return false;
  return Math.abs(Number(text) - Number(key)) <= tolerance * (1 + 1e-9) + 1e-12;
}

/**
 * A question as it is stored, or errCode 2 naming the question (第 n 题, or the place given, such
 * as the exercise bank's 习题) and what is wrong.
 */
export function cleanQuestion(input: QuestionInput, orderNo: number | string): CleanQuestion {
  const where =
    typeof orderNo === 'number'
      ? `第 ${orderNo} 题（${TYPE_NAMES[input.type]}）`
      : `${orderNo}（${TYPE_NAMES[input.type]}）`;
  const fail = (why: string): never => {
    throw new InvalidInputError(`${where}${why}`);
  };
  const stem = sanitizeNoticeHtml(input.stem);
  if (!hasVisibleContent(stem)) fail('题干不能为空');
  const choice = input.type === 1 || input.type === 2;
  const options = input.options.map((option) => ({
    key: option.key,
    content: sanitizeNoticeHtml(option.content),
  }));
  if (choice) {
    if (options.length < 2) fail('至少需要 2 个选项');
    options.forEach((option, index) => {
      if (option.key !== LETTERS[index])
        fail(`的选项字母应按 A、B、C… 连续，第 ${index + 1} 个应为 ${LETTERS[index]}`);
      if (!hasVisibleContent(option.content)) fail(`的选项 ${option.key} 内容不能为空`);
    });
  } else if (options.length > 0) {
    fail('不需要选项');
  }
  const answers = input.answers.map((answer) => answer.trim());
  if (answers.some((answer) => answer === '')) fail('的答案不能为空');
  const keys = new Set(options.map((option) => option.key));
  switch (input.type) {
    case 1:
      if (answers.length !== 1 || !keys.has(answers[0]!)) fail('的答案应为一个选项字母');
      break;
    case 2:
      if (answers.length < 2) fail('的答案应为两个及以上选项字母');
      if (new Set(answers).size !== answers.length || answers.some((answer) => !keys.has(answer))) {
        fail('的答案应为不重复的选项字母');
      }
      answers.sort();
      break;
    case 3:
      if (answers.length !== 1 || (answers[0] !== 'T' && answers[0] !== 'F'))
        fail('的答案应为 T（正确）或 F（错误）');
      break;
    case 4: {
      const blanks = blankCountOf(stem);
      if (blanks === 0) fail('的题干中没有用 ____ 标出的空');
      if (blanks !== answers.length) fail(`有 ${blanks} 个空，答案却有 ${answers.length} 项`);
      break;
    }
    default:
      if (answers.length !== 1) fail('的参考答案应为一项');
  }
  const partialScore = input.partialScore ?? 0;
  if (partialScore > 0 && input.type !== 2) fail('只有多选题可以设少选得分');
  if (partialScore > input.score) fail('的少选得分不能超过本题分值');
  const tolerance = input.tolerance ?? 0;
  if (tolerance > 0) {
    if (input.type !== 4) fail('不能设数值容差：只有填空题可以设');
    const blank = answers.findIndex((answer) => !NUMBER.test(answer));
    if (blank >= 0) fail(`设了数值容差，每空答案须为数字，第 ${blank + 1} 空“${answers[blank]}”不是数字`);
  }
  if (input.type === 6 && !input.codeLanguage) fail('需要指定代码语言');
  if (input.type !== 6 && input.codeLanguage) fail('不是代码题，不需要代码语言');
  return {
    type: input.type,
    stem,
    options,
    answers,
    score: input.score,
    partialScore,
    tolerance,
    analysis: input.analysis ? sanitizeNoticeHtml(input.analysis) : '',
    codeLanguage: input.type === 6 ? (input.codeLanguage ?? null) : null,
  };
}

/** What answer checking needs of a question (an exam's or a quiz's, mapped to this shape). */
export type AnswerShape = Pick<ExamQuestionRow, 'type' | 'options' | 'stem'>;

/** What grading needs of a question: its key, its points, a multiple choice's partial score. */
export type GradedShape = Pick<ExamQuestionRow, 'type' | 'answers' | 'score' | 'partialScore' | 'tolerance'>;

/**
 * A student's answer to a question, as it is stored (choice letters sorted, text as written), or
 * the reason it does not fit the question's type. An empty array clears the answer.
 */
export function cleanAnswer(question: AnswerShape, answer: readonly string[]): string[] | string {
  if (answer.length === 0) return [];
  const keys = new Set(question.options.map((option) => option.key));
  switch (question.type) {
    case 1:
      return answer.length === 1 && keys.has(answer[0]!) ? [answer[0]!] : '应为一个选项字母';
    case 2:
      return new Set(answer).size === answer.length && answer.every((key) => keys.has(key))
        ? [...answer].sort()
        : '应为不重复的选项字母';
    case 3:
      return answer.length === 1 && (answer[0] === 'T' || answer[0] === 'F') ? [answer[0]] : '应为 T 或 F';
    case 4: {
      const blanks = blankCountOf(question.stem);
      return answer.length <= blanks ? [...answer] : `只有 ${blanks} 个空`;
    }
    default:
      return answer.length === 1 ? [answer[0]!] : '应为一项';
  }
}

/** A fill-in answer as compared: surrounding spaces and letter case do not matter. */
function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Half points, rounded down: scores are given in steps of 0.5. */
function halfPoints(value: number): number {
  return Math.floor(value * 2) / 2;
}

export interface Grade {
  gotScore: number;
  correct: boolean;
}

/**
 * An objective question's points for an answer: a multiple choice with only correct letters but
 * not all of them earns its partial score, any wrong letter nothing; a fill-in earns its score in
 * proportion to the blanks right (each blank accepts any of its `|` alternatives), in steps of 0.5.
 */
export function gradeObjective(question: GradedShape, answer: readonly string[]): Grade {
  const { answers: key, score } = question;
  switch (question.type) {
    case 1:
    case 3: {
      const correct = answer.length === 1 && answer[0] === key[0];
      return { gotScore: correct ? score : 0, correct };
    }
    case 2: {
      const chosen = new Set(answer);
      const right = new Set(key);
      const wrong = [...chosen].some((letter) => !right.has(letter));
      if (wrong || chosen.size === 0) return { gotScore: 0, correct: false };
      if (chosen.size === right.size) return { gotScore: score, correct: true };
      return { gotScore: question.partialScore, correct: false };
    }
    case 4: {
      let right = 0;
      key.forEach((accepted, index) => {
        const given = answer[index];
        if (given === undefined || normalize(given) === '') return;
        if (
          question.tolerance > 0
            ? withinTolerance(given, accepted, question.tolerance)
            : accepted.split('|').some((alternative) => normalize(alternative) === normalize(given))
        )
          right += 1;
      });
      const correct = right === key.length;
      return { gotScore: correct ? score : halfPoints((score * right) / key.length), correct };
    }
    default:
      return { gotScore: 0, correct: false };
  }
}

/** Is an answer given (not cleared or all blanks empty)? */
export function isAnswered(answer: readonly string[]): boolean {
  return answer.some((part) => part.trim() !== '');
}
