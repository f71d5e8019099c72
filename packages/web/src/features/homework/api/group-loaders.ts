import type { QueryClient } from '@tanstack/react-query';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import {
  courseGroupSetsQuery,
  courseRosterQuery,
  groupCoursesQuery,
  groupMembersQuery,
  schoolGroupSetsQuery,
} from './group-queries';

// The route loaders of both teaching areas. The course list is awaited (the course filter and
// the editor's course come from it); the rest is only started, so an unknown course or set
// reaches the page, which says so, instead of the route's error.

/** 作业分组: the teacher's courses, then the chosen course's sets or every course's. */
export async function loadWorkGroups(queryClient: QueryClient, courseId: string | undefined): Promise<void> {
  const schoolId = await ensureSchoolId(queryClient);
  void (courseId
    ? queryClient.prefetchQuery(courseGroupSetsQuery(schoolId, courseId))
    : queryClient.prefetchQuery(schoolGroupSetsQuery({ schoolId, pageIndex: 1 })));
  await queryClient.ensureQueryData(groupCoursesQuery(schoolId));
}

/** 新建分组 / 编辑分组: the courses, the set and its members when editing, the course's students when new. */
export async function loadGroupSetEdit(
  queryClient: QueryClient,
  courseId: string,
  workGroupId: string | undefined,
): Promise<void> {
  const schoolId = await ensureSchoolId(queryClient);
  if (workGroupId) {
    void queryClient.prefetchQuery(courseGroupSetsQuery(schoolId, courseId));
    void queryClient.prefetchQuery(groupMembersQuery(schoolId, workGroupId));
  } else {
    void queryClient.prefetchQuery(courseRosterQuery(schoolId, courseId));
  }
  await queryClient.ensureQueryData(groupCoursesQuery(schoolId));
}
