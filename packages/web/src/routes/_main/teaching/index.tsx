import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentSchoolQuery } from '@/shared/session/school-info';

/** /teaching sends each role to its own home in the old teaching area. */
export const Route = createFileRoute('/_main/teaching/')({
  beforeLoad: async ({ context }) => {
    const { type } = await context.queryClient.ensureQueryData(currentSchoolQuery());
    if (type === 'student') throw redirect({ to: '/teaching/student/mycourse', replace: true });
    if (type === 'teacher') throw redirect({ to: '/teaching/teacher', replace: true });
    if (type === 'schoolManager') throw redirect({ to: '/teaching/teacher/student/manage', replace: true });
    throw redirect({ to: '/course', replace: true });
  },
});
