import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { currentSchoolQuery } from './school-info';

/**
 * The school the server has the user in. Loaders and pages read it from the
 * server (cached) rather than from the stored session, which at start may
 * still hold the defaults until the school lookup finishes.
 */
export async function ensureSchoolId(queryClient: QueryClient): Promise<string> {
  return (await queryClient.ensureQueryData(currentSchoolQuery())).schoolId;
}

/** ensureSchoolId for components; suspends only if no loader warmed it. */
export function useSchoolId(): string {
  return useSuspenseQuery(currentSchoolQuery()).data.schoolId;
}
