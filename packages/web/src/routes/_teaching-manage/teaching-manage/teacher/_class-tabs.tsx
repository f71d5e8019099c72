import { createFileRoute, Outlet } from '@tanstack/react-router';
import { courseIdSearch } from '@/lib/search-params';

/**
 * Pathless group of the product spec's class-detail tabs that carry
 * ?courseId= (student-data, student/list, student/manage). The tabs that
 * belong to a course mount the class page themselves, header and all.
 */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs')({
  validateSearch: courseIdSearch,
  component: Outlet,
});
