import { zGetMyWorkResourceListResponse, zGetWorkMessageResponse } from '@dfrm/sdk/tms/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseWorks } from '../../db/schema/homework';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { call, createTestApp, type TestApp } from '../../testing/index';
import { homework, MGR, MY, ok, refusal } from './homework.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let hw: ReturnType<typeof homework>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  hw = homework(t, f);
});

interface Message {
  messageId: string;
  type: number;
  workId: string;
  studentWorkId: string;
  courseName: string;
  title: string;
  content: string;
  createdAt: number;
}

async function messages(who: string, filter: Record<string, unknown> = {}) {
  return call<{ list: Message[]; total: number }>(t.app, 'POST', `${MY}/getWorkMessage`, {
    session: await hw.as(who),
    body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...filter },
  });
}

const kinds = (list: Message[]) => list.map((message) => [message.type, message.title, message.content]);

describe('getWorkMessage', () => {
  it('tells the student of new work, the coming deadline, a return, published scores and a later grade', async () => {
    const start = t.clock.now();
    const a = await hw.publish({ title: '收益率计算' });
    t.clock.advance(HOUR_MS);
    await hw.publish(
      {
        title: '期权定价',
        courseId: String(f.derivatives.id),
        teachingClassIds: [String(f.derivatives.class1)],
        endTime: t.clock.now() + 30 * DAY_MS,
      },
      'teacher2',
    );
    const first = zGetWorkMessageResponse.parse(await ok(messages('student01')));
    expect(first.total).toBe(2);
    expect(first.list.map((message) => [message.type, message.courseName, message.content])).toEqual([
      [1, '金融衍生品', '新作业：期权定价'],
      [1, '量化投资', '新作业：收益率计算'],
    ]);
    expect(first.list[1]).toMatchObject({ workId: a, createdAt: start });

    // 23 hours before A's deadline: a reminder for who has not handed in, once
    hw.advance(6 * DAY_MS);
    await hw.handIn('student02', a);
    const due = await ok<{ list: Message[] }>(messages('student01', { type: 2 }));
    expect(kinds(due.list)).toEqual([[2, '收益率计算', '作业即将截止：2026-03-09 09:00 截止，请尽快提交']]);
    expect((await ok<{ total: number }>(messages('student01', { type: 2 }))).total).toBe(1);
    expect((await ok<{ total: number }>(messages('student02', { type: 2 }))).total).toBe(0);
    // D is due in more than a day: no reminder for it yet
    expect(due.list.every((message) => message.workId === a)).toBe(true);

    await hw.handIn('student01', a);
    await hw.handIn('student03', a);
    await hw.grade('student01', a, 80);
    await hw.grade('student02', a, 90);
    await hw.grade('student03', a, 'return');
    // a grade is not told before the scores are published, a return at once
    expect((await ok<{ total: number }>(messages('student01', { type: 3 }))).total).toBe(0);
    expect(kinds((await ok<{ list: Message[] }>(messages('student03', { type: 4 }))).list)).toEqual([
      [4, '收益率计算', '作业被退回重做：请补充推导'],
    ]);
    await hw.publishScores(a);
    expect(kinds((await ok<{ list: Message[] }>(messages('student01', { workId: a }))).list)).toEqual([
      [5, '收益率计算', '成绩已公布：收益率计算'],
      [2, '收益率计算', '作业即将截止：2026-03-09 09:00 截止，请尽快提交'],
      [1, '收益率计算', '新作业：收益率计算'],
    ]);
    // graded after publication: the student sees the score at once, and is told
    await hw.handIn('student03', a, 1);
    await hw.grade('student03', a, 70);
    expect(kinds((await ok<{ list: Message[] }>(messages('student03', { type: 3 }))).list)).toEqual([
      [3, '收益率计算', '作业已批改：得分 70 / 100'],
    ]);
    // paging, and nobody else's messages
    const page = await ok<{ list: Message[]; total: number }>(
      messages('student01', { pageSize: 1, pageIndex: 2 }),
    );
    expect(page).toMatchObject({ total: 4, list: [{ type: 2 }] });
    expect(
      (await ok<{ list: Message[] }>(messages('student02'))).list.some((message) => message.type === 4),
    ).toBe(false);
  });

  it('refuses a teacher, a work not given to the student, unknown works and bad filters', async () => {
    const a = await hw.publish();
    expect((await refusal(messages('teacher1'))).errCode).toBe(5);
    expect(await refusal(messages('student16', { workId: a }))).toEqual({
      errCode: 5,
      errMsg: '该作业没有布置给您',
    });
    expect(await refusal(messages('student01', { workId: '999999' }))).toEqual({
      errCode: 6,
      errMsg: '作业不存在',
    });
    const badType = await refusal(messages('student01', { type: 9 }));
    expect(badType.errCode).toBe(2);
    expect(badType.errMsg).toMatch(/type/);
    expect((await refusal(messages('student01', { pageSize: 0 }))).errCode).toBe(2);
  });
});

describe('getMyWorkResourceList and getMyWorkResourceDetail', () => {
  const list = async (who: string, studentWorkId: string) =>
    call(t.app, 'POST', `${MY}/get/work/resource/list/${studentWorkId}`, {
      session: await hw.as(who),
      body: { schoolId: '1' },
    });
  const detail = async (who: string, studentWorkId: string, resourceId: string) =>
    call(t.app, 'POST', `${MY}/get/work/resource/detail/${studentWorkId}/${resourceId}`, {
      session: await hw.as(who),
      body: { schoolId: '1' },
    });

  it('answers what the work links: nothing, since no work can link a resource before the resource service', async () => {
    const a = await hw.publish();
    const mine = await hw.studentWorkOf('student01', a);
    expect(zGetMyWorkResourceListResponse.parse(await ok(list('student01', mine)))).toEqual([]);
    expect(await refusal(detail('student01', mine, '1'))).toEqual({
      errCode: 6,
      errMsg: '该作业没有引用这个资源',
    });
    // the teacher cannot link one either
    const linking = await call(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: await hw.as('teacher1'),
      body: {
        schoolId: '1',
        workId: a,
        courseId: String(f.quant.id),
        teachingClassIds: [String(f.quant.class1)],
        title: '收益率计算',
        content: '<p>计算日收益率</p>',
        type: 1,
        groupMode: 0,
        startTime: t.clock.now(),
        endTime: t.clock.now() + DAY_MS,
        totalScore: 100,
        resourceIds: ['1'],
      },
    });
    expect(linking.body).toMatchObject({ errCode: 2, errMsg: '参数 resourceIds 中的资源不存在' });
  });

  it('says the resources cannot be read rather than invent them, should a work hold resource ids', async () => {
    const a = await hw.publish();
    const mine = await hw.studentWorkOf('student01', a);
    await t.db
      .update(courseWorks)
      .set({ resourceIds: [5] })
      .where(eq(courseWorks.id, Number(a)));
    expect(await refusal(list('student01', mine))).toEqual({
      errCode: 9,
      errMsg: '资源服务尚未开放，暂时无法读取作业引用的资源',
    });
    expect((await refusal(detail('student01', mine, '5'))).errCode).toBe(9);
    expect((await refusal(detail('student01', mine, '6'))).errCode).toBe(6);
  });

  it('keeps to the student’s own work', async () => {
    const a = await hw.publish();
    const theirs = await hw.studentWorkOf('student02', a);
    for (const answer of [list('student01', theirs), detail('student01', theirs, '1')]) {
      expect(await refusal(answer)).toEqual({ errCode: 5, errMsg: '这不是您的作业' });
    }
    expect(await refusal(list('student01', '999999'))).toEqual({ errCode: 6, errMsg: '学生作业不存在' });
    expect((await refusal(detail('student02', theirs, 'abc'))).errCode).toBe(6);
    expect((await refusal(list('teacher1', theirs))).errCode).toBe(5);
  });
});
