import type { QuizPaperQuestion, QuizQuestion, QuizQuestionInput, QuizResultItem } from '@dfrm/sdk/tms/types';
import type { QuizQuestionRow } from '../../db/schema/quiz';
import { InvalidInputError } from '../../lib/errors';
import { parseId } from '../../lib/ids';
import {
  blankCountOf,
  cleanAnswer,
  cleanQuestion,
  type Grade,
  gradeObjective,
  TYPE_NAMES,
} from '../exam/paper';

// A quiz's questions at the boundary: the wire's shape (content, answer, 判断 as "true"/"false")
// mapped onto the exam's question checks and grading (services/exam/paper.ts), which they share.

/** A question as a save stores it: the exam's cleaning, in the quiz's column names. */
export interface CleanQuizQuestion {
  quId: number | null;
  type: QuizQuestionRow['type'];
  content: string;
  options: QuizQuestionRow['options'];
  answer: string[];
  score: number;
  analysis: string;
  sourceExerciseId: number | null;
}

const TO_STORED: Record<string, string> = { true: 'T', false: 'F' };
const TO_WIRE: Record<string, string> = { T: 'true', F: 'false' };

/** A true/false answer from the wire in the stored T/F, or the reason it is not "true" or "false". */
function storedTrueFalse(answer: readonly string[]): string[] | null {
  if (answer.length !== 1) return null;
  const stored = TO_STORED[answer[0]!];
  return stored === undefined ? null : [stored];
}

/** A stored answer (key or a student's) as the wire shows it. */
export function wireAnswer(type: QuizQuestionRow['type'], answer: readonly string[]): string[] {
  return type === 3 ? answer.map((value) => TO_WIRE[value] ?? value) : [...answer];
}

/** A question of a save request cleaned as the exam's are, or errCode 2 naming it (第 n 题). */
export function cleanQuizQuestion(input: QuizQuestionInput, sortNo: number): CleanQuizQuestion {
  let answers = input.answer;
  if (input.type === 3) {
    const stored = storedTrueFalse(input.answer);
    if (!stored) throw new InvalidInputError(`第 ${sortNo} 题（${TYPE_NAMES[3]}）的答案应为 true 或 false`);
    answers = stored;
  }
  const clean = cleanQuestion(
    {
      type: input.type,
      stem: input.content,
      options: input.options,
      answers,
      score: input.score,
      analysis: input.analysis ?? '',
    },
    sortNo,
  );
  let quId: number | null = null;
  if (input.quId !== undefined) {
    quId = parseId(input.quId);
    if (quId === null) throw new InvalidInputError(`第 ${sortNo} 题的 quId 不是该测验的题目`);
  }
  let sourceExerciseId: number | null = null;
  if (input.sourceExerciseId !== undefined) {
    sourceExerciseId = parseId(input.sourceExerciseId);
    if (sourceExerciseId === null)
      throw new InvalidInputError(`第 ${sortNo} 题的 sourceExerciseId 格式不正确`);
  }
  return {
    quId,
    type: input.type,
    content: clean.stem,
    options: clean.options,
    answer: clean.answers,
    score: clean.score,
    analysis: clean.analysis,
    sourceExerciseId,
  };
}

/**
 * A student's answer as stored (choice letters sorted; 判断 as T/F), or errCode 2 saying what
 * the question expects.
 */
export function cleanQuizAnswer(question: QuizQuestionRow, answer: readonly string[]): string[] {
  const where = `第 ${question.sortNo} 题（${TYPE_NAMES[question.type]}）的答案`;
  if (question.type === 3 && answer.length > 0) {
    const stored = storedTrueFalse(answer);
    if (!stored) throw new InvalidInputError(`${where}应为 true 或 false`);
    return stored;
  }
  const clean = cleanAnswer(
    { type: question.type, options: question.options, stem: question.content },
    answer,
  );
  if (typeof clean === 'string') throw new InvalidInputError(`${where}${clean}`);
  return clean;
}

/** A question's points for a stored answer: the exam's grading, without partial credit for multiple choice. */
export function gradeQuizAnswer(question: QuizQuestionRow, answer: readonly string[]): Grade {
  return gradeObjective(
    { type: question.type, answers: question.answer, score: question.score, partialScore: 0, tolerance: 0 },
    answer,
  );
}

export function blankCountOfQuestion(question: QuizQuestionRow): number {
  return question.type === 4 ? blankCountOf(question.content) : 0;
}

/** The teacher's view of a question: with its key and analysis. */
export function teacherQuestion(question: QuizQuestionRow): QuizQuestion {
  return {
    quId: String(question.id),
    sortNo: question.sortNo,
    type: question.type,
    content: question.content,
    options: question.options,
    answer: wireAnswer(question.type, question.answer),
    score: question.score,
    analysis: question.analysis,
  };
}

/** The student's view while answering: never the key or the analysis. */
export function paperQuestion(question: QuizQuestionRow, answered: boolean): QuizPaperQuestion {
  return {
    quId: String(question.id),
    sortNo: question.sortNo,
    type: question.type,
    content: question.content,
    options: question.options,
    score: question.score,
    answered,
  };
}

/** A question's result on a handed-in paper; the key and analysis only when `revealKey`. */
export function resultItem(
  question: QuizQuestionRow,
  answer: readonly string[],
  revealKey: boolean,
): QuizResultItem {
  const grade = gradeQuizAnswer(question, answer);
  return {
    quId: String(question.id),
    sortNo: question.sortNo,
    type: question.type,
    content: question.content,
    options: question.options,
    score: question.score,
    myAnswer: wireAnswer(question.type, answer),
    gotScore: grade.gotScore,
    correct: grade.correct,
    answer: revealKey ? wireAnswer(question.type, question.answer) : null,
    analysis: revealKey ? question.analysis : null,
  };
}

/** A sum of scores without binary fractions' noise. */
export function sumScores(values: readonly number[]): number {
  return Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
}
