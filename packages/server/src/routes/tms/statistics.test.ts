import {
  zTmsStatisticsCourseResponse,
  zTmsStatisticsOverviewResponse,
  zTmsStatisticsStudentHomeOverviewResponse,
  zTmsStatisticsTeacherStudentDataResponse,
} from '@dfrm/sdk/tms/zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock';
import { call, createTestApp, type TestApp } from '../../testing/index';
import { exams, questionIdOf, RIGHT } from './exam.fixtures';
import { homework, ok, refusal } from './homework.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let hw: ReturnType<typeof homework>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  hw = homework(t, f);
});

const S = '/tms-server/statistics';

async function post<T = Record<string, unknown>>(who: string, path: string, body: Record<string, unknown>) {
  return call<T>(t.app, 'POST', `${S}${path}`, {
    session: await hw.as(who),
    body: { schoolId: '1', ...body },
  });
}

async function heartbeat(who: string, courseId?: number) {
  const query = courseId === undefined ? 'schoolId=1' : `schoolId=1&courseId=${courseId}`;
  await ok(call(t.app, 'GET', `/tms-server/studentMgr/refresh?${query}`, { session: await hw.as(who) }));
}

/**
 * Monday 2026-03-02: teacher1 gives A (量化投资 1班, 100 points) and B (2班, 50
 * points), teacher2 gives D (金融衍生品 1班, 10 points); student01 studies
 * 量化投资 for 5 minutes, student16 is on the platform for 2 minutes.
 * Tuesday: student01 and 02 hand in A, student16 B, student03 D; A is scored
 * 90 and 60 and published, B 25 (unpublished), D 8.
 */
async function term() {
  const a = await hw.publish({ title: 'A' });
  const b = await hw.publish({ title: 'B', teachingClassIds: [String(f.quant.class2)], totalScore: 50 });
  const d = await hw.publish(
    {
      title: 'D',
      courseId: String(f.derivatives.id),
      teachingClassIds: [String(f.derivatives.class1)],
      totalScore: 10,
    },
    'teacher2',
  );
  const start = t.clock.now();
  await heartbeat('student01', f.quant.id);
  await heartbeat('student16');
  t.clock.advance(MINUTE_MS);
  await heartbeat('student01', f.quant.id);
  t.clock.advance(MINUTE_MS);
  await heartbeat('student16');
  t.clock.advance(3 * MINUTE_MS);
  await heartbeat('student01', f.quant.id);
  hw.advance(DAY_MS);
  await hw.handIn('student01', a);
  await hw.handIn('student02', a);
  await hw.handIn('student16', b);
  await hw.handIn('student03', d);
  await hw.grade('student01', a, 90);
  await hw.grade('student02', a, 60);
  await hw.grade('student16', b, 25);
  await ok(
    call(t.app, 'POST', '/tms-server/courseWorkMgr/correctStudentWork', {
      session: await hw.as('teacher2'),
      body: { schoolId: '1', studentWorkId: await hw.studentWorkOf('student03', d), score: 8 },
    }),
  );
  await hw.publishScores(a);
  return { a, b, d, start };
}

describe('tmsStatisticsOverview', () => {
  it('gives a teacher their own teaching and the school manager the whole school, with a daily trend', async () => {
    await term();
    const mine = zTmsStatisticsOverviewResponse.parse(await ok(post('teacher1', '/overview', { days: 7 })));
    expect(mine).toMatchObject({
      scope: 'teacher',
      courseCount: 2,
      teachingClassCount: 3,
      studentCount: 30,
      teacherCount: 1,
      workCount: 2,
      // 3 of 30 student works handed in; (0.9 + 0.6 + 0.5) / 3 graded
      workSubmitRate: 0.1,
      averageWorkScoreRate: 0.667,
      examCount: 0,
      averageExamScoreRate: null,
      // student01 studied 量化投资; 01, 02 and 16 handed in
      activeStudentCount: 3,
    });
    expect(mine.trend).toHaveLength(7);
    expect(mine.trend.slice(-2)).toEqual([
      { date: '2026-03-02', activeStudentCount: 1, submittedWorkCount: 0, examSubmitCount: 0 },
      { date: '2026-03-03', activeStudentCount: 3, submittedWorkCount: 3, examSubmitCount: 0 },
    ]);
    expect(mine.trend[0]?.date).toBe('2026-02-25');

    const school = zTmsStatisticsOverviewResponse.parse(await ok(post('manager', '/overview', {})));
    expect(school).toMatchObject({
      scope: 'school',
      courseCount: 3,
      teachingClassCount: 4,
      studentCount: 30,
      teacherCount: 2,
      workCount: 3,
      workSubmitRate: 0.089,
      averageWorkScoreRate: 0.7,
      activeStudentCount: 4,
    });
    expect(school.trend).toHaveLength(30);
    expect(school.trend.at(-2)).toMatchObject({ date: '2026-03-02', activeStudentCount: 2 });
    expect(school.trend.at(-1)).toMatchObject({ activeStudentCount: 4, submittedWorkCount: 4 });
  });

  it('answers empty figures before any homework, and refuses students and a bad range', async () => {
    expect(await ok(post('teacher2', '/overview', {}))).toMatchObject({
      courseCount: 1,
      workCount: 0,
      workSubmitRate: null,
      averageWorkScoreRate: null,
      activeStudentCount: 0,
    });
    expect((await refusal(post('student01', '/overview', {}))).errCode).toBe(5);
    const bad = await refusal(post('teacher1', '/overview', { days: 6 }));
    expect(bad.errCode).toBe(2);
    expect(bad.errMsg).toMatch(/days/);
  });
});

describe('tmsStatisticsCourse', () => {
  it('compares the course’s works and teaching classes', async () => {
    const { a, b } = await term();
    const course = zTmsStatisticsCourseResponse.parse(
      await ok(post('teacher1', '/course', { courseId: String(f.quant.id) })),
    );
    expect(course).toMatchObject({
      courseId: String(f.quant.id),
      courseName: '量化投资',
      studentCount: 30,
      teachingClassCount: 2,
      workCount: 2,
      workSubmitRate: 0.1,
      averageWorkScoreRate: 0.667,
      examCount: 0,
      averageExamScoreRate: null,
    });
    expect(
      course.works.map(({ workId, submitRate, averageScore }) => [workId, submitRate, averageScore]),
    ).toEqual([
      [a, 0.133, 75],
      [b, 0.067, 25],
    ]);
    expect(course.classes).toEqual([
      {
        teachingClassId: String(f.quant.class1),
        className: '量化投资（1班）',
        studentCount: 15,
        workSubmitRate: 0.133,
        averageWorkScoreRate: 0.75,
        averageExamScoreRate: null,
      },
      {
        teachingClassId: String(f.quant.class2),
        className: '量化投资（2班）',
        studentCount: 15,
        workSubmitRate: 0.067,
        averageWorkScoreRate: 0.5,
        averageExamScoreRate: null,
      },
    ]);
    const one = await ok<{
      studentCount: number;
      workCount: number;
      works: { workId: string }[];
      classes: unknown[];
    }>(post('manager', '/course', { courseId: String(f.quant.id), teachingClassId: String(f.quant.class2) }));
    expect(one).toMatchObject({
      studentCount: 15,
      teachingClassCount: 1,
      workCount: 1,
      workSubmitRate: 0.067,
    });
    expect(one.works.map((work) => work.workId)).toEqual([b]);
    expect(one.classes).toHaveLength(1);
  });

  it('refuses another teacher’s course, students, unknown courses and foreign classes', async () => {
    const quant = String(f.quant.id);
    expect(await refusal(post('teacher2', '/course', { courseId: quant }))).toEqual({
      errCode: 5,
      errMsg: '您不是该课程的任课教师',
    });
    expect((await refusal(post('student01', '/course', { courseId: quant }))).errCode).toBe(5);
    expect(await refusal(post('teacher1', '/course', { courseId: '999999' }))).toEqual({
      errCode: 6,
      errMsg: '课程不存在',
    });
    expect(
      await refusal(
        post('teacher1', '/course', { courseId: quant, teachingClassId: String(f.python.class1) }),
      ),
    ).toEqual({ errCode: 6, errMsg: '教学班不存在' });
  });
});

describe('tmsStatisticsTeacherStudentData', () => {
  const page = { pageIndex: 1, pageSize: 3 };

  it('lists the teacher’s students with their homework and study time, sorted as asked', async () => {
    const { start } = await term();
    const best = zTmsStatisticsTeacherStudentDataResponse.parse(
      await ok(
        post('teacher1', '/teacher/get/student/data', {
          ...page,
          sortBy: 'averageWorkScoreRate',
          sortOrder: 'desc',
        }),
      ),
    );
    expect(best.total).toBe(30);
    expect(best.list.map((row) => [row.studentNumber, row.averageWorkScoreRate])).toEqual([
      ['20260001', 0.9],
      ['20260002', 0.6],
      ['20260016', 0.5],
    ]);
    expect(best.list[0]).toMatchObject({
      studentName: '陈思远',
      workTotalCount: 1,
      workSubmittedCount: 1,
      workSubmitRate: 1,
      examTotalCount: 0,
      examAttendedCount: 0,
      averageExamScoreRate: null,
      studyMinutes: 5,
      lastActiveAt: start + 5 * MINUTE_MS,
    });
    // teacher2's work D is not teacher1's to count
    const third = await ok<{ list: { workTotalCount: number; workSubmittedCount: number }[] }>(
      post('teacher1', '/teacher/get/student/data', { ...page, keyword: '黄子轩' }),
    );
    expect(third.list).toEqual([
      expect.objectContaining({ workTotalCount: 1, workSubmittedCount: 0, workSubmitRate: 0 }),
    ]);

    const studied = await ok<{ list: { studentNumber: string; studyMinutes: number }[] }>(
      post('teacher1', '/teacher/get/student/data', {
        ...page,
        courseId: String(f.quant.id),
        sortBy: 'studyMinutes',
        sortOrder: 'desc',
      }),
    );
    expect(studied.list[0]).toEqual(expect.objectContaining({ studentNumber: '20260001', studyMinutes: 5 }));
    const tuesday = await ok<{ list: { studyMinutes: number }[] }>(
      post('teacher1', '/teacher/get/student/data', {
        ...page,
        courseId: String(f.quant.id),
        sortBy: 'studyMinutes',
        sortOrder: 'desc',
        startDate: '2026-03-03',
        endDate: '2026-03-03',
      }),
    );
    expect(tuesday.list[0]?.studyMinutes).toBe(0);
    const ofClass2 = await ok<{ total: number }>(
      post('teacher1', '/teacher/get/student/data', { ...page, teachingClassId: String(f.quant.class2) }),
    );
    expect(ofClass2.total).toBe(15);
  });

  it('refuses other teachers’ courses and classes, other roles and a reversed range', async () => {
    const data = (who: string, body: Record<string, unknown>) =>
      refusal(post(who, '/teacher/get/student/data', { pageIndex: 1, pageSize: 10, ...body }));
    expect((await data('teacher1', { courseId: String(f.derivatives.id) })).errCode).toBe(5);
    expect((await data('teacher1', { teachingClassId: String(f.derivatives.class1) })).errCode).toBe(5);
    expect(await data('teacher1', { courseId: '999999' })).toEqual({ errCode: 6, errMsg: '课程不存在' });
    expect(
      await data('teacher1', { courseId: String(f.quant.id), teachingClassId: String(f.python.class1) }),
    ).toEqual({ errCode: 6, errMsg: '教学班不存在' });
    expect(await data('teacher1', { startDate: '2026-03-03', endDate: '2026-03-01' })).toEqual({
      errCode: 2,
      errMsg: '参数 endDate 不能早于 startDate',
    });
    expect((await data('teacher1', { startDate: '2026-02-30' })).errCode).toBe(2);
    expect((await data('manager', {})).errCode).toBe(5);
    expect((await data('student01', {})).errCode).toBe(5);
  });
});

describe('tmsStatisticsStudentHomeOverview', () => {
  it('shows the student their courses, work to hand in (late-allowed too), rates and this week’s study', async () => {
    const { d } = await term();
    const late = await hw.publish({ title: '可迟交', allowLate: true, endTime: t.clock.now() + HOUR_MS });
    hw.advance(2 * HOUR_MS);
    const home = zTmsStatisticsStudentHomeOverviewResponse.parse(
      await ok(post('student01', '/student/home/page/overview', {})),
    );
    const unread = await ok<{ unViewNum: number }>(
      call(t.app, 'GET', '/tms-server/studentPage/getUnViewAnnounce/1', {
        session: await hw.as('student01'),
      }),
    );
    expect(home).toEqual({
      courseCount: 3,
      // D, and the overdue work that still takes late hand-ins
      unCommitWorkCount: 2,
      pendingExamCount: 0,
      unViewAnnounceCount: unread.unViewNum,
      workSubmitRate: 0.333,
      // A is published (90 of 100); nothing else is
      averageWorkScoreRate: 0.9,
      averageExamScoreRate: null,
      studyMinutesThisWeek: 5,
      dueWorks: [
        expect.objectContaining({ workId: late, title: '可迟交', courseName: '量化投资' }),
        expect.objectContaining({ workId: d, title: 'D', courseName: '金融衍生品' }),
      ],
      upcomingExams: [],
    });
    // another student sees only their own
    expect(await ok(post('student16', '/student/home/page/overview', {}))).toMatchObject({
      courseCount: 1,
      unCommitWorkCount: 0,
      workSubmitRate: 1,
      averageWorkScoreRate: null,
      studyMinutesThisWeek: 2,
      dueWorks: [],
    });
    // a new week starts the study time again
    hw.advance(6 * DAY_MS);
    expect(await ok(post('student01', '/student/home/page/overview', {}))).toMatchObject({
      studyMinutesThisWeek: 0,
    });
  });

  it('refuses teachers and school managers', async () => {
    expect((await refusal(post('teacher1', '/student/home/page/overview', {}))).errCode).toBe(5);
    expect((await refusal(post('manager', '/student/home/page/overview', {}))).errCode).toBe(5);
  });
});

describe('exams in the statistics', () => {
  /**
   * teacher1's exam on 量化投资 (50 points) for student01, 02 (1班) and 16 (2班): student01 all
   * right (50), student02 only the short answer (10), student16 never enters; a second exam
   * tomorrow; teacher2's exam on 金融衍生品 for student01 (not in teacher1's figures).
   */
  async function examDay() {
    const ex = exams(t, f);
    const exam = await ex.ready({}, ['student01', 'student02', 'student16']);
    const now = t.clock.now();
    const tomorrow = await ex.ready(
      { examName: '期中考试', startTime: now + DAY_MS, endTime: now + DAY_MS + 2 * HOUR_MS },
      ['student01', 'student16'],
    );
    const other = await ex.ready({}, ['student01'], 'teacher2');
    await ex.sit('student01', exam, RIGHT);
    await ex.sit('student02', exam, { 5: ['不会'] });
    await ex.sit('student01', other, {});
    const qa = questionIdOf(exam, 5);
    await ok(ex.scoreSave(exam.examId, 'student01', [{ questionId: qa, score: 20 }]));
    await ok(ex.scoreSave(exam.examId, 'student02', [{ questionId: qa, score: 10 }]));
    return { exam, tomorrow };
  }

  it('counts the teacher’s exams, their average score rate and the day’s hand-ins', async () => {
    await examDay();
    const overview = zTmsStatisticsOverviewResponse.parse(
      await ok(post('teacher1', '/overview', { days: 7 })),
    );
    expect(overview).toMatchObject({ examCount: 2, averageExamScoreRate: 0.6 });
    expect(overview.trend.at(-1)).toMatchObject({ examSubmitCount: 2 });
    const course = zTmsStatisticsCourseResponse.parse(
      await ok(post('teacher1', '/course', { courseId: String(f.quant.id) })),
    );
    expect(course).toMatchObject({ examCount: 2, averageExamScoreRate: 0.6 });
    const byClass = Object.fromEntries(
      course.classes.map((row) => [row.teachingClassId, row.averageExamScoreRate]),
    );
    // student16 of 2班 never sat it
    expect(byClass).toEqual({ [String(f.quant.class1)]: 0.6, [String(f.quant.class2)]: null });
    const class2 = zTmsStatisticsCourseResponse.parse(
      await ok(
        post('teacher1', '/course', {
          courseId: String(f.quant.id),
          teachingClassId: String(f.quant.class2),
        }),
      ),
    );
    expect(class2.averageExamScoreRate).toBeNull();
  });

  it('gives each student their exams, hand-ins and score rate, and sorts by the rate', async () => {
    await examDay();
    const rows = zTmsStatisticsTeacherStudentDataResponse.parse(
      await ok(
        post('teacher1', '/teacher/get/student/data', {
          courseId: String(f.quant.id),
          sortBy: 'averageExamScoreRate',
          sortOrder: 'desc',
          pageIndex: 1,
          pageSize: 50,
        }),
      ),
    ).list;
    expect(rows.slice(0, 3).map((row) => row.averageExamScoreRate)).toEqual([1, 0.2, null]);
    const byNumber = new Map(rows.map((row) => [row.studentNumber, row]));
    const first = rows[0]!;
    expect(first).toMatchObject({ examTotalCount: 2, examAttendedCount: 1 });
    const never = [...byNumber.values()].find(
      (row) => row.examTotalCount === 2 && row.examAttendedCount === 0,
    );
    expect(never?.averageExamScoreRate).toBeNull();
    // a student on no list
    expect(rows.at(-1)).toMatchObject({
      examTotalCount: 0,
      examAttendedCount: 0,
      averageExamScoreRate: null,
    });
  });

  it('shows a student the exams ahead (one under way first) and the rate of the scores they may see', async () => {
    const { exam, tomorrow } = await examDay();
    const home = async (who: string) =>
      zTmsStatisticsStudentHomeOverviewResponse.parse(await ok(post(who, '/student/home/page/overview', {})));
    const student16 = await home('student16');
    expect(student16.pendingExamCount).toBe(2);
    expect(student16.upcomingExams.map((item) => [item.examId, item.attendStatus])).toEqual([
      [exam.examId, 0],
      [tomorrow.examId, 0],
    ]);
    expect(student16.averageExamScoreRate).toBeNull();
    const student01 = await home('student01');
    expect(student01.pendingExamCount).toBe(1);
    expect(student01.upcomingExams.map((item) => item.examId)).toEqual([tomorrow.examId]);
    // 50 of 50 on teacher1's exam; teacher2's short answer is not graded yet: not counted
    expect(student01.averageExamScoreRate).toBe(1);
  });
});
