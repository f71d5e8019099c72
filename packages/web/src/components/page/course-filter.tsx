import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Select } from '@mantine/core';

/** 课程 filter of a teacher's list: one of their courses, or all (cleared). */
export function CourseFilter({
  courses,
  value,
  onChange,
}: {
  courses: readonly { courseId: string; courseName: string }[];
  value: string | undefined;
  onChange: (courseId: string | undefined) => void;
}) {
  return (
    <Select
      label="课程"
      aria-label="按课程筛选"
      placeholder="全部课程"
      clearable
      w={220}
      data={courses.map((course) => ({ value: course.courseId, label: course.courseName }))}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
