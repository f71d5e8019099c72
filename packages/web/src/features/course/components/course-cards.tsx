import '@mantine/core/styles/Badge.layer.css';
import type { CourseItem, CourseStatus, MyCourseItem } from '@dfrm/sdk/tms';
import { Anchor, Badge, Card, EmptyState, Group, SimpleGrid, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { studentHomeCoursesQuery, teacherHomeCoursesQuery } from '@/features/course/api/course-home-queries';
import classes from './course-cards.module.css';

const STATUS: Record<CourseStatus, { label: string; color: string }> = {
  0: { label: '未开始', color: 'gray' },
  1: { label: '进行中', color: 'teal' },
  2: { label: '已结束', color: 'orange' },
};

const TEACHER_DETAIL = '/teaching-manage/teacher/class-detail';
const STUDENT_DETAIL = '/teaching-manage/student/class-detail';

interface CardData {
  courseId: string;
  courseName: string;
  status: CourseStatus;
  dates: string;
  lines: string[];
  facts: string[];
}

/** One course; the whole card links to its class detail when that page exists. */
function CourseCard({ course, to }: { course: CardData; to: string | null }) {
  const title = (
    <Text fw={650} size="md" lineClamp={1}>
      {course.courseName}
    </Text>
  );
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      component="article"
      aria-label={course.courseName}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {to ? (
          <Anchor
            underline="never"
            c="inherit"
            className={classes.link}
            renderRoot={(props) => (
              <Link {...props} to={to as '/'} search={{ courseId: course.courseId } as never} />
            )}
          >
            {title}
          </Anchor>
        ) : (
          title
        )}
        <Badge
          variant="light"
          size="sm"
          radius="sm"
          color={STATUS[course.status].color}
          style={{ flex: 'none' }}
        >
          {STATUS[course.status].label}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {course.dates}
      </Text>
      {course.lines.map((line) => (
        <Text key={line} size="sm" mt="xs" lineClamp={1}>
          {line}
        </Text>
      ))}
      <Group gap="md" mt="sm">
        {course.facts.map((fact) => (
          <Text key={fact} size="xs" c="dimmed">
            {fact}
          </Text>
        ))}
      </Group>
    </Card>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

function NoCourses({ description }: { description: string }) {
  return (
    <EmptyState
      icon={<IconBook2 size={28} aria-hidden />}
      variant="light"
      title="还没有课程"
      description={description}
      py="xl"
    />
  );
}

/** Links only to routes the app has, so a card never leads to a missing page. */
function useExisting(path: string): string | null {
  const router = useRouter();
  return path in (router.routesByPath as unknown as Record<string, unknown>) ? path : null;
}

const teaching = (course: CourseItem): CardData => ({
  courseId: course.courseId,
  courseName: course.courseName,
  status: course.status,
  dates: `${course.startDate} 至 ${course.endDate}`,
  lines: [course.teachingClasses.map((tc) => tc.className).join('、') || '还没有教学班'],
  facts: [
    `${course.studentNum} 名学生`,
    `${course.teachingClasses.length} 个教学班`,
    `${course.sectionNum} 个章节`,
  ],
});

/** A teacher's courses (a school manager's: the school's), newest first. */
export function TeachingCourseCards({ schoolId, linked }: { schoolId: string; linked: boolean }) {
  const { data } = useSuspenseQuery(teacherHomeCoursesQuery(schoolId));
  const detail = useExisting(TEACHER_DETAIL);
  const list = useExisting('/teaching-manage/teacher/teaching-class');
  if (data.list.length === 0)
    return <NoCourses description="新建课程并选择行政班后，你任教的课程会显示在这里。" />;
  return (
    <>
      <Grid>
        {data.list.map((course) => (
          <CourseCard key={course.courseId} course={teaching(course)} to={linked ? detail : null} />
        ))}
      </Grid>
      {linked && list && data.total > data.list.length ? (
        <Anchor
          renderRoot={(props) => <Link {...props} to={list as '/'} />}
          size="sm"
          mt="md"
          display="block"
        >
          查看全部 {data.total} 门课程
        </Anchor>
      ) : null}
    </>
  );
}

const learning = (course: MyCourseItem): CardData => ({
  courseId: course.courseId,
  courseName: course.courseName,
  status: course.status,
  dates: `${course.startDate} 至 ${course.endDate}`,
  lines: [
    `${course.teacher?.realName || course.teacher?.userName || '任课教师'} · ${course.teachingClass.className}`,
  ],
  facts: [
    `${course.sectionNum} 个章节`,
    ...(course.unCommitWorkNum > 0 ? [`${course.unCommitWorkNum} 份作业待交`] : []),
    ...(course.unViewAnnounceNum > 0 ? [`${course.unViewAnnounceNum} 条未读通知`] : []),
  ],
});

/** A student's courses: ongoing first, as the server orders them. */
export function LearningCourseCards({ schoolId }: { schoolId: string }) {
  const { data } = useSuspenseQuery(studentHomeCoursesQuery(schoolId));
  const detail = useExisting(STUDENT_DETAIL);
  if (data.length === 0) return <NoCourses description="老师把你所在的班级加入课程后，课程会显示在这里。" />;
  return (
    <Grid>
      {data.map((course) => (
        <CourseCard key={course.courseId} course={learning(course)} to={detail} />
      ))}
    </Grid>
  );
}
