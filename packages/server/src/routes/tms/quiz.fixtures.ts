import type {
  QuizBrief,
  QuizDetail,
  QuizPaper,
  QuizPaperResult,
  QuizProgress,
  QuizQuestionInput,
} from '@dfrm/sdk/tms/types';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { call, type TestApp } from '../../testing/index';
import { demoSessions, ok } from './homework.fixtures';
import type { TeachingFixture } from './teaching-content.fixtures';

/**
 * Quizzes as a teacher and students go through them, over HTTP: write and publish a quiz, start
 * a paper, save answer by answer, hand in, end, distribute the answers. On the teaching fixture
 * (量化投资 of teacher1 with 1班 student01–15 and 2班 student16–30; teacher2's 金融衍生品).
 */

export const QUIZ_T = '/tms-server/quiz/teacher';
export const QUIZ_P = '/tms-server/quiz/paper/user';
export const QUIZ_A = '/tms-server/quiz/api';

/**
 * 30 points: single choice (B, 10), multiple choice (A and C, 10), true/false (true, 5), one
 * blank (夏普比率 or Sharpe, 5).
 */
export const QUESTIONS: readonly QuizQuestionInput[] = [
  {
    type: 1,
    content: '<p>衡量单位总风险所获超额收益的指标是？</p>',
    options: [
      { key: 'A', content: '贝塔系数' },
      { key: 'B', content: '夏普比率' },
      { key: 'C', content: '最大回撤' },
      { key: 'D', content: '换手率' },
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

/** The right answers, question by question (as a student sends them). */
export const RIGHT: readonly string[][] = [['B'], ['C', 'A'], ['true'], ['sharpe']];

export function quizzes(t: TestApp, f: TeachingFixture) {
  const sessions = demoSessions(t.app);
  const as = sessions.as;

  async function post<T>(who: string, path: string, body: unknown = {}): Promise<T> {
    return ok<T>(call(t.app, 'POST', path, { session: await as(who), body }));
  }

  /** Any call, answered as is (for refusals). */
  async function send(who: string, path: string, body: unknown = {}) {
    return call(t.app, 'POST', path, { session: await as(who), body });
  }

  /** teacher1 writes a quiz of 量化投资 for 1班 (a draft), open from a minute ago for two hours. */
  async function create(body: Record<string, unknown> = {}, who = 'teacher1'): Promise<QuizDetail> {
    const now = t.clock.now();
    return post<QuizDetail>(who, `${QUIZ_T}/save`, {
      quizName: '第一章随堂测验',
      courseId: String(f.quant.id),
      classIds: [String(f.quant.class1)],
      description: '独立完成，限时 20 分钟。',
      startTime: now - MINUTE_MS,
      endTime: now + 2 * HOUR_MS,
      durationMinutes: 20,
      questions: QUESTIONS,
      ...body,
    });
  }

  async function setStatus(quizId: string, status: 0 | 1 | 2, who = 'teacher1'): Promise<QuizBrief> {
    return post<QuizBrief>(who, `${QUIZ_T}/update/status`, { quizId, status });
  }

  /** A published quiz (created with `body`). */
  async function published(body: Record<string, unknown> = {}): Promise<QuizDetail> {
    const quiz = await create(body);
    await setStatus(quiz.quizId, 1);
    return quiz;
  }

  async function start(who: string, quizId: string): Promise<QuizPaper> {
    return post<QuizPaper>(who, `${QUIZ_P}/create/paper`, { quizId });
  }

  async function fill(
    who: string,
    paperId: string,
    quId: string,
    answer: readonly string[],
  ): Promise<QuizProgress> {
    return post<QuizProgress>(who, `${QUIZ_P}/fill/answer`, { paperId, quId, answer });
  }

  /** The student starts, answers each question (index → answer) and hands in. */
  async function take(
    who: string,
    quiz: QuizDetail,
    answers: readonly (readonly string[] | null)[],
  ): Promise<QuizPaperResult> {
    const paper = await start(who, quiz.quizId);
    for (const [index, answer] of answers.entries()) {
      if (answer) await fill(who, paper.paperId, quiz.questions[index]!.quId, answer);
    }
    return post<QuizPaperResult>(who, `${QUIZ_P}/handle/exam`, { paperId: paper.paperId });
  }

  return { as, post, send, create, setStatus, published, start, fill, take };
}
