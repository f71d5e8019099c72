import type { AuthedContext } from '../services/context';
import { correctStudentWork, publishWorkScore } from '../services/homework/finish';
import { creatCourseGroup, previewGroupV2 } from '../services/homework/groups';
import { getMyWorkInfo, updateMyWorkInfo } from '../services/homework/my-work';
import { publishCourseWorkV2, updateCourseWork } from '../services/homework/works';
import { MINUTE_MS } from '../lib/clock';
import { seededRandom } from '../lib/seeded-random';
import { at } from './seed-context';

/** What the demo course's homework seed needs from the teaching seed. */
export interface DemoHomeworkScene {
  school: string;
  courseId: string;
  teachingClassIds: string[];
  teacherId: number;
  /** student01 … student30, in that order. */
  studentIds: number[];
  today: string;
  as: (userId: number, instant: number) => AuthedContext;
}

const REQUIREMENT_1 = `<p>使用课程数据集《模拟指数日线行情》完成以下计算，并把代码的关键部分和结果写在答案里：</p>
<ol><li>日收益率与对数收益率，给出均值和标准差；</li><li>年化收益率与年化波动率（按 240 个交易日）；</li><li>最大回撤及其起止日期。</li></ol>
<p>可以参考课件《第一次作业参考代码》。迟交每天扣 10%，最低得 60%。</p>`;

const REQUIREMENT_2 = `<p>上机实验一：在课程数据集上实现 20 日均线择时策略（收盘价上穿均线买入、下穿卖出），不计手续费。</p>
<p>提交：策略净值曲线的描述、年化收益率、最大回撤，以及与买入持有的比较。实验课后一周内提交，<strong>截止后不再接收</strong>。</p>`;

const REQUIREMENT_3 = `<p>小组作业：实现双均线交叉策略，比较 (5, 20) 与 (10, 60) 两组参数的回测表现，考虑单边万分之三的手续费。</p>
<p>每组提交一份报告：参数设置、年化收益、夏普比率、最大回撤和换手率，并讨论参数敏感性。由组长提交，组员都能看到并修改草稿。</p>`;

const REQUIREMENT_4 = `<p>第三次作业：用动量、波动率和估值三个因子构建等权多因子打分，按月调仓，回测并分析各因子的贡献。</p>`;

const COMMENTS = [
  '计算正确，代码清晰。最大回撤的起止日期写得很清楚。',
  '年化波动率应乘以 √240 而不是 240，其余正确。',
  '结果正确，但缺少对结果的解释，下次请补充一两句分析。',
  '对数收益率与简单收益率的区别解释得很好。',
  '最大回撤计算有误：应使用累计净值的历史最高点。',
  '步骤完整，图表描述清楚，继续保持。',
];

const LAB_COMMENTS = [
  '均线信号处理正确，和买入持有的比较很到位。',
  '注意信号要滞后一天执行，否则有未来函数。',
  '净值曲线描述清楚，结论合理。',
];

function answer1(random: () => number): string {
  const mean = (0.03 + random() * 0.04).toFixed(3);
  const sd = (1.1 + random() * 0.4).toFixed(2);
  const annual = (6 + random() * 8).toFixed(1);
  const vol = (17 + random() * 6).toFixed(1);
  const drawdown = (12 + random() * 9).toFixed(1);
  return `<p>日收益率均值 ${mean}%，标准差 ${sd}%；对数收益率与之接近。</p>
<p>年化收益率 ${annual}%，年化波动率 ${vol}%。</p>
<p>最大回撤 ${drawdown}%，发生在第 96 个交易日到第 141 个交易日之间。</p>
<pre>ret = close.pct_change().dropna()
nav = (1 + ret).cumprod()
drawdown = nav / nav.cummax() - 1</pre>`;
}

function answer2(random: () => number): string {
  const annual = (4 + random() * 7).toFixed(1);
  const hold = (8.2).toFixed(1);
  const drawdown = (7 + random() * 6).toFixed(1);
  return `<p>20 日均线择时：年化收益率 ${annual}%，最大回撤 ${drawdown}%；买入持有年化 ${hold}%。</p>
<p>择时在下跌段明显减少了回撤，但在震荡段频繁交易，收益略低于买入持有。</p>`;
}

const REPORT_3 = `<p>参数 (5, 20)：年化收益 9.6%，夏普 0.71，最大回撤 14.2%，年换手 18 次。</p>
<p>参数 (10, 60)：年化收益 7.9%，夏普 0.66，最大回撤 11.8%，年换手 7 次。</p>
<p>考虑手续费后短周期参数的优势缩小；在 (5–15, 20–80) 的网格上结果较稳定。</p>`;

const DRAFT_3 = '<p>（草稿）已完成 (5, 20) 的回测，正在整理 (10, 60) 的结果。</p>';

/** Students who never hand in the first homework, and those who hand it in late (days after the deadline). */
const MISSING_1 = new Set([7, 13, 22, 29]);
const LATE_1 = new Map([
  [11, 0.6],
  [26, 1.9],
]);
/** Students who did not hand in the lab before its deadline. */
const MISSING_2 = new Set([5, 13, 18, 22, 27]);

/**
 * Homework in every state on the demo course, through the service verbs, each
 * step at the instant it would have happened: the first homework past its
 * deadline, handed in (two late, with the penalty), graded and its scores
 * published; the lab past its deadline and half graded, scores not published;
 * a group homework open now on a random group set, some teams handed in, some
 * with a draft; the third homework still a draft.
 */
export async function seedDemoHomework(scene: DemoHomeworkScene): Promise<void> {
  const { school, courseId, teachingClassIds, teacherId, studentIds, today, as } = scene;
  const random = seededRandom(2026);
  const teacherAt = (instant: number) => as(teacherId, instant);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const score = (from: number, to: number) => Math.round((from + random() * (to - from)) * 2) / 2;

  const work = async (
    days: number,
    time: string,
    input: Omit<
      Parameters<typeof updateCourseWork>[0]['input'],
      'schoolId' | 'courseId' | 'teachingClassIds'
    >,
  ) =>
    (
      await updateCourseWork({
        ctx: teacherAt(at(today, days, time)),
        input: { schoolId: school, courseId, teachingClassIds, ...input },
      })
    ).workId;
  const publish = (workId: string, instant: number) =>
    publishCourseWorkV2({ ctx: teacherAt(instant), input: { schoolId: school, workId, publishStatus: 1 } });

  /** A student's saves: a draft first (sometimes), then the hand-in. */
  const handIn = async (
    studentId: number,
    workId: string,
    content: string,
    instant: number,
    draftFirst: boolean,
  ) => {
    const mine = await getMyWorkInfo({ ctx: as(studentId, instant), input: { schoolId: school, workId } });
    let revision = mine.myWork.revision;
    const studentWorkId = mine.myWork.studentWorkId;
    if (draftFirst) {
      const draft = await updateMyWorkInfo({
        ctx: as(studentId, instant - 40 * MINUTE_MS),
        input: {
          schoolId: school,
          studentWorkId,
          requestId: `seed-${workId}-${studentId}-draft`,
          revision,
          content: content.slice(0, content.indexOf('</p>') + 4),
          submit: false,
        },
      });
      revision = draft.revision;
    }
    await updateMyWorkInfo({
      ctx: as(studentId, instant),
      input: {
        schoolId: school,
        studentWorkId,
        requestId: `seed-${workId}-${studentId}`,
        revision,
        content,
        submit: true,
      },
    });
    return studentWorkId;
  };
  const grade = (studentWorkId: string, instant: number, points: number, comment: string) =>
    correctStudentWork({
      ctx: teacherAt(instant),
      input: { schoolId: school, studentWorkId, score: points, comment, returned: false },
    });

  // 1. 第一次作业: past its deadline, handed in (two late), graded, scores published
  const firstStart = at(today, -13, '16:00');
  const firstEnd = at(today, -6, '23:59');
  const first = await work(-13, '15:40', {
    title: '第一次作业：收益率、波动率与最大回撤',
    content: REQUIREMENT_1,
    type: 1,
    groupMode: 0,
    startTime: firstStart,
    endTime: firstEnd,
    allowLate: true,
    latePenaltyPerDay: 10,
    lateScoreFloor: 60,
    totalScore: 100,
  });
  await publish(first, firstStart);
  const firstHandIns: { studentWorkId: string; at: number }[] = [];
  for (const [index, studentId] of studentIds.entries()) {
    const number = index + 1;
    if (MISSING_1.has(number)) continue;
    const late = LATE_1.get(number);
    const instant =
      late === undefined
        ? firstEnd - Math.floor((0.1 + random() * 5) * 24 * 60) * MINUTE_MS
        : firstEnd + Math.floor(late * 24 * 60) * MINUTE_MS;
    firstHandIns.push({
      studentWorkId: await handIn(studentId, first, answer1(random), instant, random() < 0.4),
      at: instant,
    });
  }
  let gradedAt = at(today, -3, '09:00');
  for (const handedIn of firstHandIns) {
    gradedAt += 3 * MINUTE_MS;
    await grade(handedIn.studentWorkId, gradedAt, score(66, 98), pick(COMMENTS));
  }
  await publishWorkScore({
    ctx: teacherAt(at(today, -3, '20:10')),
    input: { schoolId: school, workId: first },
  });

  // 2. 上机实验一: past its deadline (late refused), half graded, scores not published
  const labStart = at(today, -8, '10:00');
  const labEnd = at(today, -1, '23:59');
  const lab = await work(-8, '09:50', {
    title: '上机实验一：均线择时',
    content: REQUIREMENT_2,
    type: 1,
    groupMode: 0,
    startTime: labStart,
    endTime: labEnd,
    allowLate: false,
    latePenaltyPerDay: 0,
    lateScoreFloor: 0,
    totalScore: 100,
  });
  await publish(lab, labStart);
  const labHandIns: string[] = [];
  for (const [index, studentId] of studentIds.entries()) {
    if (MISSING_2.has(index + 1)) continue;
    const instant = labEnd - Math.floor((0.05 + random() * 6) * 24 * 60) * MINUTE_MS;
    labHandIns.push(await handIn(studentId, lab, answer2(random), instant, false));
  }
  gradedAt = at(today, 0, '08:30');
  for (const studentWorkId of labHandIns.slice(0, 12)) {
    gradedAt += 4 * MINUTE_MS;
    await grade(studentWorkId, gradedAt, score(70, 96), pick(LAB_COMMENTS));
  }

  // 3. 第二次作业: a group homework open now, on random teams of three per class
  const preview = await previewGroupV2({
    ctx: teacherAt(at(today, -2, '16:20')),
    input: { schoolId: school, courseId, method: 'random', groupSize: 3, seed: 20261 },
  });
  const set = await creatCourseGroup({
    ctx: teacherAt(at(today, -2, '16:25')),
    input: {
      schoolId: school,
      courseId,
      groupName: '第二次作业分组（每组 3 人）',
      groupType: 1,
      maxMembers: 3,
      teams: preview.teams.map((team) => ({
        groupName: team.groupName,
        leaderStudentId: team.leaderStudentId,
        studentIds: team.students.map((student) => student.studentId),
      })),
    },
  });
  const groupStart = at(today, -1, '21:50');
  const group = await work(-1, '21:45', {
    title: '第二次作业：双均线策略回测（小组）',
    content: REQUIREMENT_3,
    type: 1,
    groupMode: 1,
    workGroupId: set.workGroupId,
    startTime: groupStart,
    endTime: at(today, 6, '23:59'),
    allowLate: true,
    latePenaltyPerDay: 5,
    lateScoreFloor: 70,
    totalScore: 100,
  });
  await publish(group, groupStart);
  for (const [index, team] of set.teams.entries()) {
    const leader =
      team.members.find((member) => member.studentId === team.leaderStudentId) ?? team.members[0];
    if (!leader) continue;
    // the first three teams handed in, the next two saved a draft, the rest not started
    const instant = groupStart + (index + 2) * 47 * MINUTE_MS;
    if (index < 3) await handIn(Number(leader.userId), group, REPORT_3, instant, true);
    else if (index < 5) {
      const mine = await getMyWorkInfo({
        ctx: as(Number(leader.userId), instant),
        input: { schoolId: school, workId: group },
      });
      await updateMyWorkInfo({
        ctx: as(Number(leader.userId), instant),
        input: {
          schoolId: school,
          studentWorkId: mine.myWork.studentWorkId,
          requestId: `seed-${group}-team-${index}`,
          revision: mine.myWork.revision,
          content: DRAFT_3,
          submit: false,
        },
      });
    }
  }

  // 4. 第三次作业: still a draft
  await work(0, '07:30', {
    title: '第三次作业：多因子选股',
    content: REQUIREMENT_4,
    type: 1,
    groupMode: 0,
    startTime: at(today, 14, '08:00'),
    endTime: at(today, 28, '23:59'),
    allowLate: false,
    latePenaltyPerDay: 0,
    lateScoreFloor: 0,
    totalScore: 100,
  });
}
