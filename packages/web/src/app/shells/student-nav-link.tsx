import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';
import classes from './shell.module.css';
import { UnreadNoticeCount } from './unread-notice-count';

/** 学习中心 in the main navigation, for students, with their unread notice count. */
export function StudentNavLink() {
  const { school } = useSession();
  if (school.type !== 'student') return null;
  return (
    <Link to="/teaching/student" className={classes.navLink} activeProps={{ 'data-active': true }}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        学习中心
        <UnreadNoticeCount />
      </span>
    </Link>
  );
}
