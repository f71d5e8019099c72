import {
  zGetCourseWorkDistributionResponse,
  zGetCourseWorkPassRateResponse,
  zGetCourseWorkPassRateV2Response,
  zGetCourseWorkScoreResponse,
  zGetCourseWorkStatisticsResponse,
  zGetCourseWorkStatisticsV2Response,
  zGetMyWorkCourseStatisticsResponse,
  zGetTeacherReceivedWorkResponse,
} from '@dfrm/sdk/tms/zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { call, createTestApp, type TestApp } from '../../testing/index';
import { homework, MGR, MY, ok, refusal } from './homework.fixtures';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let hw: ReturnType<typeof homework>;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  hw = homework(t, f);
});

const P = '/tms-server/teacherPage';
const T0 = () => t.clock.now();

async function get<T = Record<string, unknown>>(who: string, path: string) {
  return call<T>(t.app, 'GET', `${P}${path}`, { session: await hw.as(who) });
}

/**
 * The term of 量化投资 (clock at Monday 2026-03-02 09:00 Beijing):
 * - A (1班, 15 students, 100 points, late hand-ins lose 10 points a day), B (2班, 50 points);
 * - six days on, student01–04 and 06 hand in A, student16–17 hand in B;
 * - teacher1 scores A: student01 95, student02 72, student03 55, and returns student06's;
 * - 30 hours after the deadline student05 hands in A (2 days late) and is scored 80 (final 60);
 * - student04's A and both B stay ungraded.
 */
async function term(): Promise<{ a: string; b: string; start: number }> {
  const start = T0();
  const a = await hw.publish({
    title: 'A 收益率',
    allowLate: true,
    latePenaltyPerDay: 10,
    lateScoreFloor: 0,
  });
  const b = await hw.publish({
    title: 'B 波动率',
    teachingClassIds: [String(f.quant.class2)],
    totalScore: 50,
  });
  hw.advance(6 * DAY_MS);
  for (const who of ['student01', 'student02', 'student03', 'student04', 'student06'])
    await hw.handIn(who, a);
  for (const who of ['student16', 'student17']) await hw.handIn(who, b);
  await hw.grade('student01', a, 95);
  await hw.grade('student02', a, 72);
  await hw.grade('student03', a, 55);
  await hw.grade('student06', a, 'return');
  hw.advance(DAY_MS + 30 * HOUR_MS);
  await hw.handIn('student05', a);
  await hw.grade('student05', a, 80);
  return { a, b, start };
}

/** After the term: student04 scored 88, B scored 40 and 20, A's scores published. */
async function gradedTerm() {
  const works = await term();
  await hw.grade('student04', works.a, 88);
  await hw.grade('student16', works.b, 40);
  await hw.grade('student17', works.b, 20);
  await hw.publishScores(works.a);
  return works;
}

describe('getCourseWorkStatistics (v1, v2) and getCourseWorkDistribution', () => {
  it('counts a work’s hand-ins on time and late, the return, the grading, and final scores after the penalty', async () => {
    const { a, start } = await term();
    const stats = zGetCourseWorkStatisticsResponse.parse(
      await ok(get('teacher1', `/getCourseWorkStatistics/${a}`)),
    );
    expect(stats).toEqual({
      workId: a,
      workName: 'A 收益率',
      publishedAt: start,
      fullScore: 100,
      courseId: String(f.quant.id),
      courseName: '量化投资',
      deadline: start + 7 * DAY_MS,
      studentNum: 15,
      // student06's returned work is not handed in until it comes back
      submittedNum: 5,
      unsubmittedNum: 10,
      lateNum: 1,
      scoredNum: 4,
      uncorrectedNum: 1,
      // student05's 80 counts as 60 after 2 late days
      avgScore: 70.5,
      maxScore: 95,
      minScore: 55,
      passNum: 3,
      passRate: 0.75,
      passScore: 60,
    });

    const distribution = zGetCourseWorkDistributionResponse.parse(
      await ok(get('teacher1', `/getCourseWorkDistribution/${a}`)),
    );
    expect(distribution).toMatchObject({ scoredNum: 4, uncorrectedNum: 1, unsubmittedNum: 10 });
    expect(distribution.buckets.map((bucket) => [bucket.label, bucket.count])).toEqual([
      ['0-59', 1],
      ['60-69', 1],
      ['70-79', 1],
      ['80-89', 0],
      ['90-100', 1],
    ]);
    // A was not given to 2班: nothing of it there
    const other = await ok<{ scoredNum: number; unsubmittedNum: number; buckets: { count: number }[] }>(
      get('teacher1', `/getCourseWorkDistribution/${a}?teachingClassId=${f.quant.class2}`),
    );
    expect(other).toMatchObject({ scoredNum: 0, unsubmittedNum: 0 });
    expect(other.buckets.every((bucket) => bucket.count === 0)).toBe(true);
  });

  it('v2 adds each class and the hand-ins per day, from publication to the last late hand-in', async () => {
    const { a } = await gradedTerm();
    const stats = zGetCourseWorkStatisticsV2Response.parse(
      await ok(get('teacher1', `/v2/getCourseWorkStatistics/${a}`)),
    );
    expect(stats).toMatchObject({ submittedNum: 5, scoredNum: 5, avgScore: 74, passNum: 4, passRate: 0.8 });
    expect(stats.byClass).toEqual([
      {
        teachingClassId: String(f.quant.class1),
        teachingClassName: '量化投资（1班）',
        studentNum: 15,
        submittedNum: 5,
        avgScore: 74,
        scoredNum: 5,
        passNum: 4,
        passRate: 0.8,
      },
    ]);
    expect(stats.dailySubmitted).toHaveLength(9);
    expect(stats.dailySubmitted[0]).toEqual({ date: '2026-03-02', count: 0 });
    expect(stats.dailySubmitted.filter((day) => day.count > 0)).toEqual([
      { date: '2026-03-08', count: 4 },
      { date: '2026-03-10', count: 1 },
    ]);
  });

  it('keeps out another teacher, students, drafts, unknown works and foreign classes', async () => {
    const { a } = await term();
    for (const path of [
      `/getCourseWorkStatistics/${a}`,
      `/v2/getCourseWorkStatistics/${a}`,
      `/getCourseWorkDistribution/${a}`,
    ]) {
      expect(await refusal(get('teacher2', path))).toEqual({ errCode: 5, errMsg: '这不是您任教课程的作业' });
      expect((await refusal(get('student01', path))).errCode).toBe(5);
      expect(await refusal(get('teacher1', path.replace(a, '999999')))).toEqual({
        errCode: 6,
        errMsg: '作业不存在',
      });
      expect((await refusal(get('teacher1', path.replace(a, 'abc')))).errCode).toBe(6);
    }
    const draft = await ok<{ workId: string }>(
      call(t.app, 'POST', `${MGR}/updateCourseWork`, {
        session: await hw.as('teacher1'),
        body: {
          schoolId: '1',
          courseId: String(f.quant.id),
          teachingClassIds: [String(f.quant.class1)],
          title: '草稿',
          content: '<p>草稿</p>',
          type: 1,
          groupMode: 0,
          startTime: T0(),
          endTime: T0() + DAY_MS,
          totalScore: 10,
        },
      }),
    );
    expect(await refusal(get('teacher1', `/getCourseWorkStatistics/${draft.workId}`))).toEqual({
      errCode: 1,
      errMsg: '作业还没有发布，暂无统计数据',
    });
    expect(
      await refusal(
        get('teacher1', `/getCourseWorkDistribution/${a}?teachingClassId=${f.derivatives.class1}`),
      ),
    ).toEqual({ errCode: 6, errMsg: '教学班不存在' });
  });
});

describe('getTeacherReceivedWork', () => {
  it('lists the works waiting for grading, latest hand-in first, with the week’s hand-ins', async () => {
    const { a, b, start } = await term();
    const received = zGetTeacherReceivedWorkResponse.parse(
      await ok(get('teacher1', '/getTeacherReceivedWork/1')),
    );
    expect(received).toMatchObject({ schoolId: '1', uncorrectedNum: 3, recentReceivedNum: 8 });
    expect(received.works).toEqual([
      {
        workId: a,
        workName: 'A 收益率',
        courseId: String(f.quant.id),
        courseName: '量化投资',
        deadline: start + 7 * DAY_MS,
        studentNum: 15,
        submittedNum: 5,
        uncorrectedNum: 1,
        lastSubmittedAt: T0(),
      },
      expect.objectContaining({ workId: b, studentNum: 15, submittedNum: 2, uncorrectedNum: 2 }),
    ]);
    expect(
      (await ok<{ works: unknown[] }>(get('teacher1', '/getTeacherReceivedWork/1?limit=1'))).works,
    ).toHaveLength(1);
    // graded works leave the list; another teacher has nothing of teacher1's
    await hw.grade('student04', a, 88);
    expect(
      (await ok<{ works: { workId: string }[] }>(get('teacher1', '/getTeacherReceivedWork/1'))).works.map(
        (work) => work.workId,
      ),
    ).toEqual([b]);
    expect(await ok(get('teacher2', '/getTeacherReceivedWork/1'))).toEqual({
      schoolId: '1',
      uncorrectedNum: 0,
      recentReceivedNum: 0,
      works: [],
    });
  });

  it('refuses students and a limit out of range', async () => {
    expect((await refusal(get('student01', '/getTeacherReceivedWork/1'))).errCode).toBe(5);
    const bad = await refusal(get('teacher1', '/getTeacherReceivedWork/1?limit=51'));
    expect(bad.errCode).toBe(2);
    expect(bad.errMsg).toMatch(/limit/);
  });
});

describe('getCourseWorkScore and getCourseWorkPassRate (v1, v2)', () => {
  it('gives each published work’s scores and pass rate, for the course or one class', async () => {
    const { a, b } = await gradedTerm();
    const scores = zGetCourseWorkScoreResponse.parse(
      await ok(get('teacher1', `/getCourseWorkScore/1/${f.quant.id}`)),
    );
    expect(
      scores.map(({ workId, studentNum, submittedNum, scoredNum, avgScore, maxScore, minScore }) => ({
        workId,
        studentNum,
        submittedNum,
        scoredNum,
        avgScore,
        maxScore,
        minScore,
      })),
    ).toEqual([
      { workId: a, studentNum: 15, submittedNum: 5, scoredNum: 5, avgScore: 74, maxScore: 95, minScore: 55 },
      { workId: b, studentNum: 15, submittedNum: 2, scoredNum: 2, avgScore: 30, maxScore: 40, minScore: 20 },
    ]);
    const ofClass2 = await ok<{ workId: string }[]>(
      get('teacher1', `/getCourseWorkScore/1/${f.quant.id}?teachingClassId=${f.quant.class2}`),
    );
    expect(ofClass2.map((work) => work.workId)).toEqual([b]);

    const rates = zGetCourseWorkPassRateResponse.parse(
      await ok(get('teacher1', `/getCourseWorkPassRate/1/${f.quant.id}`)),
    );
    expect(
      rates.map(({ workId, scoredNum, passNum, passRate, passScore }) => [
        workId,
        scoredNum,
        passNum,
        passRate,
        passScore,
      ]),
    ).toEqual([
      [a, 5, 4, 0.8, 60],
      [b, 2, 1, 0.5, 30],
    ]);
    const strict = zGetCourseWorkPassRateV2Response.parse(
      await ok(get('teacher1', `/v2/getCourseWorkPassRate/1/${f.quant.id}?passRatio=0.9`)),
    );
    expect(strict[0]).toMatchObject({
      workId: a,
      passScore: 90,
      passNum: 1,
      passRate: 0.2,
      byClass: [
        {
          teachingClassId: String(f.quant.class1),
          teachingClassName: '量化投资（1班）',
          scoredNum: 5,
          passNum: 1,
          passRate: 0.2,
        },
      ],
    });
    expect(strict[1]).toMatchObject({
      workId: b,
      passNum: 0,
      passRate: 0,
      byClass: [{ teachingClassId: String(f.quant.class2) }],
    });
    // a course without published works
    expect(await ok(get('teacher1', `/getCourseWorkPassRate/1/${f.python.id}`))).toEqual([]);
  });

  it('refuses another teacher’s course, students, unknown courses and bad input', async () => {
    for (const path of [
      `/getCourseWorkScore/1/${f.derivatives.id}`,
      `/getCourseWorkPassRate/1/${f.derivatives.id}`,
      `/v2/getCourseWorkPassRate/1/${f.derivatives.id}`,
    ]) {
      expect(await refusal(get('teacher1', path))).toEqual({ errCode: 5, errMsg: '您不是该课程的任课教师' });
      expect((await refusal(get('student01', path))).errCode).toBe(5);
      expect(await refusal(get('teacher1', path.replace(String(f.derivatives.id), '999999')))).toEqual({
        errCode: 6,
        errMsg: '课程不存在',
      });
    }
    expect(
      await refusal(
        get('teacher1', `/getCourseWorkScore/1/${f.quant.id}?teachingClassId=${f.python.class1}`),
      ),
    ).toEqual({ errCode: 6, errMsg: '教学班不存在' });
    const ratio = await refusal(get('teacher1', `/v2/getCourseWorkPassRate/1/${f.quant.id}?passRatio=1.5`));
    expect(ratio.errCode).toBe(2);
    expect(ratio.errMsg).toMatch(/passRatio/);
  });
});

describe('getMyWorkCourseStatistics', () => {
  const mine = async (who: string, courseId: number | string) =>
    call(t.app, 'POST', `${MY}/getMyWork/statistics/course/${courseId}`, {
      session: await hw.as(who),
      body: { schoolId: '1' },
    });

  it('shows the student their own figures, score rates only once scores are published', async () => {
    const { a, b } = await term();
    const before = zGetMyWorkCourseStatisticsResponse.parse(await ok(mine('student01', f.quant.id)));
    expect(before).toEqual({
      courseId: String(f.quant.id),
      courseName: '量化投资',
      workCount: 1,
      submittedCount: 1,
      unsubmittedCount: 0,
      lateCount: 0,
      overdueCount: 0,
      correctedCount: 1,
      averageScoreRate: null,
      classAverageScoreRate: null,
    });
    await hw.grade('student04', a, 88);
    await hw.publishScores(a);
    expect(await ok(mine('student01', f.quant.id))).toMatchObject({
      averageScoreRate: 0.95,
      // (95 + 72 + 55 + 60 + 88) / 5 / 100
      classAverageScoreRate: 0.74,
    });
    expect(await ok(mine('student05', f.quant.id))).toMatchObject({
      submittedCount: 1,
      lateCount: 1,
      averageScoreRate: 0.6,
    });
    // returned and past the deadline: to hand in again, overdue
    expect(await ok(mine('student06', f.quant.id))).toMatchObject({
      submittedCount: 0,
      unsubmittedCount: 1,
      overdueCount: 1,
      correctedCount: 0,
      averageScoreRate: null,
      classAverageScoreRate: 0.74,
    });
    // B's scores are not published: its student sees no rate
    await hw.grade('student16', b, 40);
    expect(await ok(mine('student16', f.quant.id))).toMatchObject({
      workCount: 1,
      correctedCount: 1,
      averageScoreRate: null,
      classAverageScoreRate: null,
    });
  });

  it('refuses a course the student does not take, an unknown course and a teacher', async () => {
    expect(await refusal(mine('student16', f.python.id))).toEqual({ errCode: 5, errMsg: '您没有选这门课程' });
    expect(await refusal(mine('student01', 999999))).toEqual({ errCode: 6, errMsg: '课程不存在' });
    expect((await refusal(mine('student01', 'abc'))).errCode).toBe(6);
    expect((await refusal(mine('teacher1', f.quant.id))).errCode).toBe(5);
    // a course taken with no homework yet
    expect(await ok(mine('student01', f.python.id))).toMatchObject({ workCount: 0, averageScoreRate: null });
  });
});
