import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/school';
import { teachingClasses, teachingClassStudents } from '../../db/schema/teaching';
import { createCourse, demoClassIds, sessions, userIdOf } from '../../routes/tms/course.fixtures';
import { createTestApp, type TestApp } from '../../testing/index';
import type { AuthedContext } from '../context';
import {
  assertCourseOwner,
  assertTeachingClassesOwned,
  teachingClassesOfTeacher,
  teachingClassIdsOfStudentUser,
} from './membership';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

async function ctxOf(userName: string): Promise<AuthedContext> {
  const userId = await userIdOf(t, userName);
  const auth = { userId, sessionId: 0, isAdmin: false, isGroupAdmin: false, mustChangePassword: false };
  // the membership checks only use the database and the caller
  return { db: t.db, clock: t.clock, auth } as unknown as AuthedContext;
}

/** 量化投资 (teacher1): 1班 whole + a 2班 group of two picked students; 金融衍生品 (teacher2): 2班. */
async function world() {
  const as = sessions(t);
  const { class1, class2 } = await demoClassIds(t);
  const quant = await createCourse(t, await as('teacher1'), {
    courseName: '量化投资',
    classIds: [class1, class2],
  });
  const derivatives = await createCourse(t, await as('teacher2'), {
    courseName: '金融衍生品',
    classIds: [class2],
  });
  const [whole, group] = quant.teachingClasses.map((tc) => Number(tc.teachingClassId));
  const picked = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.studentNumber, '20260016'));
  await t.db
    .update(teachingClasses)
    .set({ wholeClass: false })
    .where(eq(teachingClasses.id, group ?? 0));
  await t.db
    .insert(teachingClassStudents)
    .values({ teachingClassId: group ?? 0, studentId: picked[0]?.id ?? 0 });
  return {
    quant,
    derivatives,
    whole: whole ?? 0,
    group: group ?? 0,
    other: Number(derivatives.teachingClasses[0]?.teachingClassId),
  };
}

describe('course membership', () => {
  it('finds the teaching classes of a student account, active students only', async () => {
    const { whole, group, other } = await world();
    expect(await teachingClassIdsOfStudentUser(t, 1, await userIdOf(t, 'student01'))).toEqual([whole]);
    expect(await teachingClassIdsOfStudentUser(t, 1, await userIdOf(t, 'student16'))).toEqual([group, other]);
    expect(await teachingClassIdsOfStudentUser(t, 1, await userIdOf(t, 'student17'))).toEqual([other]);
    expect(await teachingClassIdsOfStudentUser(t, 2, await userIdOf(t, 'student16'))).toEqual([]);
    await t.db.update(students).set({ status: 'disabled' }).where(eq(students.studentNumber, '20260016'));
    expect(await teachingClassIdsOfStudentUser(t, 1, await userIdOf(t, 'student16'))).toEqual([]);
  });

  it('checks course ownership: 6 when missing, 5 for another teacher, managers may read', async () => {
    const { quant } = await world();
    const id = Number(quant.courseId);
    expect((await assertCourseOwner(await ctxOf('teacher1'), 1, id)).name).toBe('量化投资');
    expect((await assertCourseOwner(await ctxOf('manager'), 1, id)).id).toBe(id);
    await expect(assertCourseOwner(await ctxOf('teacher2'), 1, id)).rejects.toMatchObject({ errCode: 5 });
    await expect(assertCourseOwner(await ctxOf('student01'), 1, id)).rejects.toMatchObject({ errCode: 5 });
    await expect(assertCourseOwner(await ctxOf('teacher1'), 1, 424242)).rejects.toMatchObject({ errCode: 6 });
    await expect(assertCourseOwner(await ctxOf('teacher1'), 2, id)).rejects.toMatchObject({ errCode: 6 });
  });

  it('lists a teacher’s teaching classes and checks that a set of them is theirs', async () => {
    const { quant, whole, group, other } = await world();
    expect(await teachingClassesOfTeacher(t, 1, await userIdOf(t, 'teacher1'))).toEqual([
      { id: whole, courseId: Number(quant.courseId), name: '金融工程2026级1班' },
      { id: group, courseId: Number(quant.courseId), name: '金融工程2026级2班' },
    ]);
    await expect(
      assertTeachingClassesOwned(await ctxOf('teacher1'), 1, [whole, group, whole]),
    ).resolves.toBeUndefined();
    await expect(
      assertTeachingClassesOwned(await ctxOf('teacher1'), 1, [whole, other]),
    ).rejects.toMatchObject({ errCode: 5 });
    await expect(
      assertTeachingClassesOwned(await ctxOf('teacher1'), 1, [whole, 999999]),
    ).rejects.toMatchObject({ errCode: 6 });
    await expect(assertTeachingClassesOwned(await ctxOf('teacher1'), 2, [whole])).rejects.toMatchObject({
      errCode: 6,
    });
  });
});
