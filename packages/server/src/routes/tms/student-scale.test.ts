import { zGetStudentListByCourseV2Response, zSchoolMgrGetStudentListResponse } from '@dfrm/sdk/tms/zod';
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { schoolMembers, students } from '../../db/schema/school';
import { call, createTestApp, login, type TestApp } from '../../testing/index';
import { addCourse, classIdOf } from './student.fixtures';

// A school of 10,000 students: the lists page, sort and search it on the
// server (indexes students_school_number_uq, students_school_name_idx,
// students_school_created_idx). No timing assertions (see DESIGN.md, Bars);
// the test's own duration shows when a query stops using them.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const SIZE = 10_000;
const CHUNK = 1_000;

async function seedLargeSchool(): Promise<void> {
  const classId = await classIdOf(t, 0);
  const now = t.clock.now();
  for (let start = 0; start < SIZE; start += CHUNK) {
    const batch = Array.from({ length: CHUNK }, (_, i) => start + i);
    const created = await t.db
      .insert(users)
      .values(
        batch.map((n) => ({
          userName: `bulk${String(n).padStart(5, '0')}`,
          // never used to log in
          passwordHash: 'scrypt$1$1$1$x$x',
          realName: `学生${n}`,
          createdAt: now,
        })),
      )
      .returning({ id: users.id, userName: users.userName });
    await t.db
      .insert(schoolMembers)
      .values(created.map((row) => ({ schoolId: 1, userId: row.id, role: 'student' as const })));
    await t.db.insert(students).values(
      created.map((row, i) => ({
        schoolId: 1,
        classId,
        userId: row.id,
        studentNumber: `B${String(start + i).padStart(6, '0')}`,
        // names in a different order than numbers
        name: `学生${String(((start + i) * 7919) % SIZE).padStart(5, '0')}`,
        createdAt: now + start + i,
      })),
    );
  }
}

describe('a school of 10,000 students', () => {
  it('pages, sorts and searches the whole school and a course', async () => {
    await seedLargeSchool();
    const manager = await login(t.app, 'manager');
    const list = async (body: object) => {
      const answer = await call<{ list: { studentNumber: string; studentName: string }[]; total: number }>(
        t.app,
        'POST',
        '/tms-server/studentMgr/schoolMgrGetStudentList',
        { session: manager, body: { schoolId: '1', pageIndex: 1, pageSize: 200, ...body } },
      );
      expect(answer.body.errCode).toBe(0);
      return answer.body.data;
    };

    const first = await list({});
    expect(z.parse(zSchoolMgrGetStudentListResponse, first).total).toBe(SIZE + 30);
    expect(first.list).toHaveLength(200);
    expect(first.list[0]?.studentNumber).toBe('20260001');

    const last = await list({ pageIndex: 51, sortField: 'studentNumber', sortOrder: 'desc' });
    expect(last.list.map((row) => row.studentNumber)).toEqual(
      Array.from({ length: 30 }, (_, i) => `2026${String(30 - i).padStart(4, '0')}`).concat([]),
    );

    const byName = await list({ sortField: 'studentName', sortOrder: 'desc', pageIndex: 3 });
    const names = byName.list.map((row) => row.studentName);
    expect(names).toEqual([...names].sort().reverse());

    const newest = await list({ sortField: 'createdAt', sortOrder: 'desc', pageSize: 1 });
    expect(newest.list[0]?.studentNumber).toBe(`B${String(SIZE - 1).padStart(6, '0')}`);

    const lastLogin = await list({ sortField: 'lastLoginAt', sortOrder: 'desc', pageSize: 5 });
    expect(lastLogin.list).toHaveLength(5);

    const search = await list({ keyword: 'B00999' });
    expect(search.total).toBe(10);

    // a course over the class: 10,015 students through the teaching class
    const { courseId } = await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const course = await call(t.app, 'POST', '/tms-server/studentMgr/v2/getStudentList/by/course', {
      session: teacher,
      body: {
        schoolId: '1',
        courseId: String(courseId),
        pageIndex: 20,
        pageSize: 200,
        sortField: 'studentName',
      },
    });
    expect(z.parse(zGetStudentListByCourseV2Response, course.body.data).total).toBe(SIZE + 15);
  });
});
