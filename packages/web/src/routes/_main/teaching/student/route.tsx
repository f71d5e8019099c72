import type { SchoolRole } from '@dfrm/sdk/tms';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole } from '@/app/role-guard';

const STUDENT_ONLY: readonly SchoolRole[] = ['student'];

/** /teaching/student/...: students only; others get 无权访问 before any loader runs. */
export const Route = createFileRoute('/_main/teaching/student')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, STUDENT_ONLY),
  component: () => (
    <RoleGate allowed={STUDENT_ONLY}>
      <Outlet />
    </RoleGate>
  ),
});
