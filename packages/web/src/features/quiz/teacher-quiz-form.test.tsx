import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import '@/test/editor-dom';
import { saveQuiz, takeQuiz } from './teacher-quiz-test-fixture';

setupApiServer();

/** Types into a question's stem: the editor starts when the field is clicked. */
async function typeStem(user: UserEvent, form: HTMLElement, label: string, text: string) {
  await user.click(within(form).getByRole('textbox', { name: label }));
  await waitFor(
    () => {
      const editor = within(form).getByRole('textbox', { name: label });
      expect(editor).toHaveAttribute('contenteditable', 'true');
      expect(editor).toHaveFocus();
    },
    { timeout: 10_000 },
  );
  await user.keyboard(text);
}

async function addQuestion(user: UserEvent, form: HTMLElement, type: string) {
  await user.click(within(form).getByRole('button', { name: '添加题目' }));
  await user.click(await screen.findByRole('menuitem', { name: type }));
}

describe('the quiz form', () => {
  it('writes a quiz with each question type; the server’s refusal of the name shows at the name', async () => {
    const course = await createCourseFixture();
    await saveQuiz(course, '第一章随堂测验');
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/test/manage?courseId=${course.courseId}`,
    });

    const form = await screen.findByRole('form', { name: '新建测验' });
    await user.type(within(form).getByRole('textbox', { name: '测验名称' }), '第一章随堂测验');
    await user.click(within(form).getByRole('checkbox', { name: /金融工程2026级1班/ }));

    // the form says what a question lacks before asking the server
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await within(form).findByText('第 1 题：请输入题干')).toBeVisible();

    // 1 single choice
    await typeStem(user, form, '第 1 题题干', '衡量单位总风险所获超额收益的指标是？');
    const letters = ['贝塔系数', '夏普比率', '最大回撤', '换手率'];
    for (const [index, text] of letters.entries()) {
      await user.type(within(form).getByRole('textbox', { name: `第 1 题选项 ${'ABCD'[index]}` }), text);
    }
    await user.click(within(form).getByRole('radio', { name: '第 1 题正确答案 B' }));
    const analysis = within(form).getByRole('textbox', { name: '第 1 题解析' });
    await user.type(analysis, '夏普比率 = 超额收益 / 标准差');

    // 2 multiple choice, with one option removed
    await addQuestion(user, form, '多选题');
    await typeStem(user, form, '第 2 题题干', '下列属于风险度量的有？');
    for (const [index, text] of ['波动率', '年化收益率', '最大回撤', '多余的选项'].entries()) {
      await user.type(within(form).getByRole('textbox', { name: `第 2 题选项 ${'ABCD'[index]}` }), text);
    }
    await user.click(within(form).getByRole('button', { name: '删除第 2 题选项 D' }));
    await user.click(within(form).getByRole('checkbox', { name: '第 2 题正确答案 A' }));
    await user.click(within(form).getByRole('checkbox', { name: '第 2 题正确答案 C' }));

    // 3 true/false: 错误
    await addQuestion(user, form, '判断题');
    await typeStem(user, form, '第 3 题题干', '分散投资可以消除系统性风险。');
    await user.click(within(form).getByRole('radio', { name: '错误' }));

    // 4 fill in the blank: its answer box appears once the stem has a blank
    await addQuestion(user, form, '填空题');
    await typeStem(user, form, '第 4 题题干', '单位总风险的超额收益称为 ____。');
    const blank = await within(form).findByRole('textbox', { name: '第 4 题第 1 空答案' });
    await user.type(blank, '夏普比率|Sharpe');
    const score = within(form).getByRole('textbox', { name: '第 4 题分值' });
    await user.clear(score);
    await user.type(score, '2.5');
    expect(within(form).getByText('共 4 题，总分 17.5 分')).toBeVisible();

    // the name is taken in this course: the server says so, at the name
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await within(form).findByText('该课程中已有同名测验')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: '测验名称' })).toHaveAttribute('aria-invalid', 'true');

    const name = within(form).getByRole('textbox', { name: '测验名称' });
    await user.clear(name);
    await user.type(name, '第二章随堂测验');
    expect(within(form).queryByText('该课程中已有同名测验')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('草稿已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/test/list'));

    const stored = (await api().db.execute(`
      select q.type, q.answer, q.score, q.options, q.analysis from quiz_questions q
      join quizzes z on z.id = q.quiz_id where z.name = '第二章随堂测验' order by q.sort_no
    `)) as unknown as {
      rows: { type: number; answer: string[]; score: number; options: { key: string }[]; analysis: string }[];
    };
    expect(stored.rows.map((row) => [row.type, row.answer, Number(row.score)])).toEqual([
      [1, ['B'], 5],
      [2, ['A', 'C'], 5],
      [3, ['F'], 5],
      [4, ['夏普比率|Sharpe'], 2.5],
    ]);
    expect(stored.rows[1]?.options.map((option) => option.key)).toEqual(['A', 'B', 'C']);
    expect(stored.rows[0]?.analysis).toBe('夏普比率 = 超额收益 / 标准差');
  }, 150_000);

  it('after a hand-in keeps the questions as they are and saves the name', async () => {
    const course = await createCourseFixture();
    const quiz = await saveQuiz(course, '第一章随堂测验', { publish: true });
    await takeQuiz('student01', quiz, [['B'], ['true'], ['Sharpe']]);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: `/teaching-manage/teacher/test/manage?id=${quiz.quizId}` });

    const form = await screen.findByRole('form', { name: '编辑测验' });
    expect(within(form).getByText(/已有 1 名学生交卷：题目、课程、开始时间和限时不能再修改/)).toBeVisible();
    expect(within(form).getByRole('button', { name: '删除第 1 题' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: '添加题目' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: '第 1 题正确答案 B' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: '第 3 题第 1 空答案' })).toHaveValue('夏普比率|Sharpe');

    const name = within(form).getByRole('textbox', { name: '测验名称' });
    await user.clear(name);
    await user.type(name, '第一章测验');
    await user.click(within(form).getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('测验已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/test/list'));
    expect(await screen.findByRole('link', { name: '第一章测验' })).toBeVisible();
    const stored = (await api().db.execute(
      `select count(*)::int as n from quiz_answers a join quiz_papers p on p.id = a.paper_id where p.quiz_id = ${quiz.quizId}`,
    )) as unknown as { rows: { n: number }[] };
    // the student's saved answers are still there: the questions kept their ids
    expect(stored.rows[0]?.n).toBe(3);
  }, 60_000);

  it('publishes a draft from the form, and the list shows it running', async () => {
    const course = await createCourseFixture();
    const quiz = await saveQuiz(course, '第一章随堂测验');
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/test/list?courseId=${course.courseId}`,
    });
    const table = await screen.findByRole('table', { name: '测验列表' });
    expect(await within(table).findByText('草稿')).toBeVisible();

    await user.click(within(table).getByRole('link', { name: '编辑 第一章随堂测验' }));
    const form = await screen.findByRole('form', { name: '编辑测验' });
    await user.click(within(form).getByRole('button', { name: '保存并发布' }));
    const confirm = await screen.findByRole('dialog', { name: '发布测验' });
    expect(within(confirm).getByText('金融工程2026级1班')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('测验已发布')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/test/list'));
    const row = (await screen.findByRole('link', { name: '第一章随堂测验' })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('进行中')).toBeVisible();
    expect(within(row).queryByText('草稿')).not.toBeInTheDocument();
    const stored = (await api().db.execute(
      `select status from quizzes where id = ${quiz.quizId}`,
    )) as unknown as {
      rows: { status: number }[];
    };
    expect(stored.rows[0]?.status).toBe(1);
  }, 60_000);
});
