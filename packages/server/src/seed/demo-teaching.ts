import { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, teachingClasses } from '../db/schema/teaching';
import { classes } from '../db/schema/school';
import { chinaDate } from '../lib/china-time';
import { DAY_MS, MINUTE_MS } from '../lib/clock';
import type { Storage } from '../lib/storage';
import { setCourseSection } from '../services/course/sections';
import { updateCourse } from '../services/course/courses';
import { updateCourseWareShareList, uploadCourseWare } from '../services/courseware/courseware';
import { viewAnnounce } from '../services/notice/student-notices';
import { updateAnnounce } from '../services/notice/teacher-notices';
import { DEMO_ACCOUNTS, DEMO_SCHOOL } from './demo-data';
import { demoUserIds } from './demo-school';
import { seedDemoExams } from './demo-exams';
import { seedDemoHomework } from './demo-homework';
import { at, dateOf, seedActor } from './seed-context';
import { seededRandom } from '../lib/seeded-random';
import { type DemoFile, lecturePdf, priceCsv, returnsScript, setupHandout } from './demo-files';

/** The demo course teacher1 teaches to both demo classes. */
export const DEMO_COURSE = {
  teacher: 'teacher1',
  name: '量化投资基础',
  description:
    '面向金融工程专业本科生的量化投资入门课：从收益率、波动率和回撤讲起，用 Python 完成均线择时、动量与多因子选股策略的构建和回测，期末提交一份策略研究报告。',
} as const;

/** Weekly lessons around today: three done, today's, this week's lab and four to come. */
const SECTIONS: {
  days: number;
  name: string;
  description: string;
  start: string;
  end: string;
  location: string;
}[] = [
  {
    days: -21,
    name: '课程导论与量化投资概览',
    description: '量化投资的基本流程；课程安排与考核方式。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: -14,
    name: '收益率、波动率与最大回撤',
    description: '简单收益率与对数收益率；年化；回撤的计算。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: -7,
    name: 'Python 金融数据处理基础',
    description: '读取 CSV 行情，处理缺失值，按日期对齐。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: 0,
    name: '均线与动量择时策略',
    description: '双均线交叉信号；动量效应；信号的滞后。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: 2,
    name: '上机实验：均线策略回测',
    description: '用课程数据集完成双均线策略的回测并画出净值曲线。',
    start: '10:00',
    end: '11:35',
    location: '实验楼 B204 机房',
  },
  {
    days: 7,
    name: '回测框架与交易成本',
    description: '手续费、滑点与未来函数；回测结果的可信度。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: 14,
    name: '期中小测与习题讲评',
    description: '闭卷小测 40 分钟，随后讲评第一次作业。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: 21,
    name: '多因子选股（上）：因子构建',
    description: '价值、规模、动量因子的定义与标准化。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
  {
    days: 28,
    name: '多因子选股（下）：因子检验',
    description: 'IC 分析与分层回测；因子组合。',
    start: '14:00',
    end: '15:35',
    location: '博学楼 A301',
  },
];

interface NoticeSeed {
  days: number;
  time: string;
  title: string;
  content: string;
  /** Share of the students who have opened it by now. */
  readShare: number;
}

const NOTICES: NoticeSeed[] = [
  {
    days: -22,
    time: '20:00',
    title: '开课通知：量化投资基础',
    readShare: 0.95,
    content: `<p>各位同学好：</p>
<p>本学期的<strong>《量化投资基础》</strong>将于下周开课，每周一次课程，具体时间和地点以课表为准（第一次课在博学楼 A301）。</p>
<p>课程安排：</p>
<ul>
<li>第 1–3 周：收益率、波动率与 Python 数据处理</li>
<li>第 4–6 周：均线、动量择时与回测</li>
<li>第 7 周起：多因子选股与组合管理</li>
</ul>
<p>考核方式：平时作业 30%，期中小测 20%，期末课程项目（策略研究报告）50%。</p>
<p>第 1 讲的讲义已经上传到课件区，请大家课前浏览。</p>
<p>李明华</p>`,
  },
  {
    days: -20,
    time: '19:30',
    title: '实验环境配置说明',
    readShare: 0.8,
    content: `<p>同学们好，本课程的实验统一使用 <strong>Python 3.10 及以上版本</strong>。</p>
<ol>
<li>按课件区的《实验环境配置指南》安装 Python，并创建课程专用的虚拟环境；</li>
<li>安装 <code>numpy</code>、<code>pandas</code>、<code>matplotlib</code> 和 <code>jupyterlab</code>；</li>
<li>在终端运行 <code>python --version</code> 确认版本。</li>
</ol>
<p>请在<strong>第三周上课前</strong>完成配置，课上不再单独安排时间。遇到问题可以在周三答疑时间到博学楼 A305 找助教。</p>`,
  },
  {
    days: -14,
    time: '16:10',
    title: '第一次作业：收益率与移动平均线',
    readShare: 0.7,
    content: `<p>第一次作业已经布置，截止时间为<strong>两周后的周日 23:59</strong>。</p>
<p>要求：使用课程数据集《模拟指数日线行情》完成以下计算——</p>
<ol>
<li>逐日计算简单收益率与对数收益率，比较二者的差异；</li>
<li>计算 5 日、20 日移动平均线，并画出收盘价与两条均线；</li>
<li>计算年化收益率、年化波动率与最大回撤。</li>
</ol>
<p>提交内容：代码（.py 或 .ipynb）与一页以内的结果说明。可以参考课件区的示例代码，但请在说明中写清楚自己的改动。</p>
<p>逾期提交按每天扣 10% 计算。</p>`,
  },
  {
    days: -13,
    time: '09:20',
    title: '课程数据集与参考代码已上传',
    readShare: 0.5,
    content: `<p>课件区新增两份资料：</p>
<ul>
<li><strong>模拟指数日线行情_2025.csv</strong>：240 个交易日的开高低收与成交量，作业和上机实验都会用到；</li>
<li><strong>returns_ma.py</strong>：计算收益率、均线与最大回撤的示例代码，只用到 Python 标准库。</li>
</ul>
<p>下载后放在同一个文件夹，运行 <code>python returns_ma.py 模拟指数日线行情_2025.csv</code> 即可看到结果。</p>`,
  },
  {
    days: -2,
    time: '18:00',
    title: '期中小测安排',
    readShare: 0.2,
    content: `<p>期中小测安排在<strong>第七周的课上</strong>进行，闭卷，时间 40 分钟，占总成绩的 20%。</p>
<p>范围：第 1–5 讲（收益率与风险指标、均线与动量、回测中的交易成本）。</p>
<p>题型：选择题 10 道，计算题 2 道。请携带<strong>计算器</strong>，不得使用手机。</p>
<p>小测结束后会讲评第一次作业，请大家准时到场。</p>`,
  },
];

const DRAFT: { days: number; time: string; title: string; content: string } = {
  days: -1,
  time: '21:40',
  title: '第二次作业：双均线策略回测',
  content: `<p>（草稿）第二次作业：在课程数据集上实现双均线交叉策略，比较 (5, 20) 与 (10, 60) 两组参数的回测表现，考虑单边万分之三的手续费。</p>
<p>待上机实验结束后发布。</p>`,
};

interface CoursewareSeed {
  days: number;
  time: string;
  name: string;
  description: string;
  file: () => DemoFile;
}

const COURSEWARE: CoursewareSeed[] = [
  {
    days: -22,
    time: '19:50',
    name: '第1讲 课程导论',
    description: '课程内容、考核方式与课前准备。',
    file: lecturePdf,
  },
  {
    days: -20,
    time: '19:20',
    name: '实验环境配置指南',
    description: '安装 Python、创建虚拟环境与验证步骤。',
    file: setupHandout,
  },
  {
    days: -13,
    time: '09:10',
    name: '课程数据集：模拟指数日线行情',
    description: '240 个交易日的日线数据（CSV，UTF-8），作业与上机实验使用。',
    file: priceCsv,
  },
  {
    days: -13,
    time: '09:12',
    name: '第一次作业参考代码',
    description: '计算收益率、移动平均线与最大回撤的示例代码。',
    file: returnsScript,
  },
];

export interface DemoTeachingOptions {
  now: number;
  storage: Storage;
}

/**
 * Writes the demo course of teacher1 with its lessons, notices, courseware
 * (real files, through the Storage), students' read receipts, homework in
 * every state (seed/demo-homework.ts) and exams (seed/demo-exams.ts), all through
 * the service verbs the API runs, each at the instant a teacher or student
 * would have done it. Needs the demo school (seedDemoSchool). Does nothing
 * when the course is already there. Answers whether it wrote anything.
 */
export async function seedDemoTeaching(db: Db, options: DemoTeachingOptions): Promise<boolean> {
  const { now, storage } = options;
  const schoolId = DEMO_SCHOOL.id;
  const userIds = await demoUserIds(db);
  const teacherId = userIds.get(DEMO_COURSE.teacher);
  if (teacherId === undefined) throw new Error('演示教学内容需要先写入演示学校');

  const [existing] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.schoolId, schoolId),
        eq(courses.teacherUserId, teacherId),
        eq(courses.name, DEMO_COURSE.name),
      ),
    )
    .limit(1);
  if (existing) return false;

  const as = seedActor(db, storage, now);

  const today = chinaDate(now);
  const teacherAt = (days: number, time: string) => as(teacherId, at(today, days, time));
  const school = String(schoolId);

  const classRows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.name, [...DEMO_SCHOOL.classes])))
    .orderBy(asc(classes.name));
  const course = await updateCourse({
    ctx: teacherAt(-28, '10:30'),
    input: {
      schoolId: school,
      courseName: DEMO_COURSE.name,
      description: DEMO_COURSE.description,
      startDate: dateOf(today, -21),
      endDate: dateOf(today, 95),
      classIds: classRows.map((row) => String(row.id)),
    },
  });
  const courseId = course.courseId;

  await setCourseSection({
    ctx: teacherAt(-28, '10:40'),
    input: {
      schoolId: school,
      courseId,
      sections: SECTIONS.map((section, index) => ({
        sectionName: section.name,
        sortNo: index + 1,
        description: section.description,
        classDate: dateOf(today, section.days),
        startTime: section.start,
        endTime: section.end,
        location: section.location,
      })),
    },
  });

  const teachingClassIds = (
    await db
      .select({ id: teachingClasses.id })
      .from(teachingClasses)
      .where(eq(teachingClasses.courseId, Number(courseId)))
      .orderBy(asc(teachingClasses.id))
  ).map((row) => String(row.id));

  for (const item of COURSEWARE) {
    const file = item.file();
    const extension = file.fileName.slice(file.fileName.lastIndexOf('.') + 1);
    const stored = await storage.write(Readable.from([file.bytes]), { extension });
    try {
      const detail = await uploadCourseWare({
        ctx: teacherAt(item.days, item.time),
        input: {
          schoolId: school,
          courseId,
          courseWareName: item.name,
          description: item.description,
          file: { fileName: file.fileName, contentType: '', size: stored.size, key: stored.key },
        },
      });
      await updateCourseWareShareList({
        ctx: as(teacherId, at(today, item.days, item.time) + MINUTE_MS),
        input: { schoolId: school, courseWareId: detail.courseWareId, teachingClassIds },
      });
    } catch (error) {
      await storage.delete(stored.key);
      throw error;
    }
  }

  const studentIds = DEMO_ACCOUNTS.filter((account) => account.role === 'student').map((account) => {
    const id = userIds.get(account.userName);
    if (id === undefined) throw new Error(`seed user ${account.userName} missing`);
    return id;
  });
  const random = seededRandom(10);
  for (const notice of NOTICES) {
    const publishedAt = at(today, notice.days, notice.time);
    const detail = await updateAnnounce({
      ctx: as(teacherId, publishedAt),
      input: {
        schoolId: school,
        courseId,
        title: notice.title,
        content: notice.content,
        status: 1,
        teachingClassIds,
      },
    });
    for (const studentId of studentIds) {
      const opens = random() < notice.readShare;
      // within two days of publication, never after now
      const delay = 5 * MINUTE_MS + Math.floor(random() * 2 * DAY_MS);
      if (!opens || publishedAt + delay >= now) continue;
      await viewAnnounce({
        ctx: as(studentId, publishedAt + delay),
        input: { schoolId: school, announceId: detail.announceId },
      });
    }
  }
  await updateAnnounce({
    ctx: teacherAt(DRAFT.days, DRAFT.time),
    input: {
      schoolId: school,
      courseId,
      title: DRAFT.title,
      content: DRAFT.content,
      status: 0,
      teachingClassIds,
    },
  });
  const scene = { school, courseId, teachingClassIds, teacherId, studentIds, today, as };
  await seedDemoHomework(scene);
  await seedDemoExams(scene);
  return true;
}
