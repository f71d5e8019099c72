import {
  zGetLastAnnounceResponse,
  zGetStudentAnnounceListResponse,
  zGetUnViewAnnounceResponse,
  zUpdateAnnounceResponse,
  zViewAnnounceResponse,
} from '@dfrm/sdk/tms/zod';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { noticeViews } from '../../db/schema/notice';
import { schoolMembers, students } from '../../db/schema/school';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
let student01: Session;
let student16: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  teacher1 = await login(t.app, 'teacher1');
  student01 = await login(t.app, 'student01');
  student16 = await login(t.app, 'student16');
});

const PAGE = '/tms-server/studentPage';

async function post(
  body: { title: string; classes?: number[]; status?: 0 | 1; courseId?: number; announceId?: string },
  session = teacher1,
) {
  const answer = await call(t.app, 'POST', '/tms-server/announce/updateAnnounce', {
    session,
    body: {
      schoolId: '1',
      courseId: String(body.courseId ?? f.quant.id),
      title: body.title,
      content: `<p>${body.title}的详细内容</p>`,
      status: body.status ?? 1,
      teachingClassIds: (body.classes ?? [f.quant.class1]).map(String),
      ...(body.announceId ? { announceId: body.announceId } : {}),
    },
  });
  expect(answer.body.errCode, answer.body.errMsg).toBe(0);
  return z.parse(zUpdateAnnounceResponse, answer.body.data);
}

const list = (session: Session, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', `${PAGE}/getAnnounceList`, {
    session,
    body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
  });
const unread = async (session: Session) => {
  const answer = await call(t.app, 'GET', `${PAGE}/getUnViewAnnounce/1`, { session });
  expect(answer.body.errCode).toBe(0);
  return z.parse(zGetUnViewAnnounceResponse, answer.body.data).unViewNum;
};
const view = (session: Session, id: string) =>
  call(t.app, 'GET', `${PAGE}/viewAnnounce/1/${id}`, { session });

describe('student notices', () => {
  it('shows a student the published notices of their classes with read state; the unread count drops on reading', async () => {
    const first = await post({ title: '开课通知' });
    t.clock.advance(60_000);
    const second = await post({ title: '第二周安排', classes: [f.quant.class1, f.quant.class2] });
    await post({ title: '草稿', status: 0 });
    await post({ title: '仅2班', classes: [f.quant.class2] });

    expect(await unread(student01)).toBe(2);
    const page = z.parse(zGetStudentAnnounceListResponse, (await list(student01)).body.data);
    expect(page.total).toBe(2);
    expect(page.unViewNum).toBe(2);
    expect(page.list.map((item) => item.title)).toEqual(['第二周安排', '开课通知']);
    expect(page.list[0]).toEqual({
      announceId: second.announceId,
      schoolId: '1',
      title: '第二周安排',
      summary: '第二周安排的详细内容',
      courseId: String(f.quant.id),
      courseName: '量化投资',
      status: 1,
      publisher: { userId: String(f.teacher1), userName: 'teacher1', realName: '李明华' },
      publishedAt: second.publishedAt,
      updatedAt: second.updatedAt,
      viewed: false,
      viewedAt: null,
    });

    t.clock.advance(1_000);
    const readAt = t.clock.now();
    const answer = await view(student01, first.announceId);
    expect(answer.body.errCode).toBe(0);
    const detail = z.parse(zViewAnnounceResponse, answer.body.data);
    expect(detail).toMatchObject({
      announceId: first.announceId,
      title: '开课通知',
      content: '<p>开课通知的详细内容</p>',
      viewed: true,
      viewedAt: readAt,
    });
    expect(await unread(student01)).toBe(1);

    // reading again changes nothing
    t.clock.advance(1_000);
    const again = z.parse(zViewAnnounceResponse, (await view(student01, first.announceId)).body.data);
    expect(again.viewedAt).toBe(readAt);
    expect(await unread(student01)).toBe(1);
    expect(await t.db.select().from(noticeViews)).toHaveLength(1);

    const read = z.parse(
      zGetStudentAnnounceListResponse,
      (await list(student01, { viewed: true })).body.data,
    );
    expect(read).toMatchObject({
      total: 1,
      unViewNum: 1,
      list: [{ title: '开课通知', viewed: true, viewedAt: readAt }],
    });
    const notRead = z.parse(
      zGetStudentAnnounceListResponse,
      (await list(student01, { viewed: false })).body.data,
    );
    expect(notRead.list.map((item) => item.title)).toEqual(['第二周安排']);
    // the other student's count is their own
    expect(await unread(student16)).toBe(2);
  });

  it('a student’s reading changes only their own lists and counts; a teacher’s edit reaches everyone at once', async () => {
    const student02 = await login(t.app, 'student02');
    const notice = await post({ title: '期中考试安排' });
    const myCourse = async (session: Session) => {
      const answer = await call(t.app, 'POST', '/tms-server/myCourse/getStudentCourseList', {
        session,
        body: { schoolId: '1' },
      });
      expect(answer.body.errCode).toBe(0);
      const courses = answer.body.data as { courseId: string; unViewAnnounceNum: number }[];
      return courses.find((c) => c.courseId === String(f.quant.id))?.unViewAnnounceNum;
    };
    // everything asked twice: the second answer may come from the read cache
    for (let i = 0; i < 2; i++) {
      expect(await unread(student01)).toBe(1);
      expect(await unread(student02)).toBe(1);
      expect(await myCourse(student01)).toBe(1);
      expect(await myCourse(student02)).toBe(1);
    }

    expect((await view(student01, notice.announceId)).body.errCode).toBe(0);
    expect(await unread(student01)).toBe(0);
    expect(await myCourse(student01)).toBe(0);
    const mine = z.parse(zGetStudentAnnounceListResponse, (await list(student01)).body.data);
    expect(mine.list[0]).toMatchObject({ title: '期中考试安排', viewed: true });
    expect(await unread(student02)).toBe(1);
    expect(await myCourse(student02)).toBe(1);
    const theirs = z.parse(zGetStudentAnnounceListResponse, (await list(student02)).body.data);
    expect(theirs.list[0]).toMatchObject({ title: '期中考试安排', viewed: false });

    await post({ title: '期中考试改期', announceId: notice.announceId });
    for (const session of [student01, student02]) {
      const page = z.parse(zGetStudentAnnounceListResponse, (await list(session)).body.data);
      expect(page.list.map((item) => item.title)).toEqual(['期中考试改期']);
    }
  });

  it('hides notices from students of other classes, drafts and deleted notices', async () => {
    const onlyClass1 = await post({ title: '1班通知' });
    expect(z.parse(zGetStudentAnnounceListResponse, (await list(student16)).body.data)).toEqual({
      list: [],
      total: 0,
      unViewNum: 0,
    });
    expect(await unread(student16)).toBe(0);
    expect(
      (await call(t.app, 'GET', `${PAGE}/getLastAnnounce/1`, { session: student16 })).body.data,
    ).toBeNull();
    // reading it anyway looks exactly like a missing notice
    expect((await view(student16, onlyClass1.announceId)).body).toEqual({
      errCode: 6,
      errMsg: '通知不存在',
      data: null,
    });

    // turning it into a draft hides it from class 1 too
    await post({ title: '1班通知', status: 0, announceId: onlyClass1.announceId });
    expect(await unread(student01)).toBe(0);
    expect((await view(student01, onlyClass1.announceId)).body.errCode).toBe(6);

    // deleted: gone
    const doomed = await post({ title: '将被删除' });
    expect(await unread(student01)).toBe(1);
    await call(t.app, 'GET', `/tms-server/announce/delAnnounce/1/${doomed.announceId}`, {
      session: teacher1,
    });
    expect(await unread(student01)).toBe(0);
    expect((await view(student01, doomed.announceId)).body.errCode).toBe(6);
    expect(z.parse(zGetStudentAnnounceListResponse, (await list(student01)).body.data).total).toBe(0);
  });

  it('a student who is no longer active sees nothing', async () => {
    await post({ title: '开课通知' });
    await t.db
      .update(students)
      .set({ status: 'suspended' })
      .where(and(eq(students.schoolId, 1), eq(students.studentNumber, '20260001')));
    expect(await unread(student01)).toBe(0);
  });

  it('getLastAnnounce answers the newest visible notice without marking it read', async () => {
    expect((await call(t.app, 'GET', `${PAGE}/getLastAnnounce/1`, { session: student01 })).body).toEqual({
      errCode: 0,
      errMsg: 'success',
      data: null,
    });
    await post({ title: '较早' });
    t.clock.advance(1_000);
    await post({ title: '较新' });
    t.clock.advance(1_000);
    await post({ title: '2班的更新', classes: [f.quant.class2] });
    const answer = await call(t.app, 'GET', `${PAGE}/getLastAnnounce/1`, { session: student01 });
    const last = z.parse(zGetLastAnnounceResponse, answer.body.data);
    expect(last).toMatchObject({ title: '较新', viewed: false, viewedAt: null });
    expect(last).not.toHaveProperty('content');
    expect(await unread(student01)).toBe(2);
  });

  it('filters by course and keyword and pages', async () => {
    await post({ title: '量化第一课' });
    t.clock.advance(1_000);
    await post({ title: 'Python 第一课', courseId: f.python.id, classes: [f.python.class1] });
    t.clock.advance(1_000);
    await post({ title: '量化第二课' });
    const byCourse = z.parse(
      zGetStudentAnnounceListResponse,
      (await list(student01, { courseId: String(f.python.id) })).body.data,
    );
    expect(byCourse).toMatchObject({ total: 1, unViewNum: 3, list: [{ title: 'Python 第一课' }] });
    const byKeyword = z.parse(
      zGetStudentAnnounceListResponse,
      (await list(student01, { keyword: '第一' })).body.data,
    );
    expect(byKeyword.list.map((item) => item.title)).toEqual(['Python 第一课', '量化第一课']);
    const paged = z.parse(
      zGetStudentAnnounceListResponse,
      (await list(student01, { pageIndex: 2, pageSize: 2 })).body.data,
    );
    expect(paged).toMatchObject({ total: 3, list: [{ title: '量化第一课' }] });
    // a page past the end still tells the totals
    expect((await list(student01, { pageIndex: 9, pageSize: 2 })).body.data).toEqual({
      list: [],
      total: 3,
      unViewNum: 3,
    });
    expect((await list(student01, { keyword: '第一', pageIndex: 2, pageSize: 2 })).body.data).toEqual({
      list: [],
      total: 2,
      unViewNum: 3,
    });
  });

  it('reads the session and the school role afresh on every request, in every server process', async () => {
    await post({ title: '开课通知' });
    const peer = await t.createPeerApp();
    const peerList = (session: Session) =>
      call(peer, 'POST', `${PAGE}/getAnnounceList`, {
        session,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
      });
    expect((await list(student01)).body.errCode).toBe(0);
    expect((await peerList(student01)).body.errCode).toBe(0);
    // the school takes the student role away: refused at once, here and in the other process
    await t.db
      .delete(schoolMembers)
      .where(and(eq(schoolMembers.userId, Number(student01.userId)), eq(schoolMembers.role, 'student')));
    expect((await list(student01)).body.errCode).toBe(5);
    expect((await peerList(student01)).body.errCode).toBe(5);
    // a logout in this process ends the token in the other one too
    expect((await peerList(student16)).body.errCode).toBe(0);
    expect((await call(t.app, 'POST', '/user/logout', { session: student16 })).body.errCode).toBe(0);
    expect((await peerList(student16)).body.errCode).toBe(4);
  });

  it('refuses bad input and other roles', async () => {
    expect((await list(student01, { pageSize: 0 })).body).toEqual({
      errCode: 2,
      errMsg: '参数 pageSize 不能小于 1',
      data: null,
    });
    expect((await list(student01, { viewed: 'yes' })).body.errMsg).toBe('参数 viewed 类型不正确');
    expect((await list(teacher1)).body.errCode).toBe(5);
    expect(
      (await call(t.app, 'GET', `${PAGE}/getUnViewAnnounce/1`, { session: teacher1 })).body.errCode,
    ).toBe(5);
    expect((await call(t.app, 'GET', `${PAGE}/getLastAnnounce/1`, { session: teacher1 })).body.errCode).toBe(
      5,
    );
    expect((await view(teacher1, '1')).body.errCode).toBe(5);
    expect((await call(t.app, 'GET', `${PAGE}/getUnViewAnnounce/1`)).body.errCode).toBe(4);
    expect((await view(student01, 'abc')).body.errCode).toBe(6);
  });
});
