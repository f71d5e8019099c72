import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';
import classes from './shell.module.css';

// The teaching statistics pages, after the teacher's other entries: 学情概览 for teachers (their
// own teaching) and school managers (the whole school), 学习情况 for teachers.

/** The main shell's entries (header bar and phone menu). */
export function StatsNavLinks() {
  const { school } = useSession();
  if (school.type !== 'teacher' && school.type !== 'schoolManager') return null;
  return (
    <>
      <Link to="/teaching/teacher/overview" className={classes.navLink} activeProps={{ 'data-active': true }}>
        学情概览
      </Link>
      {school.type === 'teacher' ? (
        <Link
          to="/teaching/teacher/learning"
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
        >
          学习情况
        </Link>
      ) : null}
    </>
  );
}
