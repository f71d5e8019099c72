import { createFileRoute } from '@tanstack/react-router';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ensureStudentManage } from '@/features/student/api/student-queries';
import { StudentManagePage } from '@/features/student/pages/student-manage-page';

/** 学生管理 (teachers: their classes' students; school managers: the school's). */
export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/_class-tabs/student/manage')({
  loader: ({ context }) => ensureStudentManage(context.queryClient),
  pendingComponent: TablePageSkeleton,
  component: StudentManagePage,
});
