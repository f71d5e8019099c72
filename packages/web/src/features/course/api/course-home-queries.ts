import type { QueryClient } from '@tanstack/react-query';
import { currentSchoolQuery, ownUserGroupsQuery } from '../../../app/session/school-info';

/** Warms what /course reads: the current school, then its user groups. */
export async function ensureCourseHome(queryClient: QueryClient): Promise<void> {
  const current = await queryClient.ensureQueryData(currentSchoolQuery());
  await queryClient.ensureQueryData(ownUserGroupsQuery(current.schoolId));
}
