import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/school';
import { teachingClasses, teachingClassStudents } from '../../db/schema/teaching';

/**
 * The teaching classes a student account is in, in a school (active students
 * only), as a subquery for `inArray(column, …)`: the same set as
 * teachingClassIdsOfStudentUser, but read inside the statement that needs it
 * instead of one round trip earlier. Whole-class teaching classes come through
 * the student's administrative class, the others through their picked rows;
 * written as a union so each side can use its index (an OR of both cannot).
 */
export function studentTeachingClassIds(db: Db, schoolId: number, userId: number) {
  const activeStudent = and(
    eq(students.schoolId, schoolId),
    eq(students.userId, userId),
    eq(students.status, 'active'),
  );
  const wholeClass = db
    .select({ id: teachingClasses.id })
    .from(students)
    .innerJoin(
      teachingClasses,
      and(
        eq(teachingClasses.classId, students.classId),
        eq(teachingClasses.schoolId, students.schoolId),
        eq(teachingClasses.wholeClass, true),
      ),
    )
    .where(activeStudent);
  const picked = db
    .select({ id: teachingClasses.id })
    .from(students)
    .innerJoin(teachingClassStudents, eq(teachingClassStudents.studentId, students.id))
    .innerJoin(
      teachingClasses,
      and(
        eq(teachingClasses.id, teachingClassStudents.teachingClassId),
        eq(teachingClasses.schoolId, students.schoolId),
        not(teachingClasses.wholeClass),
      ),
    )
    .where(activeStudent);
  return wholeClass.union(picked);
}
