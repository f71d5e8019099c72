import { createClient, PRODUCT_ID, type SdkClient } from '@dfrm/sdk';
import {
  creatCourseGroup,
  createStudentWorkGroup,
  getCourseClassStudentV2,
  getMyWorkInfo,
  publishCourseWork,
  updateCourseWork,
  updateMyWorkInfo,
} from '@dfrm/sdk/tms';
import { login } from '@dfrm/sdk/user';
import { API_BASE, api, DEMO_PASSWORD } from './api-server';
import type { CourseFixture } from './teaching-fixture';

// Group sets, group works and answers made through the real operations, each account on an
// SDK client of its own: the app under test keeps the global configuration (and its user),
// so these can run while a page is open.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo account logged in on a client of its own. */
export async function clientAs(account: string): Promise<SdkClient> {
  const auth = { token: '', userId: '' };
  const client = createClient({ baseUrl: API_BASE, getAuth: () => auth });
  const user = await client.call(login, {
    body: { account, password: DEMO_PASSWORD, productId: PRODUCT_ID },
  });
  auth.token = user.token;
  auth.userId = user.userId;
  return client;
}

/** The course's students by account (student01 …) with their student ids and names, as teacher1 reads them. */
export async function courseStudents(
  course: CourseFixture,
): Promise<Map<string, { studentId: string; studentName: string }>> {
  const teacher = await clientAs('teacher1');
  const page = await teacher.call(getCourseClassStudentV2, {
    body: { schoolId: '1', courseId: course.courseId, pageIndex: 1, pageSize: 200 },
  });
  // the demo accounts follow the student numbers: student01 is 20260001
  return new Map(
    page.list.map((student) => [
      `student${student.studentNumber.slice(-2)}`,
      { studentId: student.studentId, studentName: student.studentName },
    ]),
  );
}

/** A group set of the course saved by teacher1; each team's first student leads it. */
export async function saveGroupSet(
  course: CourseFixture,
  set: {
    groupName: string;
    groupType: 0 | 1 | 2;
    maxMembers: number;
    teams?: { groupName: string; studentIds: string[] }[];
  },
) {
  const teacher = await clientAs('teacher1');
  return teacher.call(creatCourseGroup, {
    body: {
      schoolId: '1',
      courseId: course.courseId,
      groupName: set.groupName,
      groupType: set.groupType,
      maxMembers: set.maxMembers,
      teams: (set.teams ?? []).map((team) => ({
        groupName: team.groupName,
        leaderStudentId: team.studentIds[0] ?? '',
        studentIds: team.studentIds,
      })),
    },
  });
}

/** A group work of teacher1 for 1班 using the set, published now with its deadline `days` ahead. */
export async function publishGroupWork(
  course: CourseFixture,
  workGroupId: string,
  { title = '小组作业：因子回测', days = 7 }: { title?: string; days?: number } = {},
): Promise<string> {
  const teacher = await clientAs('teacher1');
  const now = api().clock.now();
  const work = await teacher.call(updateCourseWork, {
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds: [course.class1],
      title,
      content: '<p>分组完成因子回测</p>',
      type: 1,
      groupMode: 1,
      workGroupId,
      startTime: now,
      endTime: now + days * DAY_MS,
      totalScore: 100,
    },
  });
  await teacher.call(publishCourseWork, { path: { schoolId: '1', workId: work.workId } });
  return work.workId;
}

/** The student saves a draft answer of the work (which locks its group set). */
export async function saveDraftAnswer(account: string, workId: string): Promise<void> {
  const student = await clientAs(account);
  const { myWork } = await student.call(getMyWorkInfo, { path: { schoolId: '1', workId } });
  await student.call(updateMyWorkInfo, {
    body: {
      schoolId: '1',
      studentWorkId: myWork.studentWorkId,
      requestId: `draft-${account}-${workId}`,
      revision: myWork.revision,
      content: '<p>我们的初稿</p>',
      submit: false,
    },
  });
}

/** The student leads a new team of the free-grouping work with the classmates named. */
export async function formTeam(account: string, workId: string, studentIds: string[]) {
  const student = await clientAs(account);
  return student.call(createStudentWorkGroup, {
    path: { schoolId: '1', workId },
    query: { studentIds: studentIds.join(',') },
  });
}
