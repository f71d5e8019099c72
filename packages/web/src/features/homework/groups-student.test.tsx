import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { renderInProviders } from '@/test/render-in-providers';
import { createCourseFixture } from '@/test/teaching-fixture';
import { courseStudents, formTeam, publishGroupWork, saveGroupSet } from '@/test/work-group-fixture';
import { FreeGroupPanel, type FreeGroupPanelProps } from '@/features/homework/components/free-group-panel';

setupApiServer();

const DAY_MS = 24 * 60 * 60 * 1000;

/** The panel on its own, in the app's providers, as the stored user. */
function renderPanel(props: FreeGroupPanelProps) {
  return renderInProviders(<FreeGroupPanel {...props} />);
}

async function freeWork(maxMembers: number, days = 7) {
  const course = await createCourseFixture();
  const students = await courseStudents(course);
  const set = await saveGroupSet(course, { groupName: '自由组队', groupType: 2, maxMembers });
  const workId = await publishGroupWork(course, set.workGroupId, { days });
  const name = (account: string) => students.get(account)?.studentName ?? account;
  const id = (account: string) => students.get(account)?.studentId ?? '';
  return { course, workId, workGroupId: set.workGroupId, name, id };
}

const mate = (name: string) => new RegExp(`^${name}（`);

describe('free grouping, the student’s panel', () => {
  it('a student creates a team with two classmates; one leaves, the leader removes the other', async () => {
    const { workId, workGroupId, name } = await freeWork(3);
    storeUser(await loginAs('student01'));
    const first = renderPanel({ schoolId: '1', workId, workGroupId });

    const panel = await screen.findByRole('region', { name: '我的小组' });
    expect(await within(panel).findByText(/你还没有小组。创建小组后你就是组长，可以再选 2 名/)).toBeVisible();
    const open = await within(panel).findByRole('group', { name: '尚未组队的同学' });
    // the 14 other students of 1班, the class the work is given to
    expect(within(open).getAllByRole('checkbox')).toHaveLength(14);
    await first.user.click(within(panel).getByRole('checkbox', { name: mate(name('student02')) }));
    await first.user.click(within(panel).getByRole('checkbox', { name: mate(name('student03')) }));
    const picked = within(panel).getByRole('group', { name: '已选同学' });
    expect(within(picked).getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    expect(within(panel).getByText('选择同学（已选 2 / 2）')).toBeVisible();
    // the size limit (3, the leader included) is reached: nobody else can be ticked
    expect(within(panel).getByRole('checkbox', { name: mate(name('student04')) })).toBeDisabled();
    expect(within(panel).getByText('已达到每组人数上限，不能再选。')).toBeVisible();

    await first.user.type(within(panel).getByRole('textbox', { name: '小组名称' }), '因子小队');
    await first.user.click(within(panel).getByRole('button', { name: '创建小组' }));
    expect(await screen.findByText('已创建小组“因子小队”')).toBeVisible();
    const members = await within(panel).findByRole('list', { name: '因子小队的成员' });
    const lines = within(members).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByText(name('student01'))).toBeVisible();
    expect(within(lines[0]!).getByText('组长')).toBeVisible();
    expect(within(lines[0]!).getByText('我')).toBeVisible();
    expect(within(panel).getByText('· 3 / 3 人', { exact: false })).toBeVisible();
    expect(within(panel).getAllByRole('button', { name: /移出小组$/ })).toHaveLength(2);
    first.unmount();

    // a member leaves, after confirming
    storeUser(await loginAs('student03'));
    const second = renderPanel({ schoolId: '1', workId, workGroupId });
    const theirs = await screen.findByRole('list', { name: '因子小队的成员' });
    expect(within(theirs).queryByRole('button', { name: /移出小组$/ })).toBeNull();
    await second.user.click(within(theirs).getByRole('button', { name: '退出小组' }));
    const confirm = await screen.findByRole('dialog', { name: '退出小组' });
    expect(within(confirm).getByText(/确定退出“因子小队”吗？/)).toBeVisible();
    await second.user.click(within(confirm).getByRole('button', { name: '退出' }));
    expect(await screen.findByText('你已退出小组')).toBeVisible();
    expect(await screen.findByText(/你还没有小组/)).toBeVisible();
    second.unmount();

    // the leader sees two members left and removes the other one
    storeUser(await loginAs('student01'));
    const third = renderPanel({ schoolId: '1', workId, workGroupId });
    const left = await screen.findByRole('list', { name: '因子小队的成员' });
    expect(within(left).getAllByRole('listitem')).toHaveLength(2);
    await third.user.click(within(left).getByRole('button', { name: `将${name('student02')}移出小组` }));
    const removal = await screen.findByRole('dialog', { name: '移出小组' });
    await third.user.click(within(removal).getByRole('button', { name: '移出' }));
    expect(await screen.findByText(`已将${name('student02')}移出小组`)).toBeVisible();
    await waitFor(() => expect(within(left).getAllByRole('listitem')).toHaveLength(1));
  }, 60_000);

  it('says why the server refused (a classmate just taken, the deadline passed) and keeps the name and picks', async () => {
    const { workId, workGroupId, name, id } = await freeWork(4, 1);
    storeUser(await loginAs('student04'));
    const { user } = renderPanel({ schoolId: '1', workId, workGroupId });
    const panel = await screen.findByRole('region', { name: '我的小组' });
    await user.type(await within(panel).findByRole('textbox', { name: '小组名称' }), '行业小队');
    // the search narrows the classmates by name or number
    await user.type(within(panel).getByRole('textbox', { name: '搜索同学' }), name('student05'));
    await waitFor(() =>
      expect(
        within(within(panel).getByRole('group', { name: '尚未组队的同学' })).getAllByRole('checkbox'),
      ).toHaveLength(1),
    );
    await user.click(within(panel).getByRole('checkbox', { name: mate(name('student05')) }));
    await user.clear(within(panel).getByRole('textbox', { name: '搜索同学' }));

    // meanwhile student06 takes student05 into a team
    await formTeam('student06', workId, [id('student05')]);
    await user.click(within(panel).getByRole('button', { name: '创建小组' }));
    const refused = await within(panel).findByRole('alert', { name: '没有创建小组' });
    expect(refused).toHaveTextContent(`同学“${name('student05')}”已在小组“${name('student06')}的小组”中`);
    expect(within(panel).getByRole('textbox', { name: '小组名称' })).toHaveValue('行业小队');
    expect(within(panel).getByRole('checkbox', { name: mate(name('student05')) })).toBeChecked();
    // the list now leaves out both of them
    const open = await within(panel).findByRole('group', { name: '尚未组队的同学' });
    await waitFor(() =>
      expect(within(open).queryByRole('checkbox', { name: mate(name('student06')) })).toBeNull(),
    );
    expect(within(open).getAllByRole('checkbox')).toHaveLength(12);

    await user.click(within(panel).getByRole('checkbox', { name: mate(name('student05')) }));
    await user.click(within(panel).getByRole('checkbox', { name: mate(name('student07')) }));
    api().clock.advance(2 * DAY_MS);
    await user.click(within(panel).getByRole('button', { name: '创建小组' }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert', { name: '没有创建小组' })).toHaveTextContent(
        '作业已截止，不能再组队',
      ),
    );
    expect(within(panel).getByRole('textbox', { name: '小组名称' })).toHaveValue('行业小队');
  });

  it('shows a team the teacher arranged without changes, and says so to a student left out', async () => {
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

    storeUser(await loginAs('student02'));
    const member = renderPanel({ schoolId: '1', workId, workGroupId: set.workGroupId });
    const list = await screen.findByRole('list', { name: '甲组的成员' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.getByText('小组由老师安排，如需调整请联系任课教师。')).toBeVisible();
    member.unmount();

    storeUser(await loginAs('student03'));
    renderPanel({ schoolId: '1', workId, workGroupId: set.workGroupId });
    expect(await screen.findByText(/老师还没有把你分到小组/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '创建小组' })).toBeNull();
  });

  it('refuses a student the teacher’s group pages', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('student01'));
    const list = renderApp({ path: `/teaching/teacher/home/work/grouping?courseId=${course.courseId}` });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByText('作业分组')).toBeNull();
    list.unmount();
    renderApp({ path: `/teaching-manage/teacher/add/home/work/grouping/${course.courseId}` });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('form', { name: '新建分组方案' })).toBeNull();
  });
});

describe('free grouping, on the homework page', () => {
  it('a student without a team forms one on the page of the work, then writes the team’s answer', async () => {
    const { workId, name } = await freeWork(3);
    storeUser(await loginAs('student01'));
    const { user } = renderApp({ path: `/teaching/student/work/detail?workId=${workId}` });

    const panel = await screen.findByRole('region', { name: '我的小组' }, { timeout: 15_000 });
    // no answer before there is a team
    expect(await screen.findByText('加入小组后才能作答。')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '我的答案' })).toBeNull();
    await within(panel).findByRole('group', { name: '尚未组队的同学' });
    await user.click(within(panel).getByRole('checkbox', { name: mate(name('student02')) }));
    await user.click(within(panel).getByRole('button', { name: '创建小组' }));

    // the page reloads the work for the new team: its members, and the shared answer to write
    expect(await within(panel).findByRole('list', { name: /的成员$/ })).toBeVisible();
    expect(within(panel).getByText(/小组作业全组共用一份答案/)).toBeVisible();
    expect(await screen.findByRole('textbox', { name: '我的答案' }, { timeout: 15_000 })).toBeVisible();
    expect(screen.queryByText('加入小组后才能作答。')).toBeNull();
  }, 120_000);
});
