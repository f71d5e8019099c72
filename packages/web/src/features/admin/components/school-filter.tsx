import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { schoolOptionsQuery } from '@/features/admin/api/admin-queries';

/** Every school as a choice (value schoolId, label its name), and whether the list failed to load. */
export function useSchoolOptions() {
  const schools = useQuery(schoolOptionsQuery());
  const list = schools.data?.list;
  const options = useMemo(
    () => (list ?? []).map((school) => ({ value: school.schoolId, label: school.name })),
    [list],
  );
  return { options, failed: schools.isError };
}

/** The 学校 filter of the admin's lists: all schools when empty, searchable. */
export function SchoolFilter({
  schools,
  value,
  onChange,
}: {
  schools: ReturnType<typeof useSchoolOptions>;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label="学校"
      placeholder={schools.failed ? '学校列表加载失败' : '全部学校'}
      data={schools.options}
      value={value}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage="没有这个学校"
      w={{ base: '100%', xs: 220 }}
    />
  );
}
