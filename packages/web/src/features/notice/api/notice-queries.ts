import {
  getAnnounce,
  getAnnounceVisibleList,
  getCourseList,
  getLastAnnounce,
  getStudentAnnounceList,
  getUnViewAnnounce,
  queryAnnounceList,
  viewAnnounce,
} from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const NOTICE_PAGE_SIZE = 10;

export interface TeacherNoticeListParams {
  schoolId: string;
  courseId?: string | undefined;
  pageIndex: number;
}

export interface StudentNoticeListParams {
  schoolId: string;
  courseId?: string | undefined;
  /** true read only, false unread only, undefined all. */
  viewed?: boolean | undefined;
  pageIndex: number;
}

/** Every key of the notice feature starts with its root; invalidate by prefix. */
export const noticeKeys = {
  all: QUERY_ROOTS.notice,
  teacher: [...QUERY_ROOTS.notice, 'teacher'] as const,
  teacherList: (params: TeacherNoticeListParams) =>
    [...QUERY_ROOTS.notice, 'teacher', 'list', params] as const,
  detail: (schoolId: string, announceId: string) =>
    [...QUERY_ROOTS.notice, 'teacher', 'detail', schoolId, announceId] as const,
  visible: (schoolId: string, announceId: string) =>
    [...QUERY_ROOTS.notice, 'teacher', 'visible', schoolId, announceId] as const,
  courses: (schoolId: string) => [...QUERY_ROOTS.notice, 'teacher', 'courses', schoolId] as const,
  student: [...QUERY_ROOTS.notice, 'student'] as const,
  studentList: (params: StudentNoticeListParams) =>
    [...QUERY_ROOTS.notice, 'student', 'list', params] as const,
  unread: (schoolId: string) => [...QUERY_ROOTS.notice, 'student', 'unread', schoolId] as const,
  latest: (schoolId: string) => [...QUERY_ROOTS.notice, 'student', 'latest', schoolId] as const,
  // Apart from 'student' so refreshing the lists after a read does not fetch the notice again.
  view: (schoolId: string, announceId: string) =>
    [...QUERY_ROOTS.notice, 'view', schoolId, announceId] as const,
};

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The teacher's notices (drafts included), one page, newest change first. */
export const teacherNoticeListQuery = (params: TeacherNoticeListParams) =>
  queryOptions({
    queryKey: noticeKeys.teacherList(params),
    queryFn: ({ signal }) =>
      queryAnnounceList({
        body: withoutUndefined({
          schoolId: params.schoolId,
          courseId: params.courseId,
          pageIndex: params.pageIndex,
          pageSize: NOTICE_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A notice with its content and visible classes, for the edit form. */
export const noticeDetailQuery = (schoolId: string, announceId: string) =>
  queryOptions({
    queryKey: noticeKeys.detail(schoolId, announceId),
    queryFn: ({ signal }) => getAnnounce({ path: { schoolId, announceId }, signal }),
  });

/** The course's teaching classes, which of them see the notice, and how many read it per class. */
export const noticeVisibleClassesQuery = (schoolId: string, announceId: string) =>
  queryOptions({
    queryKey: noticeKeys.visible(schoolId, announceId),
    queryFn: ({ signal }) => getAnnounceVisibleList({ path: { schoolId, announceId }, signal }),
  });

/** The teacher's courses with their teaching classes (a teacher has far fewer than 200). */
export const noticeCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: noticeKeys.courses(schoolId),
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });

/** Published notices visible to the student, with their read state and the unread total. */
export const studentNoticeListQuery = (params: StudentNoticeListParams) =>
  queryOptions({
    queryKey: noticeKeys.studentList(params),
    queryFn: ({ signal }) =>
      getStudentAnnounceList({
        body: withoutUndefined({
          schoolId: params.schoolId,
          courseId: params.courseId,
          viewed: params.viewed,
          pageIndex: params.pageIndex,
          pageSize: NOTICE_PAGE_SIZE,
        }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** How many visible notices the student has not opened. */
export const unreadNoticeCountQuery = (schoolId: string) =>
  queryOptions({
    queryKey: noticeKeys.unread(schoolId),
    queryFn: async ({ signal }) => (await getUnViewAnnounce({ path: { schoolId }, signal })).unViewNum,
  });

/**
 * Opens a notice as the student: the server returns its content and marks it
 * read, so the caller refreshes the lists and the unread count afterwards.
 */
export const viewNoticeQuery = (schoolId: string, announceId: string) =>
  queryOptions({
    queryKey: noticeKeys.view(schoolId, announceId),
    queryFn: ({ signal }) => viewAnnounce({ path: { schoolId, announceId }, signal }),
    staleTime: Infinity,
  });

/** The student's newest visible notice (null when none); reading it is left to viewAnnounce. */
export const latestNoticeQuery = (schoolId: string) =>
  queryOptions({
    queryKey: noticeKeys.latest(schoolId),
    queryFn: ({ signal }) => getLastAnnounce({ path: { schoolId }, signal }),
  });
