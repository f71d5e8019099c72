import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/identity';
import {
  classes,
  colleges,
  grades,
  majors,
  schoolMembers,
  schools,
  type StudentGender,
  students,
} from '../db/schema/school';
import { type BindRole, userGroupMembers, userGroups } from '../db/schema/user-group';
import { hashPassword } from '../lib/passwords';
import { DEMO_ACCOUNTS, DEMO_SCHOOL } from './demo-data';

async function idOf(rows: { id: number }[], fallback: () => Promise<{ id: number }[]>): Promise<number> {
  const row = rows[0] ?? (await fallback())[0];
  if (!row) throw new Error('seed row missing');
  return row.id;
}

/**
 * Writes the demo school. Idempotent: rows that exist are left alone
 * (passwords included), missing ones are added, so it can run on every start.
 */
/** The ids of the demo accounts that exist, by user name. */
export async function demoUserIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(
      inArray(
        users.userName,
        DEMO_ACCOUNTS.map((account) => account.userName),
      ),
    );
  return new Map(rows.map((row) => [row.userName, row.id]));
}

export async function seedDemoSchool(db: Db, options: { now: number; password: string }): Promise<void> {
  const { now } = options;
  const existing = await db
    .select({ userName: users.userName })
    .from(users)
    .where(
      inArray(
        users.userName,
        DEMO_ACCOUNTS.map((account) => account.userName),
      ),
    );
  const known = new Set(existing.map((row) => row.userName));
  const missing = DEMO_ACCOUNTS.filter((account) => !known.has(account.userName));
  // hashing is the slow part; do it before the transaction, in parallel
  const hashes = await Promise.all(missing.map(() => hashPassword(options.password)));

  await db.transaction(async (tx) => {
    await tx
      .insert(schools)
      .values({ id: DEMO_SCHOOL.id, name: DEMO_SCHOOL.name, createdAt: now })
      .onConflictDoNothing();
    // the school got an explicit id; move the identity past it
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('schools', 'id'), (select max(id) from schools))`,
    );
    const schoolId = DEMO_SCHOOL.id;

    const collegeId = await idOf(
      await tx
        .insert(colleges)
        .values({ schoolId, name: DEMO_SCHOOL.college })
        .onConflictDoNothing()
        .returning({ id: colleges.id }),
      () =>
        tx
          .select({ id: colleges.id })
          .from(colleges)
          .where(and(eq(colleges.schoolId, schoolId), eq(colleges.name, DEMO_SCHOOL.college))),
    );
    const majorId = await idOf(
      await tx
        .insert(majors)
        .values({ schoolId, collegeId, name: DEMO_SCHOOL.major })
        .onConflictDoNothing()
        .returning({ id: majors.id }),
      () =>
        tx
          .select({ id: majors.id })
          .from(majors)
          .where(and(eq(majors.collegeId, collegeId), eq(majors.name, DEMO_SCHOOL.major))),
    );
    const gradeId = await idOf(
      await tx
        .insert(grades)
        .values({ schoolId, name: DEMO_SCHOOL.grade })
        .onConflictDoNothing()
        .returning({ id: grades.id }),
      () =>
        tx
          .select({ id: grades.id })
          .from(grades)
          .where(and(eq(grades.schoolId, schoolId), eq(grades.name, DEMO_SCHOOL.grade))),
    );
    const classIds = new Map<string, number>();
    for (const name of DEMO_SCHOOL.classes) {
      const id = await idOf(
        await tx
          .insert(classes)
          .values({ schoolId, collegeId, majorId, gradeId, name })
          .onConflictDoNothing()
          .returning({ id: classes.id }),
        () =>
          tx
            .select({ id: classes.id })
            .from(classes)
            .where(and(eq(classes.schoolId, schoolId), eq(classes.name, name))),
      );
      classIds.set(name, id);
    }

    if (missing.length > 0) {
      await tx
        .insert(users)
        .values(
          missing.map((account, index) => ({
            userName: account.userName,
            passwordHash: hashes[index] ?? '',
            realName: account.realName,
            phoneNumber: account.phoneNumber,
            isAdmin: account.role === 'admin',
            isGroupAdmin: account.role === 'groupAdmin',
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    const userIds = await demoUserIds(tx);
    const userId = (userName: string): number => {
      const id = userIds.get(userName);
      if (id === undefined) throw new Error(`seed user ${userName} missing`);
      return id;
    };

    const members = DEMO_ACCOUNTS.flatMap((account) =>
      account.role === 'teacher' || account.role === 'student' || account.role === 'schoolManager'
        ? [{ schoolId, userId: userId(account.userName), role: account.role }]
        : [],
    );
    await tx.insert(schoolMembers).values(members).onConflictDoNothing();

    const roster = DEMO_ACCOUNTS.flatMap((account) => {
      const classId = account.className ? classIds.get(account.className) : undefined;
      return account.role === 'student' && account.studentNumber && classId !== undefined
        ? [
            {
              schoolId,
              classId,
              userId: userId(account.userName),
              studentNumber: account.studentNumber,
              name: account.realName,
              gender: (account.gender ?? 0) as StudentGender,
              status: 'active' as const,
              createdAt: now,
            },
          ]
        : [];
    });
    await tx.insert(students).values(roster).onConflictDoNothing();

    const groupId = await idOf(
      await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.schoolId, schoolId), eq(userGroups.name, DEMO_SCHOOL.userGroup))),
      () =>
        tx
          .insert(userGroups)
          .values({ schoolId, name: DEMO_SCHOOL.userGroup, createdAt: now, updatedAt: now })
          .returning({ id: userGroups.id }),
    );
    const groupMembers = DEMO_ACCOUNTS.flatMap(
      (account): { groupId: number; userId: number; bindRole: BindRole; boundAt: number }[] => {
        if (account.role === 'groupAdmin')
          return [{ groupId, userId: userId(account.userName), bindRole: 1, boundAt: now }];
        if (account.role === 'teacher' || account.role === 'student')
          return [{ groupId, userId: userId(account.userName), bindRole: 0, boundAt: now }];
        return [];
      },
    );
    await tx.insert(userGroupMembers).values(groupMembers).onConflictDoNothing();
  });
}

/** Whether the demo accounts exist (for the start banner). */
export async function hasDemoSchool(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.id, DEMO_SCHOOL.id))
    .limit(1);
  return row !== undefined;
}

export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row === undefined;
}
