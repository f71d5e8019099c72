import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole, TEACHER_AREA_ROLES } from '@/app/role-guard';

/** /teaching/teacher/...: teachers, and school managers for student management. */
export const Route = createFileRoute('/_main/teaching/teacher')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_AREA_ROLES),
  component: () => (
    <RoleGate allowed={TEACHER_AREA_ROLES}>
      <Outlet />
    </RoleGate>
  ),
});
