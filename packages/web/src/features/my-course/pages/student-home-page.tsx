import '@mantine/core/styles/Badge.layer.css';
import {
  Badge,
  Button,
  Container,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { useSession } from '@/shared/session/session-context';
import { displayName } from '@/shared/session/session-store';
import { myCoursesQuery } from '@/features/my-course/api/my-course-queries';
import { COURSE_STATUS } from '@/features/my-course/course-status';

const SHOWN = 4;

/**
 * 学习中心 (/teaching/student): the student's current courses and, beside
 * them, what the route adds (the newest notice); above them, the figures the route adds.
 */
export function StudentHomePage({ aside, figures }: { aside?: ReactNode; figures?: ReactNode }) {
  const { user } = useSession();
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(myCoursesQuery(schoolId));
  const unread = courses.reduce((sum, course) => sum + course.unViewAnnounceNum, 0);
  const wares = courses.reduce((sum, course) => sum + course.courseWareNum, 0);

  return (
    <Container size="xl" py="md">
      <Stack gap="xl">
        <div>
          <Title order={1} fz="h2">
            学习中心
          </Title>
          <Text c="dimmed" mt={4}>
            {displayName(user)}，你有 {courses.length} 门课程
            {unread > 0 ? `，${unread} 条未读通知` : ''}
            {wares > 0 ? `，${wares} 个课件` : ''}。
          </Text>
        </div>
        {figures}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Paper
            withBorder
            radius="lg"
            p="lg"
            component="section"
            aria-label="我的课程"
            style={{ gridColumn: 'span 2' }}
          >
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4">
                我的课程
              </Title>
              <Group gap="xs">
                <Button component={Link} to="/teaching/student/courseWare" variant="subtle" size="compact-sm">
                  课程课件
                </Button>
                <Button component={Link} to="/teaching/student/mycourse" variant="subtle" size="compact-sm">
                  全部课程
                </Button>
              </Group>
            </Group>
            {courses.length === 0 ? (
              <EmptyState
                icon={<IconBook2 size={28} aria-hidden />}
                variant="light"
                title="还没有课程"
                description="老师把你所在的班级加入课程后，课程会显示在这里。"
              />
            ) : (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {courses.slice(0, SHOWN).map((course) => (
                  <Group
                    key={course.courseId}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    py={8}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <div style={{ minWidth: 0 }}>
                      <Text
                        fw={600}
                        truncate
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/teaching/student/notice"
                            search={{ courseId: course.courseId }}
                          />
                        )}
                        c="inherit"
                        td="none"
                      >
                        {course.courseName}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {course.teachingClass.className} · {course.startDate} 至 {course.endDate}
                      </Text>
                    </div>
                    <Group gap={6} wrap="nowrap">
                      {course.unViewAnnounceNum > 0 ? (
                        <Badge color="red" radius="sm" size="sm">
                          未读 {course.unViewAnnounceNum}
                        </Badge>
                      ) : null}
                      <Badge variant="light" color={COURSE_STATUS[course.status].color} radius="sm" size="sm">
                        {COURSE_STATUS[course.status].label}
                      </Badge>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
          {aside}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
