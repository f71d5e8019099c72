import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { MyCourseV2Item } from '@dfrm/sdk/tms';
import {
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconBook2, IconClipboardList, IconFolder, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { MY_COURSE_PAGE_SIZE, myCoursePageQuery } from '@/features/my-course/api/my-course-queries';
import { COURSE_STATUS } from '@/features/my-course/course-status';
import type { TeachingArea } from '@/shared/teaching-area';
import classes from './my-course-page.module.css';
import { LoadError } from '@/components/feedback/load-error';
import { ListPagination } from '@/components/feedback/list-pagination';
import { PageHeader } from '@/components/page/page-header';

/** 我的课程: the courses of the student's teaching classes, each leading to its notices and courseware. */
export function MyCoursePage({ area }: { area: TeachingArea }) {
  const schoolId = useSchoolId();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState({ keyword, index: 1 });
  const pageIndex = page.keyword === keyword ? page.index : 1;
  const list = useQuery(myCoursePageQuery({ schoolId: schoolId, pageIndex, keyword: keyword || undefined }));

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <PageHeader
          title="我的课程"
          description="你所在教学班开设的课程。"
          actions={
            <TextInput
              aria-label="搜索课程"
              placeholder="搜索课程名或教师"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={260}
            />
          }
        />

        {list.isError ? (
          <LoadError title="课程加载失败" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <MyCourseGridSkeleton />
        ) : list.data.list.length === 0 ? (
          <Paper withBorder radius="lg" py={48}>
            <EmptyState
              icon={<IconBook2 size={28} aria-hidden />}
              variant="light"
              title={keyword ? '没有匹配的课程' : '还没有课程'}
              description={keyword ? '换个关键字试试。' : '老师把你所在的班级加入课程后，课程会显示在这里。'}
            />
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-label="课程列表" role="list">
            {list.data.list.map((course) => (
              <CourseCard key={course.courseId} course={course} area={area} />
            ))}
          </SimpleGrid>
        )}

        <ListPagination
          end
          total={list.data?.total ?? 0}
          pageSize={MY_COURSE_PAGE_SIZE}
          page={pageIndex}
          onChange={(index) => setPage({ keyword, index })}
        />
      </Stack>
    </Container>
  );
}

function CourseCard({ course, area }: { course: MyCourseV2Item; area: TeachingArea }) {
  const status = COURSE_STATUS[course.status];
  const teacher = course.teacher ? course.teacher.realName || course.teacher.userName : '';
  const search = { courseId: course.courseId };
  const coursewarePath =
    area === 'teaching-manage' ? '/teaching-manage/student/courseWare' : '/teaching/student/courseWare';
  const noticePath =
    area === 'teaching-manage' ? '/teaching-manage/student/notice' : '/teaching/student/notice';
  const workPath = area === 'teaching-manage' ? '/teaching-manage/student/work' : '/teaching/student/work';
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      role="listitem"
      aria-label={course.courseName}
      className={classes.card}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text
          fw={650}
          size="lg"
          truncate
          className={classes.title}
          renderRoot={(props) =>
            area === 'teaching-manage' ? (
              <Link {...props} to="/teaching-manage/student/class-detail" search={search} />
            ) : (
              <Link {...props} to="/teaching/student/notice" search={search} />
            )
          }
        >
          {course.courseName}
        </Text>
        <Badge variant="light" color={status.color} radius="sm">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4} truncate>
        {[teacher, course.teachingClass.className].filter(Boolean).join(' · ')}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {course.startDate} 至 {course.endDate}
      </Text>
      {course.description ? (
        <Text size="sm" mt="sm" lineClamp={2}>
          {course.description}
        </Text>
      ) : null}
      <Group gap="xs" mt="md">
        <Button
          renderRoot={(props) => <Link {...props} to={noticePath} search={search} />}
          size="xs"
          variant="light"
          leftSection={<IconBell size={14} aria-hidden />}
          rightSection={
            course.unViewAnnounceNum > 0 ? (
              <Badge size="xs" color="red" radius="xl" aria-label={`${course.unViewAnnounceNum} 条未读通知`}>
                {course.unViewAnnounceNum}
              </Badge>
            ) : null
          }
        >
          通知<VisuallyHidden>：{course.courseName}</VisuallyHidden>
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to={coursewarePath} search={search} />}
          size="xs"
          variant="light"
          color="gray"
          leftSection={<IconFolder size={14} aria-hidden />}
        >
          课件 {course.courseWareNum}
          <VisuallyHidden> 个：{course.courseName}</VisuallyHidden>
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to={workPath} search={search} />}
          size="xs"
          variant="light"
          color="gray"
          leftSection={<IconClipboardList size={14} aria-hidden />}
        >
          作业 {course.submittedWorkNum}/{course.workNum}
          <VisuallyHidden>：{course.courseName}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}

export function MyCourseGridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="正在加载">
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="lg" p="lg">
          <Skeleton height={20} width="60%" />
          <Skeleton height={12} width="40%" mt="sm" />
          <Skeleton height={12} width="50%" mt="xs" />
          <Skeleton height={28} width="70%" mt="lg" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
