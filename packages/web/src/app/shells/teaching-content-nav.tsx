import { NavLink } from '@mantine/core';
import {
  IconBell,
  IconBook2,
  IconClipboardList,
  IconFileCertificate,
  IconFolder,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSession } from '@/shared/session/session-context';
import { UncommittedWorkCount } from './uncommitted-work-count';
import { UnreadNoticeCount } from './unread-notice-count';

/**
 * Sidebar entries of the teaching area for notices, courseware and (students)
 * their courses and homework, by the role the user is in now.
 */
export function TeachingContentNav() {
  const { school } = useSession();
  if (school.type === 'teacher') {
    return (
      <>
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/notice/list"
          label="通知管理"
          leftSection={<IconSpeakerphone size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/teacher/courseware/list"
          label="课件管理"
          leftSection={<IconFolder size={18} aria-hidden />}
        />
      </>
    );
  }
  if (school.type === 'student') {
    return (
      <>
        <NavLink
          component={Link}
          to="/teaching-manage/student/mycourse"
          label="我的课程"
          leftSection={<IconBook2 size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/student/work"
          label="我的作业"
          leftSection={<IconClipboardList size={18} aria-hidden />}
          rightSection={<UncommittedWorkCount />}
        />
        <NavLink
          component={Link}
          to="/my/examination"
          label="我的考试"
          leftSection={<IconFileCertificate size={18} aria-hidden />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/student/notice"
          label="课程通知"
          leftSection={<IconBell size={18} aria-hidden />}
          rightSection={<UnreadNoticeCount />}
        />
        <NavLink
          component={Link}
          to="/teaching-manage/student/courseWare"
          label="课程课件"
          leftSection={<IconFolder size={18} aria-hidden />}
        />
      </>
    );
  }
  return null;
}
