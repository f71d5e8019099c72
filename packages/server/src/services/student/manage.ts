import { and, asc, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { schoolMembers, students } from '../../db/schema/school';
import { studentOnline } from '../../db/schema/student';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { Deleted, StudentInfo, StudentStatusChange } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import { studentInTeachingClass } from '../course/membership';
import {
  accountFacts,
  hashInitialPassword,
  initialPassword,
  linkProblem,
  syncAccountDisabled,
} from './accounts';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors';
import { studentItem, studentItemRow } from './list-query';
import {
  assertClassInScope,
  assertStudentInScope,
  type StudentScope,
  STUDENT_NOT_FOUND_MESSAGE,
  statusCode,
  statusOf,
} from './scope';
import { resolveSchoolId } from '../school/resolve-school';

export type ScopeOf = (ctx: AuthedContext) => StudentScope;
export const teacherScope: ScopeOf = (ctx) => ({ kind: 'teacher', teacherUserId: ctx.auth.userId });
export const schoolScope: ScopeOf = () => ({ kind: 'school' });

export const USER_NAME_PATTERN = /^[A-Za-z0-9_.@-]{4,64}$/;

/** The detail view: the list row plus the courses (a teacher sees only their own). */
async function studentInfo(
  ctx: AuthedContext,
  schoolId: number,
  studentId: number,
  scope: StudentScope,
): Promise<StudentInfo> {
  const row = await studentItemRow(ctx.db, studentId);
  if (!row) throw new NotFoundError(STUDENT_NOT_FOUND_MESSAGE);
  const teacher = users;
  const courseRows = await ctx.db
    .select({
      courseId: courses.id,
      courseName: courses.name,
      coverUrl: courses.coverUrl,
      teacherId: teacher.id,
      teacherUserName: teacher.userName,
      teacherRealName: teacher.realName,
      teachingClassId: teachingClasses.id,
      teachingClassName: teachingClasses.name,
    })
    .from(students)
    .innerJoin(
      teachingClasses,
      and(eq(teachingClasses.schoolId, students.schoolId), studentInTeachingClass()),
    )
    .innerJoin(courses, eq(courses.id, teachingClasses.courseId))
    .innerJoin(teacher, eq(teacher.id, courses.teacherUserId))
    .where(
      and(
        eq(students.id, studentId),
        scope.kind === 'teacher' ? eq(courses.teacherUserId, scope.teacherUserId) : undefined,
      ),
    )
    .orderBy(asc(courses.id), asc(teachingClasses.id));
  return {
    ...studentItem(row),
    schoolId: String(schoolId),
    courses: courseRows.map((course) => ({
      course: {
        courseId: String(course.courseId),
        courseName: course.courseName,
        schoolId: String(schoolId),
        coverUrl: course.coverUrl,
        teacher: {
          userId: String(course.teacherId),
          userName: course.teacherUserName,
          realName: course.teacherRealName,
        },
      },
      teachingClassId: String(course.teachingClassId),
      teachingClassName: course.teachingClassName,
    })),
  };
}

/** GET …/getStudentInfo and …/schoolMgrGetStudentInfo */
export async function getStudentInfo(
  { ctx, input }: AuthedCall<Input<'getStudentInfo'> | Input<'schoolMgrGetStudentInfo'>>,
  scopeOf: ScopeOf,
): Promise<StudentInfo> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const scope = scopeOf(ctx);
  const row = await assertStudentInScope(ctx.db, schoolId, input.studentId, scope);
  return studentInfo(ctx, schoolId, row.id, scope);
}

/** Another account already holding the phone number → 7. */
async function assertPhoneFree(ctx: AuthedContext, phone: string | null | undefined, ownerId: number | null) {
  if (!phone) return;
  const [holder] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phone))
    .limit(1);
  if (holder && holder.id !== ownerId) throw new ConflictError(`手机号 ${phone} 已被其他账号使用`);
}

async function assertNumberFree(ctx: AuthedContext, schoolId: number, number: string, exceptId?: number) {
  const [holder] = await ctx.db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.studentNumber, number),
        exceptId === undefined ? undefined : ne(students.id, exceptId),
      ),
    )
    .limit(1);
  if (holder) throw new ConflictError(`学号 ${number} 在本校已被占用`);
}

function conflictOf(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error);
    if (constraint.includes('phone')) throw new ConflictError('手机号已被其他账号使用');
    if (constraint.includes('user_name')) throw new ConflictError('账号已被其他用户使用');
    throw new ConflictError('学号在本校已被占用');
  }
  throw error;
}

/** ''  clears, undefined keeps. */
function optionalText(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value.trim() === '' ? null : value.trim();
}

/** POST …/updateStudent and …/schoolMgrUpdateStudent: add (no studentId) or change a student. */
export async function saveStudent(
  { ctx, input }: AuthedCall<Input<'updateStudent'> | Input<'schoolMgrUpdateStudent'>>,
  scopeOf: ScopeOf,
): Promise<StudentInfo> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const scope = scopeOf(ctx);
  const klass = await assertClassInScope(ctx.db, schoolId, input.classId, scope);
  const number = input.studentNumber;
  const name = input.studentName.trim();
  if (!name) throw new InvalidInputError('参数 studentName 不能为空');
  const phone = optionalText(input.phoneNumber);
  const email = optionalText(input.email);
  const now = ctx.clock.now();

  if (input.studentId !== undefined) {
    const row = await assertStudentInScope(ctx.db, schoolId, input.studentId, scope);
    if (number !== row.studentNumber) await assertNumberFree(ctx, schoolId, number, row.id);
    await assertPhoneFree(ctx, phone, row.userId);
    try {
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(students)
          .set({
            studentNumber: number,
            name,
            classId: klass.id,
            ...(input.gender !== undefined ? { gender: input.gender } : {}),
          })
          .where(eq(students.id, row.id));
        if (row.userId !== null) {
          await tx
            .update(users)
            .set({
              realName: name,
              ...(phone !== undefined ? { phoneNumber: phone } : {}),
              ...(email !== undefined ? { email: email ?? '' } : {}),
            })
            .where(eq(users.id, row.userId));
        }
      });
    } catch (error) {
      conflictOf(error);
    }
    return studentInfo(ctx, schoolId, row.id, scope);
  }

  await assertNumberFree(ctx, schoolId, number);
  const userName = input.userName ?? number;
  if (!USER_NAME_PATTERN.test(userName))
    throw new InvalidInputError('参数 userName 格式不正确：学号少于 4 位或含有其他字符时请填写 4–64 位账号');
  const existing = (await accountFacts(ctx.db, schoolId, [userName])).get(userName);
  if (existing) {
    const problem = linkProblem(existing);
    if (problem) throw new ConflictError(problem);
  }
  await assertPhoneFree(ctx, phone, existing?.id ?? null);
  const passwordHash = existing
    ? null
    : input.password !== undefined
      ? await hashPassword(input.password)
      : await hashInitialPassword(initialPassword(number));
  let studentId = 0;
  try {
    await ctx.db.transaction(async (tx) => {
      let userId: number;
      if (existing) {
        userId = existing.id;
        await tx
          .update(users)
          .set({
            ...(existing.realName === '' ? { realName: name } : {}),
            ...(phone !== undefined ? { phoneNumber: phone } : {}),
            ...(email !== undefined ? { email: email ?? '' } : {}),
          })
          .where(eq(users.id, userId));
      } else {
        const [created] = await tx
          .insert(users)
          .values({
            userName,
            passwordHash: passwordHash ?? '',
            realName: name,
            phoneNumber: phone ?? null,
            email: email ?? '',
            createdAt: now,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('account not created');
        userId = created.id;
      }
      await tx.insert(schoolMembers).values({ schoolId, userId, role: 'student' }).onConflictDoNothing();
      const [student] = await tx
        .insert(students)
        .values({
          schoolId,
          classId: klass.id,
          userId,
          studentNumber: number,
          name,
          gender: input.gender ?? 0,
          status: 'active',
          createdAt: now,
        })
        .returning({ id: students.id });
      if (!student) throw new Error('student not created');
      studentId = student.id;
    });
  } catch (error) {
    conflictOf(error);
  }
  return studentInfo(ctx, schoolId, studentId, scope);
}

/**
 * GET …/delStudent and …/schoolMgrDelStudent: the student leaves the school
 * (roster row, student role, teaching classes, online state). The account
 * stays; work and grades are kept by account, not by roster row.
 */
export async function deleteStudent(
  { ctx, input }: AuthedCall<Input<'delStudent'> | Input<'schoolMgrDelStudent'>>,
  scopeOf: ScopeOf,
): Promise<Deleted> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const row = await assertStudentInScope(ctx.db, schoolId, input.studentId, scopeOf(ctx));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(students).where(eq(students.id, row.id));
    if (row.userId === null) return;
    const [another] = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.userId, row.userId)))
      .limit(1);
    if (!another) {
      await tx
        .delete(schoolMembers)
        .where(
          and(
            eq(schoolMembers.schoolId, schoolId),
            eq(schoolMembers.userId, row.userId),
            eq(schoolMembers.role, 'student'),
          ),
        );
      await tx
        .delete(studentOnline)
        .where(and(eq(studentOnline.schoolId, schoolId), eq(studentOnline.userId, row.userId)));
    }
    await syncAccountDisabled(tx, row.userId, ctx.clock.now());
  });
  return { id: String(row.id) };
}

/** POST …/updateStudentStatus/{schoolId}/{studentId}/{status} and the school manager's twin. */
export async function changeStudentStatus(
  { ctx, input }: AuthedCall<Input<'updateStudentStatus'> | Input<'schoolMgrUpdateStudentStatus'>>,
  scopeOf: ScopeOf,
): Promise<StudentStatusChange> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const next = statusOf(input.status);
  const row = await assertStudentInScope(ctx.db, schoolId, input.studentId, scopeOf(ctx));
  const previousStatus = statusCode(row.status);
  if (row.status !== next) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(students).set({ status: next }).where(eq(students.id, row.id));
      if (row.userId === null) return;
      if (next === 'disabled') {
        await tx
          .delete(studentOnline)
          .where(and(eq(studentOnline.schoolId, schoolId), eq(studentOnline.userId, row.userId)));
      }
      await syncAccountDisabled(tx, row.userId, ctx.clock.now());
    });
  }
  return { studentId: String(row.id), status: statusCode(next), previousStatus };
}
