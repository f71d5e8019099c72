import {
  zDelAnnounceResponse,
  zGetAnnounceResponse,
  zGetAnnounceVisibleListResponse,
  zQueryAnnounceListResponse,
  zUpdateAnnounceResponse,
  zUpdateAnnounceVisibleResponse,
} from '@dfrm/sdk/tms/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { notices, noticeViews, noticeVisibility } from '../../db/schema/notice';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  teacher1 = await login(t.app, 'teacher1');
});

const BASE = '/tms-server/announce';

interface SaveBody {
  schoolId?: string;
  announceId?: string;
  courseId?: string;
  title?: string;
  content?: string;
  status?: 0 | 1;
  teachingClassIds?: string[];
}

function save(session: Session, body: SaveBody) {
  return call(t.app, 'POST', `${BASE}/updateAnnounce`, {
    session,
    body: {
      schoolId: '1',
      courseId: String(f.quant.id),
      title: '第一周课程安排',
      content: '<p>本周讲<strong>量化投资导论</strong>。</p>',
      status: 1,
      teachingClassIds: [String(f.quant.class1)],
      ...body,
    },
  });
}

async function created(body: SaveBody = {}, session = teacher1) {
  const answer = await save(session, body);
  expect(answer.body.errCode, answer.body.errMsg).toBe(0);
  return z.parse(zUpdateAnnounceResponse, answer.body.data);
}

const query = (session: Session, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', `${BASE}/queryAnnounceList`, {
    session,
    body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
  });

describe('POST /tms-server/announce/updateAnnounce', () => {
  it('creates a published notice for chosen classes of the caller’s course, sanitizing the HTML', async () => {
    const detail = await created({
      title: '  第一周课程安排  ',
      content:
        '<h2 onclick="steal()">课程安排</h2><script>alert(1)</script>' +
        '<p style="color:red;position:fixed">周一 8:00 <a href="javascript:alert(1)">危险</a> ' +
        '<a href="https://example.com/syllabus" target="_blank">教学大纲</a></p>' +
        '<ul><li>导论</li><li>因子模型</li></ul><table><tr><td colspan="2">A &amp; B</td></tr></table>' +
        '<img src="https://example.com/a.png" onerror="x()"><img src="data:image/svg+xml;base64,PHN2Zz4=">' +
        '<iframe src="https://evil.example">x</iframe>',
    });
    expect(detail).toMatchObject({
      schoolId: '1',
      title: '第一周课程安排',
      courseId: String(f.quant.id),
      courseName: '量化投资',
      status: 1,
      publisher: { userId: String(f.teacher1), userName: 'teacher1', realName: '李明华' },
      publishedAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
      visibleClassNum: 1,
      studentNum: 15,
      viewedNum: 0,
    });
    expect(detail.content).toBe(
      '<h2>课程安排</h2>' +
        '<p style="color:red">周一 8:00 <a rel="noopener noreferrer">危险</a> ' +
        '<a href="https://example.com/syllabus" target="_blank" rel="noopener noreferrer">教学大纲</a></p>' +
        '<ul><li>导论</li><li>因子模型</li></ul><table><tr><td colspan="2">A &amp; B</td></tr></table>' +
        '<img src="https://example.com/a.png" />',
    );
    expect(detail.summary).toBe('课程安排 周一 8:00 危险 教学大纲 导论 因子模型 A & B');
    expect(detail.visibleClasses).toEqual([
      {
        teachingClassId: String(f.quant.class1),
        courseId: String(f.quant.id),
        classId: String(f.class1),
        className: '量化投资（1班）',
        studentCount: 15,
      },
    ]);

    const [row] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.id, Number(detail.announceId)));
    expect(row).toMatchObject({ authorUserId: f.teacher1, status: 1, content: detail.content });
    expect(await t.db.select().from(noticeVisibility)).toEqual([
      { noticeId: Number(detail.announceId), teachingClassId: f.quant.class1 },
    ]);
  });

  it('edits the caller’s notice; turning it back into a draft keeps publishedAt', async () => {
    const first = await created();
    const publishedAt = first.publishedAt;
    t.clock.advance(60_000);
    const answer = await save(teacher1, {
      announceId: first.announceId,
      title: '第一周课程安排（更新）',
      status: 0,
      teachingClassIds: [String(f.quant.class1), String(f.quant.class2)],
    });
    expect(answer.body.errCode).toBe(0);
    const edited = z.parse(zUpdateAnnounceResponse, answer.body.data);
    expect(edited).toMatchObject({
      announceId: first.announceId,
      title: '第一周课程安排（更新）',
      status: 0,
      publishedAt,
      createdAt: first.createdAt,
      updatedAt: t.clock.now(),
      visibleClassNum: 2,
      studentNum: 30,
    });
    expect(await t.db.select().from(notices)).toHaveLength(1);
  });

  it('drafts have no publishedAt until first published', async () => {
    const draft = await created({ status: 0 });
    expect(draft.publishedAt).toBeNull();
    t.clock.advance(5_000);
    const published = await created({ announceId: draft.announceId, status: 1 });
    expect(published.publishedAt).toBe(t.clock.now());
  });

  it('publishes only to at least one class; a draft may wait for its classes', async () => {
    const refused = await save(teacher1, { status: 1, teachingClassIds: [] });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errCode: 2, errMsg: '发布通知至少要选择一个教学班', data: null });
    expect(await t.db.select().from(notices)).toEqual([]);

    const draft = await created({ status: 0, teachingClassIds: [] });
    expect(draft).toMatchObject({ status: 0, publishedAt: null });
    expect(await t.db.select().from(noticeVisibility)).toEqual([]);

    // publishing the draft as it is is refused and leaves it a draft
    const stillEmpty = await save(teacher1, {
      announceId: draft.announceId,
      status: 1,
      teachingClassIds: [],
    });
    expect(stillEmpty.body).toMatchObject({ errCode: 2, errMsg: '发布通知至少要选择一个教学班' });
    const [row] = await t.db.select().from(notices);
    expect(row).toMatchObject({ status: 0, publishedAt: null });

    const published = await created({
      announceId: draft.announceId,
      status: 1,
      teachingClassIds: [String(f.quant.class2)],
    });
    expect(published.status).toBe(1);
    expect(published.publishedAt).toBe(t.clock.now());
    expect(await t.db.select().from(noticeVisibility)).toHaveLength(1);
  });

  it('refuses bad input naming the field in Chinese', async () => {
    const cases: [SaveBody | Record<string, unknown>, string][] = [
      [{ title: '   ' }, '参数 title 不能为空'],
      [{ title: '' }, '参数 title 不能为空'],
      [{ title: '长'.repeat(101) }, '参数 title 长度不能超过 100 个字符'],
      [{ content: '<script>alert(1)</script><p>  </p>' }, '参数 content 不能为空（净化后没有可显示的内容）'],
      [{ content: '' }, '参数 content 不能为空'],
      [{ courseId: undefined }, '参数 courseId 不能为空'],
    ];
    for (const [body, message] of cases) {
      const answer = await save(teacher1, body as SaveBody);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ errCode: 2, errMsg: message, data: null });
    }
    const status = await save(teacher1, { status: 2 as 0 });
    expect(status.body.errCode).toBe(2);
    expect(status.body.errMsg).toMatch(/^参数 status 取值不正确/);
    expect(await t.db.select().from(notices)).toEqual([]);
  });

  it('keeps teachers to their own courses, classes and notices', async () => {
    const teacher2 = await login(t.app, 'teacher2');
    const mine = await created();
    // teacher2 editing teacher1's notice
    const edit = await save(teacher2, {
      announceId: mine.announceId,
      courseId: String(f.derivatives.id),
      teachingClassIds: [String(f.derivatives.class1)],
    });
    expect(edit.body).toMatchObject({ errCode: 5, errMsg: '这不是您发布的通知' });
    // teacher2 posting into teacher1's course
    expect((await save(teacher2, { status: 0, teachingClassIds: [] })).body.errCode).toBe(5);
    // teacher1 targeting teacher2's class, or a class of another of their own courses
    expect((await save(teacher1, { teachingClassIds: [String(f.derivatives.class1)] })).body.errCode).toBe(5);
    const otherCourse = await save(teacher1, { teachingClassIds: [String(f.python.class1)] });
    expect(otherCourse.body).toMatchObject({ errCode: 5, errMsg: '教学班不属于该通知所属的课程' });
    // things that do not exist
    expect((await save(teacher1, { teachingClassIds: ['999999'] })).body).toMatchObject({
      errCode: 6,
      errMsg: '教学班不存在',
    });
    expect((await save(teacher1, { courseId: '999999' })).body).toMatchObject({
      errCode: 6,
      errMsg: '课程不存在',
    });
    expect((await save(teacher1, { announceId: '999999' })).body).toMatchObject({
      errCode: 6,
      errMsg: '通知不存在',
    });
    // the notice is untouched
    const [row] = await t.db.select().from(notices);
    expect(row).toMatchObject({ title: mine.title, courseId: f.quant.id });
  });

  it('is for teachers only', async () => {
    const student = await login(t.app, 'student01');
    const answer = await save(student, {});
    expect(answer.status).toBe(403);
    expect(answer.body.errCode).toBe(5);
    const manager = await login(t.app, 'manager');
    expect((await save(manager, {})).body.errCode).toBe(5);
    expect((await call(t.app, 'POST', `${BASE}/updateAnnounce`, { body: {} })).body.errCode).toBe(4);
  });
});

describe('POST /tms-server/announce/queryAnnounceList', () => {
  it('pages the caller’s notices with filters and sorting', async () => {
    const a = await created({ title: '期中考试通知' });
    t.clock.advance(1_000);
    const b = await created({ title: '作业提交提醒', status: 0 });
    t.clock.advance(1_000);
    const c = await created({
      title: 'Python 环境配置',
      courseId: String(f.python.id),
      teachingClassIds: [String(f.python.class1)],
    });
    const teacher2 = await login(t.app, 'teacher2');
    await created(
      {
        title: '衍生品通知',
        courseId: String(f.derivatives.id),
        teachingClassIds: [String(f.derivatives.class1)],
      },
      teacher2,
    );

    const all = await query(teacher1);
    expect(all.body.errCode).toBe(0);
    const page = z.parse(zQueryAnnounceListResponse, all.body.data);
    expect(page.total).toBe(3);
    expect(page.list.map((item) => item.announceId)).toEqual([c.announceId, b.announceId, a.announceId]);
    expect(page.list[0]).toMatchObject({
      courseName: 'Python金融数据分析',
      visibleClassNum: 1,
      studentNum: 15,
    });
    expect(page.list[0]).not.toHaveProperty('content');

    const second = z.parse(
      zQueryAnnounceListResponse,
      (await query(teacher1, { pageIndex: 2, pageSize: 2 })).body.data,
    );
    expect(second).toMatchObject({ total: 3, list: [{ announceId: a.announceId }] });

    const byCourse = (await query(teacher1, { courseId: String(f.quant.id), sortOrder: 'asc' })).body.data;
    expect(z.parse(zQueryAnnounceListResponse, byCourse).list.map((item) => item.title)).toEqual([
      '期中考试通知',
      '作业提交提醒',
    ]);
    const drafts = z.parse(zQueryAnnounceListResponse, (await query(teacher1, { status: 0 })).body.data);
    expect(drafts.list.map((item) => item.title)).toEqual(['作业提交提醒']);
    const keyword = z.parse(
      zQueryAnnounceListResponse,
      (await query(teacher1, { keyword: '考试' })).body.data,
    );
    expect(keyword.list.map((item) => item.title)).toEqual(['期中考试通知']);
    const literal = z.parse(zQueryAnnounceListResponse, (await query(teacher1, { keyword: '%' })).body.data);
    expect(literal.total).toBe(0);
    // drafts never published sort last by publication date
    const byPublished = z.parse(
      zQueryAnnounceListResponse,
      (await query(teacher1, { sortField: 'publishedAt', sortOrder: 'asc' })).body.data,
    );
    expect(byPublished.list.map((item) => item.title)).toEqual([
      '期中考试通知',
      'Python 环境配置',
      '作业提交提醒',
    ]);

    // no schoolId ("0") means the caller's current school
    const current = z.parse(
      zQueryAnnounceListResponse,
      (await query(teacher1, { schoolId: undefined })).body.data,
    );
    expect(current.total).toBe(3);

    // teacher2 sees only their own
    const theirs = z.parse(zQueryAnnounceListResponse, (await query(teacher2)).body.data);
    expect(theirs.list.map((item) => item.title)).toEqual(['衍生品通知']);
  });

  it('gives each row the read count of every visible class, so the list needs no call per row', async () => {
    const both = await created({ teachingClassIds: [String(f.quant.class1), String(f.quant.class2)] });
    const hidden = await created({ title: '未设置可见', status: 0, teachingClassIds: [] });
    for (const account of ['student01', 'student02', 'student16']) {
      const student = await login(t.app, account);
      await call(t.app, 'GET', `/tms-server/studentPage/viewAnnounce/1/${both.announceId}`, {
        session: student,
      });
    }
    const page = z.parse(zQueryAnnounceListResponse, (await query(teacher1)).body.data);
    const row = page.list.find((item) => item.announceId === both.announceId);
    expect(row?.classReads.map((read) => [read.teachingClass.teachingClassId, read.viewedNum])).toEqual([
      [String(f.quant.class1), 2],
      [String(f.quant.class2), 1],
    ]);
    expect(row?.classReads[0]?.teachingClass.studentCount).toBe(15);
    expect(row).toMatchObject({ viewedNum: 3, studentNum: 30, visibleClassNum: 2 });
    expect(page.list.find((item) => item.announceId === hidden.announceId)?.classReads).toEqual([]);
  });

  it('refuses bad paging and other roles', async () => {
    expect((await query(teacher1, { pageSize: 201 })).body).toEqual({
      errCode: 2,
      errMsg: '参数 pageSize 不能大于 200',
      data: null,
    });
    expect((await query(teacher1, { pageIndex: 0 })).body.errMsg).toBe('参数 pageIndex 不能小于 1');
    expect((await query(teacher1, { sortField: 'title' })).body.errCode).toBe(2);
    const student = await login(t.app, 'student01');
    expect((await query(student)).body.errCode).toBe(5);
  });
});

describe('POST /tms-server/announce/updateAnnounceVisible and GET getAnnounceVisibleList', () => {
  it('replaces the visible classes and lists every class of the course with read counts', async () => {
    const notice = await created();
    const student01 = await login(t.app, 'student01');
    await call(t.app, 'GET', `/tms-server/studentPage/viewAnnounce/1/${notice.announceId}`, {
      session: student01,
    });

    const answer = await call(t.app, 'POST', `${BASE}/updateAnnounceVisible`, {
      session: teacher1,
      body: {
        schoolId: '1',
        announceId: notice.announceId,
        teachingClassIds: [String(f.quant.class2), String(f.quant.class1)],
      },
    });
    expect(answer.body.errCode).toBe(0);
    const list = z.parse(zUpdateAnnounceVisibleResponse, answer.body.data);
    expect(list.map((row) => [row.teachingClass.teachingClassId, row.visible, row.viewedNum])).toEqual([
      [String(f.quant.class1), true, 1],
      [String(f.quant.class2), true, 0],
    ]);
    expect(list[1]?.teachingClass).toEqual({
      teachingClassId: String(f.quant.class2),
      courseId: String(f.quant.id),
      classId: String(f.class2),
      className: '量化投资（2班）',
      studentCount: 15,
    });

    // hiding class 1: its reader no longer counts, though the receipt stays
    await call(t.app, 'POST', `${BASE}/updateAnnounceVisible`, {
      session: teacher1,
      body: { schoolId: '1', announceId: notice.announceId, teachingClassIds: [String(f.quant.class2)] },
    });
    const visible = await call(t.app, 'GET', `${BASE}/getAnnounceVisibleList/1/${notice.announceId}`, {
      session: teacher1,
    });
    expect(
      z.parse(zGetAnnounceVisibleListResponse, visible.body.data).map((row) => [row.visible, row.viewedNum]),
    ).toEqual([
      [false, 0],
      [true, 0],
    ]);
    expect(await t.db.select().from(noticeViews)).toHaveLength(1);
    expect(await t.db.select().from(noticeVisibility)).toEqual([
      { noticeId: Number(notice.announceId), teachingClassId: f.quant.class2 },
    ]);
  });

  it('refuses other teachers, classes of other courses and unknown notices', async () => {
    const notice = await created();
    const teacher2 = await login(t.app, 'teacher2');
    const body = (session: Session, extra: Record<string, unknown>) =>
      call(t.app, 'POST', `${BASE}/updateAnnounceVisible`, {
        session,
        body: { schoolId: '1', announceId: notice.announceId, teachingClassIds: [], ...extra },
      });
    expect((await body(teacher2, {})).body.errCode).toBe(5);
    expect((await body(teacher1, { teachingClassIds: [String(f.python.class1)] })).body.errCode).toBe(5);
    expect((await body(teacher1, { teachingClassIds: [String(f.derivatives.class1)] })).body.errCode).toBe(5);
    expect((await body(teacher1, { announceId: '424242' })).body.errCode).toBe(6);
    expect((await body(teacher1, { teachingClassIds: 'x' })).body.errMsg).toBe(
      '参数 teachingClassIds 类型不正确',
    );
    expect(
      (
        await call(t.app, 'GET', `${BASE}/getAnnounceVisibleList/1/${notice.announceId}`, {
          session: teacher2,
        })
      ).body.errCode,
    ).toBe(5);
    expect(await t.db.select().from(noticeVisibility)).toHaveLength(1);
  });
});

describe('GET /tms-server/announce/getAnnounce', () => {
  it('answers the full notice with read statistics to its author only', async () => {
    const notice = await created();
    const student01 = await login(t.app, 'student01');
    await call(t.app, 'GET', `/tms-server/studentPage/viewAnnounce/1/${notice.announceId}`, {
      session: student01,
    });
    const answer = await call(t.app, 'GET', `${BASE}/getAnnounce/1/${notice.announceId}`, {
      session: teacher1,
    });
    const detail = z.parse(zGetAnnounceResponse, answer.body.data);
    expect(detail).toMatchObject({
      announceId: notice.announceId,
      content: notice.content,
      viewedNum: 1,
      studentNum: 15,
    });

    const teacher2 = await login(t.app, 'teacher2');
    expect(
      (await call(t.app, 'GET', `${BASE}/getAnnounce/1/${notice.announceId}`, { session: teacher2 })).body,
    ).toEqual({ errCode: 5, errMsg: '这不是您发布的通知', data: null });
    expect((await call(t.app, 'GET', `${BASE}/getAnnounce/1/abc`, { session: teacher1 })).body.errCode).toBe(
      6,
    );
    expect((await call(t.app, 'GET', `${BASE}/getAnnounce/1/999`, { session: teacher1 })).body.errCode).toBe(
      6,
    );
    expect(
      (await call(t.app, 'GET', `${BASE}/getAnnounce/1/${notice.announceId}`, { session: student01 })).body
        .errCode,
    ).toBe(5);
  });
});

describe('GET /tms-server/announce/delAnnounce', () => {
  it('deletes the caller’s notice with its visibility and receipts; students stop seeing it', async () => {
    const notice = await created();
    const student01 = await login(t.app, 'student01');
    await call(t.app, 'GET', `/tms-server/studentPage/viewAnnounce/1/${notice.announceId}`, {
      session: student01,
    });
    const teacher2 = await login(t.app, 'teacher2');
    expect(
      (await call(t.app, 'GET', `${BASE}/delAnnounce/1/${notice.announceId}`, { session: teacher2 })).body
        .errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', `${BASE}/delAnnounce/1/${notice.announceId}`, { session: student01 })).body
        .errCode,
    ).toBe(5);

    const answer = await call(t.app, 'GET', `${BASE}/delAnnounce/1/${notice.announceId}`, {
      session: teacher1,
    });
    expect(z.parse(zDelAnnounceResponse, answer.body.data)).toEqual({ id: notice.announceId });
    expect(await t.db.select().from(notices)).toEqual([]);
    expect(await t.db.select().from(noticeVisibility)).toEqual([]);
    expect(await t.db.select().from(noticeViews)).toEqual([]);

    const again = await call(t.app, 'GET', `${BASE}/delAnnounce/1/${notice.announceId}`, {
      session: teacher1,
    });
    expect(again.body).toEqual({ errCode: 6, errMsg: '通知不存在', data: null });
    const list = await call(t.app, 'POST', '/tms-server/studentPage/getAnnounceList', {
      session: student01,
      body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
    });
    expect(list.body.data).toEqual({ list: [], total: 0, unViewNum: 0 });
  });
});
