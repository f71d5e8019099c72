import { zGetStudentCourseListResponse, zGetStudentCourseListV2Response } from '@dfrm/sdk/tms/zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseware, coursewareShares } from '../../db/schema/courseware';
import { notices, noticeViews, noticeVisibility } from '../../db/schema/notice';
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

async function post<T = unknown>(path: string, who: string, body: unknown) {
  return call<T>(t.app, 'POST', `/tms-server/myCourse${path}`, { session: await as(who), body });
}

/** 量化投资 (1班+2班, running), Python (1班, from April), 旧课 (1班, over), 金融衍生品 (teacher2, 2班). */
async function term() {
  const teacher1 = await as('teacher1');
  const quant = await createCourse(t, teacher1, { courseName: '量化投资', classIds: [class1, class2] });
  const python = await createCourse(t, teacher1, {
    courseName: 'Python金融数据分析',
    classIds: [class1],
    startDate: '2026-04-01',
    endDate: '2026-06-30',
  });
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
  return { quant, python, old, derivatives };
}

describe('POST /myCourse/getStudentCourseList', () => {
  it('lists the courses of the student’s teaching classes: running, upcoming, then over', async () => {
    const { quant, python, old } = await term();
    const teacher1 = await userIdOf(t, 'teacher1');
    const student01 = await userIdOf(t, 'student01');
    const now = t.clock.now();
    const [tc1, tc2] = quant.teachingClasses;
    const rows = await t.db
      .insert(notices)
      .values(
        ['给1班', '给1班已读', '给2班', '草稿'].map((title) => ({
          schoolId: 1,
          courseId: Number(quant.courseId),
          authorUserId: teacher1,
          title,
          content: '',
          summary: '',
          status: title === '草稿' ? (0 as const) : (1 as const),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    await t.db.insert(noticeVisibility).values([
      { noticeId: rows[0]?.id ?? 0, teachingClassId: Number(tc1?.teachingClassId) },
      { noticeId: rows[1]?.id ?? 0, teachingClassId: Number(tc1?.teachingClassId) },
      { noticeId: rows[2]?.id ?? 0, teachingClassId: Number(tc2?.teachingClassId) },
      { noticeId: rows[3]?.id ?? 0, teachingClassId: Number(tc1?.teachingClassId) },
    ]);
    await t.db.insert(noticeViews).values({ noticeId: rows[1]?.id ?? 0, userId: student01, viewedAt: now });
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
      .values({ coursewareId: ware?.id ?? 0, teachingClassId: Number(tc1?.teachingClassId), sharedAt: now });
    await call(t.app, 'POST', '/tms-server/courseMgr/setCourseSection', {
      session: await as('teacher1'),
      body: { schoolId: SCHOOL, courseId: quant.courseId, sections: [{ sectionName: '导论', sortNo: 1 }] },
    });

    const answer = await post('/getStudentCourseList', 'student01', { schoolId: SCHOOL });
    expect(answer.body.errCode).toBe(0);
    const list = zGetStudentCourseListResponse.parse(answer.body.data);
    expect(
      list.map((c) => [
        c.courseId,
        c.status,
        c.teachingClass.className,
        c.sectionNum,
        c.unViewAnnounceNum,
        c.courseWareNum,
      ]),
    ).toEqual([
      [quant.courseId, 1, '金融工程2026级1班', 1, 1, 1],
      [python.courseId, 0, '金融工程2026级1班', 0, 0, 0],
      [old.courseId, 2, '金融工程2026级1班', 0, 0, 0],
    ]);
    expect(list[0]).toMatchObject({
      courseName: '量化投资',
      teacher: { userName: 'teacher1' },
      // the own teaching class with its members: student01–15 of 1班
      teachingClass: { courseId: quant.courseId, studentCount: 15 },
      unCommitWorkNum: 0,
    });
    const other = await post<{ courseName: string; unViewAnnounceNum: number; courseWareNum: number }[]>(
      '/getStudentCourseList',
      'student16',
      { schoolId: SCHOOL },
    );
    // same start date: the newer course first
    expect(other.body.data.map((c) => [c.courseName, c.unViewAnnounceNum, c.courseWareNum])).toEqual([
      ['金融衍生品', 0, 0],
      ['量化投资', 1, 0],
    ]);
    const over = await post<unknown[]>('/getStudentCourseList', 'student01', { schoolId: SCHOOL, status: 2 });
    expect(over.body.data).toHaveLength(1);
  });

  it('refuses teachers and bad input', async () => {
    expect((await post('/getStudentCourseList', 'teacher1', { schoolId: SCHOOL })).body.errCode).toBe(5);
    expect(
      (await post('/getStudentCourseList', 'student01', { schoolId: SCHOOL, status: 7 })).body.errMsg,
    ).toContain('参数 status');
    expect((await post('/getStudentCourseList', 'student01', { schoolId: '2' })).body.errCode).toBe(5);
  });
});

describe('POST /myCourse/v2/getStudentCourseList', () => {
  it('pages, searches by course or teacher name, filters and sorts', async () => {
    const { quant, python, old } = await term();
    const answer = await post('/v2/getStudentCourseList', 'student01', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 2,
    });
    expect(answer.body.errCode).toBe(0);
    const page = zGetStudentCourseListV2Response.parse(answer.body.data);
    expect(page.total).toBe(3);
    expect(page.list.map((c) => c.courseId)).toEqual([python.courseId, quant.courseId]);
    expect(page.list[0]).toMatchObject({
      workNum: 0,
      submittedWorkNum: 0,
      avgWorkScore: null,
      lastStudyAt: null,
    });
    const second = await post<{ list: { courseId: string }[] }>('/v2/getStudentCourseList', 'student01', {
      schoolId: SCHOOL,
      pageIndex: 2,
      pageSize: 2,
    });
    expect(second.body.data.list.map((c) => c.courseId)).toEqual([old.courseId]);
    const asc = await post<{ list: { courseId: string }[] }>('/v2/getStudentCourseList', 'student01', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 10,
      sortField: 'startDate',
      sortOrder: 'asc',
    });
    expect(asc.body.data.list.map((c) => c.courseId)).toEqual([
      old.courseId,
      quant.courseId,
      python.courseId,
    ]);
    const byTeacher = await post<{ total: number }>('/v2/getStudentCourseList', 'student16', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 10,
      keyword: '周晓燕',
    });
    expect(byTeacher.body.data.total).toBe(1);
    const byName = await post<{ list: { courseName: string }[] }>('/v2/getStudentCourseList', 'student01', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 10,
      keyword: 'python',
    });
    expect(byName.body.data.list.map((c) => c.courseName)).toEqual(['Python金融数据分析']);
    const running = await post<{ total: number }>('/v2/getStudentCourseList', 'student01', {
      schoolId: SCHOOL,
      pageIndex: 1,
      pageSize: 10,
      status: 1,
    });
    expect(running.body.data.total).toBe(1);
    expect(
      (await post('/v2/getStudentCourseList', 'student01', { schoolId: SCHOOL, pageIndex: 1, pageSize: 201 }))
        .body.errMsg,
    ).toBe('参数 pageSize 不能大于 200');
    expect(
      (
        await post('/v2/getStudentCourseList', 'student01', {
          schoolId: SCHOOL,
          pageIndex: 1,
          pageSize: 10,
          sortField: 'teacher',
        })
      ).body.errCode,
    ).toBe(2);
    expect(
      (await post('/v2/getStudentCourseList', 'manager', { schoolId: SCHOOL, pageIndex: 1, pageSize: 10 }))
        .body.errCode,
    ).toBe(5);
  });
});
