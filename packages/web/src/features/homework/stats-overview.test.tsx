import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { createCourseAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import {
  CLASS1,
  grade,
  handIn,
  publishScores,
  publishWork,
  type StatsCourse,
  statsCourse,
} from './stats-test-fixture';

setupApiServer();

/** The value shown under a figure's label in a region of the page. */
function figure(region: HTMLElement, label: string): string {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.querySelector('p')?.textContent ?? '';
}

/** The cells of a table row named by its first cell. */
function rowCells(table: HTMLElement, name: string): string[] {
  const header = within(table).getByRole('rowheader', { name });
  return [...(header.closest('tr')?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent ?? '');
}

/**
 * A term on 2026-03-02 (the reference server's clock): 收益率计算 (100 points) for both classes
 * and 因子回测 (50 points) for 1班; 01, 02 and 16 hand in the first, scored 90, 55 and 75 and
 * published; 01 hands in the second, scored 40; then 03 hands in the first, not yet graded.
 */
async function term(course: StatsCourse) {
  const returns = await publishWork(course, '收益率计算');
  const backtest = await publishWork(course, '因子回测', {
    totalScore: 50,
    teachingClassIds: [course.class1],
  });
  await grade(await handIn('student01', returns), 90);
  await grade(await handIn('student02', returns), 55);
  await grade(await handIn('student16', returns), 75);
  await publishScores(returns);
  await grade(await handIn('student01', backtest), 40);
  await handIn('student03', returns);
  return { returns, backtest };
}

describe('学情概览', () => {
  it('shows a teacher the figures of their teaching, the daily trend with its table, and what waits for grading', async () => {
    const course = await statsCourse();
    const { returns } = await term(course);
    storeUser(await loginAs('teacher1'));
    renderApp({ path: `/teaching-manage/teacher/overview?workId=${returns}` });

    const overview = await screen.findByRole('region', { name: '教学概况' });
    expect(figure(overview, '课程')).toBe('1');
    expect(figure(overview, '学生')).toBe('30');
    expect(figure(overview, '已发布作业')).toBe('2');
    // 5 of 45 student works handed in; (0.9 + 0.55 + 0.75 + 0.8) / 4 graded
    expect(figure(overview, '提交率')).toBe('11.1%');
    expect(figure(overview, '平均得分率')).toBe('75%');
    expect(figure(overview, '活跃学生')).toBe('4');
    expect(within(overview).queryByText('教师', { selector: 'dt' })).not.toBeInTheDocument();

    // the trend chart's text alternative: every day, today with 4 students and 5 hand-ins
    const trend = within(overview).getByRole('table', { name: '近 30 天每日活跃学生与作业提交份数' });
    expect(within(trend).getAllByRole('row')).toHaveLength(31);
    expect(rowCells(trend, '3月2日')).toEqual(['3月2日', '4', '5']);
    expect(rowCells(trend, '3月1日')).toEqual(['3月1日', '0', '0']);

    const waiting = screen.getByRole('region', { name: '待批改作业' });
    expect(within(waiting).getByText('共 1 份待批改，最近 7 天收到 5 份提交。')).toBeVisible();
    const link = within(waiting).getByRole('link', { name: '收益率计算' });
    expect(link).toHaveAttribute('href', `/teaching-manage/teacher/home/work/complete?workId=${returns}`);

    // the course's works: 提交率, 平均分 and 及格率 overall and per teaching class
    const works = await screen.findByRole('table', { name: '各作业的提交率、平均得分率与及格率' });
    expect(rowCells(works, '收益率计算').filter((_, index) => index !== 1)).toEqual([
      '收益率计算',
      '100',
      '13.3%',
      '73.3（73.3%）',
      '66.7%（2/3）',
      `${CLASS1} 50%（1/2）；金融工程2026级2班 100%（1/1）`,
    ]);
    expect(rowCells(works, '因子回测').slice(3, 6)).toEqual(['6.7%', '40（80%）', '100%（1/1）']);

    // the work picked in the address: its score bands
    const bands = await screen.findByRole('table', {
      name: '成绩分布（已批改 3 份，待批改 1 份，未提交 26 份）',
    });
    expect(rowCells(bands, '0-59%')).toEqual(['0-59%', '1']);
    expect(rowCells(bands, '70-79%')).toEqual(['70-79%', '1']);
    expect(rowCells(bands, '90-100%')).toEqual(['90-100%', '1']);
    const work = screen.getByRole('region', { name: '单个作业' });
    expect(figure(work, '迟交')).toBe('0');
    expect(figure(work, '待批改')).toBe('1');
    expect(figure(work, '及格率')).toBe('66.7%');
  });

  it('shows a school manager the whole school, without the teachers’ own lists', async () => {
    const course = await statsCourse();
    await createCourseAs('teacher2', '金融衍生品', [CLASS1]);
    await term(course);
    storeUser(await loginAs('manager'));
    const { user } = renderApp({ path: '/teaching/teacher/overview' });

    const overview = await screen.findByRole('region', { name: '全校概况' });
    expect(figure(overview, '课程')).toBe('2');
    expect(figure(overview, '教师')).toBe('2');
    expect(figure(overview, '学生')).toBe('30');
    expect(figure(overview, '提交率')).toBe('11.1%');
    expect(screen.queryByRole('region', { name: '待批改作业' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', { name: '学情概览' }),
    ).toBeVisible();

    // every course of the school, the newest first; pass rates and single works are the teacher's
    expect(
      await screen.findByText('这门课程还没有发布作业，发布后这里会显示每个作业的提交与成绩。'),
    ).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: '量化投资' }));
    const works = await screen.findByRole('table', { name: '各作业的提交率与平均得分率' });
    expect(rowCells(works, '收益率计算').slice(3)).toEqual(['13.3%', '73.3（73.3%）']);
    expect(screen.queryByRole('region', { name: '单个作业' })).not.toBeInTheDocument();
  });

  it('refuses a student the teachers’ statistics pages', async () => {
    storeUser(await loginAs('student01'));
    const { router } = renderApp({ path: '/teaching-manage/teacher/overview' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('region', { name: '教学概况' })).not.toBeInTheDocument();

    await router.navigate({ to: '/teaching/teacher/learning' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('table', { name: '学生学习数据' })).not.toBeInTheDocument();
  });

  it('lists a teacher’s students with their figures, sorted by the server', async () => {
    const course = await statsCourse();
    await term(course);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching/teacher/learning?courseId=${course.courseId}` });

    const table = await screen.findByRole('table', { name: '学生学习数据' });
    expect(await within(table).findByText('20260001')).toBeVisible();
    const first = within(table).getByText('20260001').closest('tr') as HTMLElement;
    // 2 of 2 handed in, (0.9 + 0.8) / 2
    expect(within(first).getByText('2 / 2')).toBeVisible();
    expect(within(first).getByText('100%')).toBeVisible();
    expect(within(first).getByText('85%')).toBeVisible();

    // highest score rate first: 01 (85%), 16 (75%), 02 (55%)
    await user.click(within(table).getByRole('button', { name: /平均得分率/ }));
    await user.click(within(table).getByRole('button', { name: /平均得分率/ }));
    await expect
      .poll(() =>
        within(table)
          .getAllByRole('row')
          .slice(1, 4)
          .map((row) => row.querySelector('td')?.textContent),
      )
      .toEqual(['20260001', '20260016', '20260002']);

    const again = within(table).getByText('20260001').closest('tr') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: '陈思远的各课程数据' }));
    const dialog = await screen.findByRole('dialog', { name: /的学习数据/ });
    const perCourse = await within(dialog).findByRole('table', { name: '各课程' });
    expect(rowCells(perCourse, '量化投资').slice(1, 4)).toEqual(['2 / 2', '100%', '85%']);
  });
});
