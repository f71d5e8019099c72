import {
  creatCourseGroup,
  getMyWorkInfo,
  publishCourseWorkV2,
  updateCourseWork,
  updateMyWorkInfo,
} from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { describe, expect, it } from 'vitest';
import { api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs, createCourseAs, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { type CourseFixture, createCourseFixture } from '@/test/teaching-fixture';
import '@/test/editor-dom';

setupApiServer();
dayjs.extend(customParseFormat);
// the attachment goes up as multipart through Node's fetch (see setupNodeFormData)
setupNodeFormData();

const CLASS1 = '金融工程2026级1班';
const CLASS2 = '金融工程2026级2班';
const DAY = 24 * 60 * 60 * 1000;

/** A work of teacher1 saved through the SDK (the form has its own test), on the server's clock. */
async function saveWork(course: CourseFixture, title: string, times: { start: number; end: number }) {
  actAs(await loginAs('teacher1'));
  return updateCourseWork({
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds: [course.class1],
      title,
      content: '<p>计算沪深 300 的日收益率。</p>',
      type: 1,
      groupMode: 0,
      startTime: times.start,
      endTime: times.end,
      totalScore: 100,
    },
  });
}

async function workCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from course_works')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

/** The list row of a work, by its title. */
async function rowOf(title: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: '作业列表' });
  const link = await within(table).findByRole('link', { name: title });
  return link.closest('tr') as HTMLElement;
}

describe('the teacher’s homework', () => {
  it('refuses a student the teacher’s homework pages of both areas', async () => {
    storeUser(await loginAs('student01'));
    const { router } = renderApp({ path: '/teaching-manage/student/mycourse' });
    await screen.findByRole('navigation', { name: '学习中心导航' });
    // a student has no link there; the address alone leads nowhere but 无权访问
    for (const href of ['/teaching-manage/teacher/home/work', '/teaching/teacher/add/home/work']) {
      await router.navigate({ href });
      await waitFor(() => expect(router.state.location.pathname).toBe(href));
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
      expect(screen.getByText(/该页面仅限教师或学校管理员使用，你当前的身份是学生/)).toBeVisible();
      expect(screen.queryByRole('table', { name: '作业列表' })).not.toBeInTheDocument();
    }
  });

  it('a teacher creates a draft with an attachment and a late policy, sees it in the list, publishes it and moves its deadline', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/add/home/work' });

    const form = await screen.findByRole('form', { name: '布置作业' });
    await user.click(within(form).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: course.courseName }));
    // two classes: the teacher picks
    const class1 = within(form).getByRole('checkbox', { name: new RegExp(CLASS1) });
    expect(class1).not.toBeChecked();
    await user.click(class1);
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '第一次作业：收益率');
    // the requirement's editor starts when the field is clicked, with the caret in it
    const field = within(form).getByRole('textbox', { name: '作业要求' });
    expect(field).not.toHaveAttribute('contenteditable');
    await user.click(field);
    await waitFor(
      () => {
        const editor = within(form).getByRole('textbox', { name: '作业要求' });
        expect(editor).toHaveAttribute('contenteditable', 'true');
        expect(editor).toHaveFocus();
      },
      { timeout: 10_000 },
    );
    await user.keyboard('计算沪深 300 的日收益率。');
    await user.upload(
      form.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['日期,收盘价\n2026-03-02,3900'], '行情数据.csv', { type: 'text/csv' }),
    );
    expect(
      within(within(form).getByRole('list', { name: '已选择的文件' })).getByText('行情数据.csv'),
    ).toBeVisible();

    // no group sets for this course yet: only individual work
    const mode = within(form).getByRole('radiogroup', { name: '作业形式' });
    expect(await within(form).findByText('该课程还没有分组方案')).toBeVisible();
    expect(within(mode).getByRole('radio', { name: '小组' })).toBeDisabled();
    expect(within(mode).getByRole('radio', { name: '个人' })).toBeChecked();

    await user.click(
      within(within(form).getByRole('radiogroup', { name: '迟交' })).getByRole('radio', { name: '允许' }),
    );
    const floor = within(form).getByRole('textbox', { name: /最低得分/ });
    await user.clear(floor);
    await user.type(floor, '50');
    expect(
      within(form).getByText(
        '迟交 1 天：满分 100 最多得 90；迟交 2 天：最多得 80；迟交 5 天及以上：最多得 50。',
      ),
    ).toBeVisible();

    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('草稿已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/home/work'));
    expect(router.state.location.search).toEqual({ courseId: course.courseId });

    const draft = within(await rowOf('第一次作业：收益率'));
    expect(draft.getByText('草稿')).toBeVisible();
    expect(draft.getByText('个人')).toBeVisible();
    expect(draft.getByText(CLASS1)).toBeVisible();

    await user.click(draft.getByRole('button', { name: '发布 第一次作业：收益率' }));
    const confirm = await screen.findByRole('dialog', { name: '发布作业' });
    expect(within(confirm).getByText(CLASS1)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('作业已发布给 15 名学生')).toBeVisible();
    const published = within(await rowOf('第一次作业：收益率'));
    expect(await published.findByText('进行中')).toBeVisible();
    expect(published.getByText('0 / 15')).toBeVisible();
    expect(published.getByText('未公布')).toBeVisible();

    // the filters ask the server: a published work is no draft, and its title finds it
    const states = screen.getByRole('radiogroup', { name: '按状态筛选' });
    await user.click(within(states).getByRole('radio', { name: '草稿' }));
    expect(await screen.findByText('没有符合条件的作业')).toBeVisible();
    await user.click(within(states).getByRole('radio', { name: '进行中' }));
    await user.type(screen.getByRole('textbox', { name: '按标题搜索' }), '收益率');
    expect(await rowOf('第一次作业：收益率')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: '按标题搜索' }), '波动');
    expect(await screen.findByText('没有符合条件的作业')).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: '按标题搜索' }));
    await user.click(within(states).getByRole('radio', { name: '全部' }));

    // the edit page shows what was saved, and the deadline moves
    await user.click(
      within(await rowOf('第一次作业：收益率')).getByRole('link', { name: '第一次作业：收益率' }),
    );
    const edit = await screen.findByRole('form', { name: '编辑作业' });
    expect(
      within(within(edit).getByRole('list', { name: '作业的附件' })).getByText('行情数据.csv'),
    ).toBeVisible();
    expect(within(edit).getByRole('textbox', { name: /最低得分/ })).toHaveValue('50%');
    expect(screen.getByText('已发布')).toBeVisible();
    // the requirement shows as text until its editor is started, and is saved as it was
    expect(within(edit).getByRole('textbox', { name: '作业要求' })).toHaveTextContent('计算沪深 300 的日收益率。');

    const deadline = within(edit).getByRole('button', { name: '截止时间' });
    const before = dayjs(deadline.textContent ?? '', 'YYYY-MM-DD HH:mm');
    // two days later, or earlier near a month's end: a day of the month the calendar opens on
    const moved = before.date() <= 25 ? before.add(2, 'day') : before.subtract(2, 'day');
    await user.click(deadline);
    await user.click(await screen.findByRole('button', { name: moved.format('YYYY年M月D日') }));
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(deadline).toHaveTextContent(moved.format('YYYY-MM-DD HH:mm'));
    await user.click(within(edit).getByRole('button', { name: '保存修改' }));

    expect(await screen.findByText('作业已保存')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/home/work'));
    const edited = within(await rowOf('第一次作业：收益率'));
    expect(await edited.findByText(`截止 ${moved.format('YYYY-MM-DD HH:mm')}`)).toBeVisible();
    const stored = (await api().db.execute(
      `select content from course_works where title = '第一次作业：收益率'`,
    )) as unknown as { rows: { content: string }[] };
    expect(stored.rows[0]?.content).toBe('<p>计算沪深 300 的日收益率。</p>');
  }, 60_000);

  it('ticks the only class of a one-class course', async () => {
    await createCourseAs('teacher1', '金融数据分析', [CLASS1]);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching/teacher/add/home/work' });

    const form = await screen.findByRole('form', { name: '布置作业' });
    await user.click(within(form).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: '金融数据分析' }));
    expect(within(form).getByRole('checkbox', { name: new RegExp(CLASS1) })).toBeChecked();
  });

  it('a group work takes one of the course’s group sets', async () => {
    const course = await createCourseFixture();
    actAs(await loginAs('teacher1'));
    await creatCourseGroup({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        groupName: '期末项目组',
        groupType: 2,
        maxMembers: 4,
        teams: [],
      },
    });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching/teacher/add/home/work?courseId=${course.courseId}` });

    const form = await screen.findByRole('form', { name: '布置作业' });
    await user.click(within(form).getByRole('checkbox', { name: new RegExp(CLASS1) }));
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '期末项目：多因子选股');
    const mode = within(form).getByRole('radiogroup', { name: '作业形式' });
    await waitFor(() => expect(within(mode).getByRole('radio', { name: '小组' })).toBeEnabled());
    await user.click(within(mode).getByRole('radio', { name: '小组' }));
    // a group work needs its set
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await within(form).findByText('小组作业请选择分组方案')).toBeVisible();
    await user.click(within(form).getByRole('combobox', { name: '分组方案' }));
    await user.click(await screen.findByRole('option', { name: '期末项目组（学生自由组队，0 组）' }));
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));

    expect(await screen.findByText('草稿已保存')).toBeVisible();
    const row = within(await rowOf('期末项目：多因子选股'));
    expect(row.getByText('小组')).toBeVisible();
  });

  it('stops a work published to no class, next to the class picker, and saves nothing', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching/teacher/add/home/work?courseId=${course.courseId}` });

    const form = await screen.findByRole('form', { name: '布置作业' });
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '第一次作业：收益率');
    expect(within(form).getByRole('checkbox', { name: new RegExp(CLASS2) })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: '发布' }));

    const picker = within(form).getByRole('group', { name: /教学班/ });
    expect(await within(form).findByText('请至少选择一个教学班')).toBeVisible();
    expect(picker).toHaveAccessibleDescription(/请至少选择一个教学班/);
    expect(screen.queryByRole('dialog', { name: '发布作业' })).not.toBeInTheDocument();
    expect(await workCount()).toBe(0);
  });

  it('shows the server’s refusal to delete a work a student has saved in, and keeps the row', async () => {
    const course = await createCourseFixture();
    const now = api().clock.now();
    const work = await saveWork(course, '第一次作业：收益率', { start: now, end: now + 7 * DAY });
    actAs(await loginAs('teacher1'));
    await publishCourseWorkV2({ path: { schoolId: '1', workId: work.workId, publishStatus: 1 } });
    actAs(await loginAs('student01'));
    const mine = await getMyWorkInfo({ path: { schoolId: '1', workId: work.workId } });
    await updateMyWorkInfo({
      body: {
        schoolId: '1',
        studentWorkId: mine.myWork.studentWorkId,
        requestId: 'teacher-test-save-1',
        revision: 0,
        content: '<p>草稿</p>',
        submit: false,
      },
    });
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching/teacher/home/work' });

    const row = within(await rowOf('第一次作业：收益率'));
    await user.click(row.getByRole('button', { name: '删除 第一次作业：收益率' }));
    const dialog = await screen.findByRole('dialog', { name: '删除作业' });
    expect(within(dialog).getByText(/一旦有学生保存或提交过答案，作业就不能再删除/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已有学生作答，不能删除该作业')).toBeVisible();
    expect(await rowOf('第一次作业：收益率')).toBeVisible();
    expect(await workCount()).toBe(1);

    // its edit page locks what can no longer change
    await user.click(row.getByRole('link', { name: '编辑 第一次作业：收益率' }));
    const edit = await screen.findByRole('form', { name: '编辑作业' });
    expect(
      within(edit).getByText(/已有学生作答：课程、作业类型、作业形式、分组方案、教学班、总分不能再修改/),
    ).toBeVisible();
    expect(within(edit).getByRole('textbox', { name: '总分' })).toBeDisabled();
    expect(within(edit).getByRole('checkbox', { name: new RegExp(CLASS1) })).toBeDisabled();
  });

  it('keeps what was typed and says why when the server refuses to publish', async () => {
    const course = await createCourseFixture();
    const now = api().clock.now();
    // the deadline passed on the server's clock
    const draft = await saveWork(course, '上周的作业', { start: now - 3 * DAY, end: now - DAY });
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: `/teaching-manage/teacher/add/home/work/${draft.workId}` });

    const form = await screen.findByRole('form', { name: '编辑作业' });
    const title = within(form).getByRole('textbox', { name: '标题' });
    await user.clear(title);
    await user.type(title, '上周的作业（补交）');
    await user.click(within(form).getByRole('button', { name: '发布' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '发布作业' })).getByRole('button', { name: '发布' }),
    );

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('作业已保存为草稿，但没有发布');
    expect(alert).toHaveTextContent('截止时间已过，请先修改截止时间再发布');
    expect(title).toHaveValue('上周的作业（补交）');
    expect(router.state.location.pathname).toBe(`/teaching-manage/teacher/add/home/work/${draft.workId}`);
  });

  it('leads from the main navigation to an empty list, and from there to 布置作业', async () => {
    await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/course' });

    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: '主导航' });
    await user.click(within(nav).getByRole('link', { name: '作业管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching/teacher/home/work'));
    const table = await screen.findByRole('table', { name: '作业列表' });
    expect(await within(table).findByText('还没有作业')).toBeVisible();

    await user.click(within(table).getByRole('link', { name: '布置作业' }));
    expect(await screen.findByRole('form', { name: '布置作业' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching/teacher/add/home/work');
  });

  it('the class page’s 作业 tab lists only this course’s works, and 布置作业 there comes back to it', async () => {
    const course = await createCourseFixture();
    const other = await createCourseFixture('公司金融');
    const now = api().clock.now();
    await saveWork(course, '第一次作业：收益率', { start: now, end: now + 7 * DAY });
    await saveWork(other, '公司金融作业', { start: now, end: now + 7 * DAY });
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/class-detail?courseId=${course.courseId}&tab=homework`,
    });

    const tabs = await screen.findByRole('tablist', { name: '班级详情' });
    expect(within(tabs).getByRole('tab', { name: '作业' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: '作业列表' });
    expect(await within(table).findByRole('link', { name: '第一次作业：收益率' })).toBeVisible();
    expect(within(table).queryByText('公司金融作业')).not.toBeInTheDocument();
    // every row is of this course: no 课程 column
    expect(within(table).queryByRole('columnheader', { name: '课程' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '布置作业' }));
    const form = await screen.findByRole('form', { name: '布置作业' });
    expect(within(form).getByRole('combobox', { name: '课程' })).toHaveValue(course.courseName);
    await user.click(within(form).getByRole('link', { name: '取消' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail'));
    expect(router.state.location.search).toEqual({ courseId: course.courseId, tab: 'homework' });
  });

  it('shows a school manager 无权访问 on the homework pages, never a refused call', async () => {
    storeUser(await loginAs('manager'));
    for (const path of [
      '/teaching/teacher/home/work',
      '/teaching-manage/teacher/home/work/manage',
      '/teaching-manage/teacher/add/home/work',
    ]) {
      const view = renderApp({ path });
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
      expect(screen.getByText(/该页面仅限教师使用，你当前的身份是学校管理员/)).toBeVisible();
      expect(screen.queryByText('您没有权限执行此操作')).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
