import { Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { courseByIdQuery } from '@/features/teaching-class/api/course-queries';
import { CourseStatusBadge } from './course-status-badge';
import { useCurrentSchool } from './use-current-school';

/**
 * The class-detail tabs of the product spec, in its order. Some belong to
 * other features (notices, courseware, homework, tests): a tab shows once its
 * route exists in the app, so nothing points at a missing page.
 */
const TABS: readonly { path: string; label: string }[] = [
  { path: '/teaching-manage/teacher/student-data', label: '学生数据' },
  { path: '/teaching-manage/teacher/test/list', label: '测验' },
  { path: '/teaching-manage/teacher/notice/list', label: '通知' },
  { path: '/teaching-manage/teacher/home/work/grouping', label: '作业分组' },
  { path: '/teaching-manage/teacher/home/work', label: '作业' },
  { path: '/teaching-manage/teacher/student/manage', label: '学生管理' },
  { path: '/teaching-manage/teacher/courseware/list', label: '课件' },
  { path: '/teaching-manage/teacher/student/list', label: '学生名单' },
];

/** Course header and tabs around a class-detail page (?courseId=...). */
export function ClassDetailTabs({ courseId, children }: { courseId: string; children: ReactNode }) {
  const { schoolId } = useCurrentSchool();
  const course = useQuery(courseByIdQuery(schoolId, courseId));
  const router = useRouter();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const routes = router.routesByPath as unknown as Record<string, unknown>;
  const tabs = TABS.filter((tab) => tab.path in routes);

  return (
    <Stack gap="md">
      <Group gap="sm" mih={32}>
        {course.data ? (
          <>
            <Title order={1} fz="h3">
              {course.data.courseName}
            </Title>
            <CourseStatusBadge status={course.data.status} />
            <Text size="sm" c="dimmed">
              {course.data.startDate} 至 {course.data.endDate} · {course.data.teachingClasses.length} 个教学班
              · {course.data.studentNum} 名学生
            </Text>
          </>
        ) : course.isError ? (
          <Title order={1} fz="h3">
            班级详情
          </Title>
        ) : (
          <Skeleton height={28} width={320} radius="sm" />
        )}
      </Group>
      <Tabs
        value={pathname}
        onChange={(path) => {
          // Another feature's tab is typed as a plain path; the router checks it at run time.
          if (path) void navigate({ to: path as '/', search: { courseId } as never });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="班级详情">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  );
}
