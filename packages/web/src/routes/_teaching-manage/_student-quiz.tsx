import type { SchoolRole } from '@dfrm/sdk/tms';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RoleGate } from '@/app/no-access';
import { requireSchoolRole } from '@/app/role-guard';

const STUDENT_ONLY: readonly SchoolRole[] = ['student'];

/**
 * Pathless layout of the student's top-level quiz pages in the teaching area's shell
 * (/start-test/{id}, /test-result-student/{paperId}, /test-result/{id}): students only, others
 * get 无权访问 before any loader runs.
 */
export const Route = createFileRoute('/_teaching-manage/_student-quiz')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, STUDENT_ONLY),
  component: () => (
    <RoleGate allowed={STUDENT_ONLY}>
      <Outlet />
    </RoleGate>
  ),
});
