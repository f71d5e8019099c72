import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_AREA_ROLES } from '@/app/role-guard';

/**
 * /teaching-manage/teacher/...: teachers, and school managers for student
 * management. A student (or anyone else) gets 无权访问 before any loader asks
 * the server for teacher data.
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_AREA_ROLES),
  component: () => (
    <RoleGate allowed={TEACHER_AREA_ROLES}>
      <Outlet />
    </RoleGate>
  ),
});
