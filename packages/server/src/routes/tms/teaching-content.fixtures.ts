import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { classes } from '../../db/schema/school';
import { courses, teachingClasses } from '../../db/schema/teaching';
import type { TestApp } from '../../testing/index';
import { DEMO_SCHOOL } from '../../testing/index';

/**
 * Courses for the notice and courseware tests, written straight into the
 * database so these tests do not depend on the course operations:
 * - 量化投资 (teacher1) with 1班 (student01–15) and 2班 (student16–30);
 * - Python金融数据分析 (teacher1) with 1班 only;
 * - 金融衍生品 (teacher2) with 1班.
 */
export interface TeachingFixture {
  teacher1: number;
  teacher2: number;
  class1: number;
  class2: number;
  /** teacher1's course and its two teaching classes */
  quant: { id: number; class1: number; class2: number };
  /** teacher1's second course */
  python: { id: number; class1: number };
  /** teacher2's course */
  derivatives: { id: number; class1: number };
}

async function userId(t: TestApp, userName: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return row.id;
}

async function classId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, name));
  if (!row) throw new Error(`no class ${name}`);
  return row.id;
}

async function course(t: TestApp, teacherUserId: number, name: string, classIds: number[]) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(courses)
    .values({
      schoolId: DEMO_SCHOOL.id,
      teacherUserId,
      name,
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: courses.id });
  if (!row) throw new Error('course');
  const ids: number[] = [];
  for (const id of classIds) {
    const [created] = await t.db
      .insert(teachingClasses)
      .values({
        schoolId: DEMO_SCHOOL.id,
        courseId: row.id,
        classId: id,
        name: id === classIds[0] ? `${name}（1班）` : `${name}（2班）`,
        createdAt: now,
      })
      .returning({ id: teachingClasses.id });
    if (!created) throw new Error('teaching class');
    ids.push(created.id);
  }
  return { id: row.id, ids };
}

export async function teachingFixture(t: TestApp): Promise<TeachingFixture> {
  const teacher1 = await userId(t, 'teacher1');
  const teacher2 = await userId(t, 'teacher2');
  const [name1, name2] = DEMO_SCHOOL.classes;
  const class1 = await classId(t, name1);
  const class2 = await classId(t, name2);
  const quant = await course(t, teacher1, '量化投资', [class1, class2]);
  const python = await course(t, teacher1, 'Python金融数据分析', [class1]);
  const derivatives = await course(t, teacher2, '金融衍生品', [class1]);
  return {
    teacher1,
    teacher2,
    class1,
    class2,
    quant: { id: quant.id, class1: quant.ids[0] as number, class2: quant.ids[1] as number },
    python: { id: python.id, class1: python.ids[0] as number },
    derivatives: { id: derivatives.id, class1: derivatives.ids[0] as number },
  };
}
