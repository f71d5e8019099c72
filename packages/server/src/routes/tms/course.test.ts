import { Readable } from 'node:stream';
import {
  zClearCourseSectionResponse,
  zDelCourseResponse,
  zDelCourseSectionResponse,
  zGetClassStudentResponse,
  zGetCourseClassStudentV2Response,
  zGetCourseListResponse,
  zGetCourseListV2Response,
  zGetCourseSectionResponse,
  zGetCourseStaticTotalResponse,
  zGetCourseStaticTotalV2Response,
  zGetCourseStudentNumResponse,
  zGetCourseStudentNumV2Response,
  zGetCourseSummaryListResponse,
  zGetCourseTeachingClassResponse,
  zGetSchoolClassResponse,
  zSetCourseSectionResponse,
  zUploadCourseSectionResponse,
  zUpdateCourseResponse,
  zUpdateCourseV2Response,
} from '@dfrm/sdk/tms/zod';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseware, coursewareFiles, coursewareShares } from '../../db/schema/courseware';
import { notices, noticeVisibility } from '../../db/schema/notice';
import { classes, colleges, grades, majors, schools, students } from '../../db/schema/school';
import { courseSections, courses, teachingClasses, teachingClassStudents } from '../../db/schema/teaching';
import type { CourseItem, CourseSection } from '@dfrm/sdk/tms/types';
import { call, createTestApp, type Session, type TestApp } from '../../testing/index';
import ExcelJS from 'exceljs';
import {
  createCourse,
  demoClassIds,
  SCHOOL,
  SECTION_HEADER,
  sessions,
  uploadForm,
  userIdOf,
  xlsxOf,
} from './course.fixtures';

let t: TestApp;
let as: (userName: string) => Promise<Session>;
let class1: string;
let class2: string;

beforeEach(async () => {
  t = await createTestApp();
  as = sessions(t);
  ({ class1, class2 } = await demoClassIds(t));
});

const M = '/tms-server/courseMgr';

async function post<T = unknown>(path: string, who: string, body: unknown) {
  return call<T>(t.app, 'POST', `${M}${path}`, { session: await as(who), body });
}

async function get<T = unknown>(path: string, who: string | null) {
  return call<T>(t.app, 'GET', `${M}${path}`, who === null ? {} : { session: await as(who) });
}

/** teacher1: 量化投资 (1班+2班), Python金融数据分析 (1班); teacher2: 金融衍生品 (2班). */
async function threeCourses() {
  const quant = await createCourse(t, await as('teacher1'), {
    courseName: '量化投资',
    classIds: [class1, class2],
  });
  const python = await createCourse(t, await as('teacher1'), {
    courseName: 'Python金融数据分析',
    classIds: [class1],
    startDate: '2026-04-01',
    endDate: '2026-06-30',
  });
  const derivatives = await createCourse(t, await as('teacher2'), {
    courseName: '金融衍生品',
    classIds: [class2],
  });
  return { quant, python, derivatives };
}

function expectRefused(
  answer: { status: number; body: { errCode: number; errMsg: string } },
  errCode: number,
) {
  expect({ status: answer.status, errCode: answer.body.errCode }).toEqual({
    status: { 1: 400, 2: 400, 4: 401, 5: 403, 6: 404, 7: 409 }[errCode],
    errCode,
  });
}

describe('POST /courseMgr/updateCourse', () => {
  it('creates a course whose teaching classes are whole administrative classes', async () => {
    const answer = await post<CourseItem>('/updateCourse', 'teacher1', {
      schoolId: SCHOOL,
      courseName: ' 量化投资 ',
      description: '多因子模型与回测',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class1, class2],
    });
    expect(answer.body.errCode).toBe(0);
    const course = zUpdateCourseResponse.parse(answer.body.data);
    expect(course).toMatchObject({
      courseName: '量化投资',
      schoolId: SCHOOL,
      description: '多因子模型与回测',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      status: 1,
      studentNum: 30,
      sectionNum: 0,
      teacher: { userName: 'teacher1', realName: '李明华' },
    });
    expect(course.teachingClasses.map((tc) => [tc.classId, tc.className, tc.studentCount])).toEqual([
      [class1, '金融工程2026级1班', 15],
      [class2, '金融工程2026级2班', 15],
    ]);
    const stored = await t.db
      .select()
      .from(teachingClasses)
      .where(eq(teachingClasses.courseId, Number(course.courseId)));
    expect(stored.map((row) => row.wholeClass)).toEqual([true, true]);
    const [row] = await t.db
      .select()
      .from(courses)
      .where(eq(courses.id, Number(course.courseId)));
    expect(row?.teacherUserId).toBe(await userIdOf(t, 'teacher1'));
  });

  it('lets a student added to the class later join the course automatically', async () => {
    const course = await createCourse(t, await as('teacher1'), {
      courseName: '量化投资',
      classIds: [class1],
    });
    await t.db.insert(students).values({
      schoolId: 1,
      classId: Number(class1),
      studentNumber: '20269999',
      name: '新同学',
    });
    const answer = await get<{ studentNum: number }>(
      `/getCourseStudentNum/${SCHOOL}/${course.courseId}`,
      'teacher1',
    );
    expect(answer.body.data.studentNum).toBe(16);
  });

  it('updates a course: changed fields, removed and added teaching classes', async () => {
    const course = await createCourse(t, await as('teacher1'), {
      courseName: '量化投资',
      classIds: [class1, class2],
    });
    const kept = course.teachingClasses[0]?.teachingClassId;
    const answer = await post<CourseItem>('/updateCourse', 'teacher1', {
      schoolId: SCHOOL,
      courseId: course.courseId,
      courseName: '量化投资（进阶）',
      startDate: '2026-03-09',
      endDate: '2026-07-10',
      classIds: [class1],
    });
    expect(answer.body.errCode).toBe(0);
    expect(answer.body.data).toMatchObject({
      courseName: '量化投资（进阶）',
      startDate: '2026-03-09',
      studentNum: 15,
    });
    expect(answer.body.data.teachingClasses.map((tc) => tc.teachingClassId)).toEqual([kept]);
    expect(await t.db.select().from(teachingClasses)).toHaveLength(1);
  });

  it('refuses a teacher changing a course of another teacher', async () => {
    const course = await createCourse(t, await as('teacher1'), {
      courseName: '量化投资',
      classIds: [class1],
    });
    const answer = await post('/updateCourse', 'teacher2', {
      schoolId: SCHOOL,
      courseId: course.courseId,
      courseName: '被改掉的课',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class2],
    });
    expectRefused(answer, 5);
    expect(answer.body.errMsg).toBe('您不是该课程的任课教师');
    const [row] = await t.db
      .select()
      .from(courses)
      .where(eq(courses.id, Number(course.courseId)));
    expect(row?.name).toBe('量化投资');
  });

  it('refuses students and school managers', async () => {
    const body = {
      schoolId: SCHOOL,
      courseName: 'x',
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      classIds: [class1],
    };
    expectRefused(await post('/updateCourse', 'student01', body), 5);
    expectRefused(await post('/updateCourse', 'manager', body), 5);
    expectRefused(await call(t.app, 'POST', `${M}/updateCourse`, { body }), 4);
    expect(await t.db.select().from(courses)).toHaveLength(0);
  });

  it('refuses bad input naming the field in Chinese', async () => {
    const base = {
      schoolId: SCHOOL,
      courseName: '量化投资',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class1],
    };
    const cases: [unknown, string][] = [
      [{ ...base, courseName: '' }, '参数 courseName 不能为空'],
      [{ ...base, courseName: '   ' }, '参数 courseName 不能为空'],
      [{ ...base, courseName: '课'.repeat(51) }, '参数 courseName 长度不能超过 50 个字符'],
      [{ ...base, endDate: '2026-03-01' }, '参数 endDate 不能早于 startDate'],
      [{ ...base, startDate: '2026-02-30' }, '参数 startDate 不是有效的日期'],
      [{ ...base, startDate: '2026/03/02' }, '参数 startDate 格式不正确'],
      [{ ...base, classIds: [] }, '参数 classIds 至少需要 1 项'],
      [{ ...base, classIds: [class1, class1] }, '参数 classIds 不能有重复的行政班'],
    ];
    for (const [body, errMsg] of cases) {
      const answer = await post('/updateCourse', 'teacher1', body);
      expect(answer.body).toEqual({ errCode: 2, errMsg, data: null });
    }
    const missing = await post('/updateCourse', 'teacher1', { ...base, classIds: ['999999'] });
    expect(missing.body).toMatchObject({ errCode: 6, errMsg: '行政班不存在：999999' });
    expect(await t.db.select().from(courses)).toHaveLength(0);
  });

  it('refuses a second course of the same name by the same teacher, not by another', async () => {
    await createCourse(t, await as('teacher1'), { courseName: '量化投资', classIds: [class1] });
    const again = await post('/updateCourse', 'teacher1', {
      schoolId: SCHOOL,
      courseName: '量化投资',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class2],
    });
    expectRefused(again, 7);
    expect(again.body.errMsg).toBe('您在该学校已有同名课程：量化投资');
    await createCourse(t, await as('teacher2'), { courseName: '量化投资', classIds: [class2] });
    expect(await t.db.select().from(courses)).toHaveLength(2);
  });
});

describe('POST /courseMgr/v2/updateCourse', () => {
  const v2 = (body: Record<string, unknown>) => ({
    schoolId: SCHOOL,
    courseName: '量化投资',
    startDate: '2026-03-02',
    endDate: '2026-07-10',
    ...body,
  });

  async function studentIdsOf(numbers: string[]): Promise<string[]> {
    const rows = await t.db.select({ id: students.id, number: students.studentNumber }).from(students);
    return numbers.map((number) => String(rows.find((row) => row.number === number)?.id));
  }

  it('creates named teaching classes with picked students and keeps them by id on update', async () => {
    const picked = await studentIdsOf(['20260001', '20260002', '20260003']);
    const created = await post<CourseItem>(
      '/v2/updateCourse',
      'teacher1',
      v2({
        teachingClasses: [
          { classId: class1, teachingClassName: '量化 A 组', studentIds: picked },
          { classId: class2 },
        ],
      }),
    );
    expect(created.body.errCode).toBe(0);
    const course = zUpdateCourseV2Response.parse(created.body.data);
    expect(course.studentNum).toBe(18);
    expect(course.teachingClasses.map((tc) => [tc.className, tc.studentCount])).toEqual([
      ['量化 A 组', 3],
      ['金融工程2026级2班', 15],
    ]);
    const groupId = course.teachingClasses[0]?.teachingClassId ?? '';
    const members = await t.db
      .select()
      .from(teachingClassStudents)
      .where(eq(teachingClassStudents.teachingClassId, Number(groupId)));
    expect(members.map((row) => String(row.studentId)).sort()).toEqual([...picked].sort());

    // keep the group (now the whole class), drop 2班
    const updated = await post<CourseItem>(
      '/v2/updateCourse',
      'teacher1',
      v2({
        courseId: course.courseId,
        teachingClasses: [{ teachingClassId: groupId, classId: class1, teachingClassName: '量化 A 组' }],
      }),
    );
    expect(updated.body.errCode).toBe(0);
    expect(updated.body.data.teachingClasses).toEqual([
      {
        teachingClassId: groupId,
        courseId: course.courseId,
        classId: class1,
        className: '量化 A 组',
        studentCount: 15,
      },
    ]);
    expect(await t.db.select().from(teachingClassStudents)).toHaveLength(0);
  });

  it('refuses students of another administrative class and teaching classes of another course', async () => {
    const [other] = await studentIdsOf(['20260016']);
    const wrong = await post(
      '/v2/updateCourse',
      'teacher1',
      v2({ teachingClasses: [{ classId: class1, studentIds: [other] }] }),
    );
    expect(wrong.body).toEqual({
      errCode: 2,
      errMsg: '参数 teachingClasses[0].studentIds 中有不属于该行政班的学生',
      data: null,
    });
    const foreign = await createCourse(t, await as('teacher2'), {
      courseName: '金融衍生品',
      classIds: [class2],
    });
    const mine = await createCourse(t, await as('teacher1'), { courseName: '量化投资', classIds: [class1] });
    const stolen = await post(
      '/v2/updateCourse',
      'teacher1',
      v2({
        courseId: mine.courseId,
        teachingClasses: [{ teachingClassId: foreign.teachingClasses[0]?.teachingClassId, classId: class2 }],
      }),
    );
    expectRefused(stolen, 6);
    const hijack = await post(
      '/v2/updateCourse',
      'teacher2',
      v2({ courseId: mine.courseId, teachingClasses: [{ classId: class2 }] }),
    );
    expectRefused(hijack, 5);
    expect(
      await t.db
        .select()
        .from(teachingClasses)
        .where(eq(teachingClasses.courseId, Number(mine.courseId))),
    ).toHaveLength(1);
    const refused = await post(
      '/v2/updateCourse',
      'student01',
      v2({ teachingClasses: [{ classId: class1 }] }),
    );
    expectRefused(refused, 5);
    const empty = await post('/v2/updateCourse', 'teacher1', v2({ teachingClasses: [] }));
    expect(empty.body.errMsg).toBe('参数 teachingClasses 至少需要 1 项');
  });
});

describe('POST /courseMgr/getCourseList and v2', () => {
  it('shows a teacher their own courses, newest first, paged', async () => {
    await threeCourses();
    t.clock.advance(1000);
    await createCourse(t, await as('teacher1'), { courseName: '固定收益', classIds: [class2] });
    const first = await post<{ list: CourseItem[]; total: number }>('/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 2,
    });
    expect(first.body.errCode).toBe(0);
    const page = zGetCourseListResponse.parse(first.body.data);
    expect(page.total).toBe(3);
    expect(page.list.map((course) => course.courseName)).toEqual(['固定收益', 'Python金融数据分析']);
    const second = await post<{ list: CourseItem[] }>('/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 2,
      pageSize: 2,
    });
    expect(second.body.data.list.map((course) => course.courseName)).toEqual(['量化投资']);
    const keyword = await post<{ list: CourseItem[]; total: number }>('/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      keyword: 'python',
    });
    expect(keyword.body.data.list.map((course) => course.courseName)).toEqual(['Python金融数据分析']);
    const other = await post<{ list: CourseItem[] }>('/getCourseList', 'teacher2', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
    });
    expect(other.body.data.list.map((course) => course.courseName)).toEqual(['金融衍生品']);
  });

  it('shows the school manager every course of the school and refuses students', async () => {
    await threeCourses();
    const answer = await post<{ list: CourseItem[]; total: number }>('/getCourseList', 'manager', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
    });
    expect(answer.body.data.total).toBe(3);
    expectRefused(
      await post('/getCourseList', 'student01', { schoolId: SCHOOL, pageIndex: 1, pageSize: 20 }),
      5,
    );
    const bad = await post('/getCourseList', 'teacher1', { schoolId: SCHOOL, pageIndex: 0, pageSize: 20 });
    expect(bad.body).toEqual({ errCode: 2, errMsg: '参数 pageIndex 不能小于 1', data: null });
    const big = await post('/getCourseList', 'teacher1', { schoolId: SCHOOL, pageIndex: 1, pageSize: 500 });
    expect(big.body.errMsg).toBe('参数 pageSize 不能大于 200');
  });

  it('v2 filters by status and start dates, sorts, and counts notices and courseware', async () => {
    const { quant, python } = await threeCourses();
    const now = t.clock.now();
    const teacher1 = await userIdOf(t, 'teacher1');
    await t.db.insert(notices).values([
      {
        schoolId: 1,
        courseId: Number(quant.courseId),
        authorUserId: teacher1,
        title: '开课',
        content: '<p>x</p>',
        summary: 'x',
        status: 1,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      {
        schoolId: 1,
        courseId: Number(quant.courseId),
        authorUserId: teacher1,
        title: '草稿',
        content: '<p>y</p>',
        summary: 'y',
        status: 0,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await t.db.insert(courseware).values({
      schoolId: 1,
      courseId: Number(python.courseId),
      ownerUserId: teacher1,
      name: '讲义',
      createdAt: now,
      updatedAt: now,
    });
    const all = await post<{
      list: (CourseItem & { announceNum: number; courseWareNum: number; workNum: number })[];
      total: number;
    }>('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      sortField: 'studentNum',
      sortOrder: 'desc',
    });
    expect(all.body.errCode).toBe(0);
    const page = zGetCourseListV2Response.parse(all.body.data);
    expect(
      page.list.map((c) => [c.courseName, c.studentNum, c.status, c.announceNum, c.courseWareNum, c.workNum]),
    ).toEqual([
      ['量化投资', 30, 1, 2, 0, 0],
      ['Python金融数据分析', 15, 0, 0, 1, 0],
    ]);
    const upcoming = await post<{ list: CourseItem[] }>('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      status: 0,
    });
    expect(upcoming.body.data.list.map((c) => c.courseName)).toEqual(['Python金融数据分析']);
    const byDate = await post<{ list: CourseItem[] }>('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      startDateFrom: '2026-03-01',
      startDateTo: '2026-03-31',
      sortField: 'courseName',
      sortOrder: 'asc',
    });
    expect(byDate.body.data.list.map((c) => c.courseName)).toEqual(['量化投资']);
    const reversed = await post('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      startDateFrom: '2026-04-01',
      startDateTo: '2026-03-01',
    });
    expect(reversed.body).toEqual({
      errCode: 2,
      errMsg: '参数 startDateTo 不能早于 startDateFrom',
      data: null,
    });
    const badSort = await post('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      sortField: 'teacher',
    });
    expect(badSort.body.errCode).toBe(2);
    expect(badSort.body.errMsg).toContain('参数 sortField 取值不正确');
    // after the term every course is over
    t.clock.set(Date.UTC(2026, 6, 11, 1));
    as = sessions(t); // the sessions of March have expired by then
    const over = await post<{ list: CourseItem[] }>('/v2/getCourseList', 'teacher1', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 20,
      status: 2,
    });
    expect(over.body.data.list).toHaveLength(2);
    expectRefused(
      await post('/v2/getCourseList', 'student16', { schoolId: SCHOOL, pageIndex: 1, pageSize: 20 }),
      5,
    );
  });
});

describe('POST /courseMgr/getSchoolClass and getClassStudent', () => {
  it('lists the administrative classes with their active students, filtered', async () => {
    const all = await post('/getSchoolClass', 'teacher1', { schoolId: SCHOOL });
    expect(all.body.errCode).toBe(0);
    const list = zGetSchoolClassResponse.parse(all.body.data);
    expect(
      list.map((entry) => [
        entry.className,
        entry.studentNum,
        entry.collegeName,
        entry.majorName,
        entry.gradeName,
      ]),
    ).toEqual([
      ['金融工程2026级1班', 15, '金融学院', '金融工程', '2026级'],
      ['金融工程2026级2班', 15, '金融学院', '金融工程', '2026级'],
    ]);
    const second = await post<{ className: string }[]>('/getSchoolClass', 'teacher1', {
      schoolId: SCHOOL,
      keyword: '2班',
    });
    expect(second.body.data.map((entry) => entry.className)).toEqual(['金融工程2026级2班']);
    const byCollege = await post<unknown[]>('/getSchoolClass', 'teacher1', {
      schoolId: SCHOOL,
      collegeId: list[0]?.collegeId,
    });
    expect(byCollege.body.data).toHaveLength(2);
    const missing = await post('/getSchoolClass', 'teacher1', { schoolId: SCHOOL, collegeId: '424242' });
    expect(missing.body).toEqual({ errCode: 6, errMsg: '学院不存在', data: null });
    expectRefused(await post('/getSchoolClass', 'student01', { schoolId: SCHOOL }), 5);
    const bad = await post('/getSchoolClass', 'teacher1', { schoolId: SCHOOL, keyword: 'x'.repeat(51) });
    expect(bad.body.errMsg).toBe('参数 keyword 长度不能超过 50 个字符');
  });

  it('gives a school manager every class, and a teacher who asks for taught ones only the classes they teach', async () => {
    const names = (answer: { body: { data: unknown } }) =>
      zGetSchoolClassResponse.parse(answer.body.data).map((entry) => entry.className);
    const both = ['金融工程2026级1班', '金融工程2026级2班'];
    expect(names(await post('/getSchoolClass', 'manager', { schoolId: SCHOOL }))).toEqual(both);
    expect(names(await post('/getSchoolClass', 'teacher2', { schoolId: SCHOOL, taught: true }))).toEqual([]);
    await createCourse(t, await as('teacher2'), { courseName: '金融衍生品', classIds: [class2] });
    expect(names(await post('/getSchoolClass', 'teacher2', { schoolId: SCHOOL, taught: true }))).toEqual([
      '金融工程2026级2班',
    ]);
    // without taught, a teacher still picks from the whole school (a new course may use any class)
    expect(names(await post('/getSchoolClass', 'teacher2', { schoolId: SCHOOL }))).toEqual(both);
    expect(names(await post('/getSchoolClass', 'manager', { schoolId: SCHOOL, taught: true }))).toEqual([]);
    const bad = await post('/getSchoolClass', 'manager', { schoolId: SCHOOL, taught: 'yes' });
    expect(bad.body.errCode).toBe(2);
    expect(bad.body.errMsg).toContain('taught');
  });

  it('pages the students of a class by student number, filtered by keyword and status', async () => {
    const answer = await post('/getClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      classId: class2,
      pageIndex: 1,
      pageSize: 5,
    });
    expect(answer.body.errCode).toBe(0);
    const page = zGetClassStudentResponse.parse(answer.body.data);
    expect(page.total).toBe(15);
    expect(page.list.map((s) => s.studentNumber)).toEqual([
      '20260016',
      '20260017',
      '20260018',
      '20260019',
      '20260020',
    ]);
    expect(page.list[0]).toMatchObject({ studentName: '许晨曦', className: '金融工程2026级2班', status: 0 });
    const byName = await post<{ list: { studentName: string }[] }>('/getClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      classId: class2,
      pageIndex: 1,
      pageSize: 20,
      keyword: '韩雨',
    });
    expect(byName.body.data.list.map((s) => s.studentName)).toEqual(['韩雨萱']);
    await t.db.update(students).set({ status: 'suspended' }).where(eq(students.studentNumber, '20260017'));
    const suspended = await post<{ list: { studentNumber: string; status: number }[] }>(
      '/getClassStudent',
      'teacher1',
      {
        schoolId: SCHOOL,
        classId: class2,
        pageIndex: 1,
        pageSize: 20,
        status: 2,
      },
    );
    expect(suspended.body.data.list).toMatchObject([{ studentNumber: '20260017', status: 2 }]);
    expect(
      (
        await post('/getClassStudent', 'teacher1', {
          schoolId: SCHOOL,
          classId: '777777',
          pageIndex: 1,
          pageSize: 5,
        })
      ).body,
    ).toEqual({ errCode: 6, errMsg: '行政班不存在', data: null });
    const badStatus = await post('/getClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      classId: class2,
      pageIndex: 1,
      pageSize: 5,
      status: 9,
    });
    expect(badStatus.body.errCode).toBe(2);
    expect(badStatus.body.errMsg).toContain('status');
    expectRefused(
      await post('/getClassStudent', 'student16', {
        schoolId: SCHOOL,
        classId: class2,
        pageIndex: 1,
        pageSize: 5,
      }),
      5,
    );
  });
  it('never reaches the classes of another school', async () => {
    const [other] = await t.db
      .insert(schools)
      .values({ name: '别的学校', createdAt: t.clock.now() })
      .returning();
    const schoolId = other?.id ?? 0;
    const [college] = await t.db.insert(colleges).values({ schoolId, name: '经济学院' }).returning();
    const [major] = await t.db
      .insert(majors)
      .values({ schoolId, collegeId: college?.id ?? 0, name: '经济学' })
      .returning();
    const [grade] = await t.db.insert(grades).values({ schoolId, name: '2026级' }).returning();
    const [foreign] = await t.db
      .insert(classes)
      .values({
        schoolId,
        collegeId: college?.id ?? 0,
        majorId: major?.id ?? 0,
        gradeId: grade?.id ?? 0,
        name: '经济2026级1班',
      })
      .returning();
    const listed = await post<{ className: string }[]>('/getSchoolClass', 'teacher1', { schoolId: SCHOOL });
    expect(listed.body.data.map((entry) => entry.className)).not.toContain('经济2026级1班');
    expect(
      (await post('/getSchoolClass', 'teacher1', { schoolId: SCHOOL, majorId: String(major?.id) })).body,
    ).toEqual({ errCode: 6, errMsg: '专业不存在', data: null });
    expect(
      (
        await post('/getClassStudent', 'teacher1', {
          schoolId: SCHOOL,
          classId: String(foreign?.id),
          pageIndex: 1,
          pageSize: 5,
        })
      ).body.errCode,
    ).toBe(6);
    const course = await post('/updateCourse', 'teacher1', {
      schoolId: SCHOOL,
      courseName: '跨校',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [String(foreign?.id)],
    });
    expect(course.body).toEqual({ errCode: 6, errMsg: `行政班不存在：${foreign?.id}`, data: null });
    // a teacher of school 1 holds no role in the other school
    expectRefused(await post('/getSchoolClass', 'teacher1', { schoolId: String(schoolId) }), 5);
  });
});

describe('POST /courseMgr/v2/getCourseClassStudent', () => {
  it('pages a course’s students with their teaching class, sorted and filtered', async () => {
    const { quant } = await threeCourses();
    const answer = await post('/v2/getCourseClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      pageIndex: 1,
      pageSize: 3,
      sortField: 'studentNumber',
      sortOrder: 'desc',
    });
    expect(answer.body.errCode).toBe(0);
    const page = zGetCourseClassStudentV2Response.parse(answer.body.data);
    expect(page.total).toBe(30);
    expect(page.list.map((s) => [s.studentNumber, s.teachingClassName])).toEqual([
      ['20260030', '金融工程2026级2班'],
      ['20260029', '金融工程2026级2班'],
      ['20260028', '金融工程2026级2班'],
    ]);
    const oneClass = await post<{ total: number; list: { studentNumber: string }[] }>(
      '/v2/getCourseClassStudent',
      'teacher1',
      {
        schoolId: SCHOOL,
        courseId: quant.courseId,
        teachingClassId: quant.teachingClasses[0]?.teachingClassId,
        pageIndex: 1,
        pageSize: 50,
        keyword: '2026001',
      },
    );
    expect(oneClass.body.data.list.map((s) => s.studentNumber)).toEqual([
      '20260010',
      '20260011',
      '20260012',
      '20260013',
      '20260014',
      '20260015',
    ]);
    const manager = await post<{ total: number }>('/v2/getCourseClassStudent', 'manager', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      pageIndex: 1,
      pageSize: 1,
    });
    expect(manager.body.data.total).toBe(30);
    expectRefused(
      await post('/v2/getCourseClassStudent', 'teacher2', {
        schoolId: SCHOOL,
        courseId: quant.courseId,
        pageIndex: 1,
        pageSize: 1,
      }),
      5,
    );
    expectRefused(
      await post('/v2/getCourseClassStudent', 'student01', {
        schoolId: SCHOOL,
        courseId: quant.courseId,
        pageIndex: 1,
        pageSize: 1,
      }),
      5,
    );
    const foreignClass = await post('/v2/getCourseClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      teachingClassId: '98765',
      pageIndex: 1,
      pageSize: 1,
    });
    expect(foreignClass.body).toEqual({ errCode: 6, errMsg: '教学班不存在', data: null });
    const badSort = await post('/v2/getCourseClassStudent', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      pageIndex: 1,
      pageSize: 1,
      sortOrder: 'up',
    });
    expect(badSort.body.errMsg).toContain('参数 sortOrder 取值不正确');
  });
});

describe('POST /courseMgr/getCourseSummaryList and GET getCourseTeachingClass', () => {
  it('gives a teacher their courses with teaching classes for pickers', async () => {
    const { quant, python } = await threeCourses();
    const answer = await post('/getCourseSummaryList', 'teacher1', { schoolId: SCHOOL });
    expect(answer.body.errCode).toBe(0);
    const list = zGetCourseSummaryListResponse.parse(answer.body.data);
    expect(list.map((c) => [c.courseId, c.status, c.teachingClasses.length])).toEqual([
      [python.courseId, 0, 1],
      [quant.courseId, 1, 2],
    ]);
    const running = await post<unknown[]>('/getCourseSummaryList', 'teacher1', {
      schoolId: SCHOOL,
      status: 1,
    });
    expect(running.body.data).toHaveLength(1);
    expectRefused(await post('/getCourseSummaryList', 'student01', { schoolId: SCHOOL }), 5);
    expect(
      (await post('/getCourseSummaryList', 'teacher1', { schoolId: SCHOOL, status: 5 })).body.errCode,
    ).toBe(2);
  });

  it('lists a course’s teaching classes with their administrative classes', async () => {
    const { quant, derivatives } = await threeCourses();
    const answer = await get(`/getCourseTeachingClass/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(answer.body.errCode).toBe(0);
    const list = zGetCourseTeachingClassResponse.parse(answer.body.data);
    expect(
      list.map((tc) => [
        tc.teachingClassName,
        tc.adminClass.className,
        tc.adminClass.majorName,
        tc.wholeClass,
        tc.studentCount,
      ]),
    ).toEqual([
      ['金融工程2026级1班', '金融工程2026级1班', '金融工程', true, 15],
      ['金融工程2026级2班', '金融工程2026级2班', '金融工程', true, 15],
    ]);
    expect((await get(`/getCourseTeachingClass/${SCHOOL}/${quant.courseId}`, 'manager')).body.errCode).toBe(
      0,
    );
    expectRefused(await get(`/getCourseTeachingClass/${SCHOOL}/${derivatives.courseId}`, 'teacher1'), 5);
    expectRefused(await get(`/getCourseTeachingClass/${SCHOOL}/${quant.courseId}`, 'student01'), 5);
    expect((await get(`/getCourseTeachingClass/${SCHOOL}/424242`, 'teacher1')).body).toEqual({
      errCode: 6,
      errMsg: '课程不存在',
      data: null,
    });
    expect((await get(`/getCourseTeachingClass/${SCHOOL}/abc`, 'teacher1')).body.errCode).toBe(6);
  });
});

describe('course sections', () => {
  const sectionsBody = (courseId: string, sections: unknown[]) => ({ schoolId: SCHOOL, courseId, sections });

  it('adds, updates and swaps sections, answering them in order', async () => {
    const { quant } = await threeCourses();
    const added = await post<CourseSection[]>(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [
        {
          sectionName: '第二章 因子',
          sortNo: 2,
          classDate: '2026-03-09',
          startTime: '08:00',
          endTime: '09:35',
          location: 'A101',
        },
        {
          sectionName: '第一章 导论',
          sortNo: 1,
          description: '环境准备',
          classDate: '2026-03-02',
          startTime: '08:00',
          endTime: '09:35',
        },
        { sectionName: '第三章 回测', sortNo: 3 },
      ]),
    );
    expect(added.body.errCode).toBe(0);
    const list = zSetCourseSectionResponse.parse(added.body.data);
    expect(list.map((s) => [s.sortNo, s.sectionName, s.classDate, s.startTime, s.location])).toEqual([
      [1, '第一章 导论', '2026-03-02', '08:00', ''],
      [2, '第二章 因子', '2026-03-09', '08:00', 'A101'],
      [3, '第三章 回测', null, null, ''],
    ]);
    const [one, two] = list;
    const swapped = await post<CourseSection[]>(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [
        { sectionId: one?.sectionId, sectionName: '第一章 导论', sortNo: 2 },
        {
          sectionId: two?.sectionId,
          sectionName: '第二章 因子',
          sortNo: 1,
          classDate: '2026-03-09',
          startTime: '10:00',
          endTime: '11:35',
        },
      ]),
    );
    expect(swapped.body.errCode).toBe(0);
    expect(swapped.body.data.map((s) => [s.sortNo, s.sectionId, s.startTime])).toEqual([
      [1, two?.sectionId, '10:00'],
      [2, one?.sectionId, null],
      [3, list[2]?.sectionId, null],
    ]);
    const read = await get<CourseSection[]>(`/getCourseSection/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(zGetCourseSectionResponse.parse(read.body.data)).toEqual(swapped.body.data);
  });

  it('refuses bad sections naming the field, and sort numbers already taken', async () => {
    const { quant } = await threeCourses();
    await post(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [{ sectionName: '导论', sortNo: 1 }]),
    );
    const cases: [unknown[], string][] = [
      [[{ sectionName: '  ', sortNo: 2 }], '参数 sections[0].sectionName 不能为空'],
      [
        [
          { sectionName: 'a', sortNo: 2 },
          { sectionName: 'b', sortNo: 2 },
        ],
        '参数 sections[1].sortNo 与 sections[0] 的序号重复',
      ],
      [
        [{ sectionName: 'a', sortNo: 2, classDate: '2026-03-02' }],
        '参数 sections[0].classDate、sections[0].startTime 和 sections[0].endTime 要么都填，要么都不填',
      ],
      [
        [{ sectionName: 'a', sortNo: 2, classDate: '2026-03-02', startTime: '10:00', endTime: '10:00' }],
        '参数 sections[0].endTime 必须晚于 sections[0].startTime',
      ],
      [
        [{ sectionName: 'a', sortNo: 2, classDate: '2026-02-29', startTime: '10:00', endTime: '11:00' }],
        '参数 sections[0].classDate 不是有效的日期',
      ],
      [
        [{ sectionName: 'a', sortNo: 2, classDate: '2026-03-02', startTime: '25:00', endTime: '26:00' }],
        '参数 sections.0.startTime 格式不正确',
      ],
      [[{ sectionName: 'a', sortNo: 0 }], '参数 sections.0.sortNo 不能小于 1'],
    ];
    for (const [sections, errMsg] of cases) {
      const answer = await post('/setCourseSection', 'teacher1', sectionsBody(quant.courseId, sections));
      expect(answer.body).toEqual({ errCode: 2, errMsg, data: null });
    }
    const taken = await post(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [{ sectionName: '重复', sortNo: 1 }]),
    );
    expectRefused(taken, 7);
    expect(taken.body.errMsg).toBe('序号 1 已被章节「导论」使用');
    const unknown = await post(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [{ sectionId: '999999', sectionName: 'x', sortNo: 5 }]),
    );
    expect(unknown.body).toEqual({ errCode: 6, errMsg: '章节不存在：999999', data: null });
    expect(await t.db.select().from(courseSections)).toHaveLength(1);
  });

  it('keeps other teachers and students away from changing sections; students of the course may read', async () => {
    const { quant, python } = await threeCourses();
    expectRefused(
      await post(
        '/setCourseSection',
        'teacher2',
        sectionsBody(quant.courseId, [{ sectionName: 'x', sortNo: 1 }]),
      ),
      5,
    );
    expectRefused(
      await post(
        '/setCourseSection',
        'student01',
        sectionsBody(quant.courseId, [{ sectionName: 'x', sortNo: 1 }]),
      ),
      5,
    );
    await post(
      '/setCourseSection',
      'teacher1',
      sectionsBody(python.courseId, [{ sectionName: '导论', sortNo: 1 }]),
    );
    const inCourse = await get<CourseSection[]>(
      `/getCourseSection/${SCHOOL}/${python.courseId}`,
      'student01',
    );
    expect(inCourse.body.data.map((s) => s.sectionName)).toEqual(['导论']);
    const outside = await get(`/getCourseSection/${SCHOOL}/${python.courseId}`, 'student16');
    expect(outside.body).toEqual({ errCode: 5, errMsg: '您不在该课程的教学班中', data: null });
    expectRefused(await get(`/getCourseSection/${SCHOOL}/${python.courseId}`, 'teacher2'), 5);
    expect((await get(`/getCourseSection/${SCHOOL}/${python.courseId}`, 'manager')).body.errCode).toBe(0);
    // a disabled student no longer reads the course
    await t.db.update(students).set({ status: 'disabled' }).where(eq(students.studentNumber, '20260001'));
    expectRefused(await get(`/getCourseSection/${SCHOOL}/${python.courseId}`, 'student01'), 5);
  });

  it('deletes one section or clears them all, only for the course’s teacher', async () => {
    const { quant } = await threeCourses();
    const saved = await post<CourseSection[]>(
      '/setCourseSection',
      'teacher1',
      sectionsBody(quant.courseId, [
        { sectionName: '一', sortNo: 1 },
        { sectionName: '二', sortNo: 2 },
        { sectionName: '三', sortNo: 3 },
      ]),
    );
    const first = saved.body.data[0]?.sectionId ?? '';
    expectRefused(await get(`/delCourseSection/${SCHOOL}/${first}`, 'teacher2'), 5);
    expectRefused(await get(`/clearCourseSection/${SCHOOL}/${quant.courseId}`, 'teacher2'), 5);
    expectRefused(await get(`/clearCourseSection/${SCHOOL}/${quant.courseId}`, 'student01'), 5);
    const deleted = await get(`/delCourseSection/${SCHOOL}/${first}`, 'teacher1');
    expect(zDelCourseSectionResponse.parse(deleted.body.data)).toEqual({ id: first });
    expect((await get(`/delCourseSection/${SCHOOL}/${first}`, 'teacher1')).body).toEqual({
      errCode: 6,
      errMsg: '章节不存在',
      data: null,
    });
    const remaining = await t.db.select({ sortNo: courseSections.sortNo }).from(courseSections);
    expect(remaining.map((row) => row.sortNo).sort()).toEqual([2, 3]);
    const cleared = await get(`/clearCourseSection/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(zClearCourseSectionResponse.parse(cleared.body.data)).toEqual({
      courseId: quant.courseId,
      deletedNum: 2,
    });
    const again = await get(`/clearCourseSection/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(again.body.data).toEqual({ courseId: quant.courseId, deletedNum: 0 });
    expect(await t.db.select().from(courseSections)).toHaveLength(0);
  });
});

describe('GET /courseMgr/delCourse', () => {
  it('deletes the course with its teaching classes, sections, notices and courseware, and says so', async () => {
    const { quant, python } = await threeCourses();
    await post('/setCourseSection', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      sections: [
        { sectionName: '一', sortNo: 1 },
        { sectionName: '二', sortNo: 2 },
      ],
    });
    const teacher1 = await userIdOf(t, 'teacher1');
    const now = t.clock.now();
    const [notice] = await t.db
      .insert(notices)
      .values({
        schoolId: 1,
        courseId: Number(quant.courseId),
        authorUserId: teacher1,
        title: '开课',
        content: '',
        summary: '',
        status: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await t.db.insert(noticeVisibility).values({
      noticeId: notice?.id ?? 0,
      teachingClassId: Number(quant.teachingClasses[0]?.teachingClassId),
    });
    const [ware] = await t.db
      .insert(courseware)
      .values({
        schoolId: 1,
        courseId: Number(quant.courseId),
        ownerUserId: teacher1,
        name: '讲义',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { key } = await t.storage.write(Readable.from([Buffer.from('pdf')]), { extension: 'pdf' });
    await t.db.insert(coursewareFiles).values({
      coursewareId: ware?.id ?? 0,
      storageKey: key,
      fileName: '讲义.pdf',
      fileSize: 3,
      contentType: 'application/pdf',
      uploadedAt: now,
    });
    await t.db.insert(coursewareShares).values({
      coursewareId: ware?.id ?? 0,
      teachingClassId: Number(quant.teachingClasses[1]?.teachingClassId),
      sharedAt: now,
    });

    expectRefused(await get(`/delCourse/${SCHOOL}/${quant.courseId}`, 'teacher2'), 5);
    expectRefused(await get(`/delCourse/${SCHOOL}/${quant.courseId}`, 'manager'), 5);
    expectRefused(await get(`/delCourse/${SCHOOL}/${quant.courseId}`, 'student01'), 5);
    expect(await t.db.select().from(courses)).toHaveLength(3);

    const answer = await get(`/delCourse/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(answer.body.errCode).toBe(0);
    expect(zDelCourseResponse.parse(answer.body.data)).toEqual({
      id: quant.courseId,
      teachingClassNum: 2,
      sectionNum: 2,
      announceNum: 1,
      courseWareNum: 1,
    });
    expect(
      await t.db
        .select()
        .from(teachingClasses)
        .where(eq(teachingClasses.courseId, Number(quant.courseId))),
    ).toHaveLength(0);
    expect(await t.db.select().from(courseSections)).toHaveLength(0);
    expect(await t.db.select().from(notices)).toHaveLength(0);
    expect(await t.db.select().from(courseware)).toHaveLength(0);
    expect(await t.storage.stat(key)).toBeNull();
    // the other courses and the students are untouched
    expect((await t.db.select().from(courses)).map((row) => String(row.id)).sort()).toContain(
      python.courseId,
    );
    expect(await t.db.select().from(students)).toHaveLength(30);
    expect((await get(`/delCourse/${SCHOOL}/${quant.courseId}`, 'teacher1')).body).toEqual({
      errCode: 6,
      errMsg: '课程不存在',
      data: null,
    });
  });
});

describe('course numbers and statistics', () => {
  it('counts students once across teaching classes, by status and by class', async () => {
    const picked = await t.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.classId, Number(class1))));
    const created = await post<CourseItem>('/v2/updateCourse', 'teacher1', {
      schoolId: SCHOOL,
      courseName: '量化投资',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      teachingClasses: [
        { classId: class1 },
        {
          classId: class1,
          teachingClassName: '1班兴趣组',
          studentIds: picked.slice(0, 4).map((row) => String(row.id)),
        },
      ],
    });
    const course = created.body.data;
    await t.db.update(students).set({ status: 'suspended' }).where(eq(students.studentNumber, '20260015'));
    const v1 = await get(`/getCourseStudentNum/${SCHOOL}/${course.courseId}`, 'teacher1');
    expect(zGetCourseStudentNumResponse.parse(v1.body.data)).toEqual({
      courseId: course.courseId,
      studentNum: 15,
    });
    const v2 = await get(`/v2/getCourseStudentNum/${SCHOOL}/${course.courseId}`, 'teacher1');
    expect(zGetCourseStudentNumV2Response.parse(v2.body.data)).toEqual({
      courseId: course.courseId,
      studentNum: 15,
      onlineNum: 0,
      byStatus: [
        { status: 0, num: 14 },
        { status: 1, num: 0 },
        { status: 2, num: 1 },
        { status: 3, num: 0 },
      ],
      byClass: [
        {
          teachingClassId: course.teachingClasses[0]?.teachingClassId,
          teachingClassName: '金融工程2026级1班',
          studentNum: 15,
        },
        {
          teachingClassId: course.teachingClasses[1]?.teachingClassId,
          teachingClassName: '1班兴趣组',
          studentNum: 4,
        },
      ],
    });
    expectRefused(await get(`/getCourseStudentNum/${SCHOOL}/${course.courseId}`, 'teacher2'), 5);
    expectRefused(await get(`/v2/getCourseStudentNum/${SCHOOL}/${course.courseId}`, 'student01'), 5);
    expect((await get(`/v2/getCourseStudentNum/${SCHOOL}/${course.courseId}`, 'manager')).body.errCode).toBe(
      0,
    );
    expect((await get(`/getCourseStudentNum/${SCHOOL}/0`, 'teacher1')).body.errCode).toBe(6);
  });

  it('counts as online the course members whose heartbeat is under 5 minutes old', async () => {
    const quant = await createCourse(t, await as('teacher1'), {
      courseName: '量化投资',
      classIds: [class1, class2],
    });
    const online = async () =>
      (await get<{ onlineNum: number }>(`/v2/getCourseStudentNum/${SCHOOL}/${quant.courseId}`, 'teacher1'))
        .body.data.onlineNum;
    expect(await online()).toBe(0);
    for (const who of ['student01', 'student20']) {
      const beat = await call(t.app, 'GET', `/tms-server/studentMgr/refresh?schoolId=${SCHOOL}`, {
        session: await as(who),
      });
      expect(beat.body.errCode).toBe(0);
    }
    expect(await online()).toBe(2);
    t.clock.advance(6 * 60_000);
    expect(await online()).toBe(0);
  });

  it('totals what exists today; homework counts 0 until it exists', async () => {
    const { quant } = await threeCourses();
    const [tc1, tc2] = quant.teachingClasses;
    await post('/setCourseSection', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      sections: [{ sectionName: '一', sortNo: 1 }],
    });
    const teacher1 = await userIdOf(t, 'teacher1');
    const now = t.clock.now();
    const [published, draft] = await t.db
      .insert(notices)
      .values([
        {
          schoolId: 1,
          courseId: Number(quant.courseId),
          authorUserId: teacher1,
          title: '已发布',
          content: '',
          summary: '',
          status: 1,
          createdAt: now,
          updatedAt: now,
        },
        {
          schoolId: 1,
          courseId: Number(quant.courseId),
          authorUserId: teacher1,
          title: '草稿',
          content: '',
          summary: '',
          status: 0,
          createdAt: now,
          updatedAt: now,
        },
      ])
      .returning();
    await t.db.insert(noticeVisibility).values([
      { noticeId: published?.id ?? 0, teachingClassId: Number(tc1?.teachingClassId) },
      { noticeId: draft?.id ?? 0, teachingClassId: Number(tc2?.teachingClassId) },
    ]);
    const [ware] = await t.db
      .insert(courseware)
      .values({
        schoolId: 1,
        courseId: Number(quant.courseId),
        ownerUserId: teacher1,
        name: '讲义',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await t.db
      .insert(coursewareShares)
      .values({ coursewareId: ware?.id ?? 0, teachingClassId: Number(tc2?.teachingClassId), sharedAt: now });

    const total = await get(`/static/total/${SCHOOL}/${quant.courseId}`, 'teacher1');
    expect(zGetCourseStaticTotalResponse.parse(total.body.data)).toEqual({
      courseId: quant.courseId,
      studentNum: 30,
      teachingClassNum: 2,
      sectionNum: 1,
      workNum: 0,
      publishedWorkNum: 0,
      submittedWorkNum: 0,
      avgWorkScore: null,
      courseWareNum: 1,
      announceNum: 1,
    });
    const whole = await get(`/v2/static/total/${SCHOOL}/${quant.courseId}`, 'teacher1');
    const data = zGetCourseStaticTotalV2Response.parse(whole.body.data);
    expect(data.teachingClassId).toBeNull();
    expect(
      data.byClass.map((row) => [row.teachingClassName, row.studentNum, row.submitRate, row.avgWorkScore]),
    ).toEqual([
      ['金融工程2026级1班', 15, 0, null],
      ['金融工程2026级2班', 15, 0, null],
    ]);
    const one = await get(
      `/v2/static/total/${SCHOOL}/${quant.courseId}?teachingClassId=${tc1?.teachingClassId}`,
      'teacher1',
    );
    expect(one.body.data).toMatchObject({
      teachingClassId: tc1?.teachingClassId,
      studentNum: 15,
      teachingClassNum: 1,
      announceNum: 1,
      courseWareNum: 0,
    });
    expect((one.body.data as { byClass: unknown[] }).byClass).toHaveLength(1);
    const other = await get(
      `/v2/static/total/${SCHOOL}/${quant.courseId}?teachingClassId=${tc2?.teachingClassId}`,
      'teacher1',
    );
    expect(other.body.data).toMatchObject({ announceNum: 0, courseWareNum: 1 });
    expect(
      (await get(`/v2/static/total/${SCHOOL}/${quant.courseId}?teachingClassId=31337`, 'teacher1')).body,
    ).toEqual({ errCode: 6, errMsg: '教学班不存在', data: null });
    expectRefused(await get(`/static/total/${SCHOOL}/${quant.courseId}`, 'teacher2'), 5);
    expectRefused(await get(`/v2/static/total/${SCHOOL}/${quant.courseId}`, 'student01'), 5);
    expect((await get(`/static/total/${SCHOOL}/${quant.courseId}`, 'manager')).body.errCode).toBe(0);
  });
});

describe('GET /courseMgr/downloadTemplateExcel', () => {
  it('answers an .xlsx template with Chinese headers, an example row and instructions', async () => {
    const response = await t.app.request(`/api${M}/downloadTemplateExcel`, {
      headers: { Product: 'dfrm', ...(await as('teacher1')).headers },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="download.xlsx"; filename*=UTF-8''${encodeURIComponent('课程章节导入模板.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('课程章节');
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(SECTION_HEADER);
    expect((sheet?.getRow(2).values as unknown[]).slice(1)).toEqual([
      '1',
      '第一章 金融数据分析导论',
      '课程介绍，安装 Python 与 Jupyter 环境',
      '2026-03-02',
      '08:00',
      '09:35',
      '教学楼 A101',
    ]);
    expect(workbook.worksheets[1]?.name).toBe('填写说明');
    expectRefused(await get('/downloadTemplateExcel', 'student01'), 5);
    expectRefused(await get('/downloadTemplateExcel', null), 4);
  });

  it('imports its own template unchanged as one section', async () => {
    const { quant } = await threeCourses();
    const response = await t.app.request(`/api${M}/downloadTemplateExcel`, {
      headers: { Product: 'dfrm', ...(await as('teacher1')).headers },
    });
    const data = new Uint8Array(await response.arrayBuffer());
    const teacher1 = await as('teacher1');
    const answer = await call(
      t.app,
      'POST',
      `${M}/uploadCourseSection/${SCHOOL}/${teacher1.userId}/${quant.courseId}`,
      {
        session: teacher1,
        body: uploadForm(data, '课程章节导入模板.xlsx'),
      },
    );
    expect(answer.body.data).toEqual({ success: true, importedNum: 1, errors: [] });
  });
});

describe('POST /courseMgr/uploadCourseSection', () => {
  const good = [
    SECTION_HEADER,
    [1, '第一章 导论', '课程介绍', '2026-03-02', '08:00', '09:35', '教学楼 A101'],
    [2, '第二章 因子模型', '', '2026-03-09', '08:00', '09:35', '教学楼 A101'],
    [],
    [3, '第三章 回测', '无固定时间', null, null, null, null],
  ];

  async function upload(
    who: string,
    courseId: string,
    data: Uint8Array,
    options: { fileName?: string; mode?: string; teacherId?: string } = {},
  ) {
    const session = await as(who);
    return call(
      t.app,
      'POST',
      `${M}/uploadCourseSection/${SCHOOL}/${options.teacherId ?? session.userId}/${courseId}`,
      {
        session,
        body: uploadForm(data, options.fileName ?? '章节.xlsx', options.mode),
      },
    );
  }

  async function stored(courseId: string) {
    const rows = await t.db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, Number(courseId)))
      .orderBy(courseSections.sortNo);
    return rows.map((row) => [row.sortNo, row.name, row.classDate, row.startTime, row.endTime, row.location]);
  }

  it('imports nothing from a file with bad rows and answers every bad row by number', async () => {
    const { quant } = await threeCourses();
    const data = await xlsxOf([
      SECTION_HEADER,
      [1, '第一章 导论', '', '2026-03-02', '08:00', '09:35', 'A101'],
      [2, '', '', '2026-03-09', '08:00', '09:35', ''],
      [3, '第三章', '', '2026/13/01', '10:00', '09:00', ''],
      [1, '重复序号', '', '', '', '', ''],
      ['x', '第五章', '', '2026-03-16', '08:00', '', ''],
      [7, '第七章', '', '下周一', '08:00', '09:00', ''],
    ]);
    const answer = await upload('teacher1', quant.courseId, data);
    expect(answer.body.errCode).toBe(0);
    expect(zUploadCourseSectionResponse.parse(answer.body.data)).toEqual({
      success: false,
      importedNum: 0,
      errors: [
        { rowNumber: 3, column: '章节名称', reason: '章节名称不能为空' },
        { rowNumber: 4, column: '上课日期', reason: '上课日期不是有效的日期' },
        { rowNumber: 4, column: '结束时间', reason: '结束时间必须晚于开始时间' },
        { rowNumber: 5, column: '序号', reason: '序号 1 与第 2 行重复' },
        { rowNumber: 6, column: '序号', reason: '序号应为 1–999 的整数' },
        { rowNumber: 6, reason: '上课日期、开始时间和结束时间要么都填，要么都不填' },
        { rowNumber: 7, column: '上课日期', reason: '上课日期格式应为 YYYY-MM-DD' },
      ],
    });
    expect(await stored(quant.courseId)).toEqual([]);
  });

  it('imports a good file in one go, and the same file again creates no duplicates', async () => {
    const { quant } = await threeCourses();
    const data = await xlsxOf(good);
    const first = await upload('teacher1', quant.courseId, data);
    expect(first.body.data).toEqual({ success: true, importedNum: 3, errors: [] });
    const expected = [
      [1, '第一章 导论', '2026-03-02', '08:00', '09:35', '教学楼 A101'],
      [2, '第二章 因子模型', '2026-03-09', '08:00', '09:35', '教学楼 A101'],
      [3, '第三章 回测', null, null, null, ''],
    ];
    expect(await stored(quant.courseId)).toEqual(expected);
    expect((await upload('teacher1', quant.courseId, data)).body.data).toMatchObject({
      success: true,
      importedNum: 3,
    });
    expect(await stored(quant.courseId)).toEqual(expected);
    expect((await upload('teacher1', quant.courseId, data, { mode: 'append' })).body.data).toMatchObject({
      success: true,
    });
    expect(await stored(quant.courseId)).toEqual(expected);
  });

  it('appends to or replaces the sections already there', async () => {
    const { quant } = await threeCourses();
    await post('/setCourseSection', 'teacher1', {
      schoolId: SCHOOL,
      courseId: quant.courseId,
      sections: [
        { sectionName: '第九章 复习', sortNo: 9 },
        { sectionName: '旧的第一章', sortNo: 1 },
      ],
    });
    await upload('teacher1', quant.courseId, await xlsxOf(good), { mode: 'append' });
    expect((await stored(quant.courseId)).map((row) => row[1])).toEqual([
      '第一章 导论',
      '第二章 因子模型',
      '第三章 回测',
      '第九章 复习',
    ]);
    await upload('teacher1', quant.courseId, await xlsxOf(good), { mode: 'replace' });
    expect((await stored(quant.courseId)).map((row) => row[1])).toEqual([
      '第一章 导论',
      '第二章 因子模型',
      '第三章 回测',
    ]);
  });

  it('reads dates and times that Excel stored as dates, and tolerant spellings', async () => {
    const { quant } = await threeCourses();
    const data = await xlsxOf([
      [
        '序号',
        '章节名称',
        '章节说明',
        '上课日期（YYYY-MM-DD）',
        '开始时间（HH:mm）',
        '结束时间（HH:mm）',
        '上课地点',
      ],
      [1, '导论', '', new Date(Date.UTC(2026, 2, 2)), new Date(Date.UTC(1899, 11, 30, 8, 0)), 0.40625, ''],
      [2, '因子', '', '2026/3/9', '8:00', '9:35', ''],
    ]);
    expect((await upload('teacher1', quant.courseId, data)).body.data).toMatchObject({
      success: true,
      importedNum: 2,
    });
    expect(await stored(quant.courseId)).toEqual([
      [1, '导论', '2026-03-02', '08:00', '09:45', ''],
      [2, '因子', '2026-03-09', '08:00', '09:35', ''],
    ]);
  });

  it('refuses files that are not the template', async () => {
    const { quant } = await threeCourses();
    const notExcel = await upload('teacher1', quant.courseId, new TextEncoder().encode('序号,章节名称'), {
      fileName: '章节.csv',
    });
    expect(notExcel.body).toEqual({
      errCode: 2,
      errMsg: '参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写',
      data: null,
    });
    const renamed = await upload('teacher1', quant.courseId, new TextEncoder().encode('not a zip'), {
      fileName: '章节.xlsx',
    });
    expect(renamed.body.errCode).toBe(2);
    const header = await upload(
      'teacher1',
      quant.courseId,
      await xlsxOf([
        ['序号', '名称'],
        [1, '导论'],
      ]),
    );
    expect(header.body).toEqual({
      errCode: 2,
      errMsg:
        '表头与模板不符：缺少「章节名称」、「章节说明」、「上课日期」、「开始时间」、「结束时间」、「上课地点」列，请使用下载的模板填写',
      data: null,
    });
    const empty = await upload('teacher1', quant.courseId, await xlsxOf([SECTION_HEADER]));
    expect(empty.body.errMsg).toBe('参数 file 中没有章节数据（第 1 行为表头，从第 2 行起填写）');
    const tooMany = await upload(
      'teacher1',
      quant.courseId,
      await xlsxOf([SECTION_HEADER, ...Array.from({ length: 201 }, (_, i) => [i + 1, `第${i + 1}节`])]),
    );
    expect(tooMany.body.errMsg).toBe('文件过大：最多 200 行数据');
    const mode = await upload('teacher1', quant.courseId, await xlsxOf(good), { mode: 'merge' });
    expect(mode.body.errMsg).toBe('参数 mode 取值不正确，可选值：replace、append');
    const big = await upload('teacher1', quant.courseId, new Uint8Array(5 * 1024 * 1024 + 100 * 1024));
    expect(big.body).toEqual({
      errCode: 2,
      errMsg: '参数 file 超过大小上限：单个文件不能超过 5 MB',
      data: null,
    });
    const noFile = await call(
      t.app,
      'POST',
      `${M}/uploadCourseSection/${SCHOOL}/${(await as('teacher1')).userId}/${quant.courseId}`,
      {
        session: await as('teacher1'),
        body: new FormData(),
      },
    );
    expect(noFile.body.errMsg).toBe('参数 file 不能为空');
    expect(await stored(quant.courseId)).toEqual([]);
  });

  it('refuses other teachers, another teacherId and students', async () => {
    const { quant } = await threeCourses();
    const data = await xlsxOf(good);
    expectRefused(await upload('teacher2', quant.courseId, data), 5);
    const teacher2 = await as('teacher2');
    const posing = await upload('teacher1', quant.courseId, data, { teacherId: teacher2.userId });
    expect(posing.body).toEqual({ errCode: 5, errMsg: 'teacherId 必须是当前登录的教师', data: null });
    expectRefused(await upload('student01', quant.courseId, data), 5);
    expect((await upload('teacher1', '888888', data)).body).toEqual({
      errCode: 6,
      errMsg: '课程不存在',
      data: null,
    });
    expect(await stored(quant.courseId)).toEqual([]);
  });
});
