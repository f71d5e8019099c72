import { createFileRoute, redirect } from '@tanstack/react-router';

/** The student's part of the new teaching area starts at their courses. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/student/')({
  beforeLoad: () => {
    throw redirect({ to: '/teaching-manage/student/mycourse', replace: true });
  },
});
