import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  studentWorks,
  workGroupSets,
  workMessages,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { DAY_MS } from '../../lib/clock';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { sessions, userIdOf } from './course.fixtures';
import { addCourse, numberOf, studentIdOf } from './student.fixtures';

const MGR = '/tms-server/courseWorkMgr';
const MY = '/tms-server/myWork';

let t: TestApp;
let as: (userName: string) => Promise<Session>;
/** teacher1's course with 1班 (student01–15) and 2班 (student16–30) */
let quant: { courseId: number; teachingClassIds: number[] };
/** teacher2's course with 1班 */
let other: { courseId: number; teachingClassIds: number[] };
/** student id of studentNN */
const ids = new Map<number, string>();
const sid = (n: number): string => ids.get(n) ?? '';

beforeEach(async () => {
  t = await createTestApp();
  as = sessions(t);
  quant = await addCourse(t, 'teacher1', [0, 1], { name: '量化投资' });
  other = await addCourse(t, 'teacher2', [0], { name: '金融衍生品' });
  for (let n = 1; n <= 30; n++) ids.set(n, String(await studentIdOf(t, numberOf(n))));
});

type Body = { errCode: number; errMsg: string; data: unknown };

async function ok<T = Record<string, unknown>>(promise: Promise<{ body: Body }>): Promise<T> {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

async function refused(promise: Promise<{ body: Body }>): Promise<{ errCode: number; errMsg: string }> {
  const { body } = await promise;
  return { errCode: body.errCode, errMsg: body.errMsg };
}

interface Member {
  memberId: string;
  studentId: string;
  studentName: string;
  isLeader: boolean;
}
interface Team {
  groupId: string;
  groupName: string;
  leaderStudentId: string;
  members: Member[];
}
interface GroupMembers {
  workGroupId: string;
  groupName: string;
  groupType: number;
  teams: Team[];
  ungrouped: { studentId: string }[];
}

const team = (groupName: string, leader: number, ...others: number[]) => ({
  groupName,
  leaderStudentId: sid(leader),
  studentIds: [sid(leader), ...others.map(sid)],
});

async function saveSet(
  body: Record<string, unknown>,
  session?: Session,
): Promise<{ body: Body & { data: GroupMembers } }> {
  return call(t.app, 'POST', `${MGR}/creatCourseGroup`, {
    session: session ?? (await as('teacher1')),
    body: {
      schoolId: '1',
      courseId: String(quant.courseId),
      groupName: '期中分组',
      groupType: 0,
      maxMembers: 4,
      teams: [],
      ...body,
    },
  }) as Promise<{ body: Body & { data: GroupMembers } }>;
}

/** A group work of quant for 1班 using the set, published. */
async function groupWork(workGroupId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const teacher1 = await as('teacher1');
  const now = t.clock.now();
  const work = await ok<{ workId: string }>(
    call(t.app, 'POST', `${MGR}/updateCourseWork`, {
      session: teacher1,
      body: {
        schoolId: '1',
        courseId: String(quant.courseId),
        teachingClassIds: [String(quant.teachingClassIds[0])],
        title: '小组作业：因子回测',
        content: '<p>分组完成</p>',
        type: 1,
        groupMode: 1,
        workGroupId,
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

const myWorkInfo = async (userName: string, workId: string) =>
  call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session: await as(userName) });

async function myWork(userName: string, workId: string) {
  const data = await ok<{
    myWork: {
      studentWorkId: string;
      status: number;
      content: string;
      revision: number;
      score: number | null;
      comment: string | null;
      group: Team | null;
    };
  }>(myWorkInfo(userName, workId));
  return data.myWork;
}

function hand(session: Session, studentWorkId: string, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `${MY}/updateMyWorkInfo`, {
    session,
    body: {
      schoolId: '1',
      studentWorkId,
      requestId: `req-${Math.random().toString(36).slice(2, 12)}`,
      revision: 0,
      content: '<p>小组答案</p>',
      submit: true,
      ...body,
    },
  });
}

const freeGroup = async (userName: string, workId: string, query = '') =>
  call(t.app, 'GET', `${MY}/createStudentWorkGroup/1/${workId}${query}`, { session: await as(userName) });

async function freeSetAndWork(maxMembers = 4): Promise<{ setId: string; workId: string }> {
  const set = await ok<GroupMembers>(saveSet({ groupName: '自由组队', groupType: 2, maxMembers }));
  return { setId: set.workGroupId, workId: await groupWork(set.workGroupId) };
}

describe('creatCourseGroup and the teacher’s reads', () => {
  it('saves a set with its teams; every read shows it with the leader first and the ungrouped students', async () => {
    const saved = await ok<GroupMembers>(
      saveSet({ teams: [team('第 1 组', 2, 1, 3), team('第 2 组', 16, 17)] }),
    );
    expect(saved).toMatchObject({ groupName: '期中分组', groupType: 0 });
    expect(saved.teams.map((one) => one.groupName)).toEqual(['第 1 组', '第 2 组']);
    expect(saved.teams[0]?.members.map((member) => [member.studentId, member.isLeader])).toEqual([
      [sid(2), true],
      [sid(1), false],
      [sid(3), false],
    ]);
    expect(saved.ungrouped).toHaveLength(25);
    expect(saved.ungrouped.map((student) => student.studentId)).not.toContain(sid(16));

    const teacher1 = await as('teacher1');
    expect(
      await ok(
        call(t.app, 'GET', `${MGR}/getCourseGroupMember/1/${saved.workGroupId}`, { session: teacher1 }),
      ),
    ).toEqual(saved);
    expect(
      await ok(call(t.app, 'GET', `${MGR}/getCourseGroup/1/${quant.courseId}`, { session: teacher1 })),
    ).toMatchObject([
      {
        workGroupId: saved.workGroupId,
        courseName: '量化投资',
        groupName: '期中分组',
        groupType: 0,
        maxMembers: 4,
        teamCount: 2,
        memberCount: 5,
      },
    ]);
    const v2 = await ok<{ teams: Team[]; works: unknown[]; locked: boolean }[]>(
      call(t.app, 'GET', `${MGR}/v2/getCourseGroup/1/${quant.courseId}`, { session: teacher1 }),
    );
    expect(v2).toMatchObject([{ teamCount: 2, works: [], locked: false }]);
    expect(v2[0]?.teams).toEqual(saved.teams);
    expect(
      await ok(
        call(t.app, 'GET', `${MGR}/v2/getCourseGroup/1/${quant.courseId}?groupType=2`, { session: teacher1 }),
      ),
    ).toEqual([]);

    await ok(saveSet({ groupName: '自由组队', groupType: 2 }));
    const page = await ok<{ total: number; list: { groupName: string }[] }>(
      call(t.app, 'GET', `${MGR}/getCourseGroup/1?pageIndex=1&pageSize=1`, { session: teacher1 }),
    );
    expect(page).toMatchObject({ total: 2, list: [{ groupName: '自由组队' }] });
    expect(
      await ok(
        call(t.app, 'GET', `${MGR}/getCourseGroup/1?pageIndex=1&pageSize=10&keyword=期中`, {
          session: teacher1,
        }),
      ),
    ).toMatchObject({ total: 1, list: [{ groupName: '期中分组' }] });
    expect(
      await ok(
        call(t.app, 'GET', `${MGR}/getCourseGroup/1?pageIndex=1&pageSize=10&keyword=量化`, {
          session: teacher1,
        }),
      ),
    ).toMatchObject({ total: 2 });
    // another teacher's list holds only their own courses' sets
    expect(
      await ok(
        call(t.app, 'GET', `${MGR}/getCourseGroup/1?pageIndex=1&pageSize=10`, {
          session: await as('teacher2'),
        }),
      ),
    ).toEqual({ list: [], total: 0 });
  });

  it('refuses bad teams with a Chinese message naming the field, and stores nothing', async () => {
    const picked = await addCourse(t, 'teacher1', [0], { name: '选修', picks: [numberOf(1), numberOf(2)] });
    const cases: [Record<string, unknown>, string][] = [
      [{ groupName: '  ' }, '参数 groupName 不能为空'],
      [{ teams: [] }, '参数 teams 不能为空：只有学生自由组队的方案可以先不建小组'],
      [{ teams: [{ ...team('x', 1, 2), groupName: ' ' }] }, '参数 teams 中第 1 个小组的名称不能为空'],
      [
        { teams: [{ groupName: '甲', leaderStudentId: sid(1), studentIds: [sid(2), sid(3)] }] },
        '参数 teams 中“甲”的组长必须是本组成员',
      ],
      [{ teams: [team('甲', 1, 2, 3, 4, 5)] }, '参数 teams 中“甲”有 5 人，超过每组人数上限 4 人'],
      [
        { teams: [{ ...team('甲', 1, 2), studentIds: [sid(1), sid(2), sid(2)] }] },
        '参数 teams 中“甲”的组员有重复',
      ],
      [
        { teams: [team('甲', 1, 2), team('乙', 3, 2)] },
        '参数 teams 中学生“林雨桐”（20260002）同时在“甲”和“乙”中，每名学生只能在一个小组',
      ],
      [
        { courseId: String(picked.courseId), teams: [team('甲', 1, 3)] },
        `参数 teams 中“甲”的学生（ID ${sid(3)}）不是该课程的学生`,
      ],
      [
        { teams: [{ groupName: '甲', leaderStudentId: 'abc', studentIds: ['abc'] }] },
        '参数 teams 中“甲”的学生（ID abc）不是该课程的学生',
      ],
      [{ maxMembers: 1 }, '参数 maxMembers 不能小于 2'],
    ];
    for (const [body, message] of cases) {
      expect(await refused(saveSet(body)), JSON.stringify(body)).toEqual({ errCode: 2, errMsg: message });
    }
    expect(await t.db.select().from(workGroupSets)).toHaveLength(0);
  });

  it('keeps names unique per course (7) and replaces only a set of the same course', async () => {
    const first = await ok<GroupMembers>(saveSet({ teams: [team('甲', 1, 2)] }));
    expect(await refused(saveSet({ teams: [team('甲', 3)] }))).toEqual({
      errCode: 7,
      errMsg: '该课程已有名为“期中分组”的分组方案',
    });
    const python = await addCourse(t, 'teacher1', [0], { name: 'Python' });
    // the same name in another course is fine
    await ok(saveSet({ courseId: String(python.courseId), teams: [team('甲', 1)] }));
    expect(
      await refused(
        saveSet({ courseId: String(python.courseId), workGroupId: first.workGroupId, groupName: '新名' }),
      ),
    ).toEqual({ errCode: 2, errMsg: '参数 workGroupId 不是该课程的分组方案' });
    // renaming and replacing keeps the name check away from the set itself
    const replaced = await ok<GroupMembers>(
      saveSet({ workGroupId: first.workGroupId, groupType: 1, teams: [team('甲', 1, 4), team('乙', 2, 3)] }),
    );
    expect(replaced).toMatchObject({ workGroupId: first.workGroupId, groupType: 1 });
    expect(replaced.teams.map((one) => one.members.map((member) => member.studentId))).toEqual([
      [sid(1), sid(4)],
      [sid(2), sid(3)],
    ]);
  });

  it('keeps students and other teachers out: the wrong role is 5, another teacher’s course or set is 5, an unknown set is 6', async () => {
    const set = await ok<GroupMembers>(saveSet({ teams: [team('甲', 1, 2)] }));
    const teacher2 = await as('teacher2');
    const student01 = await as('student01');
    expect((await saveSet({ teams: [team('甲', 3)] }, student01)).body.errCode).toBe(5);
    expect((await saveSet({ groupName: '别人的', teams: [team('甲', 3)] }, teacher2)).body.errCode).toBe(5);
    expect(
      (
        await saveSet(
          { courseId: String(other.courseId), workGroupId: set.workGroupId, teams: [team('甲', 3)] },
          teacher2,
        )
      ).body.errCode,
    ).toBe(5);
    for (const session of [teacher2, student01]) {
      for (const path of [
        `${MGR}/getCourseGroup/1/${quant.courseId}`,
        `${MGR}/v2/getCourseGroup/1/${quant.courseId}`,
        `${MGR}/getCourseGroupMember/1/${set.workGroupId}`,
      ]) {
        expect((await call(t.app, 'GET', path, { session })).body.errCode, path).toBe(5);
      }
      for (const [path, body] of [
        [`${MGR}/previewGroup`, { method: 'random', groupSize: 3 }],
        [`${MGR}/v2/previewGroup`, { method: 'random', groupSize: 3 }],
      ] as const) {
        const answer = await call(t.app, 'POST', path, {
          session,
          body: { schoolId: '1', courseId: String(quant.courseId), ...body },
        });
        expect(answer.body.errCode, path).toBe(5);
      }
    }
    expect(
      (await call(t.app, 'GET', `${MGR}/getCourseGroup/1?pageIndex=1&pageSize=10`, { session: student01 }))
        .body.errCode,
    ).toBe(5);
    const teacher1 = await as('teacher1');
    expect(
      (await call(t.app, 'GET', `${MGR}/getCourseGroupMember/1/999999`, { session: teacher1 })).body.errCode,
    ).toBe(6);
    expect(
      (await call(t.app, 'GET', `${MGR}/getCourseGroup/1/999999`, { session: teacher1 })).body.errCode,
    ).toBe(6);
    expect((await saveSet({ workGroupId: '999999', teams: [team('甲', 3)] })).body.errCode).toBe(6);
  });
});

describe('previewGroup and previewGroupV2', () => {
  const preview = async (path: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `${MGR}/${path}`, {
      session: await as('teacher1'),
      body: { schoolId: '1', courseId: String(quant.courseId), ...body },
    });
  type Preview = {
    studentCount: number;
    teamCount: number;
    teams: {
      groupName: string;
      teachingClassId: string | null;
      leaderStudentId: string;
      students: { studentId: string; studentNumber: string }[];
    }[];
  };
  const numbers = (result: Preview) =>
    result.teams.map((one) => one.students.map((s) => s.studentNumber.slice(-2)));

  it('v1 cuts the course by student number or at random, merging a small last team', async () => {
    const bySize = await ok<Preview>(preview('previewGroup', { method: 'studentNumber', groupSize: 7 }));
    // 30 = 4 × 7 + 2; 2 is less than half of 7, so its two go to the first two teams
    expect(bySize).toMatchObject({ studentCount: 30, teamCount: 4 });
    expect(bySize.teams.map((one) => one.students.length)).toEqual([8, 8, 7, 7]);
    expect(numbers(bySize)[0]).toEqual(['01', '02', '03', '04', '05', '06', '07', '29']);
    expect(bySize.teams[0]).toMatchObject({
      groupName: '第 1 组',
      teachingClassId: null,
      leaderStudentId: sid(1),
    });
    // 30 = 7 × 4 + 2; 2 is half of 4: it stays a team
    const fours = await ok<Preview>(preview('previewGroup', { method: 'studentNumber', groupSize: 4 }));
    expect(fours.teams.map((one) => one.students.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 2]);

    const random = await ok<Preview>(preview('previewGroup', { method: 'random', groupSize: 5 }));
    expect(random.teamCount).toBe(6);
    const everyone = random.teams.flatMap((one) => one.students.map((s) => s.studentId));
    expect(new Set(everyone).size).toBe(30);
    // nothing is saved
    expect(await t.db.select().from(workGroupSets)).toHaveLength(0);

    const empty = await addCourse(t, 'teacher1', [], { name: '空课程' });
    expect(
      await refused(
        call(t.app, 'POST', `${MGR}/previewGroup`, {
          session: await as('teacher1'),
          body: { schoolId: '1', courseId: String(empty.courseId), method: 'random', groupSize: 3 },
        }),
      ),
    ).toEqual({ errCode: 1, errMsg: '没有可以分组的在读学生' });
    expect((await preview('previewGroup', { method: 'random', groupSize: 1 })).body).toMatchObject({
      errCode: 2,
      errMsg: '参数 groupSize 不能小于 2',
    });
  });

  it('v2 groups each teaching class on its own, by size or count, and a seed repeats the same teams', async () => {
    const [class1, class2] = [String(quant.teachingClassIds[0]), String(quant.teachingClassIds[1])];
    const byCount = await ok<Preview>(preview('v2/previewGroup', { method: 'studentNumber', groupCount: 3 }));
    expect(byCount).toMatchObject({ studentCount: 30, teamCount: 6 });
    expect(byCount.teams.map((one) => [one.teachingClassId, one.students.length])).toEqual([
      [class1, 5],
      [class1, 5],
      [class1, 5],
      [class2, 5],
      [class2, 5],
      [class2, 5],
    ]);
    expect(byCount.teams.map((one) => one.groupName)).toEqual([
      '第 1 组',
      '第 2 组',
      '第 3 组',
      '第 4 组',
      '第 5 组',
      '第 6 组',
    ]);
    expect(numbers(byCount)[3]).toEqual(['16', '17', '18', '19', '20']);

    const onlyClass2 = await ok<Preview>(
      preview('v2/previewGroup', { method: 'studentNumber', groupSize: 4, teachingClassIds: [class2] }),
    );
    expect(onlyClass2.teams.map((one) => one.students.length)).toEqual([4, 4, 4, 3]);
    expect(onlyClass2.teams.every((one) => one.teachingClassId === class2)).toBe(true);

    const seeded = (seed: number, teachingClassIds?: string[]) =>
      ok<Preview>(preview('v2/previewGroup', { method: 'random', groupSize: 5, seed, teachingClassIds }));
    const first = await seeded(20260301);
    expect(await seeded(20260301)).toEqual(first);
    expect(numbers(await seeded(7))).not.toEqual(numbers(first));
    // a class is grouped the same way whichever classes are grouped with it
    expect((await seeded(20260301, [class2])).teams.map((one) => one.students)).toEqual(
      first.teams.filter((one) => one.teachingClassId === class2).map((one) => one.students),
    );
    for (const one of first.teams) {
      expect(one.students.length).toBe(5);
      expect(one.leaderStudentId).toBe(one.students[0]?.studentId);
    }

    const message = '参数 groupSize 与 groupCount 必须二选一：按每组人数或按小组数分组';
    expect(await refused(preview('v2/previewGroup', { method: 'random' }))).toEqual({
      errCode: 2,
      errMsg: message,
    });
    expect(
      await refused(preview('v2/previewGroup', { method: 'random', groupSize: 3, groupCount: 3 })),
    ).toEqual({
      errCode: 2,
      errMsg: message,
    });
    expect(
      await refused(
        preview('v2/previewGroup', {
          method: 'random',
          groupSize: 3,
          teachingClassIds: [String(other.teachingClassIds[0])],
        }),
      ),
    ).toEqual({ errCode: 2, errMsg: '参数 teachingClassIds 中有不属于该课程的教学班' });
  });
});

describe('teams and the student works of a published group work', () => {
  it('gives a new team its student work and message, keeps an unchanged leader’s work, and locks the set once an answer is saved', async () => {
    const set = await ok<GroupMembers>(saveSet({ teams: [team('甲', 1, 2), team('乙', 3, 4)] }));
    const workId = await groupWork(set.workGroupId);
    const kept = await myWork('student02', workId);
    expect(kept.group).toMatchObject({ groupName: '甲', leaderStudentId: sid(1) });
    const before = await t.db.select().from(studentWorks);
    expect(before).toHaveLength(2);

    await ok(saveSet({ workGroupId: set.workGroupId, teams: [team('甲组', 1, 5), team('丙', 6, 7)] }));
    const after = await t.db.select().from(studentWorks);
    expect(after).toHaveLength(2);
    expect((await myWork('student05', workId)).studentWorkId).toBe(kept.studentWorkId);
    expect((await myWork('student01', workId)).group).toMatchObject({ groupName: '甲组' });
    const fresh = await myWork('student07', workId);
    expect(fresh.studentWorkId).not.toBe(kept.studentWorkId);
    // the students of the team that went, and the one moved out of 甲, no longer have the work nor its message
    expect((await myWorkInfo('student03', workId)).body.errCode).toBe(5);
    expect((await myWorkInfo('student02', workId)).body.errCode).toBe(5);
    const [student01, student02] = [await userIdOf(t, 'student01'), await userIdOf(t, 'student02')];
    expect(await t.db.select().from(workMessages).where(eq(workMessages.userId, student02))).toEqual([]);
    expect(await t.db.select().from(workMessages).where(eq(workMessages.userId, student01))).toHaveLength(1);
    const student07 = await userIdOf(t, 'student07');
    expect(
      await t.db
        .select({ type: workMessages.type })
        .from(workMessages)
        .where(
          and(
            eq(workMessages.userId, student07),
            eq(workMessages.studentWorkId, Number(fresh.studentWorkId)),
          ),
        ),
    ).toEqual([{ type: 1 }]);

    await ok(hand(await as('student06'), fresh.studentWorkId, { submit: false }));
    expect(await refused(saveSet({ workGroupId: set.workGroupId, teams: [team('丁', 1, 2)] }))).toEqual({
      errCode: 1,
      errMsg: '已有学生在使用该分组方案的作业中保存或提交了答案，分组方案已锁定，不能再修改小组',
    });
    const v2 = await ok<{ locked: boolean; works: unknown[] }[]>(
      call(t.app, 'GET', `${MGR}/v2/getCourseGroup/1/${quant.courseId}`, { session: await as('teacher1') }),
    );
    expect(v2).toMatchObject([
      { locked: true, works: [{ workId, title: '小组作业：因子回测', publishStatus: 1 }] },
    ]);
    expect((await myWork('student07', workId)).content).toBe('<p>小组答案</p>');
  });

  it('lets a group hand in once: every member sees the hand-in, and the score once published', async () => {
    const set = await ok<GroupMembers>(saveSet({ teams: [team('甲', 1, 2, 3)] }));
    const workId = await groupWork(set.workGroupId);
    const leaderWork = await myWork('student01', workId);
    await ok(hand(await as('student01'), leaderWork.studentWorkId, { content: '<p>甲组的答案</p>' }));

    const seen = await myWork('student02', workId);
    expect(seen).toMatchObject({
      studentWorkId: leaderWork.studentWorkId,
      status: 1,
      content: '<p>甲组的答案</p>',
      revision: 1,
      score: null,
    });
    // the member cannot hand in a second time
    expect((await hand(await as('student02'), seen.studentWorkId, { revision: 1 })).body).toMatchObject({
      errCode: 1,
      errMsg: '作业已提交，等待老师批改，不能再修改',
    });
    const list = await ok<{ total: number; list: { status: number }[] }>(
      call(t.app, 'POST', `${MY}/getMyWorkList`, {
        session: await as('student03'),
        body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
      }),
    );
    expect(list).toMatchObject({ total: 1, list: [{ status: 1 }] });

    const teacher1 = await as('teacher1');
    await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: leaderWork.studentWorkId, score: 86, comment: '分工明确' },
      }),
    );
    expect((await myWork('student02', workId)).score).toBeNull();
    await ok(call(t.app, 'GET', `${MGR}/publishWorkScore/1/${workId}`, { session: teacher1 }));
    expect(await myWork('student02', workId)).toMatchObject({ status: 2, score: 86, comment: '分工明确' });
    expect(
      await ok(call(t.app, 'GET', `${MY}/getScoredWork/1/${workId}`, { session: await as('student03') })),
    ).toMatchObject({ score: 86, comment: '分工明确', rank: 1, rankTotal: 1 });
  });
});

describe('free grouping (createStudentWorkGroup, getStudentCurGroup, the classmate lists)', () => {
  it('lets a student lead a new team with classmates, who get the team’s work at once', async () => {
    const { setId, workId } = await freeSetAndWork();
    expect(await t.db.select().from(studentWorks)).toHaveLength(0);
    const mates = await ok<{ total: number; list: { studentId: string; grouped: boolean }[] }>(
      call(t.app, 'GET', `${MY}/v2/getCourseStudentList/1/${workId}?pageIndex=1&pageSize=50`, {
        session: await as('student01'),
      }),
    );
    // the work is given to 1班: its 14 other students, nobody grouped yet
    expect(mates.total).toBe(14);
    expect(mates.list.every((mate) => !mate.grouped)).toBe(true);

    const made = await ok<Team>(freeGroup('student01', workId, `?studentIds=${sid(2)},${sid(3)}`));
    expect(made).toMatchObject({ groupName: '陈思远的小组', workGroupId: setId, leaderStudentId: sid(1) });
    expect(made.members.map((member) => member.studentId)).toEqual([sid(1), sid(2), sid(3)]);
    const theirs = await myWork('student03', workId);
    expect(theirs.group).toMatchObject({ groupId: made.groupId });
    const student03 = await userIdOf(t, 'student03');
    expect(
      await t.db
        .select({ type: workMessages.type })
        .from(workMessages)
        .where(eq(workMessages.userId, student03)),
    ).toEqual([{ type: 1 }]);

    const cur = await ok<{ inGroup: boolean; groupType: number; maxMembers: number; group: Team | null }>(
      call(t.app, 'GET', `${MY}/getStudentCurGroup/1/${setId}`, { session: await as('student02') }),
    );
    expect(cur).toMatchObject({
      inGroup: true,
      groupType: 2,
      maxMembers: 4,
      group: { groupId: made.groupId },
    });
    expect(
      await ok(call(t.app, 'GET', `${MY}/getStudentCurGroup/1/${setId}`, { session: await as('student04') })),
    ).toEqual({ workGroupId: setId, groupType: 2, maxMembers: 4, inGroup: false, group: null });

    const listed = await ok<{
      total: number;
      list: { studentId: string; grouped: boolean; groupName: string }[];
    }>(
      call(
        t.app,
        'GET',
        `${MY}/v2/getCourseStudentList/1/${workId}?pageIndex=1&pageSize=50&keyword=2026000`,
        {
          session: await as('student04'),
        },
      ),
    );
    expect(listed.list.find((mate) => mate.studentId === sid(2))).toMatchObject({
      grouped: true,
      groupName: '陈思远的小组',
    });
    const ungrouped = await ok<{ total: number; list: { studentId: string }[] }>(
      call(
        t.app,
        'GET',
        `${MY}/v2/getCourseStudentList/1/${workId}?pageIndex=1&pageSize=50&onlyUngrouped=true`,
        {
          session: await as('student04'),
        },
      ),
    );
    expect(ungrouped.total).toBe(11);
    expect(ungrouped.list.map((mate) => mate.studentId)).not.toContain(sid(1));

    const named = await ok<Team>(
      freeGroup('student04', workId, `?groupName=${encodeURIComponent('量化小队')}`),
    );
    expect(named).toMatchObject({ groupName: '量化小队', members: [{ studentId: sid(4), isLeader: true }] });
    expect(await t.db.select().from(studentWorks)).toHaveLength(2);
  });

  it('refuses what the rules forbid, with the spec’s codes', async () => {
    const { setId, workId } = await freeSetAndWork(3);
    await ok(freeGroup('student01', workId, `?studentIds=${sid(2)}`));
    expect(await refused(freeGroup('student01', workId, `?studentIds=${sid(5)}`))).toEqual({
      errCode: 7,
      errMsg: '您已在小组“陈思远的小组”中，不能再创建小组',
    });
    expect(await refused(freeGroup('student04', workId, `?studentIds=${sid(5)},${sid(2)}`))).toEqual({
      errCode: 7,
      errMsg: '同学“林雨桐”已在小组“陈思远的小组”中',
    });
    expect(
      await refused(freeGroup('student04', workId, `?studentIds=${sid(5)},${sid(6)},${sid(7)}`)),
    ).toEqual({
      errCode: 1,
      errMsg: '小组人数（含组长）不能超过 3 人',
    });
    const unknown = await refused(freeGroup('student04', workId, '?studentIds=999999'));
    expect(unknown).toEqual({ errCode: 2, errMsg: '参数 studentIds 中的学生（ID 999999）不是该课程的学生' });
    expect((await freeGroup('student04', workId, '?groupName=%20')).body).toMatchObject({
      errCode: 2,
      errMsg: '参数 groupName 不能为空',
    });
    expect((await freeGroup('student04', workId, '?studentIds=a,,b')).body.errCode).toBe(2);
    // a student the work is not given to (2班), a teacher, an unknown work
    expect((await freeGroup('student16', workId)).body.errCode).toBe(5);
    expect(
      (
        await call(t.app, 'GET', `${MY}/createStudentWorkGroup/1/${workId}`, {
          session: await as('teacher1'),
        })
      ).body.errCode,
    ).toBe(5);
    expect((await freeGroup('student04', '999999')).body.errCode).toBe(6);
    expect(
      (await call(t.app, 'GET', `${MY}/getStudentCurGroup/1/${setId}`, { session: await as('teacher1') }))
        .body.errCode,
    ).toBe(5);

    // a set the teacher arranges, and an individual work
    const arranged = await ok<GroupMembers>(saveSet({ groupName: '老师分组', teams: [team('甲', 10, 11)] }));
    const arrangedWork = await groupWork(arranged.workGroupId);
    expect(await refused(freeGroup('student04', arrangedWork))).toEqual({
      errCode: 1,
      errMsg: '该作业的小组由老师安排，不能自行组队',
    });
    const solo = await groupWork('', { groupMode: 0, workGroupId: undefined });
    expect(await refused(freeGroup('student04', solo))).toEqual({ errCode: 1, errMsg: '这不是小组作业' });
    expect(
      await refused(
        call(t.app, 'GET', `${MY}/v2/getCourseStudentList/1/${solo}?pageIndex=1&pageSize=10`, {
          session: await as('student04'),
        }),
      ),
    ).toEqual({ errCode: 1, errMsg: '这不是小组作业' });

    // the deadline passed
    t.clock.advance(8 * DAY_MS);
    const late = await call(t.app, 'GET', `${MY}/createStudentWorkGroup/1/${workId}`, {
      session: await login(t.app, 'student04'),
    });
    expect(late.body).toMatchObject({ errCode: 1, errMsg: '作业已截止，不能再组队' });
  });

  it('leaves a classmate in one team only when two students pick them at the same time', async () => {
    const { setId, workId } = await freeSetAndWork();
    const peer = await t.createPeerApp();
    const [a, b] = await Promise.all([
      call(t.app, 'GET', `${MY}/createStudentWorkGroup/1/${workId}?studentIds=${sid(2)}`, {
        session: await as('student01'),
      }),
      call(peer, 'GET', `${MY}/createStudentWorkGroup/1/${workId}?studentIds=${sid(2)},${sid(5)}`, {
        session: await as('student04'),
      }),
    ]);
    await t.close();
    expect([a.body.errCode, b.body.errCode].sort()).toEqual([0, 7]);
    const rows = await t.db
      .select()
      .from(workTeamMembers)
      .where(
        and(eq(workTeamMembers.groupSetId, Number(setId)), eq(workTeamMembers.studentId, Number(sid(2)))),
      );
    expect(rows).toHaveLength(1);
    // the refused request left nothing behind: one team, one student work
    expect(await t.db.select().from(workTeams)).toHaveLength(1);
    expect(await t.db.select().from(studentWorks)).toHaveLength(1);
  });

  it('lists the course’s classmates for picking (v1), only to its students', async () => {
    const path = (courseId: number | string, query = '') =>
      `${MY}/getCourseStudentList/1/${courseId}?pageIndex=1&pageSize=10${query}`;
    const page = await ok<{ total: number; list: { studentNumber: string }[] }>(
      call(t.app, 'GET', path(quant.courseId), { session: await as('student01') }),
    );
    expect(page.total).toBe(29);
    expect(page.list.map((s) => s.studentNumber.slice(-2))).toEqual([
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
    ]);
    expect(
      await ok(
        call(t.app, 'GET', path(quant.courseId, `&keyword=${encodeURIComponent('林雨')}`), {
          session: await as('student01'),
        }),
      ),
    ).toMatchObject({ total: 1, list: [{ studentName: '林雨桐' }] });
    expect(
      (await call(t.app, 'GET', path(other.courseId), { session: await as('student16') })).body.errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', path(quant.courseId), { session: await as('teacher1') })).body.errCode,
    ).toBe(5);
    expect((await call(t.app, 'GET', path(999999), { session: await as('student01') })).body.errCode).toBe(6);
    expect(
      (
        await call(t.app, 'GET', `${MY}/getCourseStudentList/1/${quant.courseId}?pageIndex=0&pageSize=10`, {
          session: await as('student01'),
        })
      ).body.errCode,
    ).toBe(2);
    // getStudentCurGroup: a set of a course the student does not take
    const theirs = await ok<GroupMembers>(
      saveSet(
        { courseId: String(other.courseId), groupName: 'B', teams: [team('甲', 1)] },
        await as('teacher2'),
      ),
    );
    expect(
      (
        await call(t.app, 'GET', `${MY}/getStudentCurGroup/1/${theirs.workGroupId}`, {
          session: await as('student16'),
        })
      ).body.errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', `${MY}/getStudentCurGroup/1/999999`, { session: await as('student16') })).body
        .errCode,
    ).toBe(6);
  });
});

describe('removeGroupMember', () => {
  const remove = async (userName: string, groupId: string, member: Member | undefined, studentId?: string) =>
    call(
      t.app,
      'GET',
      `${MY}/removeGroupMember/1/${groupId}/${member?.memberId ?? '0'}/${studentId ?? member?.studentId ?? '0'}`,
      { session: await as(userName) },
    );

  it('lets the leader remove a member and a member leave; others are refused', async () => {
    const { workId } = await freeSetAndWork();
    const made = await ok<Team>(freeGroup('student01', workId, `?studentIds=${sid(2)},${sid(3)},${sid(4)}`));
    const byId = (n: number) => made.members.find((member) => member.studentId === sid(n));
    await ok(freeGroup('student05', workId, `?studentIds=${sid(6)}`));

    expect(await refused(remove('student03', made.groupId, byId(2)))).toEqual({
      errCode: 5,
      errMsg: '只有组长可以移除其他成员',
    });
    expect((await remove('student05', made.groupId, byId(2))).body.errCode).toBe(5);
    expect((await remove('teacher1', made.groupId, byId(2))).body.errCode).toBe(5);
    expect(await refused(remove('student01', made.groupId, byId(1)))).toEqual({
      errCode: 1,
      errMsg: '组长不能移除自己',
    });
    expect(await refused(remove('student01', made.groupId, byId(2), sid(3)))).toEqual({
      errCode: 2,
      errMsg: '参数 memberId 与 studentId 不是同一名成员',
    });
    expect((await remove('student01', '999999', byId(2))).body.errCode).toBe(6);

    const student03 = await userIdOf(t, 'student03');
    const left = await ok<Team>(remove('student03', made.groupId, byId(3)));
    expect(left.members.map((member) => member.studentId)).toEqual([sid(1), sid(2), sid(4)]);
    // out of the team, the work waits for a team of theirs again
    expect((await myWork('student03', workId)).studentWorkId).toBe('0');
    expect(await t.db.select().from(workMessages).where(eq(workMessages.userId, student03))).toEqual([]);
    const after = await ok<Team>(remove('student01', made.groupId, byId(2)));
    expect(after.members.map((member) => member.studentId)).toEqual([sid(1), sid(4)]);
    // the one who left may form a team of their own
    await ok(freeGroup('student03', workId, `?studentIds=${sid(2)}`));

    // once the team handed in, its members stay
    await ok(hand(await as('student04'), (await myWork('student04', workId)).studentWorkId));
    expect(await refused(remove('student01', made.groupId, byId(4)))).toEqual({
      errCode: 1,
      errMsg: '小组作业已提交或已批改，不能再调整成员',
    });
  });

  it('leaves teams the teacher arranged to the teacher', async () => {
    const set = await ok<GroupMembers>(saveSet({ teams: [team('甲', 1, 2)] }));
    const [first] = set.teams;
    const member = first?.members.find((one) => one.studentId === sid(2));
    expect(await refused(remove('student02', first?.groupId ?? '', member))).toEqual({
      errCode: 1,
      errMsg: '只有学生自由组队的小组可以由学生调整成员',
    });
    const rows = await t.db
      .select()
      .from(workTeamMembers)
      .where(inArray(workTeamMembers.studentId, [Number(sid(1)), Number(sid(2))]));
    expect(rows).toHaveLength(2);
  });
});
