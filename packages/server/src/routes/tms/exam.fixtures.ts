import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { call, type TestApp } from '../../testing/index';
import { demoSessions, ok } from './homework.fixtures';
import type { ExamPaperQuestion, ExaminerStatusGetResponse } from '@dfrm/sdk/tms/types';
import type { TeachingFixture } from './teaching-content.fixtures';

/**
 * Exams as a teacher and students go through them, over HTTP: set a paper,
 * list the students, publish, enter, save answers, submit, grade. On the
 * teaching fixture (school 1, teacher1 and teacher2, student01–30).
 */

export const EXAM_T = '/api/examination/teacher';
export const EXAM_U = '/api/examination/user';

// The contract's own types (the SDK's), under the names these tests use.
import type {
  ExamAnswerInput as AnswerInput,
  ExamAnswerResult as AnswerResult,
  ExamAttemptTiming as AttemptTiming,
  ExamAttendInfo as AttendInfo,
  ExamBrief,
  ExamDetail,
  Examiner,
  ExaminerGetResponse as Paper,
  ExaminerResultsGetResponse as MyResult,
  ExaminerResultsSubmitResponse as SubmitResult,
  ExaminersAddResult,
  ExaminerStatusSaveResponse as SaveResult,
  ExamOption,
  ExamQuestion,
  ExamQuestionInput,
  ExamSaveAck as SaveAck,
  ExamSavedAnswer as SavedAnswer,
  ExamUserResult as UserResult,
  MyExamItem,
} from '@dfrm/sdk/tms/types';

export type {
  AnswerInput,
  AnswerResult,
  AttemptTiming,
  AttendInfo,
  ExamBrief,
  ExamDetail,
  Examiner,
  Paper,
  MyResult,
  SubmitResult,
  ExaminersAddResult,
  SaveResult,
  ExamOption,
  ExamQuestion,
  ExamQuestionInput,
  SaveAck,
  SavedAnswer,
  UserResult,
  MyExamItem,
};

/** A question as the student sees it; `answers` and `analysis` must never be there. */
export type PaperQuestion = ExamPaperQuestion & { answers?: unknown; analysis?: unknown };

/** The saved items must not carry the answers either. */
export type AttemptStatus = Omit<ExaminerStatusGetResponse, 'saved'> & {
  saved: (ExaminerStatusGetResponse['saved'][number] & { answer?: unknown })[];
};

export interface Page<T> {
  list: T[];
  total: number;
}

/**
 * The default paper, 50 points: single choice (B, 10), multiple choice (A and C, 10, 5 for a
 * correct subset), true/false (T, 5), one blank (夏普比率 or Sharpe, 5), short answer (20, graded
 * by the teacher). The objective questions are worth 30.
 */
export const PAPER: readonly ExamQuestionInput[] = [
  {
    type: 1,
    stem: '<p>衡量单位总风险所获超额收益的指标是？</p>',
    options: [
      { key: 'A', content: '贝塔系数' },
      { key: 'B', content: '夏普比率' },
      { key: 'C', content: '最大回撤' },
      { key: 'D', content: '换手率' },
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
      { key: 'D', content: '成交量' },
    ],
    answers: ['A', 'C'],
    score: 10,
    partialScore: 5,
    analysis: '波动率和最大回撤都度量风险，收益率和成交量不是。',
  },
  {
    type: 3,
    stem: '<p>分散投资可以降低非系统性风险。</p>',
    options: [],
    answers: ['T'],
    score: 5,
    analysis: '非系统性风险可以通过分散化消除，系统性风险不能。',
  },
  {
    type: 4,
    stem: '<p>单位总风险的超额收益称为 ____。</p>',
    options: [],
    answers: ['夏普比率|Sharpe'],
    score: 5,
    analysis: '英文常写作 Sharpe ratio。',
  },
  {
    type: 5,
    stem: '<p>简述动量策略的基本思想。</p>',
    options: [],
    answers: ['参考答案'],
    score: 20,
    analysis: '买入过去一段时间表现好的资产，卖出表现差的资产。',
  },
];

/** Answers to the default paper by question number: every objective one right (30 points). */
export const RIGHT: Readonly<Record<number, string[]>> = {
  1: ['B'],
  2: ['A', 'C'],
  3: ['T'],
  4: ['Sharpe'],
  5: ['动量策略买入近期涨幅居前的资产。'],
};

/** The id of question `orderNo` (from 1) of an exam. */
export function questionIdOf(exam: ExamDetail, orderNo: number): string {
  const question = exam.questions.find((q) => q.orderNo === orderNo);
  if (!question) throw new Error(`exam ${exam.examId} has no question ${orderNo}`);
  return question.questionId;
}

/** Save items for an exam, from answers by question number, all with the same seq. */
export function answersOf(
  exam: ExamDetail,
  byOrder: Readonly<Record<number, string[]>>,
  seq = 1,
): AnswerInput[] {
  return Object.entries(byOrder).map(([orderNo, answer]) => ({
    questionId: questionIdOf(exam, Number(orderNo)),
    answer,
    seq,
  }));
}

/** The create/update body that saves an exam as it is (the paper re-sent unchanged). */
export function saveBodyOf(exam: ExamDetail): Record<string, unknown> {
  return {
    schoolId: exam.schoolId,
    ...(exam.courseId === null ? {} : { courseId: exam.courseId }),
    examName: exam.examName,
    description: exam.description,
    attendNotice: exam.attendNotice,
    startTime: exam.startTime,
    endTime: exam.endTime,
    duration: exam.duration,
    passScore: exam.passScore,
    resultPolicy: exam.resultPolicy,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    questions: exam.questions.map((q) => ({
      type: q.type,
      stem: q.stem,
      options: q.options,
      answers: q.answers,
      score: q.score,
      ...(q.type === 2 && typeof q.partialScore === 'number' ? { partialScore: q.partialScore } : {}),
      ...(typeof q.analysis === 'string' ? { analysis: q.analysis } : {}),
      ...(typeof q.codeLanguage === 'string' ? { codeLanguage: q.codeLanguage } : {}),
    })),
  };
}

export function exams(t: TestApp, f: TeachingFixture) {
  /** A session of a demo account, logged in once. */
  const { as } = demoSessions(t.app);

  async function lookUpUserId(userName: string): Promise<string> {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
    if (!row) throw new Error(`no user ${userName}`);
    return String(row.id);
  }
  const userIds = new Map<string, Promise<string>>();
  /** The user id (as on the wire) of a demo account. */
  const userIdOf = (userName: string): Promise<string> => {
    let id = userIds.get(userName);
    if (!id) {
      id = lookUpUserId(userName);
      userIds.set(userName, id);
    }
    return id;
  };

  async function post<T = unknown>(who: string, path: string, body: unknown) {
    return call<T>(t.app, 'POST', path, { session: await as(who), body });
  }

  async function get<T = unknown>(who: string, path: string) {
    return call<T>(t.app, 'GET', path, { session: await as(who) });
  }

  /**
   * A good exam of the caller: the default paper, open from a minute ago for two hours, 60 minutes
   * to answer, pass at 30, scores shown after submitting; in a course of the caller (量化投资 for
   * teacher1, 金融衍生品 for teacher2).
   */
  function defaults(who: string): Record<string, unknown> {
    const now = t.clock.now();
    return {
      schoolId: '1',
      courseId: String(who === 'teacher2' ? f.derivatives.id : f.quant.id),
      examName: '量化投资期中考试',
      description: '闭卷，独立完成。',
      attendNotice: '考试期间请勿离开页面，答案会自动保存。',
      startTime: now - MINUTE_MS,
      endTime: now + 2 * HOUR_MS,
      duration: 60,
      passScore: 30,
      resultPolicy: 1,
      questions: PAPER,
    };
  }

  /** The answer to creating an exam from the defaults and `body` (a key set to undefined is left out). */
  function createAnswer(body: Record<string, unknown> = {}, who = 'teacher1') {
    return post<ExamDetail>(who, `${EXAM_T}/create`, { ...defaults(who), ...body });
  }

  /** teacher1 (or `who`) creates an exam (withdrawn); its detail. */
  function create(body: Record<string, unknown> = {}, who = 'teacher1'): Promise<ExamDetail> {
    return ok<ExamDetail>(createAnswer(body, who));
  }

  /** The answer to saving `exam` again with `patch` applied (update is a whole replacement). */
  function update(exam: ExamDetail, patch: Record<string, unknown> = {}, who = 'teacher1') {
    return post<ExamDetail>(who, `${EXAM_T}/update`, { ...saveBodyOf(exam), ...patch, examId: exam.examId });
  }

  function updown(examId: string, upDownStatus: 0 | 1, who = 'teacher1') {
    return post<{ examId: string; upDownStatus: number; updatedAt: number }>(who, `${EXAM_T}/updown`, {
      examId,
      upDownStatus,
    });
  }

  function publish(examId: string, who = 'teacher1') {
    return ok<{ examId: string; upDownStatus: number; updatedAt: number }>(updown(examId, 1, who));
  }

  function withdraw(examId: string, who = 'teacher1') {
    return ok<{ examId: string; upDownStatus: number; updatedAt: number }>(updown(examId, 0, who));
  }

  /** The exam as its teacher sees it. */
  function detailOf(examId: string, who = 'teacher1'): Promise<ExamDetail> {
    return ok<ExamDetail>(get(who, `${EXAM_T}/get/${examId}`));
  }

  /** The answer to adding users (by id) to an exam's list. */
  function addAnswer(examId: string, userIds: string[], who = 'teacher1') {
    return post<ExaminersAddResult>(who, `${EXAM_T}/examiners/add`, { examId, userIds });
  }

  /** Puts demo students on an exam's list. */
  async function addExaminers(examId: string, userNames: string[], who = 'teacher1') {
    const ids = await Promise.all(userNames.map(userIdOf));
    return ok<ExaminersAddResult>(addAnswer(examId, ids, who));
  }

  /** An exam created, with student01–03 (or `userNames`) on its list, published; its detail now. */
  async function ready(
    body: Record<string, unknown> = {},
    userNames = ['student01', 'student02', 'student03'],
    who = 'teacher1',
  ): Promise<ExamDetail> {
    const created = await create(body, who);
    await addExaminers(created.examId, userNames, who);
    await publish(created.examId, who);
    return detailOf(created.examId, who);
  }

  function list(filter: Record<string, unknown> = {}, who = 'teacher1') {
    return ok<Page<ExamBrief>>(
      post(who, `${EXAM_T}/list`, { schoolId: '1', pageIndex: 1, pageSize: 50, ...filter }),
    );
  }

  function amount(who = 'teacher1') {
    return ok<Record<string, number>>(post(who, `${EXAM_T}/get/amount`, { schoolId: '1' }));
  }

  function examiners(examId: string, filter: Record<string, unknown> = {}, who = 'teacher1') {
    return ok<Page<Examiner>>(
      post(who, `${EXAM_T}/examiners/list`, { examId, pageIndex: 1, pageSize: 100, ...filter }),
    );
  }

  /** The list record of one student. */
  async function examinerOf(examId: string, userName: string): Promise<Examiner> {
    const [record] = await ok<Examiner[]>(
      post('teacher1', `${EXAM_T}/examiners/list/byIds`, { examId, userIds: [await userIdOf(userName)] }),
    );
    if (!record) throw new Error(`${userName} is not on the list of exam ${examId}`);
    return record;
  }

  async function attendOf(examId: string, userName: string): Promise<AttendInfo> {
    return ok<AttendInfo>(get('teacher1', `${EXAM_T}/user/attend/${examId}/${await userIdOf(userName)}`));
  }

  async function sheetOf(examId: string, userName: string): Promise<UserResult> {
    return ok<UserResult>(get('teacher1', `${EXAM_T}/user/get/${examId}/${await userIdOf(userName)}`));
  }

  /** The answer to teacher1 grading a student's questions. */
  async function scoreSave(
    examId: string,
    userName: string,
    items: { questionId: string; score: number; comment?: string }[],
  ) {
    return post<Examiner>('teacher1', `${EXAM_T}/score/save`, {
      examId,
      userId: await userIdOf(userName),
      items,
    });
  }

  /** The student enters the exam (or comes back to it); their paper. */
  function enter(who: string, examId: string): Promise<Paper> {
    return ok<Paper>(post(who, `${EXAM_U}/examiner/get`, { examId }));
  }

  /** The answer to saving answers. */
  function save(who: string, examId: string, answers: AnswerInput[]) {
    return post<SaveResult>(who, `${EXAM_U}/examiner/status/save`, { examId, answers });
  }

  /** The answer to submitting (with last changes and `extra` such as `auto`). */
  function submit(
    who: string,
    examId: string,
    answers: AnswerInput[] = [],
    extra: Record<string, unknown> = {},
  ) {
    return post<SubmitResult>(who, `${EXAM_U}/examiner/results/submit`, { examId, answers, ...extra });
  }

  /** The student enters, saves these answers (by question number) and submits. */
  async function sit(
    who: string,
    exam: ExamDetail,
    byOrder: Readonly<Record<number, string[]>>,
  ): Promise<SubmitResult> {
    await enter(who, exam.examId);
    const answers = answersOf(exam, byOrder);
    if (answers.length > 0) await ok(save(who, exam.examId, answers));
    return ok<SubmitResult>(submit(who, exam.examId));
  }

  function myList(who: string, filter: Record<string, unknown> = {}) {
    return ok<Page<MyExamItem>>(
      post(who, `${EXAM_U}/list`, { schoolId: '1', pageIndex: 1, pageSize: 50, ...filter }),
    );
  }

  function myResult(who: string, examId: string) {
    return ok<MyResult>(get(who, `${EXAM_U}/examiner/results/get/${examId}`));
  }

  return {
    as,
    userIdOf,
    post,
    get,
    createAnswer,
    create,
    update,
    updown,
    publish,
    withdraw,
    detailOf,
    addAnswer,
    addExaminers,
    ready,
    list,
    amount,
    examiners,
    examinerOf,
    attendOf,
    sheetOf,
    scoreSave,
    enter,
    save,
    submit,
    sit,
    myList,
    myResult,
  };
}
