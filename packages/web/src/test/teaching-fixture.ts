import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { api } from './api-server';

export interface CourseFixture {
  courseId: string;
  courseName: string;
  /** Teaching class on 金融工程2026级1班 (student01–15). */
  class1: string;
  /** Teaching class on 金融工程2026级2班 (student16–30). */
  class2: string;
}

interface Rows<T> {
  rows: T[];
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * A course of teacher1 with one teaching class on each demo administrative
 * class, written straight into the reference server's database so tests of
 * notices and courseware do not depend on the course pages.
 */
export async function createCourseFixture(courseName = '量化投资'): Promise<CourseFixture> {
  const now = api().clock.now();
  const [class1Name, class2Name] = DEMO_SCHOOL.classes;
  const result = (await api().db.execute(`
    with teacher as (select id from users where user_name = 'teacher1'),
    course as (
      insert into courses (school_id, teacher_user_id, name, start_date, end_date, created_at, updated_at)
      select ${DEMO_SCHOOL.id}, teacher.id, ${quote(courseName)}, '2026-03-01', '2026-07-10', ${now}, ${now}
      from teacher
      returning id
    ),
    class1 as (
      insert into teaching_classes (school_id, course_id, class_id, name, created_at)
      select ${DEMO_SCHOOL.id}, course.id, classes.id, classes.name, ${now}
      from course, classes where classes.name = ${quote(class1Name ?? '')}
      returning id
    ),
    class2 as (
      insert into teaching_classes (school_id, course_id, class_id, name, created_at)
      select ${DEMO_SCHOOL.id}, course.id, classes.id, classes.name, ${now}
      from course, classes where classes.name = ${quote(class2Name ?? '')}
      returning id
    )
    select course.id as course_id, class1.id as class1, class2.id as class2 from course, class1, class2
  `)) as unknown as Rows<{ course_id: number | string; class1: number | string; class2: number | string }>;
  const row = result.rows[0];
  if (!row) throw new Error('course fixture was not created');
  return { courseId: String(row.course_id), courseName, class1: String(row.class1), class2: String(row.class2) };
}
