import {
  getCourseList,
  getCourseWorkDistribution,
  getCourseWorkPassRateV2,
  getCourseWorkStatisticsV2,
  getMyWorkCourseStatistics,
  getMyWorkList,
  getTeacherReceivedWork,
  tmsStatisticsCourse,
  tmsStatisticsOverview,
  tmsStatisticsStudentHomeOverview,
  tmsStatisticsTeacherStudentData,
  type TmsStatisticsTeacherStudentDataData,
} from '@dfrm/sdk/tms';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { lastThirtyDays } from '@/features/homework/stats-format';
import { currentSchoolQuery } from '@/shared/session/school-info';
import { homeworkKeys } from './homework-keys';

const stats = homeworkKeys.stats;

/** Trend lengths the overview offers (the operation takes 7 to 90 days). */
export const OVERVIEW_DAYS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;

/** How many works waiting for grading the overview lists (the operation allows 50). */
export const RECEIVED_WORK_LIMIT = 10;

export const STUDENT_DATA_PAGE_SIZE = 20;

type StudentDataBody = TmsStatisticsTeacherStudentDataData['body'];
export type StudentDataSort = NonNullable<StudentDataBody['sortBy']>;

export interface StudentDataParams {
  schoolId: string;
  courseId?: string | undefined;
  keyword?: string | undefined;
  startDate: string;
  endDate: string;
  sortBy: StudentDataSort;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
}

/** A teacher's own teaching, or a school manager's whole school, with the last `days` days. */
export const teachingOverviewQuery = (schoolId: string, days: OverviewDays) =>
  queryOptions({
    queryKey: [...stats, 'overview', schoolId, days] as const,
    queryFn: ({ signal }) => tmsStatisticsOverview({ body: { schoolId, days }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The courses a statistics page can pick: a teacher's own, a school manager's whole school (the
 * operation pages at 200 at most; a school with more is searched by name in the picker).
 */
export const statsCoursesQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...stats, 'courses', schoolId] as const,
    queryFn: async ({ signal }) =>
      (await getCourseList({ body: { schoolId, pageIndex: 1, pageSize: 200 }, signal })).list,
  });

/** One course's figures, work by work and class by class. */
export const courseStatisticsQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...stats, 'course', schoolId, courseId] as const,
    queryFn: ({ signal }) => tmsStatisticsCourse({ body: { schoolId, courseId }, signal }),
  });

/** The pass rate of each of the course's works, with each teaching class's (teachers only). */
export const coursePassRatesQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...stats, 'passRates', schoolId, courseId] as const,
    queryFn: ({ signal }) => getCourseWorkPassRateV2({ path: { schoolId, courseId }, signal }),
  });

/** A work's graded scores in five bands (teachers only). */
export const workDistributionQuery = (workId: string) =>
  queryOptions({
    queryKey: [...stats, 'distribution', workId] as const,
    queryFn: ({ signal }) => getCourseWorkDistribution({ path: { workId }, signal }),
  });

/** A work's hand-ins and scores, per teaching class and per day (teachers only). */
export const workStatisticsQuery = (workId: string) =>
  queryOptions({
    queryKey: [...stats, 'work', workId] as const,
    queryFn: ({ signal }) => getCourseWorkStatisticsV2({ path: { workId }, signal }),
  });

/** What is waiting to be graded in the teacher's works. */
export const receivedWorkQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...stats, 'received', schoolId] as const,
    queryFn: ({ signal }) =>
      getTeacherReceivedWork({ path: { schoolId }, query: { limit: RECEIVED_WORK_LIMIT }, signal }),
  });

/** One page of the teacher's students with their figures over a date range. */
export const teacherStudentDataQuery = (params: StudentDataParams) =>
  queryOptions({
    queryKey: [...stats, 'students', params] as const,
    queryFn: ({ signal }) =>
      tmsStatisticsTeacherStudentData({
        body: {
          schoolId: params.schoolId,
          pageIndex: params.pageIndex,
          pageSize: STUDENT_DATA_PAGE_SIZE,
          startDate: params.startDate,
          endDate: params.endDate,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
          ...(params.courseId ? { courseId: params.courseId } : {}),
          ...(params.keyword ? { keyword: params.keyword } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * One student's rows in one course (the keyword is their student number, which may match
 * others' numbers too: the caller keeps the rows of that student).
 */
export const studentCourseDataQuery = (
  params: Pick<StudentDataParams, 'schoolId' | 'startDate' | 'endDate'> & {
    courseId: string;
    studentNumber: string;
  },
) =>
  queryOptions({
    queryKey: [...stats, 'studentCourse', params] as const,
    queryFn: ({ signal }) =>
      tmsStatisticsTeacherStudentData({
        body: {
          schoolId: params.schoolId,
          courseId: params.courseId,
          keyword: params.studentNumber,
          startDate: params.startDate,
          endDate: params.endDate,
          pageIndex: 1,
          pageSize: 50,
        },
        signal,
      }),
  });

/** The student's own figures in one course, beside the class's average. */
export const myCourseFiguresQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...stats, 'myCourse', schoolId, courseId] as const,
    queryFn: ({ signal }) => getMyWorkCourseStatistics({ path: { courseId }, body: { schoolId }, signal }),
  });

/** The student's works of one course with their published scores (a course has far fewer than 200). */
export const myCourseWorksQuery = (schoolId: string, courseId: string) =>
  queryOptions({
    queryKey: [...stats, 'myCourseWorks', schoolId, courseId] as const,
    queryFn: ({ signal }) =>
      getMyWorkList({ body: { schoolId, courseId, pageIndex: 1, pageSize: 200 }, signal }),
  });

/** The student's figures over all their courses. */
export const studentHomeOverviewQuery = (schoolId: string) =>
  queryOptions({
    queryKey: [...stats, 'studentHome', schoolId] as const,
    queryFn: ({ signal }) => tmsStatisticsStudentHomeOverview({ body: { schoolId }, signal }),
  });

/**
 * Loader of 学情概览: the overview, the course list, a teacher's works waiting for grading, then
 * the course shown first (the one asked for, else the first) with its pass rates.
 */
export async function loadTeachingOverview(
  queryClient: QueryClient,
  courseId: string | undefined,
): Promise<void> {
  const { schoolId, type } = await queryClient.ensureQueryData(currentSchoolQuery());
  const teacher = type === 'teacher';
  const [, courses] = await Promise.all([
    queryClient.ensureQueryData(teachingOverviewQuery(schoolId, DEFAULT_OVERVIEW_DAYS)),
    queryClient.ensureQueryData(statsCoursesQuery(schoolId)),
    teacher ? queryClient.prefetchQuery(receivedWorkQuery(schoolId)) : null,
  ]);
  const shown = courses.find((course) => course.courseId === courseId)?.courseId ?? courses[0]?.courseId;
  if (shown === undefined) return;
  await Promise.all([
    queryClient.prefetchQuery(courseStatisticsQuery(schoolId, shown)),
    teacher ? queryClient.prefetchQuery(coursePassRatesQuery(schoolId, shown)) : null,
  ]);
}

/** The first page 学习情况 opens on: every student (or one course's), the last 30 days, by student number. */
export function firstStudentDataPage(schoolId: string, courseId: string | undefined): StudentDataParams {
  return {
    schoolId,
    courseId,
    keyword: undefined,
    ...lastThirtyDays(),
    sortBy: 'studentNumber',
    sortOrder: 'asc',
    pageIndex: 1,
  };
}

/** Loader of 学习情况: the course filter's courses and the first page. */
export async function loadLearningPage(
  queryClient: QueryClient,
  courseId: string | undefined,
): Promise<void> {
  const { schoolId } = await queryClient.ensureQueryData(currentSchoolQuery());
  await Promise.all([
    queryClient.ensureQueryData(statsCoursesQuery(schoolId)),
    queryClient.prefetchQuery(teacherStudentDataQuery(firstStudentDataPage(schoolId, courseId))),
  ]);
}

/** Loader of the student's 学习 tab: one course's figures and works, or the figures of all courses. */
export async function loadStudentLearning(
  queryClient: QueryClient,
  courseId: string | undefined,
): Promise<void> {
  const { schoolId } = await queryClient.ensureQueryData(currentSchoolQuery());
  await (courseId
    ? Promise.all([
        queryClient.prefetchQuery(myCourseFiguresQuery(schoolId, courseId)),
        queryClient.prefetchQuery(myCourseWorksQuery(schoolId, courseId)),
      ])
    : queryClient.prefetchQuery(studentHomeOverviewQuery(schoolId)));
}
