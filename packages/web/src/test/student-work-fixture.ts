import { createClient, PRODUCT_ID, type SdkClient } from '@dfrm/sdk';
import {
  correctStudentWork,
  getMyWorkInfo,
  publishCourseWork,
  publishWorkScore,
  updateCourseWork,
  updateMyWorkInfo,
} from '@dfrm/sdk/tms';
import { login } from '@dfrm/sdk/user';
import { API_BASE, DEMO_PASSWORD, api } from './api-server';
import type { CourseFixture } from './teaching-fixture';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/**
 * A client of its own logged in as `account` (a teacher acting beside the app), leaving the
 * global SDK configuration to the app under test (loginAs would reset it). A new login displaces
 * the account's other sessions: for the student of the app, use clientFor with its user.
 */
export async function clientAs(account: string): Promise<SdkClient> {
  const anonymous = createClient({ baseUrl: API_BASE });
  return clientFor(
    await anonymous.call(login, { body: { account, password: DEMO_PASSWORD, productId: PRODUCT_ID } }),
  );
}

/** A client on an existing session: the same student in another tab of the same browser. */
export function clientFor(user: { token: string; userId: string }): SdkClient {
  return createClient({ baseUrl: API_BASE, getAuth: () => ({ token: user.token, userId: user.userId }) });
}

export interface WorkOptions {
  title?: string;
  /** From the server's now. */
  dueIn?: number;
  allowLate?: boolean;
  latePenaltyPerDay?: number;
  lateScoreFloor?: number;
  content?: string;
}

/** A work of the course for 1班 (student01–15), published by teacher1 through the API, open from now. */
export async function publishWork(teacher: SdkClient, course: CourseFixture, options: WorkOptions = {}) {
  const now = api().clock.now();
  const work = await teacher.call(updateCourseWork, {
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds: [course.class1],
      title: options.title ?? '第一次作业：收益率',
      content: options.content ?? '<p>计算<strong>日收益率</strong>并说明方法。</p>',
      type: 1,
      groupMode: 0,
      startTime: now,
      endTime: now + (options.dueIn ?? 7 * DAY),
      totalScore: 100,
      allowLate: options.allowLate ?? false,
      latePenaltyPerDay: options.latePenaltyPerDay ?? 0,
      lateScoreFloor: options.lateScoreFloor ?? 0,
    },
  });
  await teacher.call(publishCourseWork, { path: { schoolId: '1', workId: work.workId } });
  return work.workId;
}

/** The student's answer as the server holds it. */
export async function answerOf(student: SdkClient, workId: string) {
  return (await student.call(getMyWorkInfo, { path: { schoolId: '1', workId } })).myWork;
}

/** A save as another tab of the student would send it, based on what the server holds now. */
export async function saveElsewhere(student: SdkClient, workId: string, content: string, submit = false) {
  const mine = await answerOf(student, workId);
  return student.call(updateMyWorkInfo, {
    body: {
      schoolId: '1',
      studentWorkId: mine.studentWorkId,
      requestId: `other-tab-${Math.random().toString(36).slice(2, 10)}`,
      revision: mine.revision,
      content,
      submit,
    },
  });
}

/** The teacher scores (and comments) a handed-in student work; scores stay hidden until published. */
export function grade(teacher: SdkClient, studentWorkId: string, score: number, comment: string) {
  return teacher.call(correctStudentWork, { body: { schoolId: '1', studentWorkId, score, comment } });
}

export function publishScores(teacher: SdkClient, workId: string) {
  return teacher.call(publishWorkScore, { path: { schoolId: '1', workId } });
}

/** Rows the server stored for a student work's saves and its current revision (nothing else counts). */
export async function savesOf(
  studentWorkId: string,
): Promise<{ saves: number; revision: number; content: string }> {
  if (!/^\d+$/.test(studentWorkId)) throw new Error(`unexpected id ${studentWorkId}`);
  const result = (await api().db.execute(
    `select (select count(*)::int from student_work_saves where student_work_id = ${studentWorkId}) as saves,
            revision, content from student_works where id = ${studentWorkId}`,
  )) as unknown as { rows: { saves: number; revision: number; content: string }[] };
  const row = result.rows[0];
  if (!row) throw new Error(`no student work ${studentWorkId}`);
  return { saves: Number(row.saves), revision: Number(row.revision), content: row.content };
}
