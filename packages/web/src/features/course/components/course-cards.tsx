import '@mantine/core/styles/Badge.layer.css';
import type {
  CourseItem,
  CourseSection,
  CourseStatus,
  StudentRecentCourse,
  TeacherRecentCourse,
} from '@dfrm/sdk/tms';
import { Anchor, Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { COURSE_STATUS_LABELS } from '@/shared/labels';
import { formatDay } from './timetable-list';
import classes from './home.module.css';

const STATUS_COLOR: Record<CourseStatus, string> = { 0: 'gray', 1: 'teal', 2: 'orange' };

export interface CardData {
  courseId: string;
  courseName: string;
  status: CourseStatus;
  dates: string;
  lines: string[];
  facts: string[];
}

/** One course; the whole card links to its class page when there is one. */
function CourseCard({ course, to }: { course: CardData; to: string | null }) {
  const title = (
    <Text fw={650} size="md" lineClamp={1}>
      {course.courseName}
    </Text>
  );
  return (
    <Card withBorder radius="lg" padding="md" className={classes.card} component="article" aria-label={course.courseName}>
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
        <Badge variant="light" size="sm" radius="sm" color={STATUS_COLOR[course.status]} style={{ flex: 'none' }}>
          {COURSE_STATUS_LABELS[course.status]}
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
      <Group gap="md" mt="xs">
        {course.facts.map((fact) => (
          <Text key={fact} size="xs" c="dimmed">
            {fact}
          </Text>
        ))}
      </Group>
    </Card>
  );
}

/** Course cards; `wide` in a section that spans the page (two columns from sm up). */
export function CourseGrid({
  courses,
  to,
  wide = false,
}: {
  courses: readonly CardData[];
  to: string | null;
  wide?: boolean;
}) {
  return (
    <SimpleGrid cols={wide ? { base: 1, sm: 2, md: 3 } : 1} spacing="sm">
      {courses.map((course) => (
        <CourseCard key={course.courseId} course={course} to={to} />
      ))}
    </SimpleGrid>
  );
}

function nextClass(section: CourseSection | null): string {
  if (!section?.classDate) return '暂无上课安排';
  return `下次上课：${formatDay(section.classDate)}${section.startTime ? ` ${section.startTime}` : ''}`;
}

export const teacherCard = (course: TeacherRecentCourse): CardData => ({
  courseId: course.courseId,
  courseName: course.courseName,
  status: course.status,
  dates: `${course.startDate} 至 ${course.endDate}`,
  lines: [nextClass(course.nextSection)],
  facts: [`${course.teachingClassNum} 个教学班`, `${course.studentNum} 名学生`],
});

export const schoolCourseCard = (course: CourseItem): CardData => ({
  courseId: course.courseId,
  courseName: course.courseName,
  status: course.status,
  dates: `${course.startDate} 至 ${course.endDate}`,
  lines: [
    `${course.teacher?.realName || course.teacher?.userName || '任课教师'} · ${
      course.teachingClasses.map((tc) => tc.className).join('、') || '还没有教学班'
    }`,
  ],
  facts: [`${course.teachingClasses.length} 个教学班`, `${course.studentNum} 名学生`],
});

export const studentCard = (course: StudentRecentCourse): CardData => ({
  courseId: course.courseId,
  courseName: course.courseName,
  status: course.status,
  dates: `${course.startDate} 至 ${course.endDate}`,
  lines: [
    `${course.teacher?.realName || course.teacher?.userName || '任课教师'} · ${course.teachingClass.className}`,
    nextClass(course.nextSection),
  ],
  facts: course.unCommitWorkNum > 0 ? [`${course.unCommitWorkNum} 份作业待交`] : [],
});
