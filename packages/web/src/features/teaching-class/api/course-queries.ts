import { ApiError, ErrCode } from '@dfrm/sdk';
import {
  type CourseListV2Query,
  getCourseListV2,
  getCourseSection,
  getCourseStaticTotal,
  getCourseSummaryList,
  getCourseTeachingClass,
  getSchoolClass,
  type CourseV2Item,
  type SchoolClassQuery,
} from '@dfrm/sdk/tms';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { currentSchoolQuery } from '@/shared/session/school-info';
import type { CourseListSearch } from './list-search';

/** Every key of this feature starts here, so one invalidation refreshes course data everywhere. */
export const COURSE_KEY = QUERY_ROOTS.course;

export const COURSE_PAGE_SIZE = 10;

export function courseListBody(schoolId: string, search: CourseListSearch): CourseListV2Query {
  return {
    schoolId,
    pageIndex: search.page ?? 1,
    pageSize: COURSE_PAGE_SIZE,
    ...(search.keyword ? { keyword: search.keyword } : {}),
    ...(search.status !== undefined ? { status: search.status } : {}),
    sortField: search.sortField ?? 'createdAt',
    sortOrder: search.sortOrder ?? (search.sortField ? 'asc' : 'desc'),
  };
}

/** One page of the teacher's courses with their teaching classes (v2: sorting and counts). */
export const courseListQuery = (body: CourseListV2Query) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'list', body] as const,
    queryFn: ({ signal }) => getCourseListV2({ body, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * One course by id. The contract has no "get course" operation, so this finds
 * the name in the course summary and then the full row by that name (unique
 * per teacher and school, the server enforces it).
 */
export const courseByIdQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'byId', schoolId, courseId] as const,
    queryFn: async ({ signal }): Promise<CourseV2Item> => {
      const summaries = await getCourseSummaryList({ body: { schoolId }, signal });
      const summary = summaries.find((course) => course.courseId === courseId);
      if (summary) {
        const page = await getCourseListV2({
          body: { schoolId, keyword: summary.courseName, pageIndex: 1, pageSize: 50 },
          signal,
        });
        const course = page.list.find((item) => item.courseId === courseId);
        if (course) return course;
      }
      throw new ApiError(ErrCode.notFound, '课程不存在或已被删除', 404);
    },
  });

/** All the teacher's courses, name and classes only: the chooser of a page opened without a course. */
export const courseSummaryQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'summary', schoolId] as const,
    queryFn: ({ signal }) => getCourseSummaryList({ body: { schoolId }, signal }),
  });

/**
 * The course of a class page. A course that is not the teacher's (or no
 * longer exists) is said on the page itself, so no error notification.
 */
export const classCourseQuery = (schoolId: string, courseId: string) =>
  queryOptions({ ...courseByIdQuery(schoolId, courseId), meta: { silentError: true } });

/** The school's administrative classes (≤ 1000), optionally narrowed by college/major/grade. */
export const schoolClassQuery = (query: SchoolClassQuery) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'schoolClass', query] as const,
    queryFn: ({ signal }) => getSchoolClass({ body: query, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

// The SDK's generated GET options key by URL; these use the feature's keys so
// one invalidation of COURSE_KEY refreshes them too.

export const teachingClassesQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'teachingClasses', schoolId, courseId] as const,
    queryFn: ({ signal }) => getCourseTeachingClass({ path: { schoolId, courseId }, signal }),
  });

export const sectionsQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'sections', schoolId, courseId] as const,
    queryFn: ({ signal }) => getCourseSection({ path: { schoolId, courseId }, signal }),
  });

export const courseTotalsQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...COURSE_KEY, 'totals', schoolId, courseId] as const,
    queryFn: ({ signal }) => getCourseStaticTotal({ path: { schoolId, courseId }, signal }),
  });

async function schoolIdOf(queryClient: QueryClient): Promise<string> {
  return (await queryClient.ensureQueryData(currentSchoolQuery())).schoolId;
}

/** Loader of the list page: warms the page the address asks for. */
export async function ensureCourseList(queryClient: QueryClient, search: CourseListSearch): Promise<void> {
  const schoolId = await schoolIdOf(queryClient);
  await queryClient.ensureQueryData(courseListQuery(courseListBody(schoolId, search)));
}

/** Loader of the pages about one course (tabs, detail, edit). */
export async function ensureCourse(queryClient: QueryClient, courseId: string): Promise<void> {
  const schoolId = await schoolIdOf(queryClient);
  await queryClient.ensureQueryData(courseByIdQuery(schoolId, courseId));
}

/**
 * Loader of the class page: warms the course without failing, since a course
 * that is unknown or someone else's is explained on the page, not thrown.
 */
export async function prefetchClassPage(
  queryClient: QueryClient,
  courseId: string | undefined,
): Promise<void> {
  const schoolId = await schoolIdOf(queryClient);
  // The header's figures are asked for with the course, not once it has been drawn; quietly,
  // since a course that is not the teacher's is explained on the page.
  if (courseId) {
    void queryClient.prefetchQuery({ ...courseTotalsQuery(schoolId, courseId), meta: { silentError: true } });
  }
  await (courseId
    ? queryClient.prefetchQuery(classCourseQuery(schoolId, courseId))
    : queryClient.prefetchQuery(courseSummaryQuery(schoolId)));
}

/** Loader of the add-class page: the class list (and the course when editing). */
export async function ensureAddClass(queryClient: QueryClient, courseId: string | undefined): Promise<void> {
  const schoolId = await schoolIdOf(queryClient);
  await Promise.all([
    queryClient.ensureQueryData(schoolClassQuery({ schoolId })),
    courseId ? queryClient.ensureQueryData(courseByIdQuery(schoolId, courseId)) : null,
    courseId ? queryClient.ensureQueryData(teachingClassesQuery(schoolId, courseId)) : null,
  ]);
}
