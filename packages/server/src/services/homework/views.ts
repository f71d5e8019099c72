import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CourseWorkBrief,
  CourseWorkDetail,
  StudentWorkBrief,
  WorkFinishCounts,
  WorkGroupMember,
} from '@dfrm/sdk/tms/types';
import type { Db } from '../../db/client';
import {
  type CourseWorkRow,
  courseWorkClasses,
  courseWorks,
  type StudentWorkRow,
  studentWorks,
  workGroupSets,
  workTeamMembers,
  workTeams,
} from '../../db/schema/homework';
import { classes, students } from '../../db/schema/school';
import { courses } from '../../db/schema/teaching';
import { NotFoundError } from '../../lib/errors';
import { studentBrief } from '../student/list-query';
import { inOrder, teachingClassBriefs, UNKNOWN_USER, userBriefs } from '../teaching-content/shared';
import { attachmentsOf } from './files';
import { lateDaysOf, scoreAfterPenalty } from './late-policy';

export const WORK_NOT_FOUND_MESSAGE = '作业不存在';
export const NOT_WORK_TEACHER_MESSAGE = '这不是您布置的作业';
export const STUDENT_WORK_NOT_FOUND_MESSAGE = '学生作业不存在';

export const workAttachmentUrl = (schoolId: number, workId: number) => (index: number) =>
  `/tms-server/courseWorkMgr/downloadWorkAttachment/${schoolId}/${workId}/${index}`;
export const studentWorkFileUrl = (schoolId: number, studentWorkId: number) => (index: number) =>
  `/tms-server/myWork/downloadStudentWorkFile/${schoolId}/${studentWorkId}/${index}`;

export function workBrief(work: CourseWorkRow, courseName: string): CourseWorkBrief {
  return {
    workId: String(work.id),
    schoolId: String(work.schoolId),
    courseId: String(work.courseId),
    courseName,
    title: work.title,
    type: work.type,
    groupMode: work.groupMode,
    publishStatus: work.publishStatus,
    scoreStatus: work.scoreStatus,
    startTime: work.startTime,
    endTime: work.endTime,
    totalScore: work.totalScore,
    publishedAt: work.publishedAt,
    createdAt: work.createdAt,
    updatedAt: work.updatedAt,
  };
}

/** The teaching classes of works, by work, in class id order. */
export async function classIdsOfWorks(db: Db, workIds: readonly number[]): Promise<Map<number, number[]>> {
  const byWork = new Map<number, number[]>();
  if (workIds.length === 0) return byWork;
  const rows = await db
    .select()
    .from(courseWorkClasses)
    .where(inArray(courseWorkClasses.workId, [...workIds]))
    .orderBy(asc(courseWorkClasses.teachingClassId));
  for (const row of rows) {
    const list = byWork.get(row.workId) ?? [];
    list.push(row.teachingClassId);
    byWork.set(row.workId, list);
  }
  return byWork;
}

/** What a work's edit can no longer change once a student has saved an answer (updateCourseWork refuses it). */
export const FIXED_ONCE_ANSWERED: CourseWorkDetail['fixedFields'] = [
  'courseId',
  'type',
  'groupMode',
  'workGroupId',
  'teachingClassIds',
  'totalScore',
];

export async function workDetail(db: Db, work: CourseWorkRow): Promise<CourseWorkDetail> {
  const [[course], classIds, teachers, groupSet, answered] = await Promise.all([
    db.select({ name: courses.name }).from(courses).where(eq(courses.id, work.courseId)),
    classIdsOfWorks(db, [work.id]),
    userBriefs(db, [work.teacherUserId]),
    work.groupSetId === null
      ? Promise.resolve([])
      : db
          .select({ name: workGroupSets.name })
          .from(workGroupSets)
          .where(eq(workGroupSets.id, work.groupSetId)),
    work.publishStatus === 1 ? hasHandIns(db, work.id) : Promise.resolve(false),
  ]);
  const ids = classIds.get(work.id) ?? [];
  const briefs = await teachingClassBriefs(db, ids);
  return {
    ...workBrief(work, course?.name ?? ''),
    content: work.content,
    teachingClasses: inOrder(briefs, ids),
    workGroupId: work.groupSetId === null ? null : String(work.groupSetId),
    workGroupName: groupSet[0]?.name ?? '',
    allowLate: work.allowLate,
    latePenaltyPerDay: work.latePenaltyPerDay,
    lateScoreFloor: work.lateScoreFloor,
    attachments: attachmentsOf(work.attachments, workAttachmentUrl(work.schoolId, work.id)),
    // workbench resources arrive with the workbench; until then a work names none
    resources: [],
    strategyRequirement: (work.strategyRequirement ?? null) as CourseWorkDetail['strategyRequirement'],
    teacher: teachers.get(work.teacherUserId) ?? UNKNOWN_USER,
    fixedFields: answered ? [...FIXED_ONCE_ANSWERED] : [],
  };
}

/** Finish counts of works, computed from their student works (final scores for the average). */
export async function finishCountsOf(
  db: Db,
  works: readonly CourseWorkRow[],
): Promise<Map<number, WorkFinishCounts>> {
  const counts = new Map<number, WorkFinishCounts>();
  for (const work of works) {
    counts.set(work.id, {
      studentWorkCount: 0,
      unsubmittedCount: 0,
      submittedCount: 0,
      correctedCount: 0,
      returnedCount: 0,
      lateCount: 0,
      averageScore: null,
    });
  }
  if (works.length === 0) return counts;
  const byId = new Map(works.map((work) => [work.id, work]));
  const rows = await db
    .select({
      workId: studentWorks.workId,
      status: studentWorks.status,
      submitTime: studentWorks.submitTime,
      score: studentWorks.score,
    })
    .from(studentWorks)
    .where(inArray(studentWorks.workId, [...byId.keys()]));
  const sums = new Map<number, number>();
  for (const row of rows) {
    const work = byId.get(row.workId);
    const count = counts.get(row.workId);
    if (!work || !count) continue;
    count.studentWorkCount++;
    if (row.status === 0) count.unsubmittedCount++;
    else if (row.status === 1) count.submittedCount++;
    else if (row.status === 2) count.correctedCount++;
    else count.returnedCount++;
    if (lateDaysOf(row.submitTime, work.endTime) > 0) count.lateCount++;
    if (row.status === 2) {
      const { score } = scoreAfterPenalty(row.score, row.submitTime, work);
      sums.set(row.workId, (sums.get(row.workId) ?? 0) + (score ?? 0));
    }
  }
  for (const [workId, count] of counts) {
    const sum = sums.get(workId);
    if (sum !== undefined && count.correctedCount > 0) {
      count.averageScore = Math.round((sum / count.correctedCount) * 10) / 10;
    }
  }
  return counts;
}

/** Members of teams, by team, leader first then by student number. */
export async function membersOfTeams(
  db: Db,
  teamIds: readonly number[],
): Promise<Map<number, WorkGroupMember[]>> {
  const byTeam = new Map<number, WorkGroupMember[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({
      memberId: workTeamMembers.id,
      teamId: workTeamMembers.teamId,
      studentId: students.id,
      userId: students.userId,
      studentName: students.name,
      studentNumber: students.studentNumber,
      className: classes.name,
      leaderStudentId: workTeams.leaderStudentId,
    })
    .from(workTeamMembers)
    .innerJoin(workTeams, eq(workTeams.id, workTeamMembers.teamId))
    .innerJoin(students, eq(students.id, workTeamMembers.studentId))
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(inArray(workTeamMembers.teamId, [...teamIds]))
    .orderBy(asc(students.studentNumber));
  for (const row of rows) {
    const list = byTeam.get(row.teamId) ?? [];
    const member: WorkGroupMember = {
      memberId: String(row.memberId),
      studentId: String(row.studentId),
      userId: String(row.userId ?? 0),
      studentName: row.studentName,
      studentNumber: row.studentNumber,
      className: row.className,
      isLeader: row.studentId === row.leaderStudentId,
    };
    if (member.isLeader) list.unshift(member);
    else list.push(member);
    byTeam.set(row.teamId, list);
  }
  return byTeam;
}

/** Student works with the student (or team leader) and team name, as the finish list shows them. */
export async function studentWorkBriefs(
  db: Db,
  work: CourseWorkRow,
  rows: readonly StudentWorkRow[],
): Promise<StudentWorkBrief[]> {
  if (rows.length === 0) return [];
  const studentIds = [...new Set(rows.map((row) => row.studentId))];
  const teamIds = [...new Set(rows.flatMap((row) => (row.teamId === null ? [] : [row.teamId])))];
  const [studentRows, teamRows] = await Promise.all([
    db
      .select({
        studentId: students.id,
        userId: students.userId,
        studentNumber: students.studentNumber,
        studentName: students.name,
        classId: students.classId,
        className: classes.name,
        status: students.status,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(inArray(students.id, studentIds)),
    teamIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: workTeams.id, name: workTeams.name })
          .from(workTeams)
          .where(inArray(workTeams.id, teamIds)),
  ]);
  const studentById = new Map(studentRows.map((row) => [row.studentId, studentBrief(row)]));
  const teamName = new Map(teamRows.map((row) => [row.id, row.name]));
  return rows.map((row) => studentWorkBrief(work, row, studentById.get(row.studentId), teamName));
}

function studentWorkBrief(
  work: CourseWorkRow,
  row: StudentWorkRow,
  student: StudentWorkBrief['student'] | undefined,
  teamName: Map<number, string>,
): StudentWorkBrief {
  const { score, lateDays, latePenalty } = scoreAfterPenalty(row.score, row.submitTime, work);
  return {
    studentWorkId: String(row.id),
    workId: String(row.workId),
    student: student ?? {
      studentId: String(row.studentId),
      userId: '0',
      studentNumber: '',
      studentName: '',
      classId: '0',
      className: '',
      status: 3,
    },
    groupId: row.teamId === null ? null : String(row.teamId),
    groupName: row.teamId === null ? '' : (teamName.get(row.teamId) ?? ''),
    status: row.status,
    isLate: lateDays > 0,
    savedAt: row.savedAt,
    submitTime: row.submitTime,
    score,
    rawScore: row.score,
    lateDays,
    latePenalty,
    correctedAt: row.correctedAt,
    autoGraded: row.autoGraded,
  };
}

/** A course work by id in a school, or 6. */
export async function findWork(db: Db, schoolId: number, workId: number): Promise<CourseWorkRow> {
  const [work] = await db
    .select()
    .from(courseWorks)
    .where(and(eq(courseWorks.id, workId), eq(courseWorks.schoolId, schoolId)))
    .limit(1);
  if (!work) throw new NotFoundError(WORK_NOT_FOUND_MESSAGE);
  return work;
}

/** Whether any student work of the work was saved or handed in (then its shape is fixed). */
export async function hasHandIns(db: Db, workId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(studentWorks)
    .where(and(eq(studentWorks.workId, workId), sql`${studentWorks.savedAt} is not null`))
    .limit(1);
  return row !== undefined;
}
