import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock';
import { type ApiAnswer, call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
let teacher2: Session;
let student01: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  [teacher1, teacher2, student01] = await Promise.all([
    login(t.app, 'teacher1'),
    login(t.app, 'teacher2'),
    login(t.app, 'student01'),
  ]);
});

const MGR = '/tms-server/courseWorkMgr';
const MY = '/tms-server/myWork';
const FIXED = ['courseId', 'type', 'groupMode', 'workGroupId', 'teachingClassIds', 'totalScore'];

type Data = Record<string, unknown>;

async function ok(promise: Promise<ApiAnswer<Data>>): Promise<Data> {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data;
}

function saveBody(body: Record<string, unknown> = {}) {
  const now = t.clock.now();
  return {
    schoolId: '1',
    courseId: String(f.quant.id),
    teachingClassIds: [String(f.quant.class1)],
    title: '第一次作业：收益率',
    content: '<p>计算日收益率</p>',
    type: 1,
    groupMode: 0,
    startTime: now,
    endTime: now + 7 * DAY_MS,
    totalScore: 100,
    ...body,
  };
}

const info = (session: Session, workId: string) =>
  call<Data>(t.app, 'GET', `${MGR}/getCourseWorkInfo/1/${workId}`, { session });

describe('fixedFields of a course work (what the edit page locks)', () => {
  it('is empty for a draft and a published work nobody answered, and names the locked fields once a student saved', async () => {
    const draft = await ok(
      call<Data>(t.app, 'POST', `${MGR}/updateCourseWork`, { session: teacher1, body: saveBody() }),
    );
    const workId = String(draft.workId);
    expect(draft.fixedFields).toEqual([]);

    await ok(call<Data>(t.app, 'GET', `${MGR}/v2/publishCourseWork/1/${workId}/1`, { session: teacher1 }));
    expect((await ok(info(teacher1, workId))).fixedFields).toEqual([]);

    // a student saves a draft answer (not handed in): the work is now answered
    const mine = (
      await ok(call<Data>(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session: student01 }))
    ).myWork as { studentWorkId: string };
    await ok(
      call<Data>(t.app, 'POST', `${MY}/updateMyWorkInfo`, {
        session: student01,
        body: {
          schoolId: '1',
          studentWorkId: mine.studentWorkId,
          requestId: 'fixed-fields-1',
          revision: 0,
          content: '<p>草稿</p>',
          submit: false,
        },
      }),
    );
    expect((await ok(info(teacher1, workId))).fixedFields).toEqual(FIXED);

    // what it names is what a save is refused for; the rest can still change
    const refused = await call<Data>(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: teacher1,
      body: saveBody({ workId, totalScore: 50 }),
    });
    expect(refused.body).toMatchObject({ errCode: 1, errMsg: '已有学生作答，不能再修改满分' });
    const edited = await ok(
      call<Data>(t.app, 'POST', `${MGR}/updateCourseWork`, {
        session: teacher1,
        body: saveBody({ workId, title: '第一次作业（修订）', endTime: t.clock.now() + 9 * DAY_MS }),
      }),
    );
    expect(edited).toMatchObject({ title: '第一次作业（修订）', fixedFields: FIXED });
  });

  it('is not shown to another teacher, who is refused the work', async () => {
    const draft = await ok(
      call<Data>(t.app, 'POST', `${MGR}/updateCourseWork`, { session: teacher1, body: saveBody() }),
    );
    const answer = await info(teacher2, String(draft.workId));
    expect(answer.body).toMatchObject({ errCode: 5, errMsg: '这不是您布置的作业' });
  });
});
