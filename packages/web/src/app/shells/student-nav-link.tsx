import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';
import classes from './shell.module.css';
import { UncommittedWorkCount } from './uncommitted-work-count';
import { UnreadNoticeCount } from './unread-notice-count';

// The student's pages of the old teaching area, after its home (学习中心).
const STUDENT_PAGES = [
  { to: '/teaching/student/mycourse', label: '我的课程' },
  { to: '/teaching/student/work', label: '我的作业' },
  { to: '/my/examination', label: '我的考试' },
  { to: '/teaching/student/notice', label: '课程通知' },
  { to: '/teaching/student/courseWare', label: '课程课件' },
] as const;

/**
 * 学习中心 in the main navigation, for students, with their unread notice count, and
 * its pages (a phone reaches them from the menu, as a desktop from the header).
 */
export function StudentNavLink() {
  const { school } = useSession();
  if (school.type !== 'student') return null;
  return (
    <>
      <Link
        to="/teaching/student"
        className={classes.navLink}
        activeProps={{ 'data-active': true }}
        activeOptions={{ exact: true }}
      >
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          学习中心
          <UnreadNoticeCount />
        </span>
      </Link>
      {STUDENT_PAGES.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
          activeOptions={{ includeSearch: false }}
        >
          {page.to === '/teaching/student/work' ? (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              {page.label}
              <UncommittedWorkCount />
            </span>
          ) : (
            page.label
          )}
        </Link>
      ))}
    </>
  );
}
