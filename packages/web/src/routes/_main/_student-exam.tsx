import type { SchoolRole } from '@dfrm/sdk/tms';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole } from '@/app/role-guard';

const STUDENT_ONLY: readonly SchoolRole[] = ['student'];

/** The student's exam pages (/my/examination, /attention, /examination/{id}): students only. */
export const Route = createFileRoute('/_main/_student-exam')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, STUDENT_ONLY),
  component: () => (
    <RoleGate allowed={STUDENT_ONLY}>
      <Outlet />
    </RoleGate>
  ),
});
