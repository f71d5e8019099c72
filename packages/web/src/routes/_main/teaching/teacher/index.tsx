import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_AREA_ROLES } from '@/app/role-guard';

/** The old teacher home is the teaching list; a school manager's is student management. */
export const Route = createFileRoute('/_main/teaching/teacher/')({
  beforeLoad: async ({ context }) => {
    const { role } = await requireSchoolRole(context.queryClient, TEACHER_AREA_ROLES);
    throw redirect({
      to: role === 'schoolManager' ? '/teaching/teacher/student/manage' : '/teaching/teacher/teachingclass',
      replace: true,
    });
  },
});
