import {
  zGetCourseListV2Response,
  zGetStudentAnnounceListResponse,
  zGetStudentCourseListV2Response,
  zGetStudentCourseTableResponse,
  zGetStudentWareListResponse,
} from '@dfrm/sdk/tms/zod';
import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseware, coursewareFiles, coursewareShares } from '../db/schema/courseware';
import { notices, noticeViews, noticeVisibility } from '../db/schema/notice';
import { courseSections, courses, teachingClasses } from '../db/schema/teaching';
import { chinaDate } from '../lib/china-time';
import { DAY_MS } from '../lib/clock';
import type { MyExamItem } from '@dfrm/sdk/tms/types';
import { call, createTestApp, DEMO_SCHOOL, login, type TestApp } from '../testing/index';
import { lecturePdf, priceCsv, returnsScript, setupHandout } from './demo-files';
import { DEMO_COURSE, seedDemoTeaching } from './demo-teaching';

let t: TestApp;

beforeEach(async () => {
  // the clean demo school every test starts from, then what `npm start` adds on a new data folder
  t = await createTestApp();
});

const seed = () => seedDemoTeaching(t.db, { now: t.clock.now(), storage: t.storage });

async function rowCounts() {
  const tables = [
    courses,
    teachingClasses,
    courseSections,
    notices,
    noticeVisibility,
    noticeViews,
    courseware,
    coursewareFiles,
    coursewareShares,
  ];
  return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]?.n));
}

describe('seedDemoTeaching', () => {
  it('is not part of the clean school the tests start from', async () => {
    expect(await rowCounts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('gives student01 a running course with lessons, notices (some read) and downloadable courseware', async () => {
    expect(await seed()).toBe(true);
    const student = await login(t.app, 'student01');
    const post = (path: string, body: unknown) => call(t.app, 'POST', path, { session: student, body });

    const myCourses = await post('/tms-server/myCourse/v2/getStudentCourseList', {
      schoolId: '1',
      pageIndex: 1,
      pageSize: 10,
    });
    expect(myCourses.body.errCode).toBe(0);
    const coursePage = zGetStudentCourseListV2Response.parse(myCourses.body.data);
    expect(coursePage.list.map((course) => [course.courseName, course.status])).toEqual([
      [DEMO_COURSE.name, 1],
    ]);

    // lessons today and in the coming week on the timetable
    const today = chinaDate(t.clock.now());
    const weekLater = chinaDate(t.clock.now() + 6 * DAY_MS);
    const table = await call(
      t.app,
      'GET',
      `/tms-server/studentPage/getStudentCourseTable/1/${today}/${weekLater}`,
      {
        session: student,
      },
    );
    expect(table.body.errCode).toBe(0);
    const lessons = zGetStudentCourseTableResponse.parse(table.body.data);
    expect(lessons.map((lesson) => [lesson.section.classDate, lesson.section.sectionName])).toEqual([
      [today, '均线与动量择时策略'],
      [chinaDate(t.clock.now() + 2 * DAY_MS), '上机实验：均线策略回测'],
    ]);

    const announces = await post('/tms-server/studentPage/getAnnounceList', {
      schoolId: '1',
      pageIndex: 1,
      pageSize: 20,
    });
    expect(announces.body.errCode).toBe(0);
    const noticePage = zGetStudentAnnounceListResponse.parse(announces.body.data);
    // five published, newest first; the draft is not shown
    expect(noticePage.list.map((notice) => notice.title)).toEqual([
      '期中小测安排',
      '课程数据集与参考代码已上传',
      '第一次作业：收益率与移动平均线',
      '实验环境配置说明',
      '开课通知：量化投资基础',
    ]);
    const read = noticePage.list.filter((notice) => notice.viewed).length;
    expect(read).toBeGreaterThan(0);
    expect(noticePage.unViewNum).toBeGreaterThan(0);
    expect(noticePage.unViewNum).toBe(5 - read);
    for (const notice of noticePage.list) {
      if (notice.viewedAt !== null) expect(notice.viewedAt).toBeGreaterThan(notice.publishedAt ?? 0);
    }

    const wares = await post('/tms-server/myCourse/getStudentWareList', {
      schoolId: '1',
      pageIndex: 1,
      pageSize: 20,
    });
    expect(wares.body.errCode).toBe(0);
    const warePage = zGetStudentWareListResponse.parse(wares.body.data);
    const expected = new Map(
      [lecturePdf(), setupHandout(), priceCsv(), returnsScript()].map((file) => [file.fileName, file.bytes]),
    );
    expect(warePage.total).toBe(4);
    expect(warePage.list.flatMap((ware) => ware.attachments.map((file) => file.fileName)).sort()).toEqual(
      [...expected.keys()].sort(),
    );
    for (const ware of warePage.list) {
      const response = await t.app.request(
        `/api/tms-server/courseWareMgr/downloadCourseWare/${ware.courseWareId}`,
        {
          headers: { Product: 'dfrm', ...student.headers },
        },
      );
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const [attachment] = ware.attachments;
      expect(bytes.equals(expected.get(attachment?.fileName ?? '') ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('reads differ between students, and the PDF is a well-formed one-page PDF', async () => {
    await seed();
    const unread = async (userName: string) => {
      const answer = await call<{ unViewNum: number }>(
        t.app,
        'GET',
        '/tms-server/studentPage/getUnViewAnnounce/1',
        {
          session: await login(t.app, userName),
        },
      );
      return answer.body.data.unViewNum;
    };
    const counts = await Promise.all(
      ['student01', 'student02', 'student03', 'student16', 'student30'].map(unread),
    );
    expect(new Set(counts).size).toBeGreaterThan(1);

    const pdf = lecturePdf().bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    // every object sits at the offset the table gives
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(8);
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });

  it('shows teacher1 the course taught to both demo classes, and a second run changes nothing', async () => {
    expect(await seed()).toBe(true);
    const before = await rowCounts();
    expect(before).toEqual([1, 2, 9, 6, 12, before[5], 4, 4, 8]);
    expect(before[5]).toBeGreaterThan(0);
    expect(await seed()).toBe(false);
    expect(await rowCounts()).toEqual(before);

    const teacher = await login(t.app, 'teacher1');
    const answer = await call(t.app, 'POST', '/tms-server/courseMgr/v2/getCourseList', {
      session: teacher,
      body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
    });
    expect(answer.body.errCode).toBe(0);
    const page = zGetCourseListV2Response.parse(answer.body.data);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      courseName: DEMO_COURSE.name,
      status: 1,
      studentNum: 30,
      sectionNum: 9,
      teacher: expect.objectContaining({ realName: '李明华' }),
    });
    expect(page.list[0]?.teachingClasses.map((teachingClass) => teachingClass.className).sort()).toEqual(
      [...DEMO_SCHOOL.classes].sort(),
    );
    const drafts = await call<{ total: number }>(t.app, 'POST', '/tms-server/announce/queryAnnounceList', {
      session: teacher,
      body: { schoolId: '1', pageIndex: 1, pageSize: 10, status: 0 },
    });
    expect(drafts.body.data.total).toBe(1);
  });

  it('gives the course homework in every state: graded and published, half graded, open for groups, a draft', async () => {
    expect(await seed()).toBe(true);
    const teacher = await login(t.app, 'teacher1');
    const works = await call<{
      list: {
        title: string;
        publishStatus: number;
        scoreStatus: number;
        groupMode: number;
        endTime: number;
        finish: {
          studentWorkCount: number;
          submittedCount: number;
          correctedCount: number;
          lateCount: number;
        };
      }[];
    }>(t.app, 'POST', '/tms-server/courseWorkMgr/v2/queryCourseWorkList', {
      session: teacher,
      body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
    });
    expect(works.body.errCode).toBe(0);
    const byTitle = new Map(works.body.data.list.map((work) => [work.title.slice(0, 5), work]));
    const now = t.clock.now();
    // 30 students, 4 never handed in, 2 late; every hand-in graded; scores published
    expect(byTitle.get('第一次作业')).toMatchObject({
      publishStatus: 1,
      scoreStatus: 1,
      finish: { studentWorkCount: 30, correctedCount: 26, submittedCount: 0, lateCount: 2 },
    });
    // past its deadline: 25 handed in, 12 graded so far, scores not published
    expect(byTitle.get('上机实验一')).toMatchObject({
      publishStatus: 1,
      scoreStatus: 0,
      finish: { studentWorkCount: 30, correctedCount: 12, submittedCount: 13 },
    });
    expect(byTitle.get('上机实验一')!.endTime).toBeLessThan(now);
    // a group homework still open: one student work per team of three, three teams handed in
    const group = byTitle.get('第二次作业')!;
    expect(group).toMatchObject({
      publishStatus: 1,
      groupMode: 1,
      finish: { studentWorkCount: 10, submittedCount: 3 },
    });
    expect(group.endTime).toBeGreaterThan(now);
    expect(byTitle.get('第三次作业')).toMatchObject({ publishStatus: 0 });

    // student01 sees the published work's score, not the draft
    const student = await login(t.app, 'student01');
    const mine = await call<{ list: { title: string; status: number; score: number | null }[] }>(
      t.app,
      'POST',
      '/tms-server/myWork/v2/getMyWorkList',
      { session: student, body: { schoolId: '1', pageIndex: 1, pageSize: 10 } },
    );
    expect(mine.body.errCode).toBe(0);
    const titles = mine.body.data.list.map((work) => work.title.slice(0, 5)).sort();
    expect(titles).toEqual(['上机实验一', '第一次作业', '第二次作业'].sort());
    const first = mine.body.data.list.find((work) => work.title.startsWith('第一次作业'));
    expect(first?.status).toBe(2);
    expect(first?.score).toEqual(expect.any(Number));
  });

  it('gives the course a graded quiz nine days ago and a midterm next week', async () => {
    expect(await seed()).toBe(true);
    const [student01, student07, teacher] = await Promise.all(
      ['student01', 'student07', 'teacher1'].map((account) => login(t.app, account)),
    );
    const myExams = async (session: typeof teacher) => {
      const answer = await call<{ list: MyExamItem[] }>(t.app, 'POST', '/api/examination/user/list', {
        session,
        body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
      });
      expect(answer.body.errCode).toBe(0);
      return new Map(answer.body.data.list.map((exam) => [exam.examName.slice(0, 4), exam]));
    };
    const mine = await myExams(student01);
    // submitted, its short answer graded: the score is there
    expect(mine.get('第一次随')).toMatchObject({ phase: 2, attendStatus: 2, totalScore: 100 });
    expect(mine.get('第一次随')!.score).toEqual(expect.any(Number));
    expect(mine.get('期中考试')).toMatchObject({ phase: 0, attendStatus: 0, score: null });
    // student07 missed the quiz
    expect((await myExams(student07)).get('第一次随')).toMatchObject({ attendStatus: 3, score: null });
    const stats = await call<{ submittedCount: number; absentCount: number; markedCount: number }>(
      t.app,
      'GET',
      `/api/examination/teacher/static/${mine.get('第一次随')!.examId}`,
      { session: teacher },
    );
    expect(stats.body.data).toMatchObject({ submittedCount: 28, absentCount: 2, markedCount: 28 });
  });
});
