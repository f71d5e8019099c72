import { NavLink } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';

/** The teaching shell's sidebar entry 学情概览: a teacher's own teaching, a school manager's whole school. */
export function StatsSidebarLinks() {
  const { school } = useSession();
  if (school.type !== 'teacher' && school.type !== 'schoolManager') return null;
  return (
    <NavLink
      component={Link}
      to="/teaching-manage/teacher/overview"
      label="学情概览"
      leftSection={<IconChartBar size={18} aria-hidden />}
    />
  );
}
