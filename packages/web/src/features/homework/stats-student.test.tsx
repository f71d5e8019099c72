import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { grade, handIn, publishScores, publishWork, statsCourse } from './stats-test-fixture';

setupApiServer();

function figure(region: HTMLElement, label: string): string {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.querySelector('p')?.textContent ?? '';
}

function rowCells(table: HTMLElement, name: string): string[] {
  const header = within(table).getByRole('rowheader', { name });
  return [...(header.closest('tr')?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent ?? '');
}

/**
 * 收益率计算 (100 points): student01 scored 90, student02 60, published. 因子回测 (50 points):
 * student01 scored 40, not published yet.
 */
async function scoredTerm() {
  const course = await statsCourse();
  const returns = await publishWork(course, '收益率计算');
  const backtest = await publishWork(course, '因子回测', { totalScore: 50 });
  await grade(await handIn('student01', returns), 90);
  await grade(await handIn('student02', returns), 60);
  await publishScores(returns);
  await grade(await handIn('student01', backtest), 40);
  return course;
}

describe('the student’s learning figures', () => {
  it('shows the published average beside the class’s, and no unpublished score', async () => {
    const course = await scoredTerm();
    storeUser(await loginAs('student01'));
    renderApp({ path: `/teaching-manage/student/learning?courseId=${course.courseId}` });

    expect(await screen.findByRole('tab', { name: '学习情况', selected: true })).toBeVisible();
    const figures = await screen.findByRole('region', { name: '作业情况' });
    expect(figure(figures, '作业')).toBe('2');
    expect(figure(figures, '已提交')).toBe('2');
    expect(within(figures).getByText('按时 2，迟交 0')).toBeVisible();
    expect(figure(figures, '已批改')).toBe('2');
    // only the published work counts: 90 / 100; the class's average on it (90 + 60) / 2
    expect(figure(figures, '我的平均得分率')).toBe('90%');
    expect(figure(figures, '班级平均得分率')).toBe('75%');

    // the chart's text alternative lists the published work alone
    const chart = within(figures).getByRole('table', {
      name: '各作业得分率（成绩已公布的作业；班级平均得分率 75%）',
    });
    expect(rowCells(chart, '收益率计算')).toEqual(['收益率计算', '90', '100', '90%']);
    expect(within(chart).queryByText('因子回测')).not.toBeInTheDocument();

    const works = screen.getByRole('table', { name: '作业成绩' });
    expect(rowCells(works, '收益率计算').at(-1)).toBe('90 / 100');
    expect(rowCells(works, '因子回测').at(-1)).toBe('成绩未公布');
    expect(screen.queryByText(/40 \/ 50/)).not.toBeInTheDocument();
    expect(screen.queryByText('80%')).not.toBeInTheDocument();
  });

  it('shows the student’s figures over all courses on 学习中心', async () => {
    await scoredTerm();
    storeUser(await loginAs('student01'));
    renderApp({ path: '/teaching/student' });

    const mine = await screen.findByRole('region', { name: '我的学习' });
    expect(figure(mine, '课程')).toBe('1');
    expect(figure(mine, '待交作业')).toBe('0');
    expect(figure(mine, '提交率')).toBe('100%');
    expect(figure(mine, '平均得分率')).toBe('90%');
    // the courses are still there
    expect(await screen.findByRole('region', { name: '我的课程' })).toBeVisible();
  });

  it('shows a teacher the course’s figures above the students on the class page’s 学习数据 tab', async () => {
    const course = await scoredTerm();
    storeUser(await loginAs('teacher1'));
    renderApp({ path: `/teaching-manage/teacher/class-detail?courseId=${course.courseId}&tab=data` });

    const summary = await screen.findByRole('region', { name: '课程作业概况' });
    const chart = await within(summary).findByRole('table', { name: '各作业的提交率与平均得分率' });
    // 3 of 60 student works handed in; (0.9 + 0.6 + 0.8) / 3 graded (the teacher sees every score)
    expect(figure(summary, '提交率')).toBe('5%');
    expect(figure(summary, '平均得分率')).toBe('76.7%');
    expect(rowCells(chart, '因子回测').slice(3)).toEqual(['3.3%', '40（80%）']);

    const students = await screen.findByRole('table', { name: '学生数据' });
    const row = (await within(students).findByText('20260001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 / 2')).toBeVisible();
    // the average final score of 90 and 40
    expect(within(row).getByText('65')).toBeVisible();
  });
});
