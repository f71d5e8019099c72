import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { StudentStatus } from '@dfrm/sdk/tms';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo } from 'react';
import type { StudentFilters } from '@/features/student/api/student-queries';
import type { classFilterOptions } from './class-options';
import { STUDENT_STATUS_LABELS, STUDENT_STATUSES } from '@/shared/labels';

const STATUS_OPTIONS = STUDENT_STATUSES.map((status) => ({
  value: String(status),
  label: STUDENT_STATUS_LABELS[status],
}));

export type StudentFilterValues = Omit<StudentFilters, 'keyword'>;

export interface StudentFilterBarProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  filters: StudentFilterValues;
  onFiltersChange: (filters: StudentFilterValues) => void;
  options: ReturnType<typeof classFilterOptions>;
  /** The class list loaded: college, major, grade and class can be picked. */
  canPickClasses: boolean;
  classesFailed: boolean;
  filtered: boolean;
  onClear: () => void;
}

/**
 * Search and filters of 学生管理. Memoized, with stable props from the page: the
 * page re-renders on every change of the student list (each page loaded while
 * the table scrolls), and five Selects re-rendering each time cost a frame.
 */
export const StudentFilterBar = memo(function StudentFilterBar({
  keyword,
  onKeywordChange,
  filters,
  onFiltersChange,
  options,
  canPickClasses,
  classesFailed,
  filtered,
  onClear,
}: StudentFilterBarProps) {
  const setFilters = (next: FilterUpdate) => onFiltersChange(pick(next));
  return (
    <Group gap="sm" wrap="wrap" role="search" aria-label="筛选学生">
      <TextInput
        aria-label="搜索学生"
        placeholder="学号、姓名或账号"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={keyword}
        onChange={(event) => onKeywordChange(event.currentTarget.value)}
        w={220}
      />
      {/* Shown (disabled) while the class list loads, so nothing below moves when it arrives. */}
      <Select
        aria-label="学院"
        placeholder="全部学院"
        data={options.colleges}
        value={filters.collegeId ?? null}
        onChange={(value) => setFilters({ ...filters, collegeId: value, majorId: null, classId: null })}
        clearable
        disabled={!canPickClasses}
        w={160}
      />
      <Select
        aria-label="专业"
        placeholder="全部专业"
        data={options.majors}
        value={filters.majorId ?? null}
        onChange={(value) => setFilters({ ...filters, majorId: value, classId: null })}
        clearable
        disabled={!canPickClasses}
        w={160}
      />
      <Select
        aria-label="年级"
        placeholder="全部年级"
        data={options.grades}
        value={filters.gradeId ?? null}
        onChange={(value) => setFilters({ ...filters, gradeId: value, classId: null })}
        clearable
        disabled={!canPickClasses}
        w={120}
      />
      <Select
        aria-label="行政班"
        placeholder="全部班级"
        data={options.classes}
        value={filters.classId ?? null}
        onChange={(value) => setFilters({ ...filters, classId: value })}
        clearable
        disabled={!canPickClasses}
        searchable
        w={200}
      />
      <Select
        aria-label="状态"
        placeholder="全部状态"
        data={STATUS_OPTIONS}
        value={filters.status === undefined ? null : String(filters.status)}
        onChange={(value) =>
          setFilters({ ...filters, status: value === null ? null : (Number(value) as StudentStatus) })
        }
        clearable
        w={120}
      />
      {classesFailed ? (
        <Text size="sm" c="dimmed">
          无法读取行政班列表，按班级筛选、新增和导入学生暂不可用。
        </Text>
      ) : null}
      {filtered ? (
        <Button variant="subtle" onClick={onClear}>
          清除筛选
        </Button>
      ) : null}
    </Group>
  );
});

type FilterUpdate = { [K in keyof StudentFilterValues]?: StudentFilters[K] | null };

/** Drops cleared filters, so the query key (and the server request) carries only real ones. */
function pick(next: FilterUpdate): StudentFilterValues {
  const out: StudentFilterValues = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== null && value !== undefined && value !== '') (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
