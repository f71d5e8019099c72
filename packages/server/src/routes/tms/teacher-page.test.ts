import {
  zGetTeacherCourseTableResponse,
  zGetTeacherRecentCourseResponse,
  zGetTeachingCourseResponse,
} from '@dfrm/sdk/tms/zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { schoolMembers, schools } from '../../db/schema/school';
import { call, createTestApp, type Session, type TestApp } from '../../testing/index';
import { createCourse, demoClassIds, SCHOOL, sessions, userIdOf } from './course.fixtures';

let t: TestApp;
let as: (userName: string) => Promise<Session>;
let class1: string;
let class2: string;

beforeEach(async () => {
  t = await createTestApp();
  as = sessions(t);
  ({ class1, class2 } = await demoClassIds(t));
});

const P = '/tms-server/teacherPage';

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

/**
 * The clock stands at Monday 2026-03-02 09:00 in Beijing.
 * teacher1: 量化投资 (1班+2班, lessons on 03-02 08:00 and 03-09 10:00), Python (1班, from April,
 * a lesson on 04-01), 旧课 (over in 2025); teacher2: 金融衍生品 (2班, a lesson on 03-03).
 */
async function term() {
  const teacher1 = await as('teacher1');
  const quant = await createCourse(t, teacher1, { courseName: '量化投资', classIds: [class1, class2] });
  const python = await createCourse(t, teacher1, {
    courseName: 'Python金融数据分析',
    classIds: [class1],
    startDate: '2026-04-01',
    endDate: '2026-06-30',
  });
  t.clock.advance(1000);
  const old = await createCourse(t, teacher1, {
    courseName: '旧课',
    classIds: [class1],
    startDate: '2025-09-01',
    endDate: '2025-12-31',
  });
  const derivatives = await createCourse(t, await as('teacher2'), {
    courseName: '金融衍生品',
    classIds: [class2],
  });
  await setSections('teacher1', quant.courseId, [
    {
      sectionName: '因子',
      sortNo: 2,
      classDate: '2026-03-09',
      startTime: '10:00',
      endTime: '11:35',
      location: 'A101',
    },
    {
      sectionName: '导论',
      sortNo: 1,
      classDate: '2026-03-02',
      startTime: '08:00',
      endTime: '09:35',
      location: 'A101',
    },
    { sectionName: '自学', sortNo: 3 },
  ]);
  await setSections('teacher1', python.courseId, [
    { sectionName: 'Python 入门', sortNo: 1, classDate: '2026-04-01', startTime: '14:00', endTime: '15:35' },
  ]);
  await setSections('teacher1', old.courseId, [
    { sectionName: '旧章节', sortNo: 1, classDate: '2025-10-01', startTime: '08:00', endTime: '09:00' },
  ]);
  await setSections('teacher2', derivatives.courseId, [
    { sectionName: '期权', sortNo: 1, classDate: '2026-03-03', startTime: '08:00', endTime: '09:35' },
  ]);
  return { quant, python, old, derivatives };
}

describe('GET /teacherPage/getTeacherCourseTable', () => {
  it('lists the dated sections of the caller’s courses in the range, by date and time', async () => {
    const { quant } = await term();
    const answer = await get(`/getTeacherCourseTable/${SCHOOL}/2026-03-01/2026-04-30`, 'teacher1');
    expect(answer.body.errCode).toBe(0);
    const table = zGetTeacherCourseTableResponse.parse(answer.body.data);
    expect(
      table.map((item) => [
        item.section.classDate,
        item.section.startTime,
        item.course.courseName,
        item.section.sectionName,
      ]),
    ).toEqual([
      ['2026-03-02', '08:00', '量化投资', '导论'],
      ['2026-03-09', '10:00', '量化投资', '因子'],
      ['2026-04-01', '14:00', 'Python金融数据分析', 'Python 入门'],
    ]);
    expect(table[0]?.teachingClasses.map((tc) => tc.teachingClassId)).toEqual(
      quant.teachingClasses.map((tc) => tc.teachingClassId),
    );
    expect(table[0]?.course.teacher).toEqual({
      userId: String(await userIdOf(t, 'teacher1')),
      userName: 'teacher1',
      realName: '李明华',
    });
    const oneDay = await get<unknown[]>(`/getTeacherCourseTable/${SCHOOL}/2026-03-09/2026-03-09`, 'teacher1');
    expect(oneDay.body.data).toHaveLength(1);
    const other = await get<{ course: { courseName: string } }[]>(
      `/getTeacherCourseTable/${SCHOOL}/2026-03-01/2026-04-30`,
      'teacher2',
    );
    expect(other.body.data.map((item) => item.course.courseName)).toEqual(['金融衍生品']);
  });

  it('validates the dates in Chinese and refuses students', async () => {
    const cases: [string, string][] = [
      ['2026-3-1/2026-03-31', '参数 startDate 格式不正确'],
      ['2026-02-30/2026-03-31', '参数 startDate 不是有效的日期'],
      ['2026-03-01/2026-13-01', '参数 endDate 不是有效的日期'],
      ['2026-03-31/2026-03-01', '参数 endDate 不能早于 startDate'],
      ['2026-01-01/2027-01-03', '日期区间不能超过 366 天'],
    ];
    for (const [range, errMsg] of cases) {
      const answer = await get(`/getTeacherCourseTable/${SCHOOL}/${range}`, 'teacher1');
      expect(answer.body).toEqual({ errCode: 2, errMsg, data: null });
    }
    expect(
      (await get(`/getTeacherCourseTable/${SCHOOL}/2026-01-01/2027-01-02`, 'teacher1')).body.errCode,
    ).toBe(0);
    const student = await get(`/getTeacherCourseTable/${SCHOOL}/2026-03-01/2026-03-31`, 'student01');
    expect(student.body).toMatchObject({ errCode: 5 });
    expect(student.status).toBe(403);
  });
});

describe('GET /teacherPage/get/recent/course/{showNumber}', () => {
  it('puts courses with a next lesson first, soonest first, then the rest; over courses are left out', async () => {
    const { quant, python } = await term();
    t.clock.advance(1000);
    const plain = await createCourse(t, await as('teacher1'), { courseName: '固定收益', classIds: [class2] });
    const answer = await get(`/get/recent/course/5`, 'teacher1');
    expect(answer.body.errCode).toBe(0);
    const list = zGetTeacherRecentCourseResponse.parse(answer.body.data);
    expect(
      list.map((c) => [
        c.courseId,
        c.nextSection?.sectionName ?? null,
        c.status,
        c.teachingClassNum,
        c.studentNum,
      ]),
    ).toEqual([
      // 09:00 on 03-02: the 08:00–09:35 lesson is still on
      [quant.courseId, '导论', 1, 2, 30],
      [python.courseId, 'Python 入门', 0, 1, 15],
      [plain.courseId, null, 1, 1, 15],
    ]);
    t.clock.advance(60 * 60 * 1000); // 10:00: the first lesson is over
    const later = await get<{ nextSection: { sectionName: string } | null }[]>(
      `/get/recent/course/1?schoolId=${SCHOOL}`,
      'teacher1',
    );
    expect(later.body.data.map((c) => c.nextSection?.sectionName)).toEqual(['因子']);
  });

  it('validates showNumber and the school', async () => {
    expect((await get('/get/recent/course/0', 'teacher1')).body).toEqual({
      errCode: 2,
      errMsg: '参数 showNumber 不能小于 1',
      data: null,
    });
    expect((await get('/get/recent/course/21', 'teacher1')).body.errMsg).toBe('参数 showNumber 不能大于 20');
    expect((await get('/get/recent/course/abc', 'teacher1')).body.errMsg).toBe('参数 showNumber 类型不正确');
    const [other] = await t.db
      .insert(schools)
      .values({ name: '别的学校', createdAt: t.clock.now() })
      .returning();
    await t.db
      .insert(schoolMembers)
      .values({ schoolId: other?.id ?? 0, userId: await userIdOf(t, 'student01'), role: 'student' });
    const foreign = await get(`/get/recent/course/3?schoolId=${other?.id}`, 'teacher1');
    expect(foreign.body).toMatchObject({ errCode: 5 });
    expect((await get('/get/recent/course/3', 'student01')).body.errCode).toBe(5);
  });
});

describe('GET /teacherPage/getTeachingCourse/{schoolId}', () => {
  it('lists the caller’s courses in progress today', async () => {
    const { quant } = await term();
    const answer = await get(`/getTeachingCourse/${SCHOOL}`, 'teacher1');
    expect(answer.body.errCode).toBe(0);
    const list = zGetTeachingCourseResponse.parse(answer.body.data);
    expect(list).toEqual([
      expect.objectContaining({
        courseId: quant.courseId,
        courseName: '量化投资',
        startDate: '2026-03-02',
        endDate: '2026-07-10',
        studentNum: 30,
        workNum: 0,
        uncorrectedNum: 0,
      }),
    ]);
    expect(list[0]?.teachingClasses).toHaveLength(2);
    const other = await get<{ courseName: string }[]>(`/getTeachingCourse/${SCHOOL}`, 'teacher2');
    expect(other.body.data.map((c) => c.courseName)).toEqual(['金融衍生品']);
    expect((await get(`/getTeachingCourse/${SCHOOL}`, 'student01')).body.errCode).toBe(5);
    expect((await get(`/getTeachingCourse/999`, 'teacher1')).body.errCode).toBe(5);
  });
});
