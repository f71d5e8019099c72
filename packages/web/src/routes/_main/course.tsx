import { createFileRoute } from '@tanstack/react-router';
import { ensureCourseHome } from '@/features/course/api/course-home-queries';
import { type CourseHomeLinks, CourseHomePage } from '@/features/course/pages/course-home-page';
import { CourseHomeSkeleton } from '@/features/course/pages/course-home-skeleton';
import { TEACHER_COURSEWARE_PATHS } from '@/features/courseware/courseware-paths';
import { TEACHER_NOTICE_PATHS } from '@/features/notice/notice-paths';
import { AREA_PATHS, CLASS_DETAIL_PATH } from '@/features/teaching-class/area';

// The home links into other features' pages: composed here, as features do not import each other.
const LINKS: CourseHomeLinks = {
  teacherClassPage: CLASS_DETAIL_PATH,
  studentClassPage: '/teaching-manage/student/class-detail',
  courseList: AREA_PATHS['teaching-manage'].list,
  addCourse: AREA_PATHS['teaching-manage'].add,
  addNotice: TEACHER_NOTICE_PATHS['teaching-manage'].create,
  addCourseware: TEACHER_COURSEWARE_PATHS['teaching-manage'].add,
  studentNotices: '/teaching/student/notice',
  studentCourseware: '/teaching/student/courseWare',
  studentManage: '/teaching-manage/teacher/student/manage',
};

export const Route = createFileRoute('/_main/course')({
  // The loader travels with the page: its SDK calls stay out of /account's first load.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  loader: ({ context }) => ensureCourseHome(context.queryClient),
  pendingComponent: CourseHomeSkeleton,
  component: CourseHomeRoute,
});

function CourseHomeRoute() {
  return <CourseHomePage links={LINKS} />;
}
