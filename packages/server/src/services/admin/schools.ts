import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes, schoolMembers, schools } from '../../db/schema/school';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { lockKey } from '../../lib/rate-limit';
import type { AdminSchool, AdminSchoolPage } from '@dfrm/sdk/user/types';
import type { Input } from '../../contract/types';
import type { AuthedCall } from '../context';

export const SCHOOL_NOT_FOUND_MESSAGE = '学校不存在';
export const DUPLICATE_SCHOOL_MESSAGE = '学校名称已存在';

// spelled out with table names: inside a subquery drizzle leaves columns unqualified,
// and classes has an id of its own that would shadow the school's
const countOfRole = (role: 'teacher' | 'student' | 'schoolManager') =>
  sql<number>`(select count(*)::int from ${schoolMembers} m where m.school_id = ${schools}.id and m.role = ${role})`;

const SCHOOL_COLUMNS = {
  id: schools.id,
  name: schools.name,
  createdAt: schools.createdAt,
  teacherCount: countOfRole('teacher'),
  studentCount: countOfRole('student'),
  managerCount: countOfRole('schoolManager'),
  classCount: sql<number>`(select count(*)::int from ${classes} c where c.school_id = ${schools}.id)`,
};

type SchoolRow = { [K in keyof typeof SCHOOL_COLUMNS]: K extends 'name' ? string : number };

function view(row: SchoolRow): AdminSchool {
  return {
    schoolId: String(row.id),
    name: row.name,
    createdAt: Number(row.createdAt),
    teacherCount: Number(row.teacherCount),
    studentCount: Number(row.studentCount),
    managerCount: Number(row.managerCount),
    classCount: Number(row.classCount),
  };
}

async function schoolById(db: Db, id: number): Promise<AdminSchool> {
  const [row] = await db.select(SCHOOL_COLUMNS).from(schools).where(eq(schools.id, id)).limit(1);
  if (!row) throw new NotFoundError(SCHOOL_NOT_FOUND_MESSAGE);
  return view(row);
}

/** POST /user/admin/school/list: every school, oldest first, with its head counts. */
export async function listSchools({
  ctx,
  input,
}: AuthedCall<Input<'adminSchoolList'>>): Promise<AdminSchoolPage> {
  const keyword = input.keyword?.trim() ?? '';
  const where = keyword ? ilike(schools.name, likePattern(keyword)) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(SCHOOL_COLUMNS)
      .from(schools)
      .where(where)
      .orderBy(asc(schools.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ total: count() }).from(schools).where(where),
  ]);
  return { list: rows.map(view), total: total?.total ?? 0 };
}

/** The name as stored: trimmed, and not empty once trimmed (the schema only counts raw characters). */
function schoolName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new InvalidInputError('学校名称不能为空');
  return name;
}

/**
 * Names are unique across the platform. The table has no unique index (older
 * data may hold twins), so the check runs under an advisory lock that every
 * writer of a school name takes: two admins creating 某某大学 at once cannot both win.
 */
async function assertNameFree(tx: Db, name: string, exceptId: number | null): Promise<void> {
  await lockKey(tx, 'school-name', '');
  const [twin] = await tx
    .select({ id: schools.id })
    .from(schools)
    .where(
      sql`${schools.name} = ${name}${exceptId === null ? sql`` : sql` and ${schools.id} <> ${exceptId}`}`,
    )
    .limit(1);
  if (twin) throw new ConflictError(DUPLICATE_SCHOOL_MESSAGE);
}

/** POST /user/admin/school/save */
export async function createSchool({
  ctx,
  input,
}: AuthedCall<Input<'adminSchoolSave'>>): Promise<AdminSchool> {
  const name = schoolName(input.name);
  const id = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, name, null);
    const [row] = await tx
      .insert(schools)
      .values({ name, createdAt: ctx.clock.now() })
      .returning({ id: schools.id });
    return row?.id ?? 0;
  });
  return schoolById(ctx.db, id);
}

/** POST /user/admin/school/rename */
export async function renameSchool({
  ctx,
  input,
}: AuthedCall<Input<'adminSchoolRename'>>): Promise<AdminSchool> {
  const id = idOrNotFound(input.schoolId, SCHOOL_NOT_FOUND_MESSAGE);
  const name = schoolName(input.name);
  await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, name, id);
    const renamed = await tx
      .update(schools)
      .set({ name })
      .where(eq(schools.id, id))
      .returning({ id: schools.id });
    if (renamed.length === 0) throw new NotFoundError(SCHOOL_NOT_FOUND_MESSAGE);
  });
  return schoolById(ctx.db, id);
}
