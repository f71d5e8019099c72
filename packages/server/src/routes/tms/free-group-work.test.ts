import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/school';
import { DAY_MS } from '../../lib/clock';
import { call, createTestApp, type Session, type TestApp } from '../../testing/index';
import { sessions } from './course.fixtures';
import { addCourse, numberOf, studentIdOf } from './student.fixtures';

/**
 * A free-grouping work (groupType 2) before the student has a team: the lists,
 * the counts, the detail and the unsubmitted count show it with studentWorkId
 * "0" and 未提交; saving without a team is refused (errCode 1).
 */

const MGR = '/tms-server/courseWorkMgr';
const MY = '/tms-server/myWork';

let t: TestApp;
let as: (userName: string) => Promise<Session>;
/** teacher1's course with 1班 (student01–15) and 2班 (student16–30) */
let quant: { courseId: number; teachingClassIds: number[] };

beforeEach(async () => {
  t = await createTestApp();
  as = sessions(t);
  quant = await addCourse(t, 'teacher1', [0, 1], { name: '量化投资' });
});

type Body = { errCode: number; errMsg: string; data: unknown };

async function ok<T = Record<string, unknown>>(promise: Promise<{ body: Body }>): Promise<T> {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

const sid = async (n: number) => String(await studentIdOf(t, numberOf(n)));

async function groupSet(
  groupType: 0 | 2,
  teams: { groupName: string; leaderStudentId: string; studentIds: string[] }[] = [],
) {
  return ok<{ workGroupId: string }>(
    call(t.app, 'POST', `${MGR}/creatCourseGroup`, {
      session: await as('teacher1'),
      body: {
        schoolId: '1',
        courseId: String(quant.courseId),
        groupName: groupType === 2 ? '自由组队' : '老师分组',
        groupType,
        maxMembers: 4,
        teams,
      },
    }),
  );
}

/** A published work of quant for 1班: a group work on the set, or an individual one. */
async function publish(title: string, extra: Record<string, unknown>): Promise<string> {
  const teacher1 = await as('teacher1');
  const now = t.clock.now();
  const work = await ok<{ workId: string }>(
    call(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: teacher1,
      body: {
        schoolId: '1',
        courseId: String(quant.courseId),
        teachingClassIds: [String(quant.teachingClassIds[0])],
        title,
        content: '<p>要求</p>',
        type: 1,
        groupMode: 0,
        startTime: now,
        endTime: now + 7 * DAY_MS,
        totalScore: 100,
        ...extra,
      },
    }),
  );
  await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${work.workId}`, { session: teacher1 }));
  return work.workId;
}

interface ListItem {
  workId: string;
  studentWorkId: string;
  title: string;
  groupMode: number;
  status: number;
  overdue: boolean;
  submitTime: number | null;
  score: number | null;
}
interface ListV2 {
  total: number;
  list: ListItem[];
  counts: Record<'all' | 'unsubmitted' | 'submitted' | 'corrected' | 'returned' | 'overdue', number>;
}

async function listV1(userName: string, body: Record<string, unknown> = {}) {
  return ok<{ total: number; list: ListItem[] }>(
    call(t.app, 'POST', `${MY}/getMyWorkList`, {
      session: await as(userName),
      body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
    }),
  );
}

async function listV2(userName: string, body: Record<string, unknown> = {}) {
  return ok<ListV2>(
    call(t.app, 'POST', `${MY}/v2/getMyWorkList`, {
      session: await as(userName),
      body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
    }),
  );
}

const info = async (userName: string, workId: string) =>
  call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session: await as(userName) });

async function save(userName: string, studentWorkId: string, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `${MY}/updateMyWorkInfo`, {
    session: await as(userName),
    body: {
      schoolId: '1',
      studentWorkId,
      requestId: `req-${Math.random().toString(36).slice(2, 12)}`,
      revision: 0,
      content: '<p>答案</p>',
      submit: false,
      ...body,
    },
  });
}

const unCommitted = async (userName: string) =>
  ok<{ unCommitWorkNum: number; overdueNum: number; nearestDeadline: number | null }>(
    call(t.app, 'GET', '/tms-server/studentPage/getUnCommitWorkNum/1', { session: await as(userName) }),
  );

describe('a free-grouping work before the student has a team', () => {
  it('is listed, counted and opened with studentWorkId "0" and 未提交, then as the team’s once they lead one', async () => {
    const { workGroupId } = await groupSet(2);
    const workId = await publish('小组作业：因子回测', { groupMode: 1, workGroupId });

    const v1 = await listV1('student04');
    expect(v1).toMatchObject({
      total: 1,
      list: [
        {
          workId,
          studentWorkId: '0',
          title: '小组作业：因子回测',
          groupMode: 1,
          status: 0,
          overdue: false,
          submitTime: null,
          score: null,
        },
      ],
    });
    const v2 = await listV2('student04');
    expect(v2.list).toEqual(v1.list);
    expect(v2).toMatchObject({
      total: 1,
      counts: { all: 1, unsubmitted: 1, submitted: 0, corrected: 0, returned: 0, overdue: 0 },
    });
    expect((await listV2('student04', { status: 0 })).total).toBe(1);
    expect((await listV2('student04', { status: 1 })).total).toBe(0);
    expect((await listV2('student04', { onlyOpen: true })).list.map((item) => item.workId)).toEqual([workId]);
    expect(await unCommitted('student04')).toMatchObject({ unCommitWorkNum: 1, overdueNum: 0 });

    const detail = await ok<{
      work: { title: string; workGroupId: string };
      myWork: Record<string, unknown>;
    }>(info('student04', workId));
    expect(detail.work).toMatchObject({ title: '小组作业：因子回测', workGroupId });
    expect(detail.myWork).toMatchObject({
      studentWorkId: '0',
      status: 0,
      content: '',
      attachments: [],
      revision: 0,
      savedAt: null,
      score: null,
      comment: null,
      group: null,
    });

    // saving or handing in needs a team first, and nothing is stored
    for (const submit of [false, true]) {
      expect((await save('student04', '0', { submit })).body).toMatchObject({
        errCode: 1,
        errMsg: '请先加入或创建小组',
      });
    }

    const team = await ok<{ groupId: string }>(
      call(t.app, 'GET', `${MY}/createStudentWorkGroup/1/${workId}?studentIds=${await sid(5)}`, {
        session: await as('student04'),
      }),
    );
    const after = await listV2('student05');
    expect(after.total).toBe(1);
    const [row] = after.list;
    expect(row?.studentWorkId).not.toBe('0');
    const mine = await ok<{ myWork: { studentWorkId: string; group: { groupId: string } } }>(
      info('student04', workId),
    );
    expect(mine.myWork).toMatchObject({
      studentWorkId: row?.studentWorkId,
      group: { groupId: team.groupId },
    });
    expect((await save('student04', row?.studentWorkId ?? '')).body.errCode).toBe(0);
    // the classmates still without a team see it as before
    expect((await listV1('student06')).list).toMatchObject([{ workId, studentWorkId: '0' }]);
  });

  it('keeps the counts with the rows they count, next to individual works, also once overdue', async () => {
    const { workGroupId } = await groupSet(2);
    const solo = await publish('个人作业：收益率', {});
    const group = await publish('小组作业：因子回测', {
      groupMode: 1,
      workGroupId,
      endTime: t.clock.now() + 2 * DAY_MS,
    });
    const soloWork = await ok<{ myWork: { studentWorkId: string } }>(info('student04', solo));
    expect((await save('student04', soloWork.myWork.studentWorkId, { submit: true })).body.errCode).toBe(0);

    const all = await listV2('student04');
    expect(all.counts).toEqual({
      all: 2,
      unsubmitted: 1,
      submitted: 1,
      corrected: 0,
      returned: 0,
      overdue: 0,
    });
    expect(all.total).toBe(2);
    for (const [status, count] of [
      [0, all.counts.unsubmitted],
      [1, all.counts.submitted],
      [2, all.counts.corrected],
      [3, all.counts.returned],
    ] as const) {
      const filtered = await listV2('student04', { status });
      expect(filtered.total, `status ${status}`).toBe(count);
      expect(filtered.list).toHaveLength(count);
    }
    expect((await listV1('student04', { status: 0 })).list.map((item) => item.workId)).toEqual([group]);

    t.clock.advance(3 * DAY_MS);
    const late = await listV2('student04');
    expect(late.counts).toMatchObject({ all: 2, unsubmitted: 1, overdue: 1 });
    expect(late.list.find((item) => item.workId === group)).toMatchObject({
      studentWorkId: '0',
      overdue: true,
    });
    expect((await listV2('student04', { onlyOpen: true })).total).toBe(0);
    expect(await unCommitted('student04')).toMatchObject({ unCommitWorkNum: 0, overdueNum: 1 });
    // past the deadline the work still opens; saving stays refused for want of a team
    expect(
      (await ok<{ myWork: { studentWorkId: string } }>(info('student04', group))).myWork.studentWorkId,
    ).toBe('0');
    expect((await save('student04', '0')).body).toMatchObject({ errCode: 1, errMsg: '请先加入或创建小组' });
  });

  it('stays hidden from whom it is not given, and from a set the teacher arranges', async () => {
    const { workGroupId } = await groupSet(2);
    const workId = await publish('小组作业：因子回测', { groupMode: 1, workGroupId });
    // 2班 is not given the work
    expect((await listV2('student16')).counts.all).toBe(0);
    expect((await info('student16', workId)).body.errCode).toBe(5);
    // a student no longer 在读 cannot form a team, so the work does not wait for them
    await t.db
      .update(students)
      .set({ status: 'suspended' })
      .where(eq(students.studentNumber, numberOf(7)));
    expect((await listV1('student07')).total).toBe(0);
    expect((await info('student07', workId)).body.errCode).toBe(5);
    // the teacher’s role is refused
    expect(
      (
        await call(t.app, 'POST', `${MY}/getMyWorkList`, {
          session: await as('teacher1'),
          body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
        })
      ).body.errCode,
    ).toBe(5);
    expect((await info('teacher1', workId)).body.errCode).toBe(5);

    // teams the teacher arranges: a student left out has no work to see
    const arranged = await groupSet(0, [
      { groupName: '甲', leaderStudentId: await sid(1), studentIds: [await sid(1), await sid(2)] },
    ]);
    const arrangedWork = await publish('小组作业：行业轮动', {
      groupMode: 1,
      workGroupId: arranged.workGroupId,
    });
    expect((await listV1('student04')).list.map((item) => item.workId)).toEqual([workId]);
    expect((await info('student04', arrangedWork)).body.errCode).toBe(5);
    expect((await listV1('student01')).total).toBe(2);
  });

  it('answers bad input with the spec’s codes', async () => {
    expect((await info('student04', 'abc')).body.errCode).toBe(6);
    expect((await info('student04', '999999')).body.errCode).toBe(6);
    expect((await save('student04', 'abc')).body.errCode).toBe(6);
    // the request is validated before the team is asked for
    expect((await save('student04', '0', { requestId: 'bad id!' })).body.errCode).toBe(2);
    const badStatus = await call(t.app, 'POST', `${MY}/v2/getMyWorkList`, {
      session: await as('student04'),
      body: { schoolId: '1', pageIndex: 1, pageSize: 20, status: 9 },
    });
    expect(badStatus.body.errCode).toBe(2);
  });
});
