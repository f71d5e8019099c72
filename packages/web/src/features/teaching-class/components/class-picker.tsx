import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { SchoolClass } from '@dfrm/sdk/tms';
import { Badge, CloseButton, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { schoolClassQuery } from '@/features/teaching-class/api/course-queries';
import { tableQueryState } from '@/components/data-table/query-state';

interface Filters {
  collegeId: string | null;
  majorId: string | null;
  gradeId: string | null;
}

function uniqueOptions(classes: readonly SchoolClass[], id: keyof SchoolClass, name: keyof SchoolClass) {
  const seen = new Map<string, string>();
  for (const item of classes) seen.set(String(item[id]), String(item[name]));
  return [...seen].map(([value, label]) => ({ value, label }));
}

const col = dataTableColumnHelper<SchoolClass>();
const columns = col.columns([
  col.accessor('className', { header: '行政班', sortFn: 'zh', meta: { width: 200 } }),
  col.accessor('collegeName', { header: '学院', sortFn: 'zh' }),
  col.accessor('majorName', { header: '专业', sortFn: 'zh' }),
  col.accessor('gradeName', { header: '年级', sortFn: 'zh', meta: { width: 100 } }),
  col.accessor('studentNum', { header: '在读人数', sortFn: 'basic', meta: { width: 100, align: 'right' } }),
]);

/**
 * Picks administrative classes for a course: filter by college, major, grade
 * and name (the server filters, getSchoolClass), tick rows; the chosen ones
 * stay listed above even when a filter hides them.
 */
export function ClassPicker({
  schoolId,
  value,
  onChange,
  error,
}: {
  schoolId: string;
  value: readonly string[];
  onChange: (classIds: string[]) => void;
  error?: string | undefined;
}) {
  const all = useQuery(schoolClassQuery({ schoolId }));
  const [filters, setFilters] = useState<Filters>({ collegeId: null, majorId: null, gradeId: null });
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), 300);
  const filtered = useQuery(
    schoolClassQuery({
      schoolId,
      ...(filters.collegeId ? { collegeId: filters.collegeId } : {}),
      ...(filters.majorId ? { majorId: filters.majorId } : {}),
      ...(filters.gradeId ? { gradeId: filters.gradeId } : {}),
      ...(debouncedKeyword ? { keyword: debouncedKeyword } : {}),
    }),
  );

  const allClasses = all.data ?? EMPTY;
  const colleges = useMemo(() => uniqueOptions(allClasses, 'collegeId', 'collegeName'), [allClasses]);
  const majors = useMemo(
    () =>
      uniqueOptions(
        allClasses.filter((item) => !filters.collegeId || item.collegeId === filters.collegeId),
        'majorId',
        'majorName',
      ),
    [allClasses, filters.collegeId],
  );
  const grades = useMemo(() => uniqueOptions(allClasses, 'gradeId', 'gradeName'), [allClasses]);
  const byId = useMemo(() => new Map(allClasses.map((item) => [item.classId, item])), [allClasses]);

  const selection = useMemo<RowSelectionState>(
    () => Object.fromEntries(value.map((id) => [id, true])),
    [value],
  );
  const chosen = value.map((id) => byId.get(id)).filter((item): item is SchoolClass => item !== undefined);
  const studentTotal = chosen.reduce((sum, item) => sum + item.studentNum, 0);

  return (
    <Input.Wrapper
      label="行政班"
      required
      error={error}
      description="每个选中的行政班生成一个教学班，包含该班全部在读学生。"
    >
      <Stack gap="sm" mt={6}>
        <Group gap="xs" mih={28} aria-live="polite">
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              还没有选择行政班
            </Text>
          ) : (
            <>
              <Text size="sm" fw={500}>
                已选 {chosen.length} 个班，共 {studentTotal} 名学生：
              </Text>
              {chosen.map((item) => (
                <Badge
                  key={item.classId}
                  variant="light"
                  radius="sm"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      variant="transparent"
                      aria-label={`移除${item.className}`}
                      onClick={() => onChange(value.filter((id) => id !== item.classId))}
                    />
                  }
                >
                  {item.className}
                </Badge>
              ))}
            </>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="学院"
            placeholder="全部学院"
            data={colleges}
            value={filters.collegeId}
            onChange={(collegeId) => setFilters({ ...filters, collegeId, majorId: null })}
            clearable
            w={180}
          />
          <Select
            aria-label="专业"
            placeholder="全部专业"
            data={majors}
            value={filters.majorId}
            onChange={(majorId) => setFilters({ ...filters, majorId })}
            clearable
            w={180}
          />
          <Select
            aria-label="年级"
            placeholder="全部年级"
            data={grades}
            value={filters.gradeId}
            onChange={(gradeId) => setFilters({ ...filters, gradeId })}
            clearable
            w={140}
          />
          <TextInput
            aria-label="班级名称"
            placeholder="按班级名称搜索"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            w={200}
          />
        </Group>
        <DataTable
          label="可选行政班"
          columns={columns}
          data={filtered.data ?? EMPTY}
          getRowId={(item) => item.classId}
          enableRowSelection
          rowSelection={selection}
          onRowSelectionChange={(next) => onChange(Object.keys(next).filter((id) => next[id]))}
          {...tableQueryState(filtered)}
          empty={<Text c="dimmed">没有符合条件的行政班</Text>}
          height={360}
          virtualizeAfter={100}
        />
      </Stack>
    </Input.Wrapper>
  );
}

const EMPTY: SchoolClass[] = [];
