import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';
import classes from './shell.module.css';

/** Main navigation entries of the old teaching area for teachers and school managers. */
export function TeacherNavLinks() {
  const { school } = useSession();
  if (school.type === 'teacher') {
    return (
      <>
        <Link
          to="/teaching/teacher/teachingclass"
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
        >
          教学班级
        </Link>
        <Link
          to="/teaching/teacher/student/manage"
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
        >
          学生管理
        </Link>
        <Link
          to="/teaching/teacher/home/work"
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
        >
          作业管理
        </Link>
        <Link to="/examination/management" className={classes.navLink} activeProps={{ 'data-active': true }}>
          考试管理
        </Link>
        <Link
          to="/teaching-manage/teacher/exam/manage"
          className={classes.navLink}
          activeProps={{ 'data-active': true }}
        >
          题库与试卷
        </Link>
        <Link to="/teaching-manage/teacher" className={classes.navLink} activeProps={{ 'data-active': true }}>
          教学管理
        </Link>
      </>
    );
  }
  if (school.type === 'schoolManager') {
    return (
      <Link
        to="/teaching/teacher/student/manage"
        className={classes.navLink}
        activeProps={{ 'data-active': true }}
      >
        学生管理
      </Link>
    );
  }
  return null;
}
