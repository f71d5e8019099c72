import { examGet, examUpDown } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createExam } from './teacher-exam-test-fixture';

setupApiServer();
dayjs.extend(customParseFormat);

const DAY = 24 * 60 * 60 * 1000;

/** The list row of an exam, by its name. */
async function rowOf(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: '考试列表' });
  const link = await within(table).findByRole('link', { name });
  return link.closest('tr') as HTMLElement;
}

async function examCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from exams')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

describe('the teacher’s exam list', () => {
  it('refuses a student the teacher’s exam pages', async () => {
    storeUser(await loginAs('student01'));
    const { router } = renderApp({ path: '/teaching-manage/student/mycourse' });
    await screen.findByRole('navigation', { name: '学习中心导航' });
    for (const href of ['/examination/management', '/edit/examination']) {
      await router.navigate({ href });
      await waitFor(() => expect(router.state.location.pathname).toBe(href));
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
      expect(screen.queryByRole('table', { name: '考试列表' })).not.toBeInTheDocument();
    }
  });

  it('lists the exams with their counts, publishes one, re-grades it and shows why a published exam cannot be deleted', async () => {
    await createExam({ name: '期中考试', students: ['student01', 'student02'] });
    await createExam({ name: '随堂测验', students: ['student01'], publish: true });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/examination/management' });

    const midterm = within(await rowOf('期中考试'));
    expect(midterm.getByText('下架')).toBeVisible();
    expect(midterm.getByText('进行中')).toBeVisible();
    expect(midterm.getByText('0 / 2')).toBeVisible();
    expect(midterm.getByText('90 分钟')).toBeVisible();
    const states = screen.getByRole('radiogroup', { name: '按状态筛选' });
    expect(within(states).getByRole('radio', { name: '全部 2' })).toBeChecked();
    expect(within(states).getByRole('radio', { name: '上架 1' })).toBeVisible();
    expect(within(states).getByRole('radio', { name: '下架 1' })).toBeVisible();

    // publishing
    await user.click(midterm.getByRole('button', { name: '发布 期中考试' }));
    const confirm = await screen.findByRole('dialog', { name: '发布考试' });
    expect(within(confirm).getByText(/名单中的 2 名考生/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('“期中考试”已发布')).toBeVisible();
    expect(await within(await rowOf('期中考试')).findByText('上架')).toBeVisible();
    expect(await within(states).findByRole('radio', { name: '上架 2' })).toBeVisible();

    // the filter asks the server
    await user.click(within(states).getByRole('radio', { name: '下架 0' }));
    expect(await screen.findByText('没有符合条件的考试')).toBeVisible();
    await user.click(within(states).getByRole('radio', { name: '全部 2' }));

    // re-grading says what it does before it does it
    await user.click(within(await rowOf('期中考试')).getByRole('button', { name: '重新计分 期中考试' }));
    const flush = await screen.findByRole('dialog', { name: '重新计分' });
    expect(
      within(flush).getByText(/全部已交卷考生的客观题得分和总分，您给的简答题、代码题分数保持不变/),
    ).toBeVisible();
    await user.click(within(flush).getByRole('button', { name: '重新计分' }));
    expect(await screen.findByText('已为 0 名已交卷考生重新计分')).toBeVisible();

    // deleting a published exam: the server refuses and says why; nothing is deleted
    await user.click(within(await rowOf('随堂测验')).getByRole('button', { name: '删除 随堂测验' }));
    const remove = await screen.findByRole('dialog', { name: '删除考试' });
    await user.click(within(remove).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('考试已上架，请先下架再删除')).toBeVisible();
    expect(await examCount()).toBe(2);
    expect(await rowOf('随堂测验')).toBeVisible();
  }, 60_000);

  it('deletes a withdrawn exam', async () => {
    await createExam({ name: '补考' });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/examination/management' });
    expect(await screen.findByRole('heading', { level: 1, name: '考试管理' })).toBeVisible();
    await user.click(within(await rowOf('补考')).getByRole('button', { name: '删除 补考' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '删除考试' })).getByRole('button', { name: '删除' }),
    );
    expect(await screen.findByText('“补考”已删除')).toBeVisible();
    expect(await screen.findByText('还没有考试')).toBeVisible();
    expect(await examCount()).toBe(0);
  }, 30_000);
});

describe('the exam form', () => {
  it('creates an exam with a question of every type', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/edit/examination' });
    // the form's first load brings its chunks (date pickers, the question editor)
    const form = await screen.findByRole('form', { name: '新建考试' }, { timeout: 15_000 });
    // long texts are pasted: typing them key by key is what a test spends its time on
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(within(form).getByRole('textbox', { name: '考试名称' }), '量化投资期末考试');
    const add = (type: string) => user.click(within(form).getByRole('button', { name: type }));
    const card = (n: number) => within(within(form).getByRole('region', { name: `第 ${n} 题` }));

    // saving an empty paper question points at what is missing
    await add('单选题');
    await user.click(within(form).getByRole('button', { name: '创建考试' }));
    expect(await card(1).findByText('请填写题干')).toBeVisible();
    expect(card(1).getByText('选项 A 的内容不能为空；请选出正确选项')).toBeVisible();

    await fill(card(1).getByRole('textbox', { name: '题干' }), '衡量单位总风险所获超额收益的指标是？');
    for (const [letter, text] of [
      ['A', '贝塔系数'],
      ['B', '夏普比率'],
      ['C', '最大回撤'],
      ['D', '换手率'],
    ]) {
      await fill(card(1).getByRole('textbox', { name: `选项 ${letter}` }), text!);
    }
    await user.click(card(1).getByRole('radio', { name: 'B 为正确答案' }));

    await add('多选题');
    await fill(card(2).getByRole('textbox', { name: '题干' }), '下列属于风险度量的有？');
    await user.click(card(2).getByRole('button', { name: '删除选项 D' }));
    await user.click(card(2).getByRole('button', { name: '删除选项 C' }));
    await fill(card(2).getByRole('textbox', { name: '选项 A' }), '波动率');
    await fill(card(2).getByRole('textbox', { name: '选项 B' }), '最大回撤');
    await user.click(card(2).getByRole('checkbox', { name: 'A 为正确答案' }));
    await user.click(card(2).getByRole('checkbox', { name: 'B 为正确答案' }));

    await add('判断题');
    await fill(card(3).getByRole('textbox', { name: '题干' }), '分散投资可以降低非系统性风险。');
    await user.click(card(3).getByRole('radio', { name: '正确' }));

    await add('填空题');
    await fill(card(4).getByRole('textbox', { name: '题干' }), '单位总风险的超额收益称为');
    await user.click(card(4).getByRole('button', { name: '在题干末尾插入空' }));
    await fill(card(4).getByRole('textbox', { name: '第 1 空答案' }), '夏普比率|Sharpe');

    await add('简答题');
    await fill(card(5).getByRole('textbox', { name: '题干' }), '简述动量策略的基本思想。');
    await fill(card(5).getByRole('textbox', { name: '参考答案' }), '买入近期表现好的资产。');
    const score = card(5).getByRole('textbox', { name: '分值' });
    await user.clear(score);
    await user.type(score, '20');

    await add('代码题');
    await fill(card(6).getByRole('textbox', { name: '题干' }), '计算收益率序列的年化波动率。');
    await user.selectOptions(card(6).getByRole('combobox', { name: '代码语言' }), 'sql');
    await fill(
      card(6).getByRole('textbox', { name: '参考代码' }),
      'select stddev(r) * sqrt(252) from returns',
    );

    // the last question goes first
    await user.click(card(6).getByRole('button', { name: '上移第 6 题' }));
    expect(card(5).getByRole('textbox', { name: '参考代码' })).toBeVisible();
    await user.click(card(5).getByRole('button', { name: '下移第 5 题' }));
    expect(
      within(form).getByText(
        '共 6 题，总分 50（单选题 1 题、多选题 1 题、判断题 1 题、填空题 1 题、简答题 1 题、代码题 1 题）',
      ),
    ).toBeVisible();

    // the pass score is checked against the paper's total
    expect(within(form).getByText('及格分不能超过总分（50）')).toBeVisible();
    const pass = within(form).getByRole('textbox', { name: '及格分' });
    await user.clear(pass);
    await user.type(pass, '30');

    await user.click(within(form).getByRole('button', { name: '创建考试' }));
    expect(await screen.findByText('考试已创建，请添加考生后发布')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/examiner\/\d+$/));
    const examId = router.state.location.pathname.split('/').pop()!;

    actAs(await loginAs('teacher1'));
    const exam = await examGet({ path: { examId } });
    expect(exam.examName).toBe('量化投资期末考试');
    expect(exam.totalScore).toBe(50);
    expect(exam.upDownStatus).toBe(0);
    expect(exam.questions.map((q) => [q.type, q.answers])).toEqual([
      [1, ['B']],
      [2, ['A', 'B']],
      [3, ['T']],
      [4, ['夏普比率|Sharpe']],
      [5, ['买入近期表现好的资产。']],
      [6, ['select stddev(r) * sqrt(252) from returns']],
    ]);
    expect(exam.questions[0]!.options.map((o) => o.content)).toEqual([
      '贝塔系数',
      '夏普比率',
      '最大回撤',
      '换手率',
    ]);
    expect(exam.questions[3]!.stem).toBe('<p>单位总风险的超额收益称为____</p>');
    expect(exam.questions[5]!.codeLanguage).toBe('sql');
  }, 120_000);

  it('shows the server’s refusal at the field: a published exam’s end cannot move earlier', async () => {
    const now = api().clock.now();
    // an end in the middle of a month, so the day before is on the same calendar page
    let end = dayjs(now + 3 * DAY)
      .hour(12)
      .minute(0)
      .second(0)
      .millisecond(0);
    if (end.date() === 1) end = end.add(1, 'day');
    const exam = await createExam({ name: '期中考试', students: ['student01'], endTime: end.valueOf() });
    actAs(await loginAs('teacher1'));
    await examUpDown({ body: { examId: exam.examId, upDownStatus: 1 } });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/edit/examination/${exam.examId}` });

    const form = await screen.findByRole('form', { name: '编辑考试' });
    expect(within(form).getByText(/考试已上架：只能修改名称、说明、考前须知和延后结束时间/)).toBeVisible();
    expect(within(form).getByRole('textbox', { name: '作答时长（分钟）' })).toBeDisabled();
    const endField = within(form).getByRole('button', { name: '结束时间' });
    expect(endField).toHaveTextContent(end.format('YYYY-MM-DD HH:mm'));
    const earlier = end.subtract(1, 'day');
    await user.click(endField);
    await user.click(await screen.findByRole('button', { name: earlier.format('YYYY年M月D日') }));
    await user.click(screen.getByRole('button', { name: '确定' }));
    await user.click(within(form).getByRole('button', { name: '保存修改' }));

    expect(await within(form).findByText('考试已上架，结束时间只能延后')).toBeVisible();
    actAs(await loginAs('teacher1'));
    expect((await examGet({ path: { examId: exam.examId } })).endTime).toBe(end.valueOf());
  }, 60_000);
});
