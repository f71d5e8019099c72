import { getStudentCourseList, getStudentCourseListV2 } from '@dfrm/sdk/tms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const MY_COURSE_PAGE_SIZE = 12;

export interface MyCourseListParams {
  schoolId: string;
  pageIndex: number;
  keyword?: string | undefined;
}

/** Every key of the my-course feature starts with its root; invalidate by prefix. */
export const myCourseKeys = {
  all: QUERY_ROOTS.myCourse,
  page: (params: MyCourseListParams) => [...QUERY_ROOTS.myCourse, 'page', params] as const,
  every: (schoolId: string) => [...QUERY_ROOTS.myCourse, 'every', schoolId] as const,
};

/** 我的课程 (v2): one page of the student's courses with progress, searchable by course or teacher. */
export const myCoursePageQuery = (params: MyCourseListParams) =>
  queryOptions({
    queryKey: myCourseKeys.page(params),
    queryFn: ({ signal }) =>
      getStudentCourseListV2({
        body: {
          schoolId: params.schoolId,
          pageIndex: params.pageIndex,
          pageSize: MY_COURSE_PAGE_SIZE,
          ...(params.keyword ? { keyword: params.keyword } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** All the student's courses (v1, at most 200): the class-detail header finds its course here. */
export const myCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: myCourseKeys.every(schoolId),
    queryFn: ({ signal }) => getStudentCourseList({ body: { schoolId }, signal }),
  });
