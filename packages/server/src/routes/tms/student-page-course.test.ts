import { zGetStudentCourseTableResponse, zGetStudentRecentCourseResponse } from '@dfrm/sdk/tms/zod';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/school';
import { call, createTestApp, type Session, type TestApp } from '../../testing/index';
import { createCourse, demoClassIds, SCHOOL, sessions } from './course.fixtures';

let t: TestApp;
let as: (userName: string) => Promise<Session>;
let class1: string;
let class2: string;

beforeEach(async () => {
  t = await createTestApp();
  as = sessions(t);
  ({ class1, class2 } = await demoClassIds(t));
});

const P = '/tms-server/studentPage';

async function get<T = unknown>(path: string, who: string) {
  return call<T>(t.app, 'GET', `${P}${path}`, { session: await as(who) });
}

async function setSections(who: string, courseId: string, sections: unknown[]) {
  const answer = await call(t.app, 'POST', '/tms-server/courseMgr/setCourseSection', {
    session: await as(who),
    body: { schoolId: SCHOOL, courseId, sections },
  });
  expect(answer.body.errCode).toBe(0);
}

/** 量化投资 (teacher1, 1班+2班), Python (teacher1, 1班, April), 金融衍生品 (teacher2, 2班). */
async function term() {
  const teacher1 = await as('teacher1');
  const quant = await createCourse(t, teacher1, { courseName: '量化投资', classIds: [class1, class2] });
  const python = await createCourse(t, teacher1, {
    courseName: 'Python金融数据分析',
    classIds: [class1],
    startDate: '2026-04-01',
    endDate: '2026-06-30',
  });
  const derivatives = await createCourse(t, await as('teacher2'), {
    courseName: '金融衍生品',
    classIds: [class2],
  });
  await setSections('teacher1', quant.courseId, [
    {
      sectionName: '导论',
      sortNo: 1,
      classDate: '2026-03-02',
      startTime: '08:00',
      endTime: '09:35',
      location: 'A101',
    },
    { sectionName: '因子', sortNo: 2, classDate: '2026-03-09', startTime: '10:00', endTime: '11:35' },
  ]);
  await setSections('teacher1', python.courseId, [
    { sectionName: 'Python 入门', sortNo: 1, classDate: '2026-04-01', startTime: '14:00', endTime: '15:35' },
  ]);
  await setSections('teacher2', derivatives.courseId, [
    { sectionName: '期权', sortNo: 1, classDate: '2026-03-03', startTime: '08:00', endTime: '09:35' },
  ]);
  return { quant, python, derivatives };
}

describe('GET /studentPage/getStudentCourseTable', () => {
  it('shows a student the lessons of the courses they are in, with their own teaching class', async () => {
    const { quant } = await term();
    const answer = await get(`/getStudentCourseTable/${SCHOOL}/2026-03-01/2026-04-30`, 'student01');
    expect(answer.body.errCode).toBe(0);
    const table = zGetStudentCourseTableResponse.parse(answer.body.data);
    expect(
      table.map((item) => [
        item.section.classDate,
        item.course.courseName,
        item.course.teacher?.realName,
        item.teachingClass.className,
      ]),
    ).toEqual([
      ['2026-03-02', '量化投资', '李明华', '金融工程2026级1班'],
      ['2026-03-09', '量化投资', '李明华', '金融工程2026级1班'],
      ['2026-04-01', 'Python金融数据分析', '李明华', '金融工程2026级1班'],
    ]);
    expect(table[0]?.teachingClass.teachingClassId).toBe(quant.teachingClasses[0]?.teachingClassId);
    // a student of the other class sees their own courses only
    const other = await get<{ course: { courseName: string }; teachingClass: { className: string } }[]>(
      `/getStudentCourseTable/${SCHOOL}/2026-03-01/2026-04-30`,
      'student16',
    );
    expect(other.body.data.map((item) => [item.course.courseName, item.teachingClass.className])).toEqual([
      ['量化投资', '金融工程2026级2班'],
      ['金融衍生品', '金融工程2026级2班'],
      ['量化投资', '金融工程2026级2班'],
    ]);
  });

  it('shows nothing to a student who is no longer active', async () => {
    await term();
    await t.db.update(students).set({ status: 'suspended' }).where(eq(students.studentNumber, '20260001'));
    const answer = await get<unknown[]>(
      `/getStudentCourseTable/${SCHOOL}/2026-03-01/2026-04-30`,
      'student01',
    );
    expect(answer.body.data).toEqual([]);
  });

  it('validates the dates in Chinese and refuses teachers', async () => {
    expect((await get(`/getStudentCourseTable/${SCHOOL}/2026-03-31/2026-03-01`, 'student01')).body).toEqual({
      errCode: 2,
      errMsg: '参数 endDate 不能早于 startDate',
      data: null,
    });
    expect(
      (await get(`/getStudentCourseTable/${SCHOOL}/2026-01-01/2027-06-01`, 'student01')).body.errMsg,
    ).toBe('日期区间不能超过 366 天');
    expect(
      (await get(`/getStudentCourseTable/${SCHOOL}/2026-04-31/2026-05-01`, 'student01')).body.errMsg,
    ).toBe('参数 startDate 不是有效的日期');
    expect(
      (await get(`/getStudentCourseTable/${SCHOOL}/2026-03-01/2026-03-31`, 'teacher1')).body.errCode,
    ).toBe(5);
  });
});

describe('GET /studentPage/get/recent/course/{showNumber}', () => {
  it('lists the student’s current courses, next lesson first', async () => {
    const { quant, python, derivatives } = await term();
    const answer = await get('/get/recent/course/10', 'student16');
    expect(answer.body.errCode).toBe(0);
    const list = zGetStudentRecentCourseResponse.parse(answer.body.data);
    expect(
      list.map((c) => [c.courseId, c.nextSection?.sectionName, c.teachingClass.className, c.unCommitWorkNum]),
    ).toEqual([
      [quant.courseId, '导论', '金融工程2026级2班', 0],
      [derivatives.courseId, '期权', '金融工程2026级2班', 0],
    ]);
    const mine = await get<{ courseId: string }[]>(`/get/recent/course/1?schoolId=${SCHOOL}`, 'student01');
    expect(mine.body.data.map((c) => c.courseId)).toEqual([quant.courseId]);
    t.clock.set(Date.UTC(2026, 3, 1, 0)); // 04-01 08:00 in Beijing
    as = sessions(t);
    const april = await get<{ courseId: string; status: number }[]>('/get/recent/course/5', 'student01');
    expect(april.body.data.map((c) => [c.courseId, c.status])).toEqual([
      [python.courseId, 1],
      [quant.courseId, 1],
    ]);
    expect((await get('/get/recent/course/0', 'student01')).body.errMsg).toBe('参数 showNumber 不能小于 1');
    expect((await get('/get/recent/course/3', 'teacher1')).body.errCode).toBe(5);
  });
});
