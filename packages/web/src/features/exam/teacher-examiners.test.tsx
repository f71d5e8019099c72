import { demoAccount } from '@dfrm/server/testing';
import { examUserGet } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import {
  createExam,
  ESSAY,
  examinerWorkbook,
  JUDGE,
  SINGLE,
  sitExam,
  userIdOf,
} from './teacher-exam-test-fixture';

setupApiServer();
// the list goes up as multipart through Node's fetch (see setupNodeFormData)
setupNodeFormData();

describe('an exam’s examiners', () => {
  it('imports the list from the template and lists the rows that could not be matched, by row', async () => {
    const exam = await createExam({ students: ['student01'] });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/examiner/${exam.examId}` });

    const list = await screen.findByRole('table', { name: '考生名单' });
    expect(await within(list).findByText(demoAccount('student01').realName)).toBeVisible();
    await user.click(screen.getByRole('button', { name: '导入考生' }));
    const dialog = await screen.findByRole('dialog', { name: '导入考生' });
    const s = (name: string) => demoAccount(name);
    const file = await examinerWorkbook([
      [s('student01').studentNumber!, s('student01').realName],
      [s('student02').studentNumber!, s('student02').realName],
      [s('student03').studentNumber!, '不是这个人'],
      ['20269999', '查无此人'],
      [s('student04').studentNumber!, s('student04').realName],
    ]);
    await user.upload(within(dialog).getByLabelText('考生名单 Excel 文件', { selector: 'input' }), file);
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));

    expect(await within(dialog).findByText('已导入 2 名，跳过 1 名已在名单中的考生')).toBeVisible();
    const failures = within(within(dialog).getByRole('table', { name: '未导入的行' }));
    // rows are drawn just after the table (DataTable renders arriving rows in a transition)
    await waitFor(() => expect(failures.getAllByRole('row')).toHaveLength(3));
    const rows = failures.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['4', '5']);
    expect(failures.getByText('20269999')).toBeVisible();
    expect(failures.getByText(s('student03').studentNumber!)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    for (const name of ['student01', 'student02', 'student04']) {
      expect(await within(list).findByText(s(name).realName)).toBeVisible();
    }
    expect(within(list).queryByText(s('student03').realName)).not.toBeInTheDocument();
  }, 60_000);

  it('adds a student found by number, gives them extra time and removes them again', async () => {
    // teacher1's classes hold the students a teacher may find
    await createCourseFixture();
    const exam = await createExam();
    const student = demoAccount('student02');
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/examiner/${exam.examId}` });

    const list = await screen.findByRole('table', { name: '考生名单' });
    expect(await screen.findByText('名单里还没有考生')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '添加考生' }));
    const dialog = await screen.findByRole('dialog', { name: '添加考生' });
    await user.type(within(dialog).getByRole('textbox', { name: '查找学生' }), student.studentNumber!);
    await user.click(await within(dialog).findByRole('checkbox', { name: new RegExp(student.realName) }));
    await user.click(within(dialog).getByRole('button', { name: '加入名单（1）' }));
    expect(await screen.findByText('已加入 1 名考生')).toBeVisible();
    const row = within((await within(list).findByText(student.realName)).closest('tr')!);
    expect(row.getByText('未参加')).toBeVisible();

    await user.click(row.getByRole('button', { name: `为 ${student.realName} 延长时间` }));
    const extra = await screen.findByRole('dialog', { name: '延长作答时间' });
    const minutes = within(extra).getByRole('textbox', { name: '延长分钟数' });
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(within(extra).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(`已为 ${student.realName} 延长 15 分钟`)).toBeVisible();
    expect(await row.findByText('15 分钟')).toBeVisible();

    await user.click(row.getByRole('button', { name: `移除 ${student.realName}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '移除考生' })).getByRole('button', { name: '移除' }),
    );
    expect(await screen.findByText(`已移除 ${student.realName}`)).toBeVisible();
    expect(await screen.findByText('名单里还没有考生')).toBeVisible();
  }, 60_000);

  it('grades a short answer with a comment, saves it and moves to the next student', async () => {
    const exam = await createExam({
      questions: [SINGLE, JUDGE, ESSAY],
      students: ['student01', 'student02'],
      publish: true,
    });
    await sitExam(exam, 'student01', { 1: ['B'], 2: ['T'], 3: ['动量就是追涨杀跌。'] });
    await sitExam(exam, 'student02', { 1: ['A'], 2: ['T'], 3: ['买入赢家，卖出输家。'] });
    const first = await userIdOf('student01');
    // logging in through the SDK points it away from the app's session: every id before rendering
    const second = await userIdOf('student02');
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: `/commentpage/${exam.examId}/${first}` });

    const one = demoAccount('student01').realName;
    const two = demoAccount('student02').realName;
    expect(await screen.findByRole('heading', { level: 1, name: `阅卷：${one}` })).toBeVisible();
    expect(screen.getByText('待批阅')).toBeVisible();
    expect(screen.getByText(/交卷 .*（考生交卷） · 作答 3 \/ 3 题/)).toBeVisible();
    const objective = within(screen.getByRole('region', { name: '第 1 题' }));
    expect(objective.getByText('自动评分：10 / 10（正确）')).toBeVisible();
    const essay = within(screen.getByRole('region', { name: '第 3 题' }));
    expect(essay.getByText('动量就是追涨杀跌。')).toBeVisible();

    // the score is bounded by the question's
    const score = essay.getByRole('textbox', { name: '第 3 题得分' });
    await user.type(score, '25');
    expect(essay.getByText('得分为 0 到 20，最小单位 0.5')).toBeVisible();
    expect(screen.getByRole('button', { name: '保存并下一位' })).toBeDisabled();
    await user.clear(score);
    await user.type(score, '12.5');
    await user.type(essay.getByRole('textbox', { name: '第 3 题评语' }), '只说了现象，没有说明持有期。');
    expect(screen.getByText('有未保存的评分')).toBeVisible();

    await user.click(screen.getByRole('button', { name: `保存并下一位` }));
    expect(await screen.findByText(`已保存 ${one} 的评分，总分 27.5（已出分）`)).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: `阅卷：${two}` })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/commentpage/${exam.examId}/${second}`);
    // the next paper starts with its own, empty marks
    expect(
      within(screen.getByRole('region', { name: '第 3 题' })).getByRole('textbox', { name: '第 3 题得分' }),
    ).toHaveValue('');
    expect(screen.getByRole('button', { name: `上一位：${one}` })).toBeEnabled();

    // an automatic score can be corrected; the paper waits for its short answer still
    const wrong = within(screen.getByRole('region', { name: '第 1 题' }));
    expect(wrong.getByText('自动评分：0 / 10（错误）')).toBeVisible();
    const corrected = wrong.getByRole('textbox', { name: '第 1 题得分' });
    await user.clear(corrected);
    await user.type(corrected, '5');
    await user.click(screen.getByRole('button', { name: '保存评分' }));
    expect(await screen.findByText(`已保存 ${two} 的评分，总分 10（待批阅）`)).toBeVisible();

    actAs(await loginAs('teacher1'));
    const stored = await examUserGet({ path: { examId: exam.examId, userId: first } });
    expect(stored.examiner.score).toBe(27.5);
    expect(stored.examiner.markStatus).toBe(1);
    expect(stored.answers[2]).toMatchObject({ gotScore: 12.5, comment: '只说了现象，没有说明持有期。' });

    // going back shows what was saved
    await user.click(screen.getByRole('button', { name: `上一位：${one}` }));
    const saved = within(await screen.findByRole('region', { name: '第 3 题' }));
    await waitFor(() => expect(saved.getByRole('textbox', { name: '第 3 题得分' })).toHaveValue('12.5'));
    expect(screen.getByText('已出分')).toBeVisible();
  }, 60_000);

  it('shows the item analysis of the submitted papers in a table', async () => {
    const students = ['student01', 'student02', 'student03', 'student04'];
    const exam = await createExam({ students, publish: true });
    // question 1 (10 points) only the best paper has right; question 2 (5 points) everyone but the best
    await sitExam(exam, 'student01', { 1: ['B'], 2: ['F'] });
    for (const name of students.slice(1)) await sitExam(exam, name, { 1: ['A'], 2: ['T'] });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/examiner/${exam.examId}` });

    await user.click(await screen.findByRole('tab', { name: '统计分析' }));
    const table = await screen.findByRole('table', { name: '逐题分析表' });
    const cells = (label: string) =>
      within(within(table).getByRole('rowheader', { name: label }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // 题型, 分值, 作答人数, 平均得分, 得分率, 正确率, 区分度, 评价
    expect(cells('第 1 题')).toEqual(['单选题', '10', '4', '2.5', '25%', '25%', '1.00', '良好']);
    expect(cells('第 2 题')).toEqual(['判断题', '5', '4', '3.75', '75%', '75%', '-1.00', '宜修改']);
    expect(screen.getByText(/区分度 =\s*按总分排序后前 27% 考生与后 27% 考生在本题得分率之差/)).toBeVisible();
    const figures = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(figures).toContain('6.25');
    expect(screen.getByRole('figure', { name: '分数段分布（人数）' })).toBeVisible();
  }, 60_000);
});
