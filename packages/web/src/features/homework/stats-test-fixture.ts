import {
  correctStudentWork,
  getMyWorkInfo,
  publishCourseWork,
  publishWorkScore,
  updateCourseWork,
  updateMyWorkInfo,
} from '@dfrm/sdk/tms';
import { api, loginAs } from '@/test/api-server';
import { actAs, createCourseAs } from '@/test/course-helpers';

// Test setup of the statistics tests: homework as a teacher and students go through it, over
// the reference server's API (the flow of packages/server/src/routes/tms/homework.fixtures.ts).

export const CLASS1 = '金融工程2026级1班';
export const CLASS2 = '金融工程2026级2班';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatsCourse {
  courseId: string;
  courseName: string;
  /** Teaching class on 1班 (student01–15) and on 2班 (student16–30). */
  class1: string;
  class2: string;
}

/** A course of teacher1 on both demo classes, made through updateCourse. */
export async function statsCourse(courseName = '量化投资'): Promise<StatsCourse> {
  const course = await createCourseAs('teacher1', courseName, [CLASS1, CLASS2]);
  const classOf = (name: string) => {
    const found = course.teachingClasses.find((item) => item.className === name);
    if (!found) throw new Error(`no teaching class on ${name}`);
    return found.teachingClassId;
  };
  return { courseId: course.courseId, courseName, class1: classOf(CLASS1), class2: classOf(CLASS2) };
}

/** teacher1 publishes a work of the course for the given classes, open for a week; its id. */
export async function publishWork(
  course: StatsCourse,
  title: string,
  { totalScore = 100, teachingClassIds = [course.class1, course.class2] } = {},
): Promise<string> {
  actAs(await loginAs('teacher1'));
  const now = api().clock.now();
  const { workId } = await updateCourseWork({
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds,
      title,
      content: '<p>按要求完成</p>',
      type: 1,
      groupMode: 0,
      startTime: now,
      endTime: now + 7 * DAY_MS,
      totalScore,
    },
  });
  await publishCourseWork({ path: { schoolId: '1', workId } });
  return workId;
}

/** The student hands in an answer; their student work's id. */
export async function handIn(student: string, workId: string): Promise<string> {
  actAs(await loginAs(student));
  const { myWork } = await getMyWorkInfo({ path: { schoolId: '1', workId } });
  await updateMyWorkInfo({
    body: {
      schoolId: '1',
      studentWorkId: myWork.studentWorkId,
      requestId: `stats-${student}-${workId}`,
      revision: 0,
      content: '<p>答案</p>',
      submit: true,
    },
  });
  return myWork.studentWorkId;
}

/** teacher1 scores a hand-in. */
export async function grade(studentWorkId: string, score: number): Promise<void> {
  actAs(await loginAs('teacher1'));
  await correctStudentWork({ body: { schoolId: '1', studentWorkId, score } });
}

/** teacher1 publishes a work's scores to its students. */
export async function publishScores(workId: string): Promise<void> {
  actAs(await loginAs('teacher1'));
  await publishWorkScore({ path: { schoolId: '1', workId } });
}
