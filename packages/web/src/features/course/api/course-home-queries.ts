import { getCourseList, getStudentCourseList, type SchoolRole } from '@dfrm/sdk/tms';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { currentSchoolQuery, ownUserGroupsQuery } from '@/shared/session/school-info';

/** Courses shown on the home page; the full list is one click away. */
export const HOME_COURSE_COUNT = 12;

/** A teacher's (or school manager's) newest courses: under the course root, so course changes refresh them. */
export const teacherHomeCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.course, 'home', schoolId] as const,
    queryFn: ({ signal }) =>
      getCourseList({ body: { schoolId, pageIndex: 1, pageSize: HOME_COURSE_COUNT }, signal }),
  });

/** A student's courses (at most 200), shared with the student pages' cache. */
export const studentHomeCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.myCourse, 'every', schoolId] as const,
    queryFn: ({ signal }) => getStudentCourseList({ body: { schoolId }, signal }),
  });

/** Whose courses the home page lists for this role, if any. */
export function homeCourseKind(role: SchoolRole | null, schoolId: string): 'teaching' | 'learning' | null {
  if (schoolId === '0' || !role) return null;
  return role === 'student' ? 'learning' : 'teaching';
}

/** Warms what /course reads: the current school, its user groups and the user's courses. */
export async function ensureCourseHome(queryClient: QueryClient): Promise<void> {
  const current = await queryClient.ensureQueryData(currentSchoolQuery());
  const kind = homeCourseKind(current.type, current.schoolId);
  await Promise.all([
    queryClient.ensureQueryData(ownUserGroupsQuery(current.schoolId)),
    kind === 'teaching' ? queryClient.ensureQueryData(teacherHomeCoursesQuery(current.schoolId)) : null,
    kind === 'learning' ? queryClient.ensureQueryData(studentHomeCoursesQuery(current.schoolId)) : null,
  ]);
}
