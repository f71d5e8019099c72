import { examRepoCreatePaperTemplate, exerciseUpdate } from '@dfrm/sdk/resource';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createChoice, createTag } from './exercise-test-fixture';

setupApiServer();

const MANAGE = '/teaching-manage/teacher/exam/manage';

/** The list row of a paper, by its name. */
async function paperRow(name: string) {
  const table = await screen.findByRole('table', { name: '试卷列表' });
  const link = await within(table).findByRole('link', { name });
  return within(link.closest('tr') as HTMLElement);
}

describe('题库与试卷: papers', () => {
  it('builds a paper by hand with per-question scores and the total, then deletes it', async () => {
    const tag = await createTag('第五章 组合管理');
    await createChoice(tag.tagId, '马科维茨模型的核心是？');
    await createChoice(tag.tagId, '有效前沿上的组合满足？');
    await createChoice(tag.tagId, '资本市场线的斜率是？');
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}&tab=papers` });
    expect(await screen.findByText('还没有试卷')).toBeVisible();

    await user.click(screen.getAllByRole('button', { name: '手工组卷' })[0]!);
    const form = within(await screen.findByRole('form', { name: '手工组卷' }));
    const bank = form.getByRole('table', { name: '题库习题' });
    await user.click(await within(bank).findByRole('button', { name: '添加 马科维茨模型的核心是？' }));
    await user.click(within(bank).getByRole('button', { name: '添加 资本市场线的斜率是？' }));
    expect(within(bank).getAllByText('已添加')).toHaveLength(2);
    expect(form.getByText('共 2 题，总分 10 分')).toBeVisible();

    const first = form.getByRole('textbox', { name: '第 1 题分值' });
    await user.clear(first);
    await user.type(first, '12.5');
    expect(form.getByText('共 2 题，总分 17.5 分')).toBeVisible();
    // a score off the 0.5 step is refused before the server is asked
    const second = form.getByRole('textbox', { name: '第 2 题分值' });
    await user.clear(second);
    await user.type(second, '7.2');
    await user.type(form.getByRole('textbox', { name: /试卷名称/ }), '组合管理小测');
    await user.click(form.getByRole('button', { name: '生成试卷' }));
    expect(await form.findByText('分值为 0.5–100，步长 0.5')).toBeVisible();
    await user.clear(second);
    await user.type(second, '5');
    await user.click(form.getByRole('button', { name: '生成试卷' }));

    expect(await screen.findByText('已生成试卷「组合管理小测」：2 题，总分 17.5')).toBeVisible();
    const row = await paperRow('组合管理小测');
    expect(row.getByText('手工组卷')).toBeVisible();
    expect(row.getByText('17.5')).toBeVisible();
    expect(row.getByText('未分类')).toBeVisible();

    await user.click(row.getByRole('button', { name: '删除 组合管理小测' }));
    const confirm = await screen.findByRole('dialog', { name: '删除试卷' });
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除试卷「组合管理小测」')).toBeVisible();
    expect(await screen.findByText('还没有试卷')).toBeVisible();
  }, 60_000);

  it('shows the server’s shortage of a random rule at that rule, and builds the paper once it fits', async () => {
    const tag = await createTag('第六章 衍生品');
    for (const stem of ['远期合约的特点是？', '期货的保证金制度是？', '互换的本质是？'])
      await createChoice(tag.tagId, stem);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `${MANAGE}?tagId=${tag.tagId}&tab=papers` });
    await screen.findByText('还没有试卷');

    await user.click(screen.getAllByRole('button', { name: '随机组卷' })[0]!);
    const form = within(await screen.findByRole('form', { name: '随机组卷' }));
    await user.type(form.getByRole('textbox', { name: /试卷名称/ }), '衍生品 A 卷');
    const rule = within(form.getByRole('group', { name: '第 1 条规则' }));
    // the defaults: 5 单选题 of 2 points from this 题库
    expect(form.getByText('共 5 题，总分 10 分')).toBeVisible();
    expect(await rule.findByText(/题库中可抽 3 道/)).toBeVisible();
    await user.click(form.getByRole('button', { name: '生成试卷' }));

    const refusal = await rule.findByRole('alert');
    expect(refusal).toHaveTextContent(
      /^第 1 条规则（题库“第六章 衍生品”，单选题.*）需要 5 道，可抽的只有 3 道$/,
    );
    expect(screen.getByRole('form', { name: '随机组卷' })).toBeInTheDocument();

    const count = rule.getByRole('textbox', { name: '题数' });
    await user.clear(count);
    await user.type(count, '3');
    expect(form.getByText('共 3 题，总分 6 分')).toBeVisible();
    await user.click(form.getByRole('button', { name: '生成试卷' }));
    expect(await screen.findByText('已生成试卷「衍生品 A 卷」：3 题，总分 6')).toBeVisible();
    const row = await paperRow('衍生品 A 卷');
    expect(row.getByText('随机组卷')).toBeVisible();
    expect(row.getByText('3')).toBeVisible();
    expect(row.getByText('6')).toBeVisible();
  }, 60_000);

  it('shows a paper’s detail by sections with the key, analysis, scores and totals, linked to a new exam', async () => {
    const tag = await createTag('第七章 固定收益');
    const choice = await createChoice(tag.tagId, '<p>债券价格与收益率的关系是？</p>', {
      options: [
        { key: 'A', content: '同向变动' },
        { key: 'B', content: '反向变动' },
      ],
      analysis: '<p>折现率越高，现值越低。</p>',
    });
    actAs(await loginAs('teacher1'));
    const blank = await exerciseUpdate({
      body: {
        type: 4,
        content: '票面利率 5%、面值 100 的一年期债券，到期收益率 5% 时价格为 ____ 元。',
        answer: '100',
        difficulty: 1,
        tagId: tag.tagId,
      },
    });
    const essay = await exerciseUpdate({
      body: {
        type: 5,
        content: '简述久期的含义。',
        answer: '价格对利率变动的敏感度。',
        difficulty: 3,
        tagId: tag.tagId,
      },
    });
    const paper = await examRepoCreatePaperTemplate({
      body: {
        paperName: '固定收益期中卷',
        durationMinutes: 90,
        items: [
          { quId: essay.exerciseId, score: 20 },
          { quId: choice.exerciseId, score: 5 },
          { quId: blank.exerciseId, score: 10 },
        ],
      },
    });
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/exam/detail/${tag.tagId}/${paper.paperId}`,
    });

    expect(await screen.findByRole('heading', { level: 1, name: '固定收益期中卷' })).toBeVisible();
    expect(screen.getByText('手工组卷')).toBeVisible();
    expect(screen.getByText('35 分')).toBeVisible();
    expect(screen.getByText('21 分')).toBeVisible();
    expect(screen.getByText('90 分钟')).toBeVisible();
    // sections in type order, whatever the order the questions were picked in
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '一、单选题（共 1 题，5 分）',
      '二、填空题（共 1 题，10 分）',
      '三、简答题（共 1 题，20 分）',
    ]);
    const one = within(screen.getByRole('article', { name: '第 1 题' }));
    expect(await one.findByText('债券价格与收益率的关系是？')).toBeVisible();
    expect(one.getByRole('listitem', { name: 'B（正确答案）' })).toHaveTextContent('反向变动');
    expect(one.getByRole('listitem', { name: 'A' })).toHaveTextContent('同向变动');
    expect(await one.findByText('折现率越高，现值越低。')).toBeVisible();
    expect(one.getByText('5 分')).toBeVisible();
    const two = within(screen.getByRole('article', { name: '第 2 题' }));
    expect(two.getByText('第 1 空：100')).toBeVisible();
    const three = within(screen.getByRole('article', { name: '第 3 题' }));
    expect(three.getByText('参考答案：')).toBeVisible();
    expect(three.getByText('价格对利率变动的敏感度。')).toBeVisible();
    expect(screen.getByText('全卷共 3 题，总分 35 分')).toBeVisible();

    expect(screen.getByRole('link', { name: '用于新建考试' })).toHaveAttribute(
      'href',
      `/edit/examination?sourcePaperId=${paper.paperId}`,
    );
    await user.click(screen.getByRole('link', { name: '返回题库与试卷' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MANAGE));
    expect(router.state.location.search).toEqual({ tagId: tag.tagId, tab: 'papers' });
    expect(await paperRow('固定收益期中卷')).toBeTruthy();
  }, 60_000);
});
