import { lazy, Suspense } from 'react';
import { useSession } from '@/shared/session/session-context';

// The count (a query and a Badge) loads in its own small chunk, and only for students.
const UnreadNoticeBadge = lazy(() => import('@/features/notice/components/unread-notice-badge'));

/** The student's unread notice count for a navigation entry; nothing for other roles. */
export function UnreadNoticeCount() {
  const { school } = useSession();
  if (school.type !== 'student') return null;
  return (
    <Suspense fallback={null}>
      <UnreadNoticeBadge schoolId={school.schoolId} />
    </Suspense>
  );
}
