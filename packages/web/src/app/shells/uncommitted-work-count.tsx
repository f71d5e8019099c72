import { lazy, Suspense } from 'react';
import { useSession } from '@/shared/session/session-context';

// The count (a query and a Badge) loads in its own small chunk, and only for students.
const UncommittedWorkBadge = lazy(() => import('@/features/homework/components/uncommitted-work-badge'));

/** The student's works still to hand in, for a navigation entry; nothing for other roles. */
export function UncommittedWorkCount() {
  const { school } = useSession();
  if (school.type !== 'student') return null;
  return (
    <Suspense fallback={null}>
      <UncommittedWorkBadge schoolId={school.schoolId} />
    </Suspense>
  );
}
