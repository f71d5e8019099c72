import {
  type CourseClassStudent,
  getCourseClassStudentV2,
  getCourseGroupMember,
  getCourseGroupV2,
  getCourseSummaryList,
  getSchoolCourseGroup,
  getStudentCurGroup,
  myWorkGetCourseStudentListV2,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { homeworkKeys } from './homework-keys';

export const GROUP_SETS_PAGE_SIZE = 20;
/** Classmates shown at once in the free-grouping picker; the search narrows the rest. */
export const CLASSMATES_PAGE_SIZE = 50;
const ROSTER_PAGE_SIZE = 200;

export interface SchoolGroupSetsParams {
  schoolId: string;
  pageIndex: number;
}

export interface ClassmatesParams {
  schoolId: string;
  workId: string;
  keyword: string;
}

/** Keys of work groups, below homeworkKeys.groups: the teacher's sets and the student's own team. */
export const groupKeys = {
  all: homeworkKeys.groups,
  courses: (schoolId: string) => [...homeworkKeys.groups, 'courses', schoolId] as const,
  courseSets: (schoolId: string, courseId: string) =>
    [...homeworkKeys.groups, 'course', schoolId, courseId] as const,
  schoolSets: (params: SchoolGroupSetsParams) => [...homeworkKeys.groups, 'school', params] as const,
  members: (schoolId: string, workGroupId: string) =>
    [...homeworkKeys.groups, 'members', schoolId, workGroupId] as const,
  roster: (schoolId: string, courseId: string) =>
    [...homeworkKeys.groups, 'roster', schoolId, courseId] as const,
  mine: (schoolId: string, workGroupId: string) =>
    [...homeworkKeys.groups, 'mine', schoolId, workGroupId] as const,
  classmates: (params: ClassmatesParams) => [...homeworkKeys.groups, 'classmates', params] as const,
};

/** The teacher's courses with their teaching classes: the course filter and the classes to group. */
export const groupCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: groupKeys.courses(schoolId),
    queryFn: ({ signal }) => getCourseSummaryList({ body: { schoolId }, signal }),
  });

/** A course's group sets with their teams, the works using them and whether they are locked. */
export const courseGroupSetsQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: groupKeys.courseSets(schoolId, courseId),
    queryFn: ({ signal }) => getCourseGroupV2({ path: { schoolId, courseId }, signal }),
  });

/** The sets of every course the teacher teaches, newest first (the page without a course chosen). */
export const schoolGroupSetsQuery = (params: SchoolGroupSetsParams) =>
  queryOptions({
    queryKey: groupKeys.schoolSets(params),
    queryFn: ({ signal }) =>
      getSchoolCourseGroup({
        path: { schoolId: params.schoolId },
        query: { pageIndex: params.pageIndex, pageSize: GROUP_SETS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A set's teams and the course's 在读 students in none of them. */
export const groupMembersQuery = (schoolId: string, workGroupId: string) =>
  queryOptions({
    queryKey: groupKeys.members(schoolId, workGroupId),
    queryFn: ({ signal }) => getCourseGroupMember({ path: { schoolId, workGroupId }, signal }),
  });

/**
 * The course's 在读 students, each once (a student in two teaching classes is
 * listed under the first): whom a new set's teams are made of.
 */
export const courseRosterQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: groupKeys.roster(schoolId, courseId),
    queryFn: async ({ signal }) => {
      const byId = new Map<string, CourseClassStudent>();
      for (let pageIndex = 1; ; pageIndex += 1) {
        const page = await getCourseClassStudentV2({
          body: { schoolId, courseId, status: 0, pageIndex, pageSize: ROSTER_PAGE_SIZE },
          signal,
        });
        for (const student of page.list)
          if (!byId.has(student.studentId)) byId.set(student.studentId, student);
        if (page.list.length < ROSTER_PAGE_SIZE || pageIndex * ROSTER_PAGE_SIZE >= page.total) break;
      }
      return [...byId.values()];
    },
  });

/** The student's team in a set (null while they have none), with the set's type and size limit. */
export const myCurGroupQuery = (schoolId: string, workGroupId: string) =>
  queryOptions({
    queryKey: groupKeys.mine(schoolId, workGroupId),
    queryFn: ({ signal }) => getStudentCurGroup({ path: { schoolId, workGroupId }, signal }),
  });

/** Classmates of the work's classes still without a team, by student number, matching the search. */
export const groupClassmatesQuery = (params: ClassmatesParams) =>
  queryOptions({
    queryKey: groupKeys.classmates(params),
    queryFn: ({ signal }) =>
      myWorkGetCourseStudentListV2({
        path: { schoolId: params.schoolId, workId: params.workId },
        query: {
          pageIndex: 1,
          pageSize: CLASSMATES_PAGE_SIZE,
          onlyUngrouped: true,
          ...(params.keyword ? { keyword: params.keyword } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
