import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AdminNavLink } from './admin-nav-link';
import classes from './shell.module.css';
import { ShellHeader } from './shell-header';
import { StatsNavLinks } from './stats-nav-links';
import { StudentNavLink } from './student-nav-link';
import { TeacherNavLinks } from './teacher-nav-links';

// Only routes that exist get an entry; the list grows with the pages.
const NAV_ITEMS = [{ to: '/course', label: '课程' }] as const;

/** The main shell's navigation for the current role: the header's bar, and the phone menu's list. */
function MainNavLinks() {
  return (
    <>
      {NAV_ITEMS.map((item) => (
        <Link key={item.to} to={item.to} className={classes.navLink} activeProps={{ 'data-active': true }}>
          {item.label}
        </Link>
      ))}
      <StudentNavLink />
      <TeacherNavLinks />
      <StatsNavLinks />
      <AdminNavLink />
    </>
  );
}

/**
 * The main shell: header with brand, navigation, school and role, AI assistant
 * and user. Plain CSS layout rather than Mantine's AppShell, which would add
 * ~5 KB gzip to the first load of /course for a header and a main area.
 */
export function MainShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <ShellHeader
        menu={
          <nav aria-label="主导航">
            <MainNavLinks />
          </nav>
        }
      >
        <nav aria-label="主导航" className={classes.nav}>
          <MainNavLinks />
        </nav>
      </ShellHeader>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
