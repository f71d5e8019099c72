import { examRepoCreatePaperTemplate } from '@dfrm/sdk/resource';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { forwardToApi, loginAs, server, setupApiServer, storeUser } from '@/test/api-server';
import { setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createChoice, createTag, exerciseCount, exerciseWorkbook } from './exercise-test-fixture';

setupApiServer();
// the workbook goes up as multipart through Node's fetch (see setupNodeFormData)
setupNodeFormData();

const MANAGE = '/teaching-manage/teacher/exam/manage';

/** What the app sends to exerciseUpdate, in order. */
function recordSaves(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/exercise/update', async ({ request }) => {
      sent.push(await request.clone().json());
      return forwardToApi(request);
    }),
  );
  return sent;
}

async function openNewExercise(user: UserEvent, type: string) {
  await user.click(screen.getAllByRole('button', { name: '新建习题' })[0]!);
  const form = await screen.findByRole('form', { name: '新建习题' });
  await user.click(
    within(within(form).getByRole('radiogroup', { name: '题型' })).getByRole('radio', { name: type }),
  );
  return within(form);
}

async function saveAndWait(user: UserEvent, form: ReturnType<typeof within>, sent: unknown[], count: number) {
  await user.click(form.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(sent).toHaveLength(count));
  await waitFor(() => expect(screen.queryByRole('form', { name: '新建习题' })).not.toBeInTheDocument());
}

describe('题库与试卷: exercises', () => {
  it('refuses a student the page', async () => {
    storeUser(await loginAs('student01'));
    renderApp({ path: MANAGE });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: '题库' })).not.toBeInTheDocument();
  });

  it('a teacher without a 题库 creates one from the page, reached from the sidebar', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/teaching-class' });
    await user.click(await screen.findByRole('link', { name: '题库与试卷' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MANAGE));
    expect(await screen.findByText('还没有题库')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '新建题库' }));
    const dialog = await screen.findByRole('form', { name: '新建题库' });
    await user.type(within(dialog).getByRole('textbox', { name: /题库名称/ }), '投资学');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已新建题库「投资学」')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: '投资学' })).toBeVisible();
    expect(await screen.findByText('这个题库还没有习题')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tagId: expect.any(String) }));
  });

  it('creates an exercise of each of the six types, sending each type’s fields only', async () => {
    const tag = await createTag('第一章 风险与收益');
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}` });
    await screen.findByRole('table', { name: '习题列表' });
    const sent = recordSaves();
    const common = { analysis: '', difficulty: 2, score: 5, tagId: tag.tagId };

    // 单选: exactly one right option
    let form = await openNewExercise(user, '单选题');
    await user.type(form.getByRole('textbox', { name: /题干/ }), '衡量单位总风险超额收益的指标是？');
    for (const [key, text] of [
      ['A', '贝塔系数'],
      ['B', '夏普比率'],
      ['C', '最大回撤'],
      ['D', '换手率'],
    ] as const)
      await user.type(form.getByRole('textbox', { name: `选项 ${key}` }), text);
    await user.click(form.getByRole('button', { name: '保存' }));
    expect(await form.findByText('单选题须恰有一个正确选项')).toBeVisible();
    expect(sent).toHaveLength(0);
    await user.click(form.getByRole('checkbox', { name: '选项 B 正确' }));
    await saveAndWait(user, form, sent, 1);
    expect(sent[0]).toEqual({
      type: 1,
      content: '衡量单位总风险超额收益的指标是？',
      options: [
        { key: 'A', content: '贝塔系数' },
        { key: 'B', content: '夏普比率' },
        { key: 'C', content: '最大回撤' },
        { key: 'D', content: '换手率' },
      ],
      answer: 'B',
      ...common,
    });

    // 多选: three options (one removed), two right
    form = await openNewExercise(user, '多选题');
    await user.type(form.getByRole('textbox', { name: /题干/ }), '下列属于系统性风险的有？');
    await user.click(form.getByRole('button', { name: '删除选项 D' }));
    for (const [key, text] of [
      ['A', '利率风险'],
      ['B', '公司经营风险'],
      ['C', '通货膨胀风险'],
    ] as const)
      await user.type(form.getByRole('textbox', { name: `选项 ${key}` }), text);
    await user.click(form.getByRole('checkbox', { name: '选项 A 正确' }));
    await user.click(form.getByRole('checkbox', { name: '选项 C 正确' }));
    await saveAndWait(user, form, sent, 2);
    expect(sent[1]).toEqual({
      type: 2,
      content: '下列属于系统性风险的有？',
      options: [
        { key: 'A', content: '利率风险' },
        { key: 'B', content: '公司经营风险' },
        { key: 'C', content: '通货膨胀风险' },
      ],
      answer: 'AC',
      ...common,
    });

    // 判断
    form = await openNewExercise(user, '判断题');
    await user.type(form.getByRole('textbox', { name: /题干/ }), '分散投资可以消除系统性风险。');
    await user.click(
      within(form.getByRole('radiogroup', { name: '答案' })).getByRole('radio', { name: '错误' }),
    );
    await saveAndWait(user, form, sent, 3);
    expect(sent[2]).toEqual({ type: 3, content: '分散投资可以消除系统性风险。', answer: 'F', ...common });

    // 填空: one answer per blank of the stem, with a numeric tolerance
    form = await openNewExercise(user, '填空题');
    await user.type(
      form.getByRole('textbox', { name: /题干/ }),
      '年化收益 10%、波动率 20%、无风险利率 2% 时，夏普比率为 ____，超额收益为 ____%。',
    );
    await user.type(form.getByRole('textbox', { name: '第 1 空' }), '0.4');
    await user.type(form.getByRole('textbox', { name: '第 2 空' }), '8');
    const tolerance = form.getByRole('textbox', { name: /数值容差/ });
    await user.clear(tolerance);
    await user.type(tolerance, '0.01');
    await saveAndWait(user, form, sent, 4);
    expect(sent[3]).toEqual({
      type: 4,
      content: '年化收益 10%、波动率 20%、无风险利率 2% 时，夏普比率为 ____，超额收益为 ____%。',
      answer: '0.4|8',
      tolerance: 0.01,
      ...common,
    });

    // 问答
    form = await openNewExercise(user, '问答题');
    await user.type(form.getByRole('textbox', { name: /题干/ }), '简述资本资产定价模型的假设。');
    await user.type(form.getByRole('textbox', { name: /参考答案/ }), '投资者理性、市场无摩擦、同质预期。');
    await user.type(form.getByRole('textbox', { name: /解析/ }), '列出三条即可。');
    await saveAndWait(user, form, sent, 5);
    expect(sent[4]).toEqual({
      type: 5,
      content: '简述资本资产定价模型的假设。',
      answer: '投资者理性、市场无摩擦、同质预期。',
      ...common,
      analysis: '列出三条即可。',
    });

    // 代码
    form = await openNewExercise(user, '代码题');
    await user.type(form.getByRole('textbox', { name: /题干/ }), '计算收益率序列的年化波动率。');
    await user.type(form.getByRole('textbox', { name: '初始代码' }), 'def vol(r):');
    await user.type(form.getByRole('textbox', { name: /参考代码/ }), 'return r.std() * 252 ** 0.5');
    await saveAndWait(user, form, sent, 6);
    expect(sent[5]).toEqual({
      type: 6,
      content: '计算收益率序列的年化波动率。',
      answer: 'return r.std() * 252 ** 0.5',
      codeLanguage: 'python',
      codeTemplate: 'def vol(r):',
      ...common,
    });

    // all six are in the 题库's list, and the filters ask the server
    const table = screen.getByRole('table', { name: '习题列表' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(7));
    for (const type of ['单选题', '多选题', '判断题', '填空题', '问答题', '代码题'])
      expect(within(table).getByText(type)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: '按题干搜索' }), '夏普');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('填空题')).toBeVisible();
    expect(await exerciseCount()).toBe(6);
  }, 90_000);

  it('edits an exercise in the dialog, and shows the server’s refusal to delete one used by a paper', async () => {
    const tag = await createTag('第二章 债券');
    const used = await createChoice(tag.tagId, '久期衡量的是？');
    await createChoice(tag.tagId, '凸性衡量的是？');
    await examRepoCreatePaperTemplate({
      body: { paperName: '债券小测', durationMinutes: 20, items: [{ quId: used.exerciseId, score: 5 }] },
    });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}` });
    const table = await screen.findByRole('table', { name: '习题列表' });
    const usedRow = (await within(table).findByRole('button', { name: '编辑习题：久期衡量的是？' })).closest(
      'tr',
    )!;
    expect(within(usedRow).getByText('1 份试卷')).toBeVisible();

    await user.click(within(usedRow).getByRole('button', { name: '编辑 久期衡量的是？' }));
    const form = await screen.findByRole('form', { name: '编辑习题' });
    expect(within(form).getByRole('checkbox', { name: '选项 B 正确' })).toBeChecked();
    const stem = within(form).getByRole('textbox', { name: /题干/ });
    await user.clear(stem);
    await user.type(stem, '修正久期衡量的是？');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('习题已保存')).toBeVisible();
    expect(await within(table).findByText('修正久期衡量的是？')).toBeVisible();

    // both selected: the server refuses the whole batch, and says why
    for (const box of within(table).getAllByRole('checkbox', { name: '选择此行' })) await user.click(box);
    await user.click(screen.getByRole('button', { name: '删除所选（2）' }));
    const confirm = await screen.findByRole('dialog', { name: '删除习题' });
    expect(within(confirm).getByText(/确定删除选中的 2 道习题吗/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(/已被试卷引用，不能删除/)).toBeVisible();
    expect(await exerciseCount()).toBe(2);
  }, 60_000);

  it('imports nothing from a file with a bad row, listing the row and the reason', async () => {
    const tag = await createTag('第三章 期权');
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}` });
    await screen.findByText('这个题库还没有习题');
    await user.click(screen.getByRole('button', { name: '导入习题' }));
    const dialog = within(await screen.findByRole('dialog', { name: '导入习题' }));
    expect(dialog.getByRole('button', { name: '下载选择题模板' })).toBeVisible();
    expect(dialog.getByRole('button', { name: '下载问答题模板' })).toBeVisible();
    expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();

    const file = await exerciseWorkbook('choice', [
      [
        '单选',
        '看涨期权的买方拥有？',
        '买入的权利',
        '卖出的义务',
        '',
        '',
        '',
        '',
        '',
        '',
        'A',
        '',
        '简单',
        5,
      ],
      ['单选', '期权的时间价值随到期临近而？', '增加', '减少', '', '', '', '', '', '', 'E', '', '', ''],
    ]);
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(dialog.getByRole('button', { name: '开始导入' }));

    expect(await dialog.findByText('导入失败，没有导入任何习题')).toBeVisible();
    expect(dialog.getByText(/共 2 行，其中 1 行有问题。整个文件都未导入/)).toBeVisible();
    const errors = dialog.getByRole('table', { name: '导入错误' });
    const reason = await within(errors).findByText(/答案应为一个选项字母/);
    const row = within(reason.closest('tr')!);
    expect(row.getByText('3')).toBeVisible();
    expect(row.getByText('选项')).toBeVisible();
    expect(within(errors).getAllByRole('row')).toHaveLength(2);
    expect(await exerciseCount()).toBe(0);
    // the list did not change
    expect(screen.getByText('这个题库还没有习题')).toBeInTheDocument();
  }, 60_000);

  it('imports a good file of fill-in and QA exercises, and the list shows them', async () => {
    const tag = await createTag('第四章 资产定价');
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}` });
    await screen.findByText('这个题库还没有习题');
    await user.click(screen.getByRole('button', { name: '导入习题' }));
    const dialog = within(await screen.findByRole('dialog', { name: '导入习题' }));
    await user.click(
      within(dialog.getByRole('radiogroup', { name: '导入模板' })).getByRole('radio', { name: /问答题/ }),
    );
    const file = await exerciseWorkbook('qa', [
      ['填空', '无风险利率 2%、β 为 1.5、市场收益 8% 时，期望收益为 ____%。', '11', '0.1', '', '中等', 5],
      ['问答', '简述有效市场假说的三种形式。', '弱式、半强式、强式。', '', '', '简单', 10],
    ]);
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(dialog.getByRole('button', { name: '开始导入' }));

    expect(await screen.findByText('已向「第四章 资产定价」导入 2 道习题')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入习题' })).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: '习题列表' });
    expect(await within(table).findByText('填空题')).toBeVisible();
    expect(within(table).getByText('问答题')).toBeVisible();
    expect(await exerciseCount()).toBe(2);
  }, 60_000);
});
