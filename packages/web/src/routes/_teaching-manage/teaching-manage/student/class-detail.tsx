import { createFileRoute, redirect } from '@tanstack/react-router';
import { courseIdSearch } from '@/lib/search-params';

/**
 * The class detail frame opens on its notice tab (the other tabs of the
 * product spec, homework, quizzes and learning, arrive with their features).
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/class-detail')({
  validateSearch: courseIdSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/teaching-manage/student/notice', search, replace: true });
  },
});
