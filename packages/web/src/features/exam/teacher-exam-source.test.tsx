import {
  type ExercisePaper,
  exercisePaperCreate,
  exercisePaperGet,
  exercisePaperTagUpdate,
  exerciseTagUpdate,
  exerciseUpdate,
} from '@dfrm/sdk/resource';
import { type ExamDetail, examGet, examUpDown } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { createExam, sitExam } from './teacher-exam-test-fixture';

setupApiServer();

/** An exercise paper of the teacher: a single choice worth 6 and a true/false worth 4. */
async function createPaper(teacher: string, paperName: string): Promise<ExercisePaper> {
  actAs(await loginAs(teacher));
  const tag = await exerciseTagUpdate({ body: { tagName: '第五章 组合管理', parentId: '0' } });
  const choice = await exerciseUpdate({
    body: {
      type: 1,
      content: '<p>衡量单位总风险所获超额收益的指标是？</p>',
      options: [
        { key: 'A', content: '贝塔系数' },
        { key: 'B', content: '夏普比率' },
      ],
      answer: 'B',
      analysis: '<p>夏普比率 = 超额收益 / 波动率。</p>',
      difficulty: 2,
      tagId: tag.tagId,
    },
  });
  const judge = await exerciseUpdate({
    body: {
      type: 3,
      content: '<p>分散投资可以降低非系统性风险。</p>',
      answer: 'T',
      difficulty: 1,
      tagId: tag.tagId,
    },
  });
  const paperTag = await exercisePaperTagUpdate({ body: { tagName: '期中', parentId: '0' } });
  const created = await exercisePaperCreate({
    body: {
      paperName,
      tagId: paperTag.tagId,
      items: [
        { exerciseId: choice.exerciseId, score: 6 },
        { exerciseId: judge.exerciseId, score: 4 },
      ],
    },
  });
  return exercisePaperGet({ path: { paperId: created.paperId } });
}

async function storedExam(examId: string): Promise<ExamDetail> {
  actAs(await loginAs('teacher1'));
  return examGet({ path: { examId } });
}

async function examCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from exams')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

async function openForm(path: string, heading = '新建考试') {
  storeUser(await loginAs('teacher1'));
  const app = renderApp({ path });
  // the form's first load brings its chunks (date pickers, the question editor)
  const form = within(await screen.findByRole('form', { name: heading }, { timeout: 15_000 }));
  const fill = async (field: HTMLElement, text: string) => {
    await app.user.click(field);
    await app.user.paste(text);
  };
  if (heading === '新建考试') await fill(form.getByRole('textbox', { name: '考试名称' }), '组合管理期中考试');
  const choosePaper = async (label: string) => {
    await app.user.click(
      within(form.getByRole('radiogroup', { name: '试题来源' })).getByRole('radio', { name: '从试卷复制' }),
    );
    await app.user.click(form.getByRole('combobox', { name: /复制的试卷/ }));
    await app.user.click(await screen.findByRole('option', { name: label }));
  };
  const passScore = async (value: string) => {
    const pass = form.getByRole('textbox', { name: '及格分' });
    await app.user.clear(pass);
    await app.user.type(pass, value);
  };
  return { ...app, form, fill, passScore, choosePaper };
}

describe('the exam form: questions copied from an exercise paper', () => {
  it('finds a paper beyond the newest 200 by typing its name', async () => {
    const old = await createPaper('teacher1', '期末压轴卷');
    // 200 papers changed after it
    await api().db.execute(`
      insert into exercise_papers (owner_user_id, tag_id, name, duration_minutes, pass_score, total_score,
                                   exercise_count, created_at, updated_at)
      select owner_user_id, tag_id, '练习卷 ' || n, 60, 0, 0, 0, updated_at + n, updated_at + n
        from exercise_papers, generate_series(1, 200) as n
       where id = ${old.paperId}`);
    const { user, form } = await openForm('/edit/examination');
    await user.click(
      within(form.getByRole('radiogroup', { name: '试题来源' })).getByRole('radio', { name: '从试卷复制' }),
    );
    const select = form.getByRole('combobox', { name: /复制的试卷/ });
    await waitFor(() => expect(select).toBeEnabled());
    expect(form.getByText('试卷共 201 份，列出最近修改的 200 份；输入名称可查找其余的试卷。')).toBeVisible();
    await user.click(select);
    expect(screen.queryByRole('option', { name: /期末压轴卷/ })).not.toBeInTheDocument();

    await user.type(select, '压轴');
    await user.click(await screen.findByRole('option', { name: '期末压轴卷（2 题，10 分）' }));
    expect(await form.findByText('共 2 题，总分 10')).toBeVisible();
    expect(form.getByDisplayValue('期末压轴卷（2 题，10 分）')).toBeVisible();
  }, 40_000);

  it('opens on the paper of ?sourcePaperId=, checks the pass score against its total and saves a copy', async () => {
    const paper = await createPaper('teacher1', '组合管理小测');
    const { user, router, form, passScore } = await openForm(
      `/edit/examination?sourcePaperId=${paper.paperId}`,
    );

    const source = form.getByRole('radiogroup', { name: '试题来源' });
    expect(within(source).getByRole('radio', { name: '从试卷复制' })).toBeChecked();
    expect(await form.findByDisplayValue('组合管理小测（2 题，10 分）')).toBeVisible();
    expect(form.getByText('共 2 题，总分 10')).toBeVisible();
    const questions = within(await form.findByRole('list', { name: '试卷题目' }));
    expect(questions.getAllByRole('listitem', { name: /^第 \d+ 题$/ })).toHaveLength(2);
    const first = within(questions.getByRole('listitem', { name: '第 1 题' }));
    expect(first.getByText('衡量单位总风险所获超额收益的指标是？')).toBeVisible();
    expect(first.getByText('答案：B')).toBeVisible();
    expect(first.getByText('解析：夏普比率 = 超额收益 / 波动率。')).toBeVisible();
    expect(
      within(questions.getByRole('listitem', { name: '第 2 题' })).getByText('答案：正确'),
    ).toBeVisible();
    expect(form.getByRole('link', { name: '在新窗口查看试卷' })).toHaveAttribute(
      'href',
      `/teaching-manage/teacher/exam/detail/0/${paper.paperId}`,
    );
    // the editor is not there while a paper is chosen
    expect(form.queryByRole('button', { name: '单选题' })).not.toBeInTheDocument();

    // the default pass score (60) is above the paper's total
    await user.click(form.getByRole('button', { name: '创建考试' }));
    expect(await form.findByText('及格分不能超过总分（10）')).toBeVisible();
    expect(await examCount()).toBe(0);
    await passScore('6');
    await user.click(form.getByRole('button', { name: '创建考试' }));

    expect(await screen.findByText('考试已创建，请添加考生后发布')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/examiner\/\d+$/));
    const examId = router.state.location.pathname.split('/').pop()!;
    const exam = await storedExam(examId);
    expect(exam.totalScore).toBe(10);
    expect(
      exam.questions.map((q) => ({
        type: q.type,
        stem: q.stem,
        options: q.options,
        answers: q.answers,
        score: q.score,
        analysis: q.analysis ?? '',
      })),
    ).toEqual(
      paper.exercises.map((exercise) => ({
        type: exercise.type,
        stem: exercise.content,
        options: exercise.options,
        answers: [exercise.answer],
        score: exercise.paperScore,
        analysis: exercise.analysis,
      })),
    );

    // the exam has its own copy: its edit page shows it in the editor
    await router.navigate({ to: '/edit/examination/$examId', params: { examId } });
    const edit = within(await screen.findByRole('form', { name: '编辑考试' }));
    expect(
      within(edit.getByRole('radiogroup', { name: '试题来源' })).getByRole('radio', { name: '手动出题' }),
    ).toBeChecked();
    const card = within(edit.getByRole('region', { name: '第 1 题' }));
    expect(card.getByRole('textbox', { name: '题干' })).toHaveValue('衡量单位总风险所获超额收益的指标是？');
    expect(edit.getByText('共 2 题，总分 10（单选题 1 题、判断题 1 题）')).toBeVisible();
  }, 120_000);

  it('keeps the editor’s questions through a look at a paper and saves them, not the paper', async () => {
    await createPaper('teacher1', '组合管理小测');
    const { user, router, form, fill, passScore } = await openForm('/edit/examination');
    const source = within(form.getByRole('radiogroup', { name: '试题来源' }));
    expect(source.getByRole('radio', { name: '手动出题' })).toBeChecked();

    await user.click(form.getByRole('button', { name: '判断题' }));
    const card = () => within(form.getByRole('region', { name: '第 1 题' }));
    await fill(card().getByRole('textbox', { name: '题干' }), '市场组合的贝塔为 1。');
    await user.click(card().getByRole('radio', { name: '正确' }));

    await user.click(source.getByRole('radio', { name: '从试卷复制' }));
    // nothing chosen yet: saving asks for a paper
    await user.click(form.getByRole('button', { name: '创建考试' }));
    expect(await form.findByText('请选择要复制的试卷')).toBeVisible();
    await user.click(form.getByRole('combobox', { name: /复制的试卷/ }));
    await user.click(await screen.findByRole('option', { name: '组合管理小测（2 题，10 分）' }));
    expect(await form.findByText('共 2 题，总分 10')).toBeVisible();

    await user.click(source.getByRole('radio', { name: '手动出题' }));
    expect(card().getByRole('textbox', { name: '题干' })).toHaveValue('市场组合的贝塔为 1。');
    expect(form.queryByRole('list', { name: '试卷题目' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: '单选题' }));
    expect(form.getByRole('region', { name: '第 2 题' })).toBeVisible();
    await user.click(
      within(form.getByRole('region', { name: '第 2 题' })).getByRole('button', { name: '删除第 2 题' }),
    );
    await passScore('3');
    await user.click(form.getByRole('button', { name: '创建考试' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/examiner\/\d+$/));
    const exam = await storedExam(router.state.location.pathname.split('/').pop()!);
    expect(exam.questions.map((q) => [q.type, q.stem, q.answers, q.score])).toEqual([
      [3, '<p>市场组合的贝塔为 1。</p>', ['T'], 5],
    ]);
  }, 120_000);

  it('shows the server’s refusal of another teacher’s paper and of an unknown one', async () => {
    const foreign = await createPaper('teacher2', '别人的试卷');
    const { user, form, passScore } = await openForm(`/edit/examination?sourcePaperId=${foreign.paperId}`);
    expect(within(await form.findByRole('alert')).getByText('这不是您的试卷')).toBeVisible();
    expect(form.queryByRole('list', { name: '试卷题目' })).not.toBeInTheDocument();
    await passScore('0');
    await user.click(form.getByRole('button', { name: '创建考试' }));
    expect(await form.findByText('来源试卷不是您的试卷')).toBeVisible();
    expect(await examCount()).toBe(0);
  }, 60_000);

  it('shows the server’s message for a paper that does not exist', async () => {
    const { user, form, passScore } = await openForm('/edit/examination?sourcePaperId=987654');
    expect(await form.findByText('试卷不存在')).toBeVisible();
    await passScore('0');
    await user.click(form.getByRole('button', { name: '创建考试' }));
    expect(await form.findByText('来源试卷不存在')).toBeVisible();
    expect(await examCount()).toBe(0);
  }, 60_000);

  it('replaces the questions of an exam nobody has entered with a copy of the paper', async () => {
    const paper = await createPaper('teacher1', '组合管理小测');
    const exam = await createExam({ name: '随堂测验', students: ['student01'] });
    const { user, router, form, choosePaper } = await openForm(
      `/edit/examination/${exam.examId}`,
      '编辑考试',
    );
    await choosePaper('组合管理小测（2 题，10 分）');
    expect(await form.findByText('共 2 题，总分 10')).toBeVisible();
    await user.click(form.getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('考试已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/examination/management'));
    const stored = await storedExam(exam.examId);
    expect(stored.questions.map((q) => [q.type, q.stem, q.answers, q.score])).toEqual(
      paper.exercises.map((exercise) => [
        exercise.type,
        exercise.content,
        [exercise.answer],
        exercise.paperScore,
      ]),
    );
  }, 60_000);

  it('shows the server’s refusal to replace the questions of an exam a student has entered', async () => {
    await createPaper('teacher1', '组合管理小测');
    const exam = await createExam({ name: '随堂测验', students: ['student01'], publish: true });
    await sitExam(exam, 'student01', { 1: ['B'] });
    actAs(await loginAs('teacher1'));
    await examUpDown({ body: { examId: exam.examId, upDownStatus: 0 } });
    const { user, form, choosePaper } = await openForm(`/edit/examination/${exam.examId}`, '编辑考试');
    await choosePaper('组合管理小测（2 题，10 分）');
    await user.click(form.getByRole('button', { name: '保存修改' }));
    expect(await form.findByText('已有考生进入过考试，不能再修改试题')).toBeVisible();
    expect((await storedExam(exam.examId)).questions.map((q) => q.stem)).toEqual(
      exam.questions.map((q) => q.stem),
    );
  }, 60_000);
});
