import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CourseFilter } from './course-filter';
import { PageHeader } from './page-header';

/**
 * The heading of a teacher's list of one kind (notices, courseware, homework, quizzes): its 课程
 * filter, left out inside a class page (all of one course there), and the list's add button.
 */
export function CourseListHeader({
  embedded = false,
  title,
  description,
  courses,
  courseId,
  onCourseChange,
  action,
}: {
  embedded?: boolean;
  title: string;
  description: ReactNode;
  courses: readonly { courseId: string; courseName: string }[];
  courseId: string | undefined;
  onCourseChange: (courseId: string | undefined) => void;
  action: ReactNode;
}) {
  return (
    <PageHeader
      embedded={embedded}
      title={title}
      description={description}
      actions={
        <Group gap="sm" align="flex-end">
          {embedded ? null : <CourseFilter courses={courses} value={courseId} onChange={onCourseChange} />}
          {action}
        </Group>
      }
    />
  );
}

/** A list's search box: what it searches (`label`), how (`placeholder`, also its name), the text typed. */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={220}
    />
  );
}

/**
 * A list's add button: a link to the page that makes a new one, for the course the list is
 * filtered to, and back to the list afterwards (`returnSearch`, shared/return-to).
 */
export function ListAddLink({
  to,
  courseId,
  returnSearch,
  icon = <IconPlus size={18} aria-hidden />,
  children,
}: {
  to: LinkProps['to'];
  courseId: string | undefined;
  returnSearch?: { returnTo?: string };
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      renderRoot={(props) => (
        <Link {...props} to={to} search={{ ...(courseId ? { courseId } : {}), ...returnSearch } as never} />
      )}
      leftSection={icon}
    >
      {children}
    </Button>
  );
}
