import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// getMyWorkListV2 as the student's homework page reads it: the 已截止 filter
// (overdue), the to-do order (urgency), the late policy of each row and the
// server's time for the time left.

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
let student01: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  [teacher1, student01] = await Promise.all([login(t.app, 'teacher1'), login(t.app, 'student01')]);
});

const MGR = '/tms-server/courseWorkMgr';
const MY = '/tms-server/myWork';

interface Item {
  title: string;
  status: number;
  overdue: boolean;
  allowLate: boolean;
  latePenaltyPerDay: number;
  lateScoreFloor: number;
}
interface ListAnswer {
  list: Item[];
  total: number;
  counts: Record<string, number>;
  serverTime: number;
}

async function ok<T>(promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>) {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

/** A work of teacher1's 量化投资 for 1班, published now, due `dueIn` from now. */
async function publish(title: string, dueIn: number, extra: Record<string, unknown> = {}) {
  const now = t.clock.now();
  const work = await ok<{ workId: string }>(
    call(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: teacher1,
      body: {
        schoolId: '1',
        courseId: String(f.quant.id),
        teachingClassIds: [String(f.quant.class1)],
        title,
        content: '<p>要求</p>',
        type: 1,
        groupMode: 0,
        startTime: now,
        endTime: now + dueIn,
        totalScore: 100,
        ...extra,
      },
    }),
  );
  await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${work.workId}`, { session: teacher1 }));
  return work.workId;
}

function list(session: Session, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `${MY}/v2/getMyWorkList`, {
    session,
    body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
  });
}

describe('getMyWorkListV2 for the student homework page', () => {
  it('lists open works first by nearest deadline, then closed ones; 已截止 lists what its count says', async () => {
    await publish('三天后截止', 3 * DAY_MS, { allowLate: true, latePenaltyPerDay: 10, lateScoreFloor: 40 });
    await publish('一小时后截止', HOUR_MS);
    await publish('五小时后截止', 5 * HOUR_MS);
    // two hours on: the one-hour work has closed unsubmitted
    t.clock.advance(2 * HOUR_MS);

    const all = await ok<ListAnswer>(list(student01, { sortBy: 'urgency' }));
    expect(all.serverTime).toBe(t.clock.now());
    expect(all.list.map((item) => item.title)).toEqual(['五小时后截止', '三天后截止', '一小时后截止']);
    expect(all.list[1]).toMatchObject({ allowLate: true, latePenaltyPerDay: 10, lateScoreFloor: 40 });
    expect(all.list[0]).toMatchObject({ allowLate: false, latePenaltyPerDay: 0, lateScoreFloor: 0 });
    expect(all.counts).toMatchObject({ all: 3, unsubmitted: 3, overdue: 1 });

    const overdue = await ok<ListAnswer>(list(student01, { overdue: true }));
    expect(overdue.total).toBe(all.counts.overdue);
    expect(overdue.list).toMatchObject([{ title: '一小时后截止', overdue: true, status: 0 }]);

    // once past every deadline, the most recently closed comes first
    t.clock.advance(4 * DAY_MS);
    const closed = await ok<ListAnswer>(list(student01, { sortBy: 'urgency' }));
    expect(closed.list.map((item) => item.title)).toEqual(['三天后截止', '五小时后截止', '一小时后截止']);
    expect((await ok<ListAnswer>(list(student01, { overdue: true }))).total).toBe(3);
  });

  it('counts within the course and keyword filters, whatever the status filter', async () => {
    await publish('因子回测', 3 * DAY_MS);
    await publish('组合优化', 3 * DAY_MS);

    const quant = await ok<ListAnswer>(list(student01, { courseId: String(f.quant.id), status: 1 }));
    expect(quant.total).toBe(0);
    expect(quant.counts).toMatchObject({ all: 2, unsubmitted: 2, submitted: 0 });
    const keyword = await ok<ListAnswer>(list(student01, { keyword: '回测' }));
    expect(keyword.list.map((item) => item.title)).toEqual(['因子回测']);
    expect(keyword.counts).toMatchObject({ all: 1, unsubmitted: 1 });
    // a course with no works of theirs: nothing in the list, nothing in the counts
    const python = await ok<ListAnswer>(list(student01, { courseId: String(f.python.id) }));
    expect(python.total).toBe(0);
    expect(python.counts).toMatchObject({ all: 0, unsubmitted: 0, overdue: 0 });
  });

  it('shows a student only their own works, and refuses teachers and bad filters in Chinese', async () => {
    await publish('第一次作业', DAY_MS);
    // student16 is in 2班, to which the work was not given
    const student16 = await login(t.app, 'student16');
    expect(await ok<ListAnswer>(list(student16, { overdue: false }))).toMatchObject({ total: 0, list: [] });

    const teacher = await list(teacher1);
    expect(teacher.body.errCode).toBe(5);

    const badSort = await list(student01, { sortBy: 'score' });
    expect(badSort.body.errCode).toBe(2);
    expect(badSort.body.errMsg).toContain('sortBy');
    const badOverdue = await list(student01, { overdue: 'yes' });
    expect(badOverdue.body.errCode).toBe(2);
    expect(badOverdue.body.errMsg).toContain('overdue');
  });
});
