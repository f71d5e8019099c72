import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconBellRinging,
  IconBook2,
  IconBuildingBank,
  IconFilePlus,
  IconFolder,
  IconPlus,
  IconSchool,
  IconSpeakerphone,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ROLE_LABELS } from '@/shared/labels';
import { formatInstant } from '@/shared/format';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { useSession } from '@/shared/session/session-context';
import { displayName } from '@/shared/session/session-store';
import {
  homeDates,
  homeKind,
  newCoursewareQuery,
  schoolCoursesQuery,
  studentRecentCoursesQuery,
  studentTimetableQuery,
  teacherRecentCoursesQuery,
  teacherTimetableQuery,
  unreadNoticesQuery,
} from '@/features/course/api/course-home-queries';
import {
  CourseGrid,
  schoolCourseCard,
  studentCard,
  teacherCard,
} from '@/features/course/components/course-cards';
import { HomeEmpty, HomeSection, QueryContent } from '@/features/course/components/home-section';
import { QuickActions } from '@/features/course/components/quick-actions';
import {
  DayTimetable,
  type TimetableEntry,
  UpcomingTimetable,
} from '@/features/course/components/timetable-list';
import classes from '@/features/course/components/home.module.css';

/** Where the home page's links go; the route that mounts the page names them (they are other features' pages). */
export interface CourseHomeLinks {
  /** A teacher's class page of a course (?courseId=). */
  teacherClassPage: string;
  /** A student's class page of a course (?courseId=). */
  studentClassPage: string;
  courseList: string;
  addCourse: string;
  addNotice: string;
  addCourseware: string;
  /** A student's notices (?courseId=). */
  studentNotices: string;
  /** A student's courseware (?courseId=). */
  studentCourseware: string;
  studentManage: string;
}

/** /course: the page a user opens every morning, for the role they have in the school. */
export function CourseHomePage({ links }: { links: CourseHomeLinks }) {
  const { user } = useSession();
  const { data: current } = useSuspenseQuery(currentSchoolQuery());
  const kind = homeKind(current.type, current.schoolId);

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            欢迎回来，{displayName(user)}
          </Title>
          <Text c="dimmed" mt={6}>
            {kind === 'no-school'
              ? '你还没有加入学校。'
              : `${current.schoolName}${current.type ? ` · ${ROLE_LABELS[current.type]}` : ''}`}
          </Text>
        </div>
        {kind === 'teacher' ? (
          <TeacherHome schoolId={current.schoolId} links={links} />
        ) : kind === 'student' ? (
          <StudentHome schoolId={current.schoolId} links={links} />
        ) : kind === 'manager' ? (
          <ManagerHome schoolId={current.schoolId} links={links} />
        ) : (
          <Paper withBorder radius="lg" p="xl" component="section" aria-label="还不能开始">
            {kind === 'no-school' ? (
              <HomeEmpty
                icon={<IconBuildingBank size={28} aria-hidden />}
                title="你还没有加入学校"
                description="请联系学校的管理员，把你的账号加入学校并分配教师或学生身份。加入后，这里会显示你的课程、课表和通知。"
              />
            ) : (
              <HomeEmpty
                icon={<IconSchool size={28} aria-hidden />}
                title="你在本校还没有身份"
                description="请联系学校的管理员为你分配教师或学生身份，之后这里会显示你的课程和课表。"
              />
            )}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

function useDates() {
  // one "today" per visit: the timetable keys must not change between renders
  return useMemo(() => homeDates(), []);
}

function splitByDay(entries: TimetableEntry[], today: string) {
  return {
    today: entries.filter((entry) => entry.date === today),
    upcoming: entries.filter((entry) => entry.date !== today),
  };
}

function TeacherHome({ schoolId, links }: { schoolId: string; links: CourseHomeLinks }) {
  const { today, until } = useDates();
  const timetable = useQuery(teacherTimetableQuery(schoolId, today, until));
  const recent = useQuery(teacherRecentCoursesQuery(schoolId));
  const all = useQuery(schoolCoursesQuery(schoolId));
  const noCourseYet = all.data?.total === 0;
  const newCourse = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      renderRoot={(props) => <Link {...props} to={links.addCourse as '/'} />}
    >
      新建第一门课程
    </Button>
  );
  const entries = (timetable.data ?? []).map(
    (item): TimetableEntry => ({
      key: item.section.sectionId,
      date: item.section.classDate ?? '',
      startTime: item.section.startTime,
      endTime: item.section.endTime,
      courseName: item.course.courseName,
      sectionName: item.section.sectionName,
      classNames: item.teachingClasses.map((tc) => tc.className).join('、') || '还没有教学班',
      location: item.section.location,
    }),
  );
  const days = splitByDay(entries, today);
  const noClassHint = noCourseYet
    ? '新建课程并在“章节”里填写上课日期和时间，课表就会出现在这里。'
    : '在课程的“章节”里填写上课日期和时间，课表就会出现在这里。';

  return (
    <>
      <QuickActions
        actions={[
          {
            label: '新建课程',
            description: '选择行政班，开设教学班',
            icon: <IconPlus size={20} aria-hidden />,
            to: links.addCourse,
          },
          {
            label: '发布通知',
            description: '通知所任教的教学班',
            icon: <IconSpeakerphone size={20} aria-hidden />,
            to: links.addNotice,
          },
          {
            label: '上传课件',
            description: '上传讲义并共享给教学班',
            icon: <IconUpload size={20} aria-hidden />,
            to: links.addCourseware,
          },
        ]}
      />
      <div className={classes.grid}>
        <HomeSection title="今日课程">
          <QueryContent query={timetable} failed="课表加载失败">
            {() => <DayTimetable entries={days.today} empty={noClassHint} />}
          </QueryContent>
        </HomeSection>
        <HomeSection title="近期课程">
          <QueryContent query={timetable} failed="课表加载失败">
            {() => <UpcomingTimetable entries={days.upcoming} empty={noClassHint} />}
          </QueryContent>
        </HomeSection>
        <HomeSection
          title="最近课程"
          span
          more={all.data && all.data.total > 0 ? { label: `全部 ${all.data.total} 门课程`, to: links.courseList } : undefined}
        >
          <QueryContent query={recent} failed="课程加载失败">
            {(courses) =>
              courses.length > 0 ? (
                <CourseGrid wide courses={courses.map(teacherCard)} to={links.teacherClassPage} />
              ) : noCourseYet ? (
                <HomeEmpty
                  icon={<IconBook2 size={24} aria-hidden />}
                  title="还没有课程"
                  description="新建一门课程，选择上课的行政班，学生就会出现在你的教学班里。"
                  action={newCourse}
                />
              ) : (
                <HomeEmpty
                  icon={<IconBook2 size={24} aria-hidden />}
                  title="没有进行中的课程"
                  description="你的课程都已结束。可以在课程列表里查看，或新建一门课程。"
                  action={
                    <Button
                      variant="light"
                      renderRoot={(props) => <Link {...props} to={links.courseList as '/'} />}
                    >
                      查看全部课程
                    </Button>
                  }
                />
              )
            }
          </QueryContent>
        </HomeSection>
      </div>
    </>
  );
}

function StudentHome({ schoolId, links }: { schoolId: string; links: CourseHomeLinks }) {
  const { today, until } = useDates();
  // today only is shown, but the same range as the teacher's keeps one timetable read per visit
  const timetable = useQuery(studentTimetableQuery(schoolId, today, until));
  const recent = useQuery(studentRecentCoursesQuery(schoolId));
  const notices = useQuery(unreadNoticesQuery(schoolId));
  const courseware = useQuery(newCoursewareQuery(schoolId));
  const entries = (timetable.data ?? []).map(
    (item): TimetableEntry => ({
      key: `${item.section.sectionId}-${item.teachingClass.teachingClassId}`,
      date: item.section.classDate ?? '',
      startTime: item.section.startTime,
      endTime: item.section.endTime,
      courseName: item.course.courseName,
      sectionName: item.section.sectionName,
      classNames: item.teachingClass.className,
      location: item.section.location,
      teacher: item.course.teacher?.realName || item.course.teacher?.userName,
    }),
  );
  const days = splitByDay(entries, today);

  return (
    <div className={classes.grid}>
      <HomeSection title="今日课程">
        <QueryContent query={timetable} failed="课表加载失败">
          {() => <DayTimetable entries={days.today} empty="老师安排上课时间后，你的课会显示在这里。" />}
        </QueryContent>
      </HomeSection>
      <HomeSection
        title="未读通知"
        more={{ label: '全部通知', to: links.studentNotices }}
      >
        <QueryContent query={notices} failed="通知加载失败">
          {(page) =>
            page.list.length === 0 ? (
              <HomeEmpty
                icon={<IconBellRinging size={24} aria-hidden />}
                title="没有未读通知"
                description="老师发布的新通知会显示在这里。"
              />
            ) : (
              <>
                <Badge color="red.9" radius="sm" mb="xs">
                  {page.unViewNum} 条未读
                </Badge>
                <ul className={classes.list} aria-label="未读通知列表">
                  {page.list.map((notice) => (
                    <li key={notice.announceId} className={classes.row}>
                      <div style={{ minWidth: 0 }}>
                        <Anchor
                          size="sm"
                          fw={600}
                          lineClamp={1}
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to={links.studentNotices as '/'}
                              search={{ courseId: notice.courseId } as never}
                            />
                          )}
                        >
                          {notice.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {notice.courseName}
                        </Text>
                      </div>
                      <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                        {formatInstant(notice.publishedAt)}
                      </Text>
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        </QueryContent>
      </HomeSection>
      <HomeSection title="新课件" more={{ label: '全部课件', to: links.studentCourseware }}>
        <QueryContent query={courseware} failed="课件加载失败">
          {(page) =>
            page.list.length === 0 ? (
              <HomeEmpty
                icon={<IconFolder size={24} aria-hidden />}
                title="暂无课件"
                description="老师共享给你所在教学班的课件会显示在这里。"
              />
            ) : (
              <ul className={classes.list} aria-label="新课件列表">
                {page.list.map((item) => (
                  <li key={item.courseWareId} className={classes.row}>
                    <div style={{ minWidth: 0 }}>
                      <Anchor
                        size="sm"
                        fw={600}
                        lineClamp={1}
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to={links.studentCourseware as '/'}
                            search={{ courseId: item.courseId } as never}
                          />
                        )}
                      >
                        {item.courseWareName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {item.courseName} · {item.attachmentNum} 个附件
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                      {formatInstant(item.sharedAt)}
                    </Text>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
      </HomeSection>
      <HomeSection title="我的课程">
        <QueryContent query={recent} failed="课程加载失败">
          {(courses) =>
            courses.length === 0 ? (
              <HomeEmpty
                icon={<IconBook2 size={24} aria-hidden />}
                title="还没有课程"
                description="老师把你所在的班级加入课程后，课程会显示在这里。"
              />
            ) : (
              <CourseGrid courses={courses.map(studentCard)} to={links.studentClassPage} />
            )
          }
        </QueryContent>
      </HomeSection>
    </div>
  );
}

function ManagerHome({ schoolId, links }: { schoolId: string; links: CourseHomeLinks }) {
  const courses = useQuery(schoolCoursesQuery(schoolId));
  return (
    <>
      <QuickActions
        actions={[
          {
            label: '学生管理',
            description: '按学院、专业、年级和班级管理学生',
            icon: <IconUsers size={20} aria-hidden />,
            to: links.studentManage,
          },
          {
            label: '导入学生',
            description: '用 Excel 名单把学生加入班级',
            icon: <IconFilePlus size={20} aria-hidden />,
            to: links.studentManage,
          },
        ]}
      />
      <HomeSection title="学校课程">
        <QueryContent query={courses} failed="课程加载失败">
          {(page) =>
            page.list.length === 0 ? (
              <HomeEmpty
                icon={<IconBook2 size={24} aria-hidden />}
                title="学校还没有课程"
                description="教师新建课程后，会显示在这里。"
              />
            ) : (
              <CourseGrid wide courses={page.list.map(schoolCourseCard)} to={null} />
            )
          }
        </QueryContent>
      </HomeSection>
    </>
  );
}
