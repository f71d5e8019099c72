import { NavLink, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './shell.module.css';
import { useSession } from '@/shared/session/session-context';
import { ShellHeader } from './shell-header';
import { StatsSidebarLinks } from './stats-sidebar-links';
import { TeacherSidebarLinks } from './teacher-sidebar-links';
import { TeachingContentNav } from './teaching-content-nav';

/** The area's entries for the current role: the sidebar's, and the phone menu's. */
function TeachingNavLinks() {
  return (
    <>
      <TeacherSidebarLinks />
      <StatsSidebarLinks />
      <TeachingContentNav />
    </>
  );
}

const backToCourses = (
  <NavLink
    component={Link}
    to="/course"
    label="返回课程首页"
    leftSection={<IconArrowLeft size={16} aria-hidden />}
  />
);

/**
 * The new teaching area's shell (/teaching-manage/...): its own header and a
 * sidebar. Pages mount under the pathless `_teaching-manage` route and add
 * their sidebar entry here when they exist.
 */
export function TeachingManageShell({ children }: { children: ReactNode }) {
  // students learn here; teachers and school managers teach and manage (the main shell says the same)
  const { school } = useSession();
  const area = school.type === 'student' ? '学习中心' : '教学管理';
  return (
    <div className={classes.shell} data-with-sidebar>
      <ShellHeader
        subtitle={area}
        menu={
          <nav aria-label={`${area}导航`}>
            <TeachingNavLinks />
            {backToCourses}
          </nav>
        }
      />
      <nav className={classes.sidebar} aria-label={`${area}导航`}>
        <Text size="xs" c="dimmed" fw={600} px="sm" py="xs">
          {area}
        </Text>
        <TeachingNavLinks />
        <div className={classes.sidebarGrow} />
        {backToCourses}
      </nav>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
