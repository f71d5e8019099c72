import { lazy, Suspense } from 'react';
import { useSession } from '@/shared/session/session-context';
import { canSwitchRole } from '@/shared/session/session-store';

// Few users hold two roles; the control (SegmentedControl) loads only for them.
const RoleSwitchControl = lazy(() => import('./role-switch-control'));

/** 教师/学生 switch, only for a user holding both roles in the current school. */
export function RoleSwitch() {
  const { school } = useSession();
  if (!canSwitchRole(school)) return null;
  return (
    <Suspense fallback={null}>
      <RoleSwitchControl />
    </Suspense>
  );
}
