import { createFileRoute, redirect } from '@tanstack/react-router';
import { courseIdSearch } from '@/lib/search-params';

/** The class-detail shell opens on its 学生数据 tab; without a course, on the course list. */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/class-detail')({
  validateSearch: courseIdSearch,
  beforeLoad: ({ search }) => {
    if (!search.courseId) throw redirect({ to: '/teaching-manage/teacher/teaching-class', replace: true });
    throw redirect({
      to: '/teaching-manage/teacher/student-data',
      search: { courseId: search.courseId },
      replace: true,
    });
  },
});
