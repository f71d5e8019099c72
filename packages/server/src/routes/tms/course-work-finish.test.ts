import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { workGroupSets, workTeamMembers, workTeams } from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { DAY_MS } from '../../lib/clock';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// The finish list as the completion page reads it: a group work's rows carry their members.

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

interface Member {
  studentNumber: string;
  studentName: string;
  isLeader: boolean;
}
interface FinishPage {
  total: number;
  list: { groupName: string; student: { studentNumber: string }; members: Member[] }[];
}

async function ok<T>(promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>) {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

/** Two teams of 1班 in a group set of 量化投资 (the group operations are not this test's subject). */
async function groupSet(): Promise<string> {
  const now = t.clock.now();
  const roster = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.classId, f.class1))
    .orderBy(asc(students.studentNumber))
    .limit(5);
  const [set] = await t.db
    .insert(workGroupSets)
    .values({
      schoolId: 1,
      courseId: f.quant.id,
      name: '期中小组',
      groupType: 0,
      maxMembers: 5,
      createdAt: now,
    })
    .returning();
  const teams: [string, number[]][] = [
    ['第 1 组', roster.slice(0, 3).map((row) => row.id)],
    ['第 2 组', roster.slice(3, 5).map((row) => row.id)],
  ];
  for (const [name, ids] of teams) {
    const [team] = await t.db
      .insert(workTeams)
      .values({ groupSetId: set!.id, name, leaderStudentId: ids[1]!, createdAt: now })
      .returning();
    await t.db
      .insert(workTeamMembers)
      .values(ids.map((studentId) => ({ teamId: team!.id, groupSetId: set!.id, studentId })));
  }
  return String(set!.id);
}

async function publishedWork(body: Record<string, unknown>): Promise<string> {
  const now = t.clock.now();
  const work = await ok<{ workId: string }>(
    call(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: teacher1,
      body: {
        schoolId: '1',
        courseId: String(f.quant.id),
        teachingClassIds: [String(f.quant.class1)],
        title: '小组报告',
        content: '<p>分组完成行业研究报告</p>',
        type: 1,
        groupMode: 0,
        startTime: now,
        endTime: now + 7 * DAY_MS,
        totalScore: 100,
        ...body,
      },
    }),
  );
  await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${work.workId}`, { session: teacher1 }));
  return work.workId;
}

function finish(session: Session, body: Record<string, unknown>) {
  return call(t.app, 'POST', `${MGR}/queryWorkFinishStatus`, {
    session,
    body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
  });
}

describe('queryWorkFinishStatus members', () => {
  it('lists a group work one row per team, each with its members, leader first', async () => {
    const workId = await publishedWork({ groupMode: 1, workGroupId: await groupSet() });
    const page = await ok<FinishPage>(finish(teacher1, { workId }));
    expect(page.total).toBe(2);
    const byName = new Map(page.list.map((row) => [row.groupName, row]));
    const first = byName.get('第 1 组');
    expect(first?.members).toHaveLength(3);
    expect(first?.members[0]).toMatchObject({ isLeader: true, studentNumber: first?.student.studentNumber });
    expect(first?.members.filter((member) => member.isLeader)).toHaveLength(1);
    expect(byName.get('第 2 组')?.members.map((member) => member.studentName)).toHaveLength(2);
    // the search finds a team by its name
    const found = await ok<FinishPage>(finish(teacher1, { workId, keyword: '第 2' }));
    expect(found.list.map((row) => row.groupName)).toEqual(['第 2 组']);
  });

  it('gives an individual work empty member lists', async () => {
    const workId = await publishedWork({});
    const page = await ok<FinishPage>(finish(teacher1, { workId }));
    expect(page.total).toBe(15);
    expect(page.list.every((row) => row.members.length === 0 && row.groupName === '')).toBe(true);
  });

  it('refuses a student, another teacher, an unknown work and a page too large', async () => {
    const workId = await publishedWork({});
    expect((await finish(student01, { workId })).body.errCode).toBe(5);
    expect((await finish(teacher2, { workId })).body).toMatchObject({
      errCode: 5,
      errMsg: '这不是您布置的作业',
    });
    expect((await finish(teacher1, { workId: '999999' })).body).toMatchObject({
      errCode: 6,
      errMsg: '作业不存在',
    });
    const tooMany = await finish(teacher1, { workId, pageSize: 500 });
    expect(tooMany.body.errCode).toBe(2);
    expect(tooMany.body.errMsg).toMatch(/pageSize/);
  });
});
