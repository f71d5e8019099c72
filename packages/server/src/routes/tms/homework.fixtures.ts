import { expect } from 'vitest';
import { DAY_MS } from '../../lib/clock';
import { call, login, type Session, type TestApp } from '../../testing/index';
import type { TeachingFixture } from './teaching-content.fixtures';

/**
 * Homework as a teacher and students go through it, over HTTP: make and
 * publish a work, hand in, grade, publish scores. On the teaching fixture
 * (量化投资 of teacher1 with 1班 student01–15 and 2班 student16–30).
 */

export const MGR = '/tms-server/courseWorkMgr';
export const MY = '/tms-server/myWork';

type Answer = Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>;

/** The answer's data, failing the test with the errMsg when it is not a success. */
export async function ok<T = Record<string, unknown>>(promise: Answer): Promise<T> {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

/** The errCode and errMsg of an answer. */
export async function refusal(promise: Answer): Promise<{ errCode: number; errMsg: string }> {
  const { body } = await promise;
  return { errCode: body.errCode, errMsg: body.errMsg };
}

/** Sessions of demo accounts, each logged in once (again after `forget`). */
export function demoSessions(app: TestApp['app']) {
  const accounts = new Map<string, Promise<Session>>();
  return {
    as(userName: string): Promise<Session> {
      let session = accounts.get(userName);
      if (!session) {
        session = login(app, userName);
        accounts.set(userName, session);
      }
      return session;
    },
    forget(): void {
      accounts.clear();
    },
  };
}

export function homework(t: TestApp, f: TeachingFixture) {
  const sessions = demoSessions(t.app);
  /** A session of a demo account, logged in once (again after `relogin`, since sessions end after days unused). */
  const as = sessions.as;

  /** teacher1 publishes a work of 量化投资 (1班 unless told), open for a week from now; its id. */
  async function publish(body: Record<string, unknown> = {}, who = 'teacher1'): Promise<string> {
    const now = t.clock.now();
    const work = await ok<{ workId: string }>(
      call(t.app, 'POST', `${MGR}/updateCourseWork`, {
        session: await as(who),
        body: {
          schoolId: '1',
          courseId: String(f.quant.id),
          teachingClassIds: [String(f.quant.class1)],
          title: '收益率计算',
          content: '<p>计算日收益率</p>',
          type: 1,
          groupMode: 0,
          startTime: now,
          endTime: now + 7 * DAY_MS,
          totalScore: 100,
          ...body,
        },
      }),
    );
    await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${work.workId}`, { session: await as(who) }));
    return work.workId;
  }

  /** The student's own student work id on a work. */
  async function studentWorkOf(who: string, workId: string): Promise<string> {
    const info = await ok<{ myWork: { studentWorkId: string } }>(
      call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session: await as(who) }),
    );
    return info.myWork.studentWorkId;
  }

  /** The student hands in an answer (their first save, or again after a return at `revision`). */
  async function handIn(who: string, workId: string, revision = 0): Promise<string> {
    const studentWorkId = await studentWorkOf(who, workId);
    await ok(
      call(t.app, 'POST', `${MY}/updateMyWorkInfo`, {
        session: await as(who),
        body: {
          schoolId: '1',
          studentWorkId,
          requestId: `req-${who}-${revision}-${workId}`,
          revision,
          content: '<p>答案</p>',
          submit: true,
        },
      }),
    );
    return studentWorkId;
  }

  /** teacher1 scores a student's hand-in (or returns it). */
  async function grade(who: string, workId: string, score: number | 'return'): Promise<void> {
    const studentWorkId = await studentWorkOf(who, workId);
    await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: await as('teacher1'),
        body:
          score === 'return'
            ? { schoolId: '1', studentWorkId, returned: true, comment: '请补充推导' }
            : { schoolId: '1', studentWorkId, score },
      }),
    );
  }

  async function publishScores(workId: string): Promise<void> {
    await ok(call(t.app, 'GET', `${MGR}/publishWorkScore/1/${workId}`, { session: await as('teacher1') }));
  }

  /** Moves the clock and logs everyone in again (sessions end after days without use). */
  function advance(ms: number): void {
    t.clock.advance(ms);
    sessions.forget();
  }

  return { as, publish, studentWorkOf, handIn, grade, publishScores, advance };
}
