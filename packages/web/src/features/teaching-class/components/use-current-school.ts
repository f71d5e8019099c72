import { useSuspenseQuery } from '@tanstack/react-query';
import { currentSchoolQuery } from '@/shared/session/school-info';

/** The school and role the server has for this user; route loaders have already fetched it. */
export function useCurrentSchool() {
  return useSuspenseQuery(currentSchoolQuery()).data;
}
