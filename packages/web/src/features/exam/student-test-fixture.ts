import type { SdkClient } from '@dfrm/sdk';
import {
  type ExamQuestionInput,
  type ExamSaveRequest,
  examCreate,
  examExaminersAdd,
  examGet,
  examinerGet,
  examinerStatusSave,
  examinerResultsSubmit,
  examUpDown,
} from '@dfrm/sdk/tms';
import { api } from '@/test/api-server';
import { HOUR } from '@/test/student-work-fixture';
import { type CourseFixture, createCourseFixture } from '@/test/teaching-fixture';

// Exams for the student pages' tests, set up by teacher1 through the API on the reference server
// (the same calls the teacher's pages make), on a course of teacher1.

export const MINUTE = 60_000;

/**
 * A paper of every type a student answers, 50 points: single choice (B), multiple choice (A and C),
 * true/false (T), two blanks, short answer.
 */
export const PAPER: readonly ExamQuestionInput[] = [
  {
    type: 1,
    stem: '<p>衡量单位总风险所获超额收益的指标是？</p>',
    options: [
      { key: 'A', content: '贝塔系数' },
      { key: 'B', content: '夏普比率' },
      { key: 'C', content: '最大回撤' },
    ],
    answers: ['B'],
    score: 10,
    analysis: '夏普比率等于超额收益除以收益率的标准差。',
  },
  {
    type: 2,
    stem: '<p>下列属于风险度量的有？</p>',
    options: [
      { key: 'A', content: '波动率' },
      { key: 'B', content: '年化收益率' },
      { key: 'C', content: '最大回撤' },
    ],
    answers: ['A', 'C'],
    score: 10,
    partialScore: 5,
  },
  { type: 3, stem: '<p>分散投资可以降低非系统性风险。</p>', options: [], answers: ['T'], score: 5 },
  {
    type: 4,
    stem: '<p>收益率的标准差称为 ____，最大跌幅称为 ____。</p>',
    options: [],
    answers: ['波动率', '最大回撤'],
    score: 5,
  },
  { type: 5, stem: '<p>简述动量策略的基本思想。</p>', options: [], answers: ['参考答案'], score: 20 },
];

export const EXAM_NAME = '量化投资期中考试';

async function userIdsOf(userNames: readonly string[]): Promise<string[]> {
  for (const name of userNames)
    if (!/^student\d+$/.test(name)) throw new Error(`not a demo student: ${name}`);
  const result = (await api().db.execute(
    `select id, user_name from users where user_name in (${userNames.map((name) => `'${name}'`).join(',')})`,
  )) as unknown as { rows: { id: number | string; user_name: string }[] };
  return userNames.map((name) => {
    const row = result.rows.find((candidate) => candidate.user_name === name);
    if (!row) throw new Error(`no user ${name}`);
    return String(row.id);
  });
}

// one course per test's server, shared by the exams the test publishes
const courses = new WeakMap<object, Promise<CourseFixture>>();
function courseOfTest(): Promise<CourseFixture> {
  let course = courses.get(api());
  if (!course) {
    course = createCourseFixture();
    courses.set(api(), course);
  }
  return course;
}

export interface ExamOptions extends Partial<Omit<ExamSaveRequest, 'schoolId' | 'questions'>> {
  questions?: readonly ExamQuestionInput[];
  /** On the list; student01 by default. */
  students?: readonly string[];
}

/**
 * teacher1's exam on a course of theirs, student01 on its list, published. By default it opened a
 * minute ago (the server's clock), closes in two hours, 60 minutes to answer, scores shown after
 * submitting.
 */
export async function publishExam(teacher: SdkClient, options: ExamOptions = {}) {
  const course = await courseOfTest();
  const now = api().clock.now();
  const { students = ['student01'], questions = PAPER, ...settings } = options;
  const exam = await teacher.call(examCreate, {
    body: {
      schoolId: '1',
      courseId: course.courseId,
      examName: EXAM_NAME,
      description: '闭卷，独立完成。',
      attendNotice: '考试期间请勿离开页面。',
      startTime: now - MINUTE,
      endTime: now + 2 * HOUR,
      duration: 60,
      passScore: 30,
      resultPolicy: 1,
      ...settings,
      questions: [...questions],
    },
  });
  await teacher.call(examExaminersAdd, { body: { examId: exam.examId, userIds: await userIdsOf(students) } });
  await teacher.call(examUpDown, { body: { examId: exam.examId, upDownStatus: 1 } });
  return {
    ...(await teacher.call(examGet, { path: { examId: exam.examId } })),
    courseName: course.courseName,
  };
}

/** The question id of question `orderNo` on the teacher's paper (no shuffling: the student's order too). */
export function questionId(exam: { questions: { orderNo: number; questionId: string }[] }, orderNo: number) {
  const question = exam.questions.find((item) => item.orderNo === orderNo);
  if (!question) throw new Error(`no question ${orderNo}`);
  return question.questionId;
}

/** What the server holds of the student's answers (another device of theirs entering the exam). */
export async function savedAnswersOf(student: SdkClient, examId: string): Promise<Map<string, string[]>> {
  const paper = await student.call(examinerGet, { body: { examId } });
  return new Map(paper.savedAnswers.map((item) => [item.questionId, item.answer]));
}

/** The student enters, saves these answers from another device, and submits. */
export async function sitElsewhere(student: SdkClient, examId: string, answers: Record<string, string[]>) {
  await student.call(examinerGet, { body: { examId } });
  const items = Object.entries(answers).map(([id, answer]) => ({ questionId: id, answer, seq: 1 }));
  if (items.length > 0) await student.call(examinerStatusSave, { body: { examId, answers: items } });
  return student.call(examinerResultsSubmit, { body: { examId, answers: [] } });
}
