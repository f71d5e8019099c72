import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseWorks, studentWorks } from '../../db/schema/homework';
import { students } from '../../db/schema/school';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { finalScoreSql, lateDaysOf, scoreAfterPenalty } from '../../services/homework/late-policy';
import { createTestApp } from '../../testing/index';
import { teachingFixture } from './teaching-content.fixtures';

describe('late policy', () => {
  it('counts every started day after the deadline', () => {
    const end = 1_000_000;
    expect(lateDaysOf(null, end)).toBe(0);
    expect(lateDaysOf(end, end)).toBe(0);
    expect(lateDaysOf(end + 1, end)).toBe(1);
    expect(lateDaysOf(end + DAY_MS, end)).toBe(1);
    expect(lateDaysOf(end + DAY_MS + 1, end)).toBe(2);
  });

  it('takes the penalty per day off the total, never below the floor, never raising a low score', () => {
    const policy = { endTime: 0, totalScore: 100, latePenaltyPerDay: 10, lateScoreFloor: 50 };
    expect(scoreAfterPenalty(90, 0, policy)).toEqual({ score: 90, lateDays: 0, latePenalty: 0 });
    expect(scoreAfterPenalty(90, 2 * DAY_MS, policy)).toEqual({ score: 70, lateDays: 2, latePenalty: 20 });
    expect(scoreAfterPenalty(90, 9 * DAY_MS, policy)).toEqual({ score: 50, lateDays: 9, latePenalty: 40 });
    expect(scoreAfterPenalty(30, 3 * DAY_MS, policy)).toEqual({ score: 30, lateDays: 3, latePenalty: 0 });
    expect(scoreAfterPenalty(null, 3 * DAY_MS, policy)).toEqual({ score: null, lateDays: 3, latePenalty: 0 });
    expect(
      scoreAfterPenalty(7.5, 1, { ...policy, totalScore: 10, latePenaltyPerDay: 15, lateScoreFloor: 0 }),
    ).toEqual({
      score: 6,
      lateDays: 1,
      latePenalty: 1.5,
    });
  });

  it('gives the same final score in SQL (averages and sorting) as in the answers', async () => {
    const t = await createTestApp();
    const f = await teachingFixture(t);
    const roster = await t.db.select({ id: students.id }).from(students).orderBy(students.id).limit(40);
    const policies = [
      { totalScore: 100, latePenaltyPerDay: 10, lateScoreFloor: 50 },
      { totalScore: 10, latePenaltyPerDay: 15, lateScoreFloor: 0 },
      { totalScore: 150, latePenaltyPerDay: 7, lateScoreFloor: 33 },
      { totalScore: 100, latePenaltyPerDay: 0, lateScoreFloor: 0 },
    ];
    const end = t.clock.now();
    const delays = [null, -HOUR_MS, 0, 1, DAY_MS, DAY_MS + 1, 3 * DAY_MS + HOUR_MS, 20 * DAY_MS];
    let student = 0;
    for (const policy of policies) {
      const [work] = await t.db
        .insert(courseWorks)
        .values({
          schoolId: 1,
          courseId: f.quant.id,
          teacherUserId: f.teacher1,
          title: '对照',
          type: 1,
          groupMode: 0,
          startTime: end - DAY_MS,
          endTime: end,
          allowLate: true,
          ...policy,
          publishStatus: 1,
          createdAt: end,
          updatedAt: end,
        })
        .returning();
      for (const delay of delays) {
        for (const fraction of [0, 0.33, 0.5, 0.95, 1]) {
          const id = roster[student++ % roster.length]!.id;
          await t.db
            .delete(studentWorks)
            .where(sql`${studentWorks.workId} = ${work!.id} and ${studentWorks.studentId} = ${id}`);
          const raw = Math.round(policy.totalScore * fraction * 2) / 2;
          const submitTime = delay === null ? null : end + delay;
          const [row] = await t.db
            .insert(studentWorks)
            .values({ workId: work!.id, studentId: id, status: 2, score: raw, submitTime, createdAt: end })
            .returning();
          const [fromSql] = await t.db
            .select({ score: finalScoreSql() })
            .from(studentWorks)
            .innerJoin(courseWorks, eq(courseWorks.id, studentWorks.workId))
            .where(eq(studentWorks.id, row!.id));
          const expected = scoreAfterPenalty(raw, submitTime, { endTime: end, ...policy }).score;
          expect(Number(fromSql!.score), JSON.stringify({ policy, delay, raw })).toBe(expected);
        }
      }
    }
  });
});
