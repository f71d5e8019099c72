import type { SdkClient } from '@dfrm/sdk';
import {
  type QuizDetail,
  type QuizQuestionInput,
  quizPaperCreate,
  quizPaperFillAnswer,
  quizPaperHandIn,
  quizPaperQuestionDetail,
  quizPaperUserGetList,
  quizTeacherDistributeAnswers,
  quizTeacherSave,
  quizTeacherUpdateStatus,
} from '@dfrm/sdk/tms';
import { api } from './api-server';
import type { CourseFixture } from './teaching-fixture';

export const MINUTE = 60_000;

/**
 * 30 points, one question of each type: single choice (B), multiple choice (A and C), true/false
 * (true), one blank (夏普比率 or Sharpe).
 */
export const QUIZ_QUESTIONS: readonly QuizQuestionInput[] = [
  {
    type: 1,
    content: '<p>衡量单位总风险所获超额收益的指标是？</p>',
    options: [
      { key: 'A', content: '贝塔系数' },
      { key: 'B', content: '夏普比率' },
      { key: 'C', content: '最大回撤' },
    ],
    answer: ['B'],
    score: 10,
    analysis: '夏普比率等于超额收益除以收益率的标准差。',
  },
  {
    type: 2,
    content: '<p>下列属于风险度量的有？</p>',
    options: [
      { key: 'A', content: '波动率' },
      { key: 'B', content: '年化收益率' },
      { key: 'C', content: '最大回撤' },
    ],
    answer: ['A', 'C'],
    score: 10,
    analysis: '波动率和最大回撤都度量风险。',
  },
  {
    type: 3,
    content: '<p>分散投资可以降低非系统性风险。</p>',
    options: [],
    answer: ['true'],
    score: 5,
    analysis: '非系统性风险可以通过分散化消除。',
  },
  {
    type: 4,
    content: '<p>单位总风险的超额收益称为 ____。</p>',
    options: [],
    answer: ['夏普比率|Sharpe'],
    score: 5,
    analysis: '',
  },
];

export interface QuizOptions {
  quizName?: string;
  /** From the server's now; negative: already open. */
  startIn?: number;
  endIn?: number;
  durationMinutes?: number;
}

/** A quiz of the course for 1班 (student01–15), written and published by teacher1 through the API. */
export async function publishQuiz(
  teacher: SdkClient,
  course: CourseFixture,
  options: QuizOptions = {},
): Promise<QuizDetail> {
  const now = api().clock.now();
  const quiz = await teacher.call(quizTeacherSave, {
    body: {
      quizName: options.quizName ?? '第一章随堂测验',
      courseId: course.courseId,
      classIds: [course.class1],
      description: '独立完成，限时 20 分钟。',
      startTime: now + (options.startIn ?? -MINUTE),
      endTime: now + (options.endIn ?? 120 * MINUTE),
      durationMinutes: options.durationMinutes ?? 20,
      questions: [...QUIZ_QUESTIONS],
    },
  });
  await teacher.call(quizTeacherUpdateStatus, { body: { quizId: quiz.quizId, status: 1 } });
  return quiz;
}

/** The teacher ends the quiz and gives out the key and analyses. */
export async function distributeAnswers(teacher: SdkClient, quizId: string): Promise<void> {
  await teacher.call(quizTeacherUpdateStatus, { body: { quizId, status: 2 } });
  await teacher.call(quizTeacherDistributeAnswers, { body: { quizId } });
}

/** The student's paper of a quiz as the server holds it (null: not started). */
export async function paperOf(student: SdkClient, quizId: string) {
  const page = await student.call(quizPaperUserGetList, { body: { quizId, pageIndex: 1, pageSize: 1 } });
  return page.list[0] ?? null;
}

/** The answer the server holds for one question of a paper. */
export async function savedAnswer(student: SdkClient, paperId: string, quId: string): Promise<string[]> {
  return (await student.call(quizPaperQuestionDetail, { body: { paperId, quId } })).myAnswer;
}

/** The student starts the quiz elsewhere (another tab) and answers questions (index → answer). */
export async function answerElsewhere(
  student: SdkClient,
  quiz: QuizDetail,
  answers: readonly (readonly string[] | null)[],
  { handIn = false } = {},
) {
  const paper = await student.call(quizPaperCreate, { body: { quizId: quiz.quizId } });
  for (const [index, answer] of answers.entries()) {
    const question = quiz.questions[index];
    if (answer && question)
      await student.call(quizPaperFillAnswer, {
        body: { paperId: paper.paperId, quId: question.quId, answer: [...answer] },
      });
  }
  if (handIn) await student.call(quizPaperHandIn, { body: { paperId: paper.paperId } });
  return paper;
}
