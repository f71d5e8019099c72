import {
  type QuizDetail,
  type QuizQuestionInput,
  quizPaperCreate,
  quizPaperFillAnswer,
  quizPaperHandIn,
  quizTeacherSave,
  quizTeacherUpdateStatus,
} from '@dfrm/sdk/tms';
import { api, loginAs } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';
import type { CourseFixture } from '@/test/teaching-fixture';

const HOUR = 60 * 60 * 1000;

/** 20 points: a single choice (B, 10), a true/false (true, 5), one blank (夏普比率 or Sharpe, 5). */
export const QUESTIONS: QuizQuestionInput[] = [
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
    type: 3,
    content: '<p>分散投资可以降低非系统性风险。</p>',
    options: [],
    answer: ['true'],
    score: 5,
    analysis: '',
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

/**
 * A quiz of teacher1 on the course's 1班, saved through the SDK (the form has its own test),
 * open from the server's now for a day unless told otherwise; published when asked.
 */
export async function saveQuiz(
  course: CourseFixture,
  quizName: string,
  options: { publish?: boolean; startTime?: number; endTime?: number } = {},
): Promise<QuizDetail> {
  actAs(await loginAs('teacher1'));
  const now = api().clock.now();
  const quiz = await quizTeacherSave({
    body: {
      quizName,
      courseId: course.courseId,
      classIds: [course.class1],
      description: '独立完成。',
      startTime: options.startTime ?? now,
      endTime: options.endTime ?? now + 24 * HOUR,
      durationMinutes: 20,
      questions: QUESTIONS,
    },
  });
  if (options.publish) await quizTeacherUpdateStatus({ body: { quizId: quiz.quizId, status: 1 } });
  return quiz;
}

/** A student starts the quiz, saves the given answers (null leaves a question empty) and hands in. */
export async function takeQuiz(account: string, quiz: QuizDetail, answers: (string[] | null)[]) {
  actAs(await loginAs(account));
  const paper = await quizPaperCreate({ body: { quizId: quiz.quizId } });
  for (const [index, answer] of answers.entries()) {
    if (answer) {
      await quizPaperFillAnswer({
        body: { paperId: paper.paperId, quId: quiz.questions[index]!.quId, answer },
      });
    }
  }
  await quizPaperHandIn({ body: { paperId: paper.paperId } });
  return paper;
}
