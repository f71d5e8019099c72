import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_AREA_ROLES } from '@/app/role-guard';

/** The teacher area opens on 教学班级; a school manager's only page here is 学生管理. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/')({
  beforeLoad: async ({ context }) => {
    const { role } = await requireSchoolRole(context.queryClient, TEACHER_AREA_ROLES);
    throw redirect({
      to:
        role === 'schoolManager'
          ? '/teaching-manage/teacher/student/manage'
          : '/teaching-manage/teacher/teaching-class',
      replace: true,
    });
  },
});
