import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { TeacherCoursewareListPage } from '@/features/courseware/pages/teacher-courseware-list-page';
import { CourseStatsSummary } from '@/features/homework/components/course-stats-summary';
import { TeacherWorkListPage } from '@/features/homework/pages/teacher-work-list-page';
import { WorkGroupsPage } from '@/features/homework/pages/work-groups-page';
import { TeacherNoticeListPage } from '@/features/notice/pages/teacher-notice-list-page';
import { CourseStudentsPage } from '@/features/student/pages/course-students-page';
import { ALL_CLASSES, type ClassTab } from '@/features/teaching-class/area';
import { ClassPage, type ComposedClassTab } from '@/features/teaching-class/pages/class-page';
import type { TeachingArea } from '@/shared/teaching-area';

export interface TeacherClassPageProps {
  area: TeachingArea;
  courseId: string;
  tab: ClassTab;
  onTabChange: (tab: ClassTab) => void;
  /** The detail routes' resourceId: one teaching class to open the student tabs on, or 'all'. */
  teachingClassId?: string;
}

/**
 * The class page with every tab filled: the teaching-class feature draws the
 * frame, and the students, notice, homework and courseware features their lists
 * of this one course, and the course's figures above 学习数据
 * (composed here, since features do not import each other).
 */
export function TeacherClassPage({
  area,
  courseId,
  tab,
  onTabChange,
  teachingClassId,
}: TeacherClassPageProps) {
  const initialClass = teachingClassId === ALL_CLASSES ? undefined : teachingClassId;
  const renderTab = (which: ComposedClassTab): ReactNode => {
    switch (which) {
      case 'students':
        return (
          <CourseStudentsPage
            key={courseId}
            courseId={courseId}
            variant="list"
            initialTeachingClassId={initialClass}
          />
        );
      case 'data':
        return (
          <Stack key={courseId} gap="lg">
            <CourseStatsSummary courseId={courseId} />
            <AfterFirstPaint fallback={<TablePageSkeleton />}>
              <CourseStudentsPage courseId={courseId} variant="data" initialTeachingClassId={initialClass} />
            </AfterFirstPaint>
          </Stack>
        );
      case 'notices':
        return <TeacherNoticeListPage key={courseId} area={area} courseId={courseId} embedded />;
      case 'homework':
        return <TeacherWorkListPage key={courseId} area={area} courseId={courseId} embedded />;
      case 'courseware':
        return <TeacherCoursewareListPage key={courseId} area={area} courseId={courseId} embedded />;
      case 'groups':
        return <WorkGroupsPage key={courseId} area={area} courseId={courseId} embedded />;
    }
  };
  return (
    <ClassPage area={area} courseId={courseId} tab={tab} onTabChange={onTabChange} renderTab={renderTab} />
  );
}
