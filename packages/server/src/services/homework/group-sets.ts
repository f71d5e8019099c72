import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { StudentBrief, WorkGroupTeam } from '@dfrm/sdk/tms/types';
import type { Db } from '../../db/client';
import { lockRowsForUpdate } from '../../db/retry';
import {
  type CourseWorkRow,
  courseWorks,
  studentWorks,
  type WorkGroupSetRow,
  workGroupSets,
  workMessages,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { classes, students } from '../../db/schema/school';
import { type CourseRow, courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedContext } from '../context';
import { NOT_COURSE_TEACHER_MESSAGE, studentInTeachingClass } from '../course/membership';
import { studentBrief } from '../student/list-query';
import { membersOfTeams } from './views';
import { GROUP_SET_NOT_FOUND_MESSAGE, syncStudentWorks } from './works';

/**
 * What the group verbs share: finding a group set and its owner, the course's
 * students that groups are made of, teams as the wire shows them, and the
 * locking that keeps teams and student works consistent while teams change.
 */

export const TEAM_NOT_FOUND_MESSAGE = '小组不存在';

/** A group set by id in the school, or 6. */
export async function findGroupSet(db: Db, schoolId: number, rawId: string): Promise<WorkGroupSetRow> {
  const [set] = await db
    .select()
    .from(workGroupSets)
    .where(
      and(
        eq(workGroupSets.id, idOrNotFound(rawId, GROUP_SET_NOT_FOUND_MESSAGE)),
        eq(workGroupSets.schoolId, schoolId),
      ),
    )
    .limit(1);
  if (!set) throw new NotFoundError(GROUP_SET_NOT_FOUND_MESSAGE);
  return set;
}

/** A group set of one of the caller's courses: 6 when it does not exist, 5 when another teacher's. */
export async function ownGroupSet(
  ctx: AuthedContext,
  schoolId: number,
  rawId: string,
): Promise<{ set: WorkGroupSetRow; course: CourseRow }> {
  const set = await findGroupSet(ctx.db, schoolId, rawId);
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, set.courseId));
  if (!course || course.teacherUserId !== ctx.auth.userId)
    throw new ForbiddenError(NOT_COURSE_TEACHER_MESSAGE);
  return { set, course };
}

/**
 * A condition: the `students` row of the outer query is in a teaching class of
 * the course (or in one of `teachingClassIds` of it).
 */
export function inCourse(courseId: number, teachingClassIds?: readonly number[]): SQL {
  const only =
    teachingClassIds === undefined ? sql`` : sql` and ${inArray(teachingClasses.id, [...teachingClassIds])}`;
  return sql`exists (select 1 from ${teachingClasses} where ${teachingClasses.courseId} = ${courseId}${only} and ${studentInTeachingClass()})`;
}

export const studentBriefColumns = {
  studentId: students.id,
  userId: students.userId,
  studentNumber: students.studentNumber,
  studentName: students.name,
  classId: students.classId,
  className: classes.name,
  status: students.status,
};

/** Students among `ids` that are in the course (active ones only, or of any status), as briefs by id. */
export async function courseStudentsAmong(
  db: Db,
  courseId: number,
  ids: readonly number[],
  options: { activeOnly: boolean },
): Promise<Map<number, StudentBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(studentBriefColumns)
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        inArray(students.id, [...ids]),
        options.activeOnly ? eq(students.status, 'active') : undefined,
        inCourse(courseId),
      ),
    );
  return new Map(rows.map((row) => [row.studentId, studentBrief(row)]));
}

/**
 * The active students of a course, each with the first (lowest id) of the
 * course's teaching classes they are in, in student number order; only those
 * of `teachingClassIds` when given.
 */
export async function activeRoster(
  db: Db,
  courseId: number,
  teachingClassIds?: readonly number[],
): Promise<{ teachingClassId: number; student: StudentBrief }[]> {
  const rows = await db
    .selectDistinctOn([students.id], { ...studentBriefColumns, teachingClassId: teachingClasses.id })
    .from(teachingClasses)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, teachingClasses.schoolId),
        eq(students.status, 'active'),
        studentInTeachingClass(),
      ),
    )
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(teachingClasses.courseId, courseId),
        teachingClassIds === undefined ? undefined : inArray(teachingClasses.id, [...teachingClassIds]),
      ),
    )
    .orderBy(students.id, teachingClasses.id);
  return rows
    .sort((a, b) =>
      a.studentNumber === b.studentNumber
        ? a.studentId - b.studentId
        : a.studentNumber < b.studentNumber
          ? -1
          : 1,
    )
    .map((row) => ({ teachingClassId: row.teachingClassId, student: studentBrief(row) }));
}

const byName = new Intl.Collator('zh-Hans-CN', { numeric: true });

/**
 * The teams of group sets as the wire shows them, by set: in name order
 * (第 2 组 before 第 10 组), members leader first then by student number.
 */
export async function teamsOfSets(db: Db, setIds: readonly number[]): Promise<Map<number, WorkGroupTeam[]>> {
  const bySet = new Map<number, WorkGroupTeam[]>();
  if (setIds.length === 0) return bySet;
  const teams = await db
    .select()
    .from(workTeams)
    .where(inArray(workTeams.groupSetId, [...setIds]))
    .orderBy(asc(workTeams.id));
  const members = await membersOfTeams(
    db,
    teams.map((team) => team.id),
  );
  teams.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  for (const team of teams) {
    const list = bySet.get(team.groupSetId) ?? [];
    list.push({
      groupId: String(team.id),
      workGroupId: String(team.groupSetId),
      groupName: team.name,
      leaderStudentId: String(team.leaderStudentId),
      members: members.get(team.id) ?? [],
      createdAt: team.createdAt,
    });
    bySet.set(team.groupSetId, list);
  }
  return bySet;
}

/** One team as the wire shows it, or 6. */
export async function teamView(db: Db, teamId: number): Promise<WorkGroupTeam> {
  const [team] = await db.select().from(workTeams).where(eq(workTeams.id, teamId));
  if (!team) throw new NotFoundError(TEAM_NOT_FOUND_MESSAGE);
  const members = await membersOfTeams(db, [team.id]);
  return {
    groupId: String(team.id),
    workGroupId: String(team.groupSetId),
    groupName: team.name,
    leaderStudentId: String(team.leaderStudentId),
    members: members.get(team.id) ?? [],
    createdAt: team.createdAt,
  };
}

/**
 * The group sets among `setIds` that are locked: a published work using the
 * set has a saved or handed-in answer. Replacing the teams would take that
 * answer with the team's student work, so then the teams stay as they are.
 */
export async function lockedSets(db: Db, setIds: readonly number[]): Promise<Set<number>> {
  if (setIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ setId: courseWorks.groupSetId })
    .from(courseWorks)
    .where(
      and(
        inArray(courseWorks.groupSetId, [...setIds]),
        eq(courseWorks.publishStatus, 1),
        sql`exists (select 1 from ${studentWorks} where ${studentWorks.workId} = ${courseWorks.id} and ${studentWorks.savedAt} is not null)`,
      ),
    );
  return new Set(rows.flatMap((row) => (row.setId === null ? [] : [row.setId])));
}

/**
 * First statement of a transaction that changes a set's teams: locks the set
 * (one change of its teams at a time; `no key update` leaves the foreign-key
 * checks of course works and teams free), then the published group works using
 * it and their student works, so no answer is saved and no work withdrawn
 * while the teams change. Answers those works, read under the locks.
 */
export async function lockSetForChange(tx: Db, setId: number): Promise<CourseWorkRow[]> {
  await tx.execute(
    sql`select ${workGroupSets.id} from ${workGroupSets} where ${workGroupSets.id} = ${setId} for no key update`,
  );
  const using = await tx
    .select({ id: courseWorks.id })
    .from(courseWorks)
    .where(and(eq(courseWorks.groupSetId, setId), eq(courseWorks.groupMode, 1)));
  await lockRowsForUpdate(
    tx,
    courseWorks.id,
    using.map((row) => row.id),
  );
  const works =
    using.length === 0
      ? []
      : await tx
          .select()
          .from(courseWorks)
          .where(
            and(
              inArray(
                courseWorks.id,
                using.map((row) => row.id),
              ),
              eq(courseWorks.groupSetId, setId),
              eq(courseWorks.groupMode, 1),
              eq(courseWorks.publishStatus, 1),
            ),
          );
  if (works.length > 0) {
    const rows = await tx
      .select({ id: studentWorks.id })
      .from(studentWorks)
      .where(
        inArray(
          studentWorks.workId,
          works.map((work) => work.id),
        ),
      );
    await lockRowsForUpdate(
      tx,
      studentWorks.id,
      rows.map((row) => row.id),
    );
  }
  return works;
}

/** After a change of teams: each published work using the set gets one student work per team again. */
export async function syncWorksOfSet(tx: Db, works: readonly CourseWorkRow[], now: number): Promise<void> {
  for (const work of works) await syncStudentWorks(tx, work, now);
}

/**
 * After members left teams of the set: homework messages about a team's
 * student work go from the accounts no longer in that team (they cannot open it).
 */
export async function pruneTeamMessages(tx: Db, setId: number): Promise<void> {
  await tx
    .delete(workMessages)
    .where(
      and(
        inArray(
          workMessages.studentWorkId,
          tx
            .select({ id: studentWorks.id })
            .from(studentWorks)
            .innerJoin(workTeams, eq(workTeams.id, studentWorks.teamId))
            .where(eq(workTeams.groupSetId, setId)),
        ),
        sql`not exists (select 1 from ${studentWorks} inner join ${workTeamMembers} on ${workTeamMembers.teamId} = ${studentWorks.teamId} inner join ${students} on ${students.id} = ${workTeamMembers.studentId} where ${studentWorks.id} = ${workMessages.studentWorkId} and ${students.userId} = ${workMessages.userId})`,
      ),
    );
}
