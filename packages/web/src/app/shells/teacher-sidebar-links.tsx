import { NavLink } from '@mantine/core';
import {
  IconBooks,
  IconClipboardList,
  IconFileCertificate,
  IconListCheck,
  IconPlus,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';

/** Sidebar entries of the teaching shell for courses, students, homework, exams, quizzes and the exercise bank. */
export function TeacherSidebarLinks() {
  const { school } = useSession();
  if (school.type === 'teacher') {
    return (
      <>
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/teaching-class"
          label="教学班级"
          leftSection={<IconSchool size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/add-class"
          label="新建课程"
          leftSection={<IconPlus size={18} aria-hidden />}
          activeOptions={{ includeSearch: false }}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/student/manage"
          label="学生管理"
          leftSection={<IconUsers size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/home/work"
          label="作业管理"
          leftSection={<IconClipboardList size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/examination/management"
          label="考试管理"
          leftSection={<IconFileCertificate size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/test/list"
          label="随堂测验"
          leftSection={<IconListCheck size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/exam/manage"
          label="题库与试卷"
          leftSection={<IconBooks size={18} aria-hidden />}
          activeOptions={{ includeSearch: false }}
        />
      </>
    );
  }
  if (school.type === 'schoolManager') {
    return (
      <NavLink
        component={Link}
        to="/teaching-manage/teacher/student/manage"
        label="学生管理"
        leftSection={<IconUsers size={18} aria-hidden />}
      />
    );
  }
  return null;
}
