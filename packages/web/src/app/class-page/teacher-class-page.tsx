import { lazy, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { courseStatisticsQuery } from '@/features/homework/api/stats-queries';
import { courseTeachingClassesQuery } from '@/features/student/api/student-queries';
import { prefetchClassPage } from '@/features/teaching-class/api/course-queries';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { TablePageSkeleton } from '@/components/data-table/table-page-skeleton';
import { ALL_CLASSES, type ClassTab } from '@/features/teaching-class/area';
import { ClassPage, type ComposedClassTab } from '@/features/teaching-class/pages/class-page';
import type { TeachingArea } from '@/shared/teaching-area';

/**
 * Each tab's page is fetched when its tab is first shown (or pointed at): opening a class on one
 * tab loaded the code of all six, some hundred files, which on a phone's connection held the page
 * back by seconds.
 */
const tabCode = {
  students: () => import('@/features/student/pages/course-students-page'),
  data: () =>
    Promise.all([
      import('@/features/homework/components/course-stats-summary'),
      import('@/features/student/pages/course-students-page'),
    ]),
  notices: () => import('@/features/notice/pages/teacher-notice-list-page'),
  homework: () => import('@/features/homework/pages/teacher-work-list-page'),
  quizzes: () => import('@/features/quiz/pages/teacher-quiz-list-page'),
  courseware: () => import('@/features/courseware/pages/teacher-courseware-list-page'),
  groups: () => import('@/features/homework/pages/work-groups-page'),
} satisfies Record<ComposedClassTab, () => Promise<unknown>>;

const CourseStudentsPage = lazy(() =>
  tabCode.students().then((module) => ({ default: module.CourseStudentsPage })),
);
const CourseStatsSummary = lazy(() =>
  tabCode.data().then(([module]) => ({ default: module.CourseStatsSummary })),
);
const TeacherNoticeListPage = lazy(() =>
  tabCode.notices().then((module) => ({ default: module.TeacherNoticeListPage })),
);
const TeacherWorkListPage = lazy(() =>
  tabCode.homework().then((module) => ({ default: module.TeacherWorkListPage })),
);
const TeacherQuizListPage = lazy(() =>
  tabCode.quizzes().then((module) => ({ default: module.TeacherQuizListPage })),
);
const TeacherCoursewareListPage = lazy(() =>
  tabCode.courseware().then((module) => ({ default: module.TeacherCoursewareListPage })),
);
const WorkGroupsPage = lazy(() => tabCode.groups().then((module) => ({ default: module.WorkGroupsPage })));

/** Fetch a tab's code ahead of its click (a tab pointed at or focused). */
function preloadTab(tab: ClassTab) {
  if (tab !== 'chapters') void tabCode[tab]();
}

/**
 * Loader of the routes that mount the class page: the course, and the data of the tab it opens
 * on, asked for at once rather than each once the part above it has been drawn (on a phone's
 * connection every such step is a round trip before the page is complete). The tab's code is
 * fetched alongside.
 */
export async function prefetchTeacherClassPage(
  queryClient: QueryClient,
  courseId: string | undefined,
  tab: ClassTab,
): Promise<void> {
  if (courseId && tab !== 'chapters') {
    preloadTab(tab);
    // quietly: a course that is not the teacher's is explained on the page, not in a toast
    const meta = { silentError: true };
    void queryClient.ensureQueryData(currentSchoolQuery()).then(({ schoolId }) => {
      if (tab === 'data') void queryClient.prefetchQuery({ ...courseStatisticsQuery(schoolId, courseId), meta });
      if (tab === 'data' || tab === 'students') {
        void queryClient.prefetchQuery({ ...courseTeachingClassesQuery(schoolId, courseId), meta });
      }
    });
  }
  await prefetchClassPage(queryClient, courseId);
}

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
 * frame, and the students, notice, homework, quiz and courseware features their lists
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
      case 'quizzes':
        return <TeacherQuizListPage key={courseId} courseId={courseId} embedded />;
      case 'courseware':
        return <TeacherCoursewareListPage key={courseId} area={area} courseId={courseId} embedded />;
      case 'groups':
        return <WorkGroupsPage key={courseId} area={area} courseId={courseId} embedded />;
    }
  };
  return (
    <ClassPage
      area={area}
      courseId={courseId}
      tab={tab}
      onTabChange={onTabChange}
      renderTab={renderTab}
      onTabIntent={preloadTab}
    />
  );
}
