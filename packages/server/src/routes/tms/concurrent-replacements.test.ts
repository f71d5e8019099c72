import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { coursewareShares } from '../../db/schema/courseware';
import { users } from '../../db/schema/identity';
import { noticeVisibility } from '../../db/schema/notice';
import { userGroupMembers, userGroups } from '../../db/schema/user-group';
import { isRetryableConflict, withRetry } from '../../db/retry';
import { call, createTestApp, DEMO_SCHOOL, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

// Every operation that replaces a list of rows (delete what left, insert what
// came) used to deadlock on PostgreSQL when many ran at once (40P01 → 500).
// These run 60 at once; CI runs them on PGlite and on PostgreSQL.

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  teacher1 = await login(t.app, 'teacher1');
});

const CONCURRENT = 60;

/** Alternating lists, so neighbours delete what the other inserts. */
function listsOf<T>(a: T[], b: T[], c: T[]): T[][] {
  return Array.from({ length: CONCURRENT }, (_, i) => [a, b, c][i % 3] ?? a);
}

describe('60 concurrent replacements of one list', () => {
  it('courseware share lists: all succeed and one list wins whole', async () => {
    const form = new FormData();
    form.append('schoolId', '1');
    form.append('courseId', String(f.quant.id));
    form.append('courseWareName', '并发');
    form.append('file', new File(['%PDF-1.4\n%%EOF\n'], 'a.pdf', { type: 'application/pdf' }));
    const uploaded = await call<{ courseWareId: string }>(
      t.app,
      'POST',
      '/tms-server/courseWareMgr/uploadCourseWare',
      {
        session: teacher1,
        body: form,
      },
    );
    expect(uploaded.body.errCode, uploaded.body.errMsg).toBe(0);
    const id = uploaded.body.data.courseWareId;
    const lists = listsOf(
      [f.quant.class1],
      [f.quant.class2, f.python.class1],
      [f.quant.class1, f.quant.class2],
    );
    const answers = await Promise.all(
      lists.map((classIds) =>
        call(t.app, 'POST', '/tms-server/courseWareMgr/updateCourseWareShareList', {
          session: teacher1,
          body: { schoolId: '1', courseWareId: id, teachingClassIds: classIds.map(String) },
        }),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual(lists.map(() => 0));
    const final = (
      await t.db
        .select()
        .from(coursewareShares)
        .where(eq(coursewareShares.coursewareId, Number(id)))
    )
      .map((row) => row.teachingClassId)
      .sort((a, b) => a - b);
    expect(lists.map((l) => [...l].sort((a, b) => a - b))).toContainEqual(final);
  }, 120_000);

  it('notice visibility: all succeed and one list wins whole', async () => {
    const saved = await call<{ announceId: string }>(t.app, 'POST', '/tms-server/announce/updateAnnounce', {
      session: teacher1,
      body: {
        schoolId: '1',
        courseId: String(f.quant.id),
        title: '并发',
        content: '<p>并发</p>',
        status: 1,
        teachingClassIds: [String(f.quant.class1)],
      },
    });
    expect(saved.body.errCode, saved.body.errMsg).toBe(0);
    const id = saved.body.data.announceId;
    const lists = listsOf([f.quant.class1], [f.quant.class2], [f.quant.class1, f.quant.class2]);
    const answers = await Promise.all(
      lists.map((classIds) =>
        call(t.app, 'POST', '/tms-server/announce/updateAnnounceVisible', {
          session: teacher1,
          body: { schoolId: '1', announceId: id, teachingClassIds: classIds.map(String) },
        }),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual(lists.map(() => 0));
    const final = (
      await t.db
        .select()
        .from(noticeVisibility)
        .where(eq(noticeVisibility.noticeId, Number(id)))
    )
      .map((row) => row.teachingClassId)
      .sort((a, b) => a - b);
    expect(lists.map((l) => [...l].sort((a, b) => a - b))).toContainEqual(final);
  }, 120_000);

  it('user-group binds and unbinds: all succeed', async () => {
    const [group] = await t.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(eq(userGroups.name, DEMO_SCHOOL.userGroup));
    const manager = await login(t.app, 'manager');
    const students = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.userName, ['student01', 'student02', 'student03', 'student04', 'student05']));
    const ids = students.map((row) => String(row.id));
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        call(t.app, 'POST', `/usergroupinfo/v1/user/${i % 2 === 0 ? 'bind' : 'unbind'}`, {
          session: manager,
          body: { groupId: String(group?.id), userIds: i % 4 < 2 ? ids : [...ids].reverse() },
        }),
      ),
    );
    expect(answers.map((a) => a.body.errCode)).toEqual(answers.map(() => 0));
    const members = await t.db
      .select()
      .from(userGroupMembers)
      .where(eq(userGroupMembers.groupId, group?.id ?? 0));
    // five students either all in or all out, never half of one request
    expect([0, ids.length]).toContain(members.filter((m) => ids.includes(String(m.userId))).length);
  }, 120_000);
});

describe('withRetry', () => {
  it('tries again only on a deadlock or serialization failure, wrapped or not', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const result = await withRetry(async () => {
      calls++;
      if (calls === 1) throw deadlock;
      if (calls === 2) throw new Error('Failed query', { cause: { code: '40001' } });
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);
    expect(isRetryableConflict(new Error('x', { cause: { code: '23505' } }))).toBe(false);
    let tries = 0;
    await expect(
      withRetry(
        () => {
          tries++;
          return Promise.reject(deadlock);
        },
        { attempts: 3, baseDelayMs: 1 },
      ),
    ).rejects.toBe(deadlock);
    expect(tries).toBe(3);
  });
});
