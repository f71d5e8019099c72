import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  api,
  apiCreateCourse,
  apiGet,
  apiLogin,
  CLASS_1,
  loginHome,
  pageSession,
  pdf,
  sidebar,
} from './support';

/**
 * A group homework from the first team to the statistics, against the real server: a teacher
 * builds teams of three by student number, sets a group work that takes late hand-ins at 10 % a
 * day and publishes it; one team hands in an answer with a PDF (its other members see it), a
 * second on time, a third after the deadline, warned of the penalty; the teacher grades the three
 * one after the other, publishes the scores, exports them and finds them in 学情概览.
 */

// Every run starts on a fresh data folder, but a unique name keeps a rerun on the same one honest.
const RUN = Date.now().toString(36).slice(-5);
const COURSE = `小组项目实务 ${RUN}`;
const SET = '期中项目小组';
const WORK = '期中小组项目：因子选股回测';
const REQUIREMENT = '以小组为单位完成一个因子选股策略的回测，提交报告（PDF）并说明分工。';
const ANSWER = '我们选了动量因子，回测区间为 2020—2025 年，报告见附件。';
const REPORT = '第1组回测报告.pdf';

// The demo students of 1班 by student number (20260001 …); teams of three take them in order.
const TEAMS = [
  ['陈思远', '林雨桐', '黄子轩'],
  ['吴佳怡', '刘浩然', '张欣怡'],
  ['杨博文', '郑雅琪', '何俊杰'],
] as const;
// The teacher's scores; team 3 hands in one (started) day late: 10 % of 100 comes off.
const GRADES = [
  { team: '第 1 组', score: 92, comment: '分工清楚，回测严谨。', final: 92 },
  { team: '第 2 组', score: 84, comment: '结论需要更多检验。', final: 84 },
  { team: '第 3 组', score: 85, comment: '思路不错，但迟交了。', final: 75 },
] as const;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

interface MyWork {
  myWork: { studentWorkId: string; revision: number };
}

test('a teacher sets a group homework with a late policy; teams hand in, on time and late; grades are published, exported and charted', async ({
  browser,
  request,
}) => {
  // set up before the browser logs in: one account has one live session
  await apiCreateCourse(request, await apiLogin(request, 'teacher1'), COURSE, [CLASS_1]);
  const teacher = await loginHome(browser, 'teacher1', { acceptDownloads: true });
  const tabs = teacher.getByRole('tablist', { name: '班级详情' });
  let workId = '';

  await test.step('teacher1 builds random teams of three by student number for the course', async () => {
    await teacher.getByRole('banner').getByRole('link', { name: '教学管理' }).click();
    await sidebar(teacher).getByRole('link', { name: '教学班级' }).click();
    await teacher
      .getByRole('table', { name: '课程列表' })
      .getByRole('row')
      .filter({ hasText: COURSE })
      .getByRole('link', { name: COURSE, exact: true })
      .click();
    await tabs.getByRole('tab', { name: '分组' }).click();
    await expect(teacher.getByText('这门课程还没有分组方案')).toBeVisible();
    await teacher.getByRole('main').getByRole('link', { name: '新建分组' }).click();

    const form = teacher.getByRole('form', { name: '新建分组方案' });
    await form.getByRole('textbox', { name: '方案名称' }).fill(SET);
    await form
      .getByRole('radiogroup', { name: '分组方式' })
      .getByRole('radio', { name: '系统随机', exact: true })
      .check();
    await form.getByRole('textbox', { name: '每组人数', exact: true }).fill('3');
    await form
      .getByRole('radiogroup', { name: '分组方法' })
      .getByRole('radio', { name: '按学号', exact: true })
      .check();
    await form.getByRole('button', { name: '预览分组' }).click();
    await expect(form.getByRole('status')).toHaveText(/^已把 \d+ 名在读学生分成 \d+ 个小组（按学号）/);
    await expectTeams(form);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(teacher.getByText('分组方案已保存')).toBeVisible();

    // back on the class page's 分组 tab, the set with its teams, the first member leading
    await expect(tabs.getByRole('tab', { name: '分组' })).toHaveAttribute('aria-selected', 'true');
    const card = teacher.getByRole('article', { name: SET });
    await expect(card.getByText('系统随机')).toBeVisible();
    await expect(card.getByText(/^每组最多 \d+ 人 · \d+ 个小组 · 已分组 \d+ 人$/)).toBeVisible();
    await expectTeams(card);
  });

  await test.step('teacher1 sets the group homework, late hand-ins at 10 % a day, and publishes it', async () => {
    await tabs.getByRole('tab', { name: '作业' }).click();
    // (the empty list offers the same link)
    await teacher.getByRole('main').getByRole('link', { name: '布置作业' }).first().click();
    const form = teacher.getByRole('form', { name: '布置作业' });
    // filled in from the class page: its course and its only class
    await expect(form.getByRole('combobox', { name: '课程' })).toHaveValue(COURSE);
    await expect(form.getByRole('checkbox', { name: new RegExp(CLASS_1) })).toBeChecked();
    await form.getByRole('textbox', { name: '标题' }).fill(WORK);
    const editor = form.getByRole('textbox', { name: '作业要求' });
    await editor.click();
    await editor.pressSequentially(REQUIREMENT);
    await form.getByRole('textbox', { name: '总分' }).fill('100');
    await form
      .getByRole('radiogroup', { name: '作业形式' })
      .getByRole('radio', { name: '小组', exact: true })
      .check();
    await form.getByRole('combobox', { name: '分组方案' }).click();
    await teacher.getByRole('option', { name: new RegExp(`^${SET}（系统随机，\\d+ 组）$`) }).click();
    await form
      .getByRole('radiogroup', { name: '迟交' })
      .getByRole('radio', { name: '允许', exact: true })
      .check();
    await form.getByRole('textbox', { name: '每天扣分（满分的 %）' }).fill('10');
    await expect(form.getByText(/^迟交 1 天：满分 100 最多得 90；/)).toBeVisible();

    await form.getByRole('button', { name: '发布' }).click();
    const confirm = teacher.getByRole('dialog', { name: '发布作业' });
    await expect(confirm.getByText(CLASS_1)).toBeVisible();
    await confirm.getByRole('button', { name: '发布' }).click();
    await expect(teacher.getByText(/^作业已发布给 \d+ 个小组$/)).toBeVisible();

    await expect(tabs.getByRole('tab', { name: '作业' })).toHaveAttribute('aria-selected', 'true');
    const row = teacher.getByRole('table', { name: '作业列表' }).getByRole('row').filter({ hasText: WORK });
    await expect(row.getByText('进行中')).toBeVisible();
    await expect(row.getByText(/^0 \/ \d+$/)).toBeVisible();
    const href = await row.getByRole('link', { name: `${WORK} 的完成情况` }).getAttribute('href');
    workId = new URL(href!, 'http://x').searchParams.get('workId')!;
    expect(workId).toMatch(/^\d+$/);
  });

  await test.step('student01 hands in the team answer with a PDF; student02 of the team sees it', async () => {
    const student = await loginHome(browser, 'student01');
    await openWork(student);
    const myTeam = student
      .getByRole('region', { name: '我的小组' })
      .getByRole('list', { name: '第 1 组的成员' });
    for (const name of TEAMS[0]) await expect(myTeam.getByText(name, { exact: true })).toBeVisible();
    const answer = student.getByRole('region', { name: '小组的答案' });
    const editor = answer.getByRole('textbox', { name: '我的答案' });
    await editor.click();
    await editor.pressSequentially(ANSWER);
    await answer
      .locator('input[type="file"]')
      .setInputFiles({ name: REPORT, mimeType: 'application/pdf', buffer: pdf('Team 1') });
    // uploaded and saved into the answer, with its download
    await expect(
      answer.getByRole('list', { name: '答案附件' }).getByRole('button', { name: `下载 ${REPORT}` }),
    ).toBeVisible();
    await answer.getByRole('button', { name: '提交作业' }).click();
    const confirm = student.getByRole('dialog', { name: '提交作业' });
    await expect(confirm.getByText('小组作业提交后对全组生效。', { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: '提交' }).click();
    await expect(student.getByText('作业已提交', { exact: true })).toBeVisible();
    await expect(answer.getByText(/^已提交于 /)).toBeVisible();
    await student.context().close();

    const teammate = await loginHome(browser, 'student02');
    await openWork(teammate);
    const handedIn = teammate.getByRole('region', { name: '小组的答案' });
    await expect(handedIn.getByText(/^已提交于 .*提交后不能修改/)).toBeVisible();
    await expect(handedIn.getByText(ANSWER)).toBeVisible();
    await expect(handedIn.getByRole('list', { name: '答案附件' }).getByText(REPORT)).toBeVisible();
    await expect(handedIn.getByRole('textbox', { name: '我的答案' })).toHaveCount(0);
    await teammate.context().close();
  });

  await test.step('team 2 hands in on time; after the deadline team 3 hands in late, warned of the penalty', async () => {
    const student04 = await apiLogin(request, 'student04');
    const mine = await apiGet<MyWork>(request, `/tms-server/myWork/getMyWorkInfo/1/${workId}`, student04);
    const onTime = await api<{ savedAt: number; isLate: boolean }>(
      request,
      '/tms-server/myWork/updateMyWorkInfo',
      {
        schoolId: '1',
        studentWorkId: mine.myWork.studentWorkId,
        requestId: `e2e-team2-${RUN}`,
        revision: mine.myWork.revision,
        content: '<p>第 2 组：价值因子的回测与结论。</p>',
        submit: true,
      },
      student04,
    );
    expect(onTime.isLate).toBe(false);

    const teacherApi = await pageSession(teacher);
    // The server's clock cannot be moved from outside, so the deadline moves instead: to just
    // after team 2's hand-in (already past; team 2 stays on time, as a later deadline is not
    // earlier than its hand-in), by the teacher's own save with every other field as it is.
    const work = await apiGet<Record<string, unknown> & { teachingClasses: { teachingClassId: string }[] }>(
      request,
      `/tms-server/courseWorkMgr/getCourseWorkInfo/1/${workId}`,
      teacherApi,
    );
    await api(
      request,
      '/tms-server/courseWorkMgr/updateCourseWork',
      {
        schoolId: '1',
        workId,
        courseId: work.courseId,
        teachingClassIds: work.teachingClasses.map((item) => item.teachingClassId),
        title: work.title,
        content: work.content,
        type: work.type,
        groupMode: work.groupMode,
        workGroupId: work.workGroupId,
        startTime: work.startTime,
        endTime: onTime.savedAt + 1,
        totalScore: work.totalScore,
        allowLate: work.allowLate,
        latePenaltyPerDay: work.latePenaltyPerDay,
        lateScoreFloor: work.lateScoreFloor,
        attachments: [],
      },
      teacherApi,
    );

    const late = await loginHome(browser, 'student07');
    await openWork(late);
    const answer = late.getByRole('region', { name: '小组的答案' });
    await expect(answer.getByText('这份作业允许迟交，现在保存和提交都记为迟交。')).toBeVisible();
    const editor = answer.getByRole('textbox', { name: '我的答案' });
    await editor.click();
    await editor.pressSequentially('第 3 组：低波动因子，回测报告稍后补充。');
    await answer.getByRole('button', { name: '提交作业' }).click();
    const confirm = late.getByRole('dialog', { name: '提交作业' });
    await expect(
      confirm.getByText(
        '现在提交将记为迟交 1 天，按规则从老师给的分中扣除满分的 10%（10 分），但扣分后不低于 60 分。',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: '提交' }).click();
    await expect(late.getByText('作业已提交（迟交）')).toBeVisible();
    await expect(late.getByText('迟交 1 天', { exact: true })).toBeVisible();
    await late.context().close();
  });

  await test.step('teacher1 sees who handed in and who is late, and grades the three teams in turn', async () => {
    await teacher.reload();
    const row = teacher.getByRole('table', { name: '作业列表' }).getByRole('row').filter({ hasText: WORK });
    await expect(row.getByText(/^3 \/ \d+$/)).toBeVisible();
    await row.getByRole('link', { name: `${WORK} 的完成情况` }).click();

    const list = teacher.getByRole('table', { name: '完成情况列表' });
    const team = (name: string) => list.getByRole('row').filter({ hasText: name });
    await expect(team('第 1 组').getByText('已提交')).toBeVisible();
    await expect(team('第 1 组').getByText('按时')).toBeVisible();
    await expect(team('第 2 组').getByText('按时')).toBeVisible();
    await expect(team('第 3 组').getByText('迟交 1 天')).toBeVisible();
    await expect(team('第 4 组').getByText('未提交')).toBeVisible();
    await expect(teacher.getByText('还有 3 份已提交的作业没有批改，批改后才能公布成绩')).toBeVisible();
    await expect(teacher.getByRole('button', { name: '公布成绩' })).toBeDisabled();

    // only the hand-ins waiting for grading, so 下一份 walks the three
    await teacher
      .getByRole('radiogroup', { name: '按状态筛选' })
      .getByRole('radio', { name: '待批改', exact: true })
      .check();
    await expect(list.getByRole('row')).toHaveCount(4);
    await list.getByRole('link', { name: '批改 第 1 组' }).click();

    const panel = teacher.getByRole('region', { name: '评分' });
    const score = panel.getByRole('textbox', { name: '分数' });
    const comment = panel.getByRole('textbox', { name: '评语' });
    const position = teacher.getByText(/^第 \d \/ 3 份 · 待批改 \d$/);
    await expect(teacher.getByRole('heading', { name: `批改：${WORK}` })).toBeVisible();
    await expect(position).toHaveText('第 1 / 3 份 · 待批改 3');
    await expect(teacher.getByText(ANSWER)).toBeVisible();
    await expect(teacher.getByRole('list', { name: '学生附件' }).getByText(REPORT)).toBeVisible();

    const [first, second, third] = GRADES;
    await score.fill(String(first.score));
    await comment.fill(first.comment);
    await expect(panel.getByText('教师评分 92 分 → 按时提交，不扣分 → 最终得分 92 分')).toBeVisible();
    await panel.getByRole('button', { name: '保存评分' }).click();
    await expect(teacher.getByText(`已保存：第 1 组 ${first.score} 分`)).toBeVisible();
    await teacher.getByRole('button', { name: '下一份', exact: true }).click();

    await expect(position).toHaveText('第 2 / 3 份 · 待批改 2');
    await expect(score).toHaveValue('');
    await expect(comment).toHaveValue('');
    await score.fill(String(second.score));
    await comment.fill(second.comment);
    await panel.getByRole('button', { name: '保存并下一份' }).click();

    await expect(position).toHaveText('第 3 / 3 份 · 待批改 1');
    await expect(score).toHaveValue('');
    await expect(panel.getByText('迟交 1 天：输入分数后显示扣分和最终得分')).toBeVisible();
    await score.fill(String(third.score));
    await comment.fill(third.comment);
    await expect(panel.getByText('教师评分 85 分 → 迟交 1 天扣 10 分 → 最终得分 75 分')).toBeVisible();
    // Ctrl + Enter saves from the keyboard
    await comment.press('Control+Enter');
    await expect(teacher.getByText('已保存：第 3 组 85 分，迟交扣 10 分，最终 75 分')).toBeVisible();
    await expect(position).toHaveText('第 3 / 3 份 · 待批改 0');

    // Back through the list (Alt + ← from the keyboard, then the button): each team shows its own grade.
    await comment.press('Alt+ArrowLeft');
    await expect(position).toHaveText('第 2 / 3 份 · 待批改 0');
    await expect(score).toHaveValue(String(second.score));
    await expect(comment).toHaveValue(second.comment);
    await expect(panel.getByText('教师评分 84 分 → 按时提交，不扣分 → 最终得分 84 分')).toBeVisible();
    await teacher.getByRole('button', { name: '上一份', exact: true }).click();
    await expect(position).toHaveText('第 1 / 3 份 · 待批改 0');
    await expect(score).toHaveValue(String(first.score));
    await expect(comment).toHaveValue(first.comment);
    await teacher.keyboard.press('Alt+ArrowRight');
    await teacher.keyboard.press('Alt+ArrowRight');
    await expect(position).toHaveText('第 3 / 3 份 · 待批改 0');
    await expect(score).toHaveValue(String(third.score));
    await expect(panel.getByText('教师评分 85 分 → 迟交 1 天扣 10 分 → 最终得分 75 分')).toBeVisible();

    await teacher.getByRole('link', { name: '返回完成情况' }).click();
    await teacher
      .getByRole('radiogroup', { name: '按状态筛选' })
      .getByRole('radio', { name: '全部', exact: true })
      .check();
    for (const grade of GRADES) {
      const graded = team(grade.team);
      await expect(graded.getByText('已批改')).toBeVisible();
      await expect(graded.getByRole('cell').nth(-2)).toHaveText(String(grade.final));
    }
    await expect(team('第 3 组').getByText('-10')).toBeVisible();
  });

  await test.step('student02 sees no score until teacher1 publishes the scores, then the score and comment', async () => {
    const student = await loginHome(browser, 'student02');
    await openWork(student);
    const result = student.getByRole('region', { name: '成绩' });
    await expect(result.getByText('老师已批改，成绩公布后可以在这里查看分数和评语。')).toBeVisible();
    await expect(result.getByText(GRADES[0].comment)).toHaveCount(0);

    await expect(teacher.getByText('学生在成绩公布前看不到分数和评语')).toBeVisible();
    await teacher.getByRole('button', { name: '公布成绩' }).click();
    await teacher.getByRole('dialog', { name: '公布成绩' }).getByRole('button', { name: '公布成绩' }).click();
    await expect(teacher.getByText('成绩已公布，学生可以查看 3 份作业的分数和评语')).toBeVisible();
    await expect(teacher.getByRole('button', { name: '成绩已公布' })).toBeDisabled();

    await student.reload();
    await expect(result.getByText('得分', { exact: true })).toBeVisible();
    await expect(result.getByText('/ 100 分')).toBeVisible();
    // the team's score, which is also the best of the work
    await expect(result.getByText('92', { exact: true })).toHaveCount(2);
    await expect(result.getByText(GRADES[0].comment)).toBeVisible();
    await student.context().close();
  });

  await test.step('teacher1 exports the scores to Excel: every member with the team’s final score', async () => {
    const downloading = teacher.waitForEvent('download');
    await teacher.getByRole('button', { name: '导出 Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${WORK}-完成情况.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await readFile((await download.path())!)) as unknown as Parameters<typeof workbook.xlsx.load>[0],
    );
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '学号',
      '姓名',
      '行政班',
      '小组',
      '状态',
      '是否迟交',
      '提交时间',
      '教师评分',
      '迟交扣分',
      '最终得分',
      '评语',
    ]);
    const rows = new Map<string, Record<string, unknown>>();
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const cells = header.map((_, i) => row.getCell(i + 1).value);
      rows.set(String(cells[1]), Object.fromEntries(header.map((name, i) => [String(name), cells[i]])));
    });
    for (const [i, names] of TEAMS.entries()) {
      const grade = GRADES[i]!;
      for (const name of names) {
        expect(rows.get(name), name).toMatchObject({
          小组: grade.team,
          状态: '已批改',
          是否迟交: i === 2 ? '迟交 1 天' : '按时',
          教师评分: grade.score,
          迟交扣分: i === 2 ? 10 : null,
          最终得分: grade.final,
          评语: grade.comment,
        });
      }
    }
    expect(rows.get('罗诗涵')).toMatchObject({ 小组: '第 4 组', 状态: '未提交', 最终得分: null });
  });

  await test.step('teacher1 finds the score distribution of the work in 学情概览', async () => {
    await sidebar(teacher).getByRole('link', { name: '学情概览' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: '学情概览' })).toBeVisible();
    await teacher.getByRole('combobox', { name: '课程', exact: true }).click();
    await teacher.getByRole('option', { name: COURSE }).click();
    await expect(teacher.getByRole('combobox', { name: '作业', exact: true })).toHaveValue(WORK);

    const chart = teacher.getByRole('figure', { name: /^成绩分布/ });
    await expect(chart).toBeVisible();
    await expect(chart.getByText(/^成绩分布（已批改 3 份，待批改 0 份，未提交 \d+ 份）$/)).toBeVisible();
    // the text alternative: every band with its count (team 3 counts at 75 after the penalty)
    const figures = chart.getByRole('table');
    await expect(figures.getByRole('row')).toHaveText([
      /得分率区间\s*份数/,
      /0-59%\s*0/,
      /60-69%\s*0/,
      /70-79%\s*1/,
      /80-89%\s*1/,
      /90-100%\s*1/,
    ]);
  });
  await teacher.context().close();
});

/** The first three teams: three students each, in student-number order, the first leading. */
async function expectTeams(scope: Locator) {
  for (const [i, names] of TEAMS.entries()) {
    const members = scope.getByRole('list', { name: `第 ${i + 1} 组的成员` }).getByRole('listitem');
    await expect(members).toHaveCount(3);
    for (const [j, name] of names.entries()) await expect(members.nth(j)).toContainText(name);
    await expect(members.first()).toContainText('组长');
  }
}

/** 我的作业 in the student's sidebar, then the work's page. */
async function openWork(student: Page) {
  await student.goto('/teaching-manage/student');
  await sidebar(student)
    .getByRole('link', { name: /^我的作业/ })
    .click();
  await student
    .getByRole('table', { name: '作业列表' })
    .getByRole('row')
    .filter({ hasText: WORK })
    .getByRole('link', { name: WORK, exact: true })
    .click();
  await expect(student.getByRole('heading', { level: 1, name: WORK })).toBeVisible();
}
