import {
  getCourseList,
  getCourseWareAttachmentList,
  getCourseWareList,
  getCourseWareShareList,
  getStudentWareList,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const COURSEWARE_PAGE_SIZE = 10;

export type CoursewareSortField = 'updatedAt' | 'courseWareName' | 'totalSize';

export interface TeacherCoursewareListParams {
  schoolId: string;
  courseId?: string | undefined;
  pageIndex: number;
  sortField?: CoursewareSortField | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export interface StudentCoursewareListParams {
  schoolId: string;
  courseId?: string | undefined;
  pageIndex: number;
}

/** Every key of the courseware feature starts with its root; invalidate by prefix. */
export const coursewareKeys = {
  all: QUERY_ROOTS.courseware,
  teacherList: (params: TeacherCoursewareListParams) =>
    [...QUERY_ROOTS.courseware, 'teacher', 'list', params] as const,
  shares: (schoolId: string, courseWareId: string) =>
    [...QUERY_ROOTS.courseware, 'teacher', 'shares', schoolId, courseWareId] as const,
  attachments: (schoolId: string, courseWareId: string) =>
    [...QUERY_ROOTS.courseware, 'attachments', schoolId, courseWareId] as const,
  courses: (schoolId: string) => [...QUERY_ROOTS.courseware, 'teacher', 'courses', schoolId] as const,
  studentList: (params: StudentCoursewareListParams) =>
    [...QUERY_ROOTS.courseware, 'student', 'list', params] as const,
  preview: (courseWareId: string, fileId: string) =>
    [...QUERY_ROOTS.courseware, 'preview', courseWareId, fileId] as const,
};

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The teacher's courseware, one page, sorted on the server. */
export const teacherCoursewareListQuery = (params: TeacherCoursewareListParams) =>
  queryOptions({
    queryKey: coursewareKeys.teacherList(params),
    queryFn: ({ signal }) =>
      getCourseWareList({
        body: withoutUndefined({ ...params, pageSize: COURSEWARE_PAGE_SIZE }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** All of the teacher's teaching classes, each marked shared or not for this courseware. */
export const coursewareSharesQuery = (schoolId: string, courseWareId: string) =>
  queryOptions({
    queryKey: coursewareKeys.shares(schoolId, courseWareId),
    queryFn: ({ signal }) => getCourseWareShareList({ path: { schoolId, courseWareId }, signal }),
  });

export const coursewareAttachmentsQuery = (schoolId: string, courseWareId: string) =>
  queryOptions({
    queryKey: coursewareKeys.attachments(schoolId, courseWareId),
    queryFn: ({ signal }) => getCourseWareAttachmentList({ path: { schoolId, courseWareId }, signal }),
  });

/** The teacher's courses, to file new courseware under (a teacher has far fewer than 200). */
export const coursewareCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: coursewareKeys.courses(schoolId),
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });

/** Courseware shared with the student's teaching classes, newest share first, with attachments. */
export const studentCoursewareListQuery = (params: StudentCoursewareListParams) =>
  queryOptions({
    queryKey: coursewareKeys.studentList(params),
    queryFn: ({ signal }) =>
      getStudentWareList({
        body: withoutUndefined({ ...params, pageSize: COURSEWARE_PAGE_SIZE }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
