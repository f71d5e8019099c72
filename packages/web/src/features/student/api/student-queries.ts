import {
  getCourseTeachingClass,
  getSchoolClass,
  getStudentList,
  getStudentListByCourseStatic,
  getStudentListByCourseV2,
  schoolMgrGetStudentList,
  type StudentCourseStaticQuery,
  type StudentCourseV2Query,
  type StudentListQuery,
  type StudentPage,
  type StudentStatus,
} from '@dfrm/sdk/tms';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { currentSchoolQuery } from '@/shared/session/school-info';

/** Every key of this feature starts here. */
export const STUDENT_KEY = QUERY_ROOTS.student;

/** The API's largest page: the long list arrives 200 rows at a time as the user scrolls. */
export const STUDENT_PAGE_SIZE = 200;

/** Teachers manage the students of their classes; a school manager the whole school. */
export type StudentScope = 'teacher' | 'schoolManager';

export type StudentSortField = NonNullable<StudentListQuery['sortField']>;

export interface StudentFilters {
  keyword?: string;
  collegeId?: string;
  majorId?: string;
  gradeId?: string;
  classId?: string;
  status?: StudentStatus;
}

export interface StudentSort {
  field: StudentSortField;
  order: 'asc' | 'desc';
}

export const DEFAULT_STUDENT_SORT: StudentSort = { field: 'studentNumber', order: 'asc' };

export function studentListBody(
  schoolId: string,
  filters: StudentFilters,
  sort: StudentSort,
  pageIndex: number,
): StudentListQuery {
  const body: StudentListQuery = {
    schoolId,
    pageIndex,
    pageSize: STUDENT_PAGE_SIZE,
    sortField: sort.field,
    sortOrder: sort.order,
  };
  for (const key of ['keyword', 'collegeId', 'majorId', 'gradeId', 'classId'] as const) {
    const value = filters[key];
    if (value) body[key] = value;
  }
  if (filters.status !== undefined) body.status = filters.status;
  return body;
}

export function fetchStudentPage(
  scope: StudentScope,
  body: StudentListQuery,
  signal?: AbortSignal,
): Promise<StudentPage> {
  const call = scope === 'schoolManager' ? schoolMgrGetStudentList : getStudentList;
  return call({ body, ...(signal ? { signal } : {}) });
}

/** The student list in pages of 200, sorted and filtered by the server. */
export const studentListQuery = (
  scope: StudentScope,
  schoolId: string,
  filters: StudentFilters,
  sort: StudentSort,
) =>
  infiniteQueryOptions({
    queryKey: [...STUDENT_KEY, 'list', scope, schoolId, filters, sort] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchStudentPage(scope, studentListBody(schoolId, filters, sort, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * STUDENT_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });

/**
 * The school's administrative classes, for the filters and the import target.
 * getSchoolClass is for teachers in the contract; a school manager's call is
 * refused, so the page asks quietly and goes without the class filters.
 */
export const studentClassesQuery = (schoolId: string, scope: StudentScope) =>
  queryOptions({
    queryKey: [...STUDENT_KEY, 'classes', schoolId, scope] as const,
    // a teacher manages the students of the classes they teach; a school manager the whole school's
    queryFn: ({ signal }) =>
      getSchoolClass({ body: scope === 'teacher' ? { schoolId, taught: true } : { schoolId }, signal }),
    staleTime: 5 * 60_000,
  });

/** 学生数据 tab: the course's students with their work and study figures. */
export const courseStudentDataQuery = (body: StudentCourseStaticQuery) =>
  queryOptions({
    queryKey: [...STUDENT_KEY, 'courseData', body] as const,
    queryFn: ({ signal }) => getStudentListByCourseStatic({ body, signal }),
    placeholderData: keepPreviousData,
  });

/** 学生名单 tab: the course's students with teaching class and online state. */
export const courseStudentListQuery = (body: StudentCourseV2Query) =>
  queryOptions({
    queryKey: [...STUDENT_KEY, 'courseList', body] as const,
    queryFn: ({ signal }) => getStudentListByCourseV2({ body, signal }),
    placeholderData: keepPreviousData,
  });

/** Loader of the management page: starts loading the first 200 rows and the class list. */
export async function ensureStudentManage(queryClient: QueryClient): Promise<void> {
  const current = await queryClient.ensureQueryData(currentSchoolQuery());
  const scope: StudentScope = current.type === 'schoolManager' ? 'schoolManager' : 'teacher';
  // Awaited, so the page renders once with its filters and first rows (in slices, as a first
  // screen or a navigation); arriving afterwards, each answer re-rendered the page's filters in
  // one task. Slower than the route's pending delay, the page's skeleton shows meanwhile.
  await Promise.all([
    queryClient.prefetchQuery(studentClassesQuery(current.schoolId, scope)),
    queryClient.prefetchInfiniteQuery(studentListQuery(scope, current.schoolId, {}, DEFAULT_STUDENT_SORT)),
  ]);
}

/**
 * Every row of the filtered, sorted list, for the export: pages of 200, four
 * at a time, reporting progress.
 */
export async function fetchAllStudents(
  scope: StudentScope,
  schoolId: string,
  filters: StudentFilters,
  sort: StudentSort,
  onProgress?: (loaded: number, total: number) => void,
): Promise<StudentPage['list']> {
  const first = await fetchStudentPage(scope, studentListBody(schoolId, filters, sort, 1));
  const pages = Math.ceil(first.total / STUDENT_PAGE_SIZE);
  const rest: StudentPage['list'][] = new Array(Math.max(pages - 1, 0));
  let loaded = first.list.length;
  onProgress?.(loaded, first.total);
  let next = 2;
  const worker = async () => {
    while (next <= pages) {
      const pageIndex = next;
      next += 1;
      const page = await fetchStudentPage(scope, studentListBody(schoolId, filters, sort, pageIndex));
      rest[pageIndex - 2] = page.list;
      loaded += page.list.length;
      onProgress?.(loaded, first.total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, Math.max(pages - 1, 0)) }, worker));
  return [...first.list, ...rest.flat()];
}

/** The course's teaching classes, for the class filter of the course student pages. */
export const courseTeachingClassesQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...STUDENT_KEY, 'courseClasses', schoolId, courseId] as const,
    queryFn: ({ signal }) => getCourseTeachingClass({ path: { schoolId, courseId }, signal }),
  });

export const COURSE_STUDENT_PAGE_SIZE = 20;

/** Loader of the 学生数据 and 学生名单 tabs. */
export async function ensureCourseStudents(
  queryClient: QueryClient,
  courseId: string,
  variant: 'data' | 'list',
): Promise<void> {
  const { schoolId } = await queryClient.ensureQueryData(currentSchoolQuery());
  const first = { schoolId, courseId, pageIndex: 1, pageSize: COURSE_STUDENT_PAGE_SIZE } as const;
  await Promise.all([
    queryClient.ensureQueryData(courseTeachingClassesQuery(schoolId, courseId)),
    variant === 'data'
      ? queryClient.ensureQueryData(
          courseStudentDataQuery({ ...first, sortField: 'studentNumber', sortOrder: 'asc' }),
        )
      : queryClient.ensureQueryData(
          courseStudentListQuery({ ...first, sortField: 'studentNumber', sortOrder: 'asc' }),
        ),
  ]);
}
