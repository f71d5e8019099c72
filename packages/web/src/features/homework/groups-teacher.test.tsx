import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import { courseStudents, publishGroupWork, saveDraftAnswer, saveGroupSet } from '@/test/work-group-fixture';

setupApiServer();

async function setCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from work_group_sets')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

const LOCK_REASON = /已有学生在使用该方案的作业中保存或提交了答案/;

describe('work groups, the teacher’s pages', () => {
  // many steps through a page of ten teams: slow in jsdom on a shared machine, hence the timeout
  it('previews random groups of 3, moves a student, keeps an over-full team from saving, saves and shows the set', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching/teacher/add/home/work/grouping/${course.courseId}`,
    });

    const form = await screen.findByRole('form', { name: '新建分组方案' });
    expect(within(form).getByRole('radio', { name: '系统随机' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: '方案名称' }), '期中项目分组');
    const limit = within(form).getByRole('textbox', { name: /每组人数上限/ });
    await user.clear(limit);
    await user.type(limit, '3');
    const random = within(form).getByRole('region', { name: '随机分组' });
    const size = within(random).getByRole('textbox', { name: '每组人数' });
    await user.clear(size);
    await user.type(size, '3');
    expect(within(random).getByRole('button', { name: '重新随机' })).toBeDisabled();
    await user.click(within(random).getByRole('button', { name: '预览分组' }));

    // both classes of 15, in teams of 3 within each class
    expect(await within(random).findByText(/已把 30 名在读学生分成 10 个小组（随机）/)).toBeVisible();
    const first = within(form).getByRole('region', { name: '小组 1' });
    expect(within(first).getByText(/^3 \/ 3 人 · 金融工程2026级[12]班$/)).toBeVisible();
    expect(within(form).getByRole('region', { name: '小组 10' })).toBeInTheDocument();

    // 重新随机 draws other teams (the whole arrangement: one team may come out the same by chance)
    const arrangement = () =>
      within(form)
        .getAllByRole('combobox', { name: /调到$/ })
        .map((select) => select.getAttribute('aria-label'));
    const before = arrangement();
    expect(before).toHaveLength(30);
    await user.click(within(random).getByRole('button', { name: '重新随机' }));
    await waitFor(() => expect(arrangement()).not.toEqual(before));

    // rename the first team, move its second member to the second team and make them its leader
    const team1 = within(form).getByRole('region', { name: '小组 1' });
    const name1 = within(team1).getByRole('textbox', { name: '小组名称' });
    await user.clear(name1);
    await user.type(name1, '量化一组');
    const moveSelect = within(team1).getAllByRole('combobox', { name: /调到$/ })[1]!;
    const moved = /^将(.+)调到$/.exec(moveSelect.getAttribute('aria-label') ?? '')?.[1] ?? '';
    expect(moved).not.toBe('');
    await user.selectOptions(moveSelect, '第 2 组');
    const team2 = within(form).getByRole('region', { name: '小组 2' });
    expect(within(within(team2).getByRole('list', { name: '第 2 组的成员' })).getByText(moved)).toBeVisible();
    expect(within(team2).getByText('4 / 3 人，超过每组人数上限', { exact: false })).toBeVisible();
    await user.selectOptions(within(team2).getByRole('combobox', { name: '组长' }), moved);

    // an over-full team is named before anything is sent, and nothing typed is lost
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('“第 2 组”有 4 人，超过每组人数上限 3 人')).toBeVisible();
    expect(await setCount()).toBe(0);
    expect(within(form).getByRole('textbox', { name: '方案名称' })).toHaveValue('期中项目分组');

    await user.clear(limit);
    await user.type(limit, '4');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('分组方案已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching/teacher/home/work/grouping'));
    expect(router.state.location.search).toEqual({ courseId: course.courseId });

    const card = await screen.findByRole('article', { name: '期中项目分组' });
    expect(within(card).getByText('系统随机')).toBeVisible();
    expect(within(card).getByText('每组最多 4 人 · 10 个小组 · 已分组 30 人')).toBeVisible();
    expect(within(card).getByText('还没有作业使用这个分组方案。')).toBeVisible();
    expect(await within(card).findByText('课程的在读学生都已分组。')).toBeVisible();
    expect(within(card).getByRole('list', { name: '量化一组的成员' }).children).toHaveLength(2);
    const second = within(card).getByRole('list', { name: '第 2 组的成员' });
    const [leaderLine] = within(second).getAllByRole('listitem');
    expect(within(leaderLine!).getByText(moved)).toBeVisible();
    expect(within(leaderLine!).getByText('组长')).toBeVisible();
    expect(within(second).getAllByRole('listitem')).toHaveLength(4);

    // 查看成员 lists every member with their team and role
    await user.click(within(card).getByRole('button', { name: '查看成员' }));
    const dialog = await screen.findByRole('dialog', { name: '期中项目分组：成员' });
    expect(await within(dialog).findByText('10 个小组，已分组 30 人；未分组的在读学生 0 人。')).toBeVisible();
    const movedRow = (await within(dialog).findAllByText(moved))[0]!.closest('tr');
    expect(within(movedRow as HTMLElement).getByText('第 2 组')).toBeVisible();
    expect(within(movedRow as HTMLElement).getByText('组长')).toBeVisible();
  }, 120_000);

  it('shows a locked set with its reason and the works using it, and refuses to edit it', async () => {
    const course = await createCourseFixture();
    const students = await courseStudents(course);
    const id = (account: string) => students.get(account)?.studentId ?? '';
    const set = await saveGroupSet(course, {
      groupName: '老师分组',
      groupType: 0,
      maxMembers: 4,
      teams: [
        { groupName: '甲组', studentIds: [id('student01'), id('student02')] },
        { groupName: '乙组', studentIds: [id('student03'), id('student04')] },
      ],
    });
    const workId = await publishGroupWork(course, set.workGroupId, { title: '小组作业：行业轮动' });
    await saveDraftAnswer('student01', workId);

    // one account, one session: the page's login comes after the fixtures' own
    storeUser(await loginAs('teacher1'));
    const tab = renderApp({
      path: `/teaching-manage/teacher/home/work/grouping?courseId=${course.courseId}`,
    });
    const { user } = tab;
    // the class page, on its 分组 tab
    expect(await screen.findByRole('tab', { name: '分组', selected: true })).toBeVisible();
    const card = await screen.findByRole('article', { name: '老师分组' });
    expect(within(card).getByText('教师指定')).toBeVisible();
    expect(within(card).getByText('已锁定')).toBeVisible();
    expect(within(card).getByText('小组作业：行业轮动（已发布）')).toBeVisible();
    expect(within(card).getByText(LOCK_REASON)).toBeVisible();
    const edit = within(card).getByRole('button', { name: '编辑' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(LOCK_REASON);
    expect(await within(card).findByText(/未分组的在读学生（26 人）/)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: '查看成员' }));
    expect(await screen.findByRole('dialog', { name: '老师分组：成员' })).toBeVisible();

    // the editor's address typed by hand says the same and saves nothing
    tab.unmount();
    const app = renderApp({
      path: `/teaching/teacher/add/home/work/grouping/${course.courseId}?workGroupId=${set.workGroupId}`,
    });
    const alert = await screen.findByRole('alert', { name: '分组方案已锁定，不能编辑' });
    expect(alert).toHaveTextContent(LOCK_REASON);
    expect(alert).toHaveTextContent('使用它的作业：小组作业：行业轮动。');
    expect(
      within(await screen.findByRole('form', { name: '编辑分组方案' })).getByRole('button', { name: '保存' }),
    ).toBeDisabled();
    app.unmount();
  });

  it('shows the server’s refusal when the set was locked meanwhile or its name is taken, keeping what was typed', async () => {
    const course = await createCourseFixture();
    const students = await courseStudents(course);
    const id = (account: string) => students.get(account)?.studentId ?? '';
    const set = await saveGroupSet(course, {
      groupName: '老师分组',
      groupType: 0,
      maxMembers: 4,
      teams: [{ groupName: '甲组', studentIds: [id('student01'), id('student02')] }],
    });
    const workId = await publishGroupWork(course, set.workGroupId);

    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching/teacher/add/home/work/grouping/${course.courseId}?workGroupId=${set.workGroupId}`,
    });
    const form = await screen.findByRole('form', { name: '编辑分组方案' });
    const name = within(form).getByRole('textbox', { name: '方案名称' });
    await user.clear(name);
    await user.type(name, '期末分组');
    // a student saves an answer while the teacher edits
    await saveDraftAnswer('student02', workId);
    await user.click(within(form).getByRole('button', { name: '保存' }));
    const refused = await within(form).findByRole('alert', { name: '保存失败' });
    expect(refused).toHaveTextContent(
      '已有学生在使用该分组方案的作业中保存或提交了答案，分组方案已锁定，不能再修改小组',
    );
    expect(name).toHaveValue('期末分组');

    // a new set may not take a name the course already has (errCode 7)
    await user.click(screen.getByRole('link', { name: '返回作业分组' }));
    await user.click(await screen.findByRole('link', { name: '新建分组' }));
    const fresh = await screen.findByRole('form', { name: '新建分组方案' });
    await user.type(within(fresh).getByRole('textbox', { name: '方案名称' }), '老师分组');
    await user.click(within(fresh).getByRole('radio', { name: '学生自由组队' }));
    expect(within(fresh).getByText(/学生自由组队的方案不必建立小组/)).toBeVisible();
    await user.click(within(fresh).getByRole('button', { name: '保存' }));
    expect(await within(fresh).findByRole('alert', { name: '保存失败' })).toHaveTextContent(
      '该课程已有名为“老师分组”的分组方案',
    );
    expect(within(fresh).getByRole('textbox', { name: '方案名称' })).toHaveValue('老师分组');
    expect(await setCount()).toBe(1);

    // without a course: every course's sets, and 新建分组 waits for a course
    await router.navigate({ to: '/teaching/teacher/home/work/grouping' });
    const table = await screen.findByRole('table', { name: '分组方案列表' });
    const row = (await within(table).findByText('老师分组')).closest('tr') as HTMLElement;
    expect(within(row).getByText(course.courseName)).toBeVisible();
    expect(within(row).getByText('教师指定')).toBeVisible();
    const create = screen.getByRole('button', { name: '新建分组' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('先选择课程');
    await user.click(within(row).getByRole('link', { name: '老师分组' }));
    expect(await screen.findByRole('article', { name: '老师分组' })).toBeVisible();
    expect(router.state.location.search).toEqual({ courseId: course.courseId });
  }, 60_000);

  it('lets the teacher build teams by hand from empty ones (教师指定)', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({
      path: `/teaching-manage/teacher/add/home/work/grouping/${course.courseId}`,
    });
    const form = await screen.findByRole('form', { name: '新建分组方案' });
    await user.type(within(form).getByRole('textbox', { name: '方案名称' }), '课堂讨论组');
    await user.click(within(form).getByRole('radio', { name: '教师指定' }));
    const pool = within(form).getByRole('region', { name: '未分组学生' });
    expect(within(pool).getByText('未分组学生（30 人）')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '按人数上限建立 8 个空小组' }));
    expect(within(form).getByRole('region', { name: '小组 8' })).toBeInTheDocument();
    for (const remove of within(form).getAllByRole('button', { name: '删除小组' }).slice(1))
      await user.click(remove);

    const [firstPick, secondPick] = within(pool).getAllByRole('combobox', { name: /分到$/ });
    const firstName = /^将(.+)分到$/.exec(firstPick!.getAttribute('aria-label') ?? '')?.[1] ?? '';
    await user.selectOptions(firstPick!, '第 1 组');
    await user.selectOptions(secondPick!, '第 1 组');
    const team = within(form).getByRole('region', { name: '小组 1' });
    expect(within(team).getByRole('combobox', { name: '组长' })).toHaveDisplayValue(firstName);
    expect(within(pool).getByText('未分组学生（28 人）')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('分组方案已保存')).toBeVisible();
    const card = await screen.findByRole('article', { name: '课堂讨论组' });
    expect(within(card).getByText('每组最多 4 人 · 1 个小组 · 已分组 2 人')).toBeVisible();
    expect(await within(card).findByText(/未分组的在读学生（28 人）/)).toBeVisible();
  });
});
