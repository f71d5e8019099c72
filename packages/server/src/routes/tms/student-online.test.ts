import {
  zGetOnlineStudentListByCourseResponse,
  zGetOnlineStudentListByCourseV2Response,
  zGetOnlineStudentListResponse,
  zStudentMgrRefreshResponse,
} from '@dfrm/sdk/tms/zod';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it } from 'vitest';
import { studentActivityDays, studentOnline } from '../../db/schema/student';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { addCourse, classIdOf, studentIdOf, userIdOf } from './student.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const base = '/tms-server/studentMgr';
const page = { pageIndex: 1, pageSize: 50 };
const MINUTE = 60_000;

interface OnlineRow {
  studentNumber: string;
  onlineSince: number | null;
  lastActiveAt: number | null;
}

const post = <T = unknown>(session: Session | null, path: string, body?: unknown) =>
  call<T>(t.app, 'POST', `${base}${path}`, { session, body });
const refresh = (session: Session | null, query = 'schoolId=1') =>
  call(t.app, 'GET', `${base}/refresh?${query}`, { session });

describe('GET /tms-server/studentMgr/refresh', () => {
  it('records the heartbeat and adds gaps of at most 5 minutes to today’s online time', async () => {
    const student = await login(t.app, 'student01');
    const start = t.clock.now();
    const first = await refresh(student);
    expect(z.parse(zStudentMgrRefreshResponse, first.body.data)).toEqual({
      schoolId: '1',
      lastActiveAt: start,
      nextRefreshAfter: 60_000,
      serverTime: start,
    });
    t.clock.advance(MINUTE);
    await refresh(student);
    t.clock.advance(4 * MINUTE);
    await refresh(student);
    // a gap longer than 5 minutes starts a new online period and adds nothing
    t.clock.advance(6 * MINUTE);
    await refresh(student);
    const userId = await userIdOf(t, 'student01');
    const [online] = await t.db.select().from(studentOnline).where(eq(studentOnline.userId, userId));
    expect(online).toMatchObject({ schoolId: 1, onlineSince: t.clock.now(), lastActiveAt: t.clock.now() });
    const [day] = await t.db
      .select()
      .from(studentActivityDays)
      .where(and(eq(studentActivityDays.userId, userId), eq(studentActivityDays.courseId, 0)));
    expect(day).toMatchObject({ day: '2026-03-02', durationMs: 5 * MINUTE });
  });

  it('refuses a non-student, a school where the caller is no student and a course the student is not in', async () => {
    const teacher = await login(t.app, 'teacher1');
    expect((await refresh(teacher)).body.errCode).toBe(5);
    const student = await login(t.app, 'student01');
    expect((await refresh(student, 'schoolId=2')).body).toEqual({
      errCode: 5,
      errMsg: '您在该学校不是学生',
      data: null,
    });
    const { courseId } = await addCourse(t, 'teacher1', [1]);
    expect((await refresh(student, `schoolId=1&courseId=${courseId}`)).body).toEqual({
      errCode: 5,
      errMsg: '您不在该课程的教学班中',
      data: null,
    });
    expect((await refresh(student, 'schoolId=1&courseId=abc')).body.errCode).toBe(5);
    expect((await refresh(student, '')).body.errCode).toBe(0); // "0": the current school
    expect((await refresh(student, `schoolId=${'1'.repeat(65)}`)).body.errCode).toBe(2);
    expect((await refresh(null)).body.errCode).toBe(4);
  });
});

describe('online lists', () => {
  it('lists the teacher’s students online now, newest first, with keyword and class filters', async () => {
    await addCourse(t, 'teacher1', [0]);
    await refresh(await login(t.app, 'student02'));
    t.clock.advance(MINUTE);
    await refresh(await login(t.app, 'student05'));
    await refresh(await login(t.app, 'student20')); // not teacher1's
    const teacher1 = await login(t.app, 'teacher1');
    const answer = await post<{ list: OnlineRow[]; total: number }>(teacher1, '/list/online', {
      schoolId: '1',
      ...page,
    });
    expect(z.parse(zGetOnlineStudentListResponse, answer.body.data).total).toBe(2);
    expect(answer.body.data.list.map((row) => row.studentNumber)).toEqual(['20260005', '20260002']);
    expect(answer.body.data.list[1]).toMatchObject({ onlineSince: t.clock.now() - MINUTE });
    const search = await post<{ total: number }>(teacher1, '/list/online', {
      schoolId: '1',
      ...page,
      keyword: '林雨',
    });
    expect(search.body.data.total).toBe(1);
    const otherClass = await post<{ total: number }>(teacher1, '/list/online', {
      schoolId: '1',
      ...page,
      classId: String(await classIdOf(t, 1)),
    });
    expect(otherClass.body.data.total).toBe(0);
    // stale after 5 minutes
    t.clock.advance(4 * MINUTE + 1);
    const later = await post<{ list: OnlineRow[] }>(teacher1, '/list/online', { schoolId: '1', ...page });
    expect(later.body.data.list.map((row) => row.studentNumber)).toEqual(['20260005']);
    expect(
      (await post(await login(t.app, 'student01'), '/list/online', { schoolId: '1', ...page })).body.errCode,
    ).toBe(5);
  });

  it('lists a course’s online students by teaching class, and v2 with offline ones and the online count', async () => {
    const { courseId, teachingClassIds } = await addCourse(t, 'teacher1', [0, 1]);
    const s3 = await login(t.app, 'student03');
    await refresh(s3);
    t.clock.advance(2 * MINUTE);
    await refresh(s3);
    await refresh(await login(t.app, 'student18'));
    const teacher1 = await login(t.app, 'teacher1');
    const body = { schoolId: '1', courseId: String(courseId), ...page };

    const v1 = await post<{ list: (OnlineRow & { teachingClassId: string })[]; total: number }>(
      teacher1,
      '/list/online/by/course',
      body,
    );
    expect(z.parse(zGetOnlineStudentListByCourseResponse, v1.body.data).total).toBe(2);
    expect(v1.body.data.list.map((row) => [row.studentNumber, row.teachingClassId])).toEqual([
      ['20260018', String(teachingClassIds[1])],
      ['20260003', String(teachingClassIds[0])],
    ]);
    const one = await post<{ total: number }>(teacher1, '/list/online/by/course', {
      ...body,
      teachingClassId: String(teachingClassIds[0]),
    });
    expect(one.body.data.total).toBe(1);

    const v2 = await post<{
      list: (OnlineRow & { online: boolean; todayOnlineDuration: number })[];
      total: number;
      onlineNum: number;
    }>(teacher1, '/v2/list/online/by/course', { ...body, includeOffline: true });
    const parsed = z.parse(zGetOnlineStudentListByCourseV2Response, v2.body.data);
    expect(parsed).toMatchObject({ total: 30, onlineNum: 2 });
    expect(
      v2.body.data.list.slice(0, 3).map((row) => [row.studentNumber, row.online, row.todayOnlineDuration]),
    ).toEqual([
      ['20260018', true, 0],
      ['20260003', true, 2 * MINUTE],
      ['20260001', false, 0],
    ]);
    expect(v2.body.data.list[2]).toMatchObject({ onlineSince: null, lastActiveAt: null });
    const onlyOnline = await post<{ total: number; onlineNum: number }>(
      teacher1,
      '/v2/list/online/by/course',
      {
        ...body,
        teachingClassId: String(teachingClassIds[0]),
      },
    );
    expect(onlyOnline.body.data).toMatchObject({ total: 1, onlineNum: 1 });

    const teacher2 = await login(t.app, 'teacher2');
    expect((await post(teacher2, '/list/online/by/course', body)).body.errCode).toBe(5);
    expect((await post(teacher2, '/v2/list/online/by/course', body)).body.errCode).toBe(5);
    expect(
      (await post(teacher1, '/v2/list/online/by/course', { ...body, courseId: '404' })).body.errCode,
    ).toBe(6);
    expect((await post(teacher1, '/list/online/by/course', { ...body, pageIndex: 0 })).body.errMsg).toBe(
      '参数 pageIndex 不能小于 1',
    );
  });

  it('drops a disabled student from the online lists at once', async () => {
    const { courseId } = await addCourse(t, 'teacher1', [0]);
    await refresh(await login(t.app, 'student07'));
    const manager = await login(t.app, 'manager');
    await post(manager, `/schoolMgrUpdateStudentStatus/1/${await studentIdOf(t, '20260007')}/1`);
    const teacher1 = await login(t.app, 'teacher1');
    const answer = await post<{ total: number; onlineNum: number }>(teacher1, '/v2/list/online/by/course', {
      schoolId: '1',
      courseId: String(courseId),
      ...page,
    });
    expect(answer.body.data).toMatchObject({ total: 0, onlineNum: 0 });
  });
});
