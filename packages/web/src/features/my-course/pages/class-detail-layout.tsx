import '@mantine/core/styles/Badge.layer.css';
import { Alert, Anchor, Badge, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBell,
  IconChartBar,
  IconClipboardList,
  IconFolder,
  IconListCheck,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { myCoursesQuery } from '@/features/my-course/api/my-course-queries';
import { COURSE_STATUS } from '@/features/my-course/course-status';

// The product spec's order of the student's class tabs (work, test/list, learning, notice, courseWare).
const TABS = [
  { value: 'work', to: '/teaching-manage/student/work', label: '课程作业', icon: IconClipboardList },
  { value: 'test/list', to: '/teaching-manage/student/test/list', label: '课程测验', icon: IconListCheck },
  { value: 'learning', to: '/teaching-manage/student/learning', label: '学习情况', icon: IconChartBar },
  { value: 'notice', to: '/teaching-manage/student/notice', label: '课程通知', icon: IconBell },
  { value: 'courseWare', to: '/teaching-manage/student/courseWare', label: '课程课件', icon: IconFolder },
] as const;

/**
 * The student's class detail in the new teaching area: the course named at
 * the top, then its tabs (homework, quizzes, learning, notices, courseware) around the tab's page.
 */
export function ClassDetailLayout({
  courseId,
  children,
}: {
  courseId?: string | undefined;
  children: ReactNode;
}) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(myCoursesQuery(schoolId));
  const pathname = useLocation({ select: (location) => location.pathname });
  // a quiz's detail (test/detail) is part of the 测验 tab
  const active = pathname.includes('/student/test/')
    ? 'test/list'
    : (TABS.find((tab) => pathname.endsWith(`/${tab.value}`))?.value ?? 'notice');
  const course = courseId ? courses.find((item) => item.courseId === courseId) : undefined;
  const search = courseId ? { courseId } : {};

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/teaching-manage/student/mycourse" size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              我的课程
            </Group>
          </Anchor>
          {courseId && !course ? (
            <Alert color="yellow" mt="sm" title="找不到这门课程">
              这门课程不存在，或你不在它的教学班中。
            </Alert>
          ) : (
            <Paper withBorder radius="lg" p="lg" mt="sm">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={1} fz="h2">
                    {course ? course.courseName : '全部课程'}
                  </Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    {course
                      ? [
                          course.teacher ? course.teacher.realName || course.teacher.userName : '',
                          course.teachingClass.className,
                          `${course.startDate} 至 ${course.endDate}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')
                      : '你所有课程的作业、测验、学习情况、通知和课件'}
                  </Text>
                </div>
                {course ? (
                  <Badge variant="light" color={COURSE_STATUS[course.status].color} radius="sm">
                    {COURSE_STATUS[course.status].label}
                  </Badge>
                ) : null}
              </Group>
            </Paper>
          )}
        </div>

        <Tabs value={active} keepMounted={false}>
          <Tabs.List aria-label="课程内容">
            {TABS.map((tab) => {
              const count = !course
                ? undefined
                : tab.value === 'notice'
                  ? course.unViewAnnounceNum
                  : tab.value === 'work'
                    ? course.unCommitWorkNum
                    : tab.value === 'courseWare'
                      ? course.courseWareNum
                      : undefined;
              const urgent = tab.value !== 'courseWare';
              return (
                <Tabs.Tab
                  key={tab.value}
                  value={tab.value}
                  leftSection={<tab.icon size={16} aria-hidden />}
                  rightSection={
                    count ? (
                      <Badge
                        size="xs"
                        radius="xl"
                        color={urgent ? 'red' : 'gray'}
                        variant={urgent ? 'filled' : 'light'}
                      >
                        {count}
                      </Badge>
                    ) : null
                  }
                  renderRoot={(props) => <Link {...props} to={tab.to} search={search} />}
                >
                  {tab.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
        {children}
      </Stack>
    </Container>
  );
}
