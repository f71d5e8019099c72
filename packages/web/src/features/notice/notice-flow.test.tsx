import { configure } from '@dfrm/sdk';
import { updateAnnounce } from '@dfrm/sdk/tms';
import type { User } from '@dfrm/sdk/user';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_BASE, api, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { type CourseFixture, createCourseFixture } from '@/test/teaching-fixture';
import '@/test/editor-dom';

setupApiServer();

const CLASS1 = '金融工程2026级1班';
const CLASS2 = '金融工程2026级2班';

/** Posts a notice through the SDK as the teacher (the UI path has its own test). */
async function postNotice(
  teacher: User,
  course: CourseFixture,
  title: string,
  teachingClassIds: string[],
  status: 0 | 1 = 1,
) {
  configure({ baseUrl: API_BASE, getAuth: () => ({ token: teacher.token, userId: teacher.userId }) });
  return updateAnnounce({
    body: {
      schoolId: '1',
      courseId: course.courseId,
      title,
      content: '<p>期中考试定于<strong>第十周</strong>进行。</p><script>alert(1)</script>',
      status,
      teachingClassIds,
    },
  });
}

async function noticeCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from notices')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

describe('notices', () => {
  it('a teacher posts a notice visible to one class and it appears in the list', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/notice/edit' });

    const form = await screen.findByRole('form', { name: '发布通知' });
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '期中考试安排');
    await user.click(within(form).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: course.courseName }));
    // A new notice starts visible to every class of the course; this one is for 1班 only.
    const class2 = await within(form).findByRole('checkbox', { name: new RegExp(CLASS2) });
    expect(class2).toBeChecked();
    await user.click(class2);
    expect(within(form).getByRole('checkbox', { name: new RegExp(CLASS1) })).toBeChecked();

    const editor = await within(form).findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard('请同学们按时参加期中考试。');
    await user.click(within(form).getByRole('button', { name: '发布' }));

    expect(await screen.findByText('通知已发布')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/notice/list'));
    const table = await screen.findByRole('table', { name: '通知列表' });
    const row = (await within(table).findByText('期中考试安排')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('已发布')).toBeVisible();
    expect(cells.getByText(course.courseName)).toBeVisible();
    // Visible to 1班 only, nobody has read it yet.
    expect(await cells.findByText(`${CLASS1} · 0/15`)).toBeVisible();
    expect(cells.queryByText(new RegExp(CLASS2))).not.toBeInTheDocument();
    expect(cells.getByText('0 / 15')).toBeVisible();
    // Each icon button says what it does.
    for (const [control, tip] of [
      [cells.getByRole('link', { name: '编辑 期中考试安排' }), '编辑通知'],
      [cells.getByRole('button', { name: '设置 期中考试安排 的可见范围' }), '设置可见班级'],
      [cells.getByRole('button', { name: '删除 期中考试安排' }), '删除通知'],
    ] as const) {
      await user.hover(control);
      expect(await screen.findByRole('tooltip', { name: tip })).toBeVisible();
      await user.unhover(control);
    }
  });

  it('a student of that class sees it unread, opens it, and the unread count drops', async () => {
    const course = await createCourseFixture();
    await postNotice(await loginAs('teacher1'), course, '期中考试安排', [course.class1]);
    storeUser(await loginAs('student01'));
    const { user } = renderApp({ path: '/teaching-manage/student/notice' });

    const list = await screen.findByRole('list', { name: '通知列表' });
    const item = await within(list).findByRole('button', { name: /^未读 期中考试安排/ });
    // a student's area is labelled for students
    const nav = await screen.findByRole('navigation', { name: '学习中心导航' });
    expect(within(nav).getByText('学习中心')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: '教学管理导航' })).toBeNull();
    expect(await within(nav).findByLabelText('1 条未读通知')).toBeVisible();

    await user.click(item);
    const dialog = await screen.findByRole('dialog', { name: '期中考试安排' });
    expect(await within(dialog).findByText('第十周')).toBeVisible();
    // The server sanitized the stored HTML; nothing active reaches the page.
    expect(dialog.querySelector('script')).toBeNull();

    await waitFor(() => expect(within(nav).queryByLabelText('1 条未读通知')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(await within(list).findByRole('button', { name: /^期中考试安排/ })).toBeVisible();
  });

  it('a student of the other class does not see it', async () => {
    const course = await createCourseFixture();
    await postNotice(await loginAs('teacher1'), course, '期中考试安排', [course.class1]);
    storeUser(await loginAs('student16'));
    renderApp({ path: '/teaching/student/notice' });

    expect(await screen.findByText('暂无通知')).toBeVisible();
    expect(screen.queryByText('期中考试安排')).not.toBeInTheDocument();
  });

  it('asks for a title (in Chinese) when the notice is published without one', async () => {
    await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching/teacher/notice/edit' });

    const form = await screen.findByRole('form', { name: '发布通知' });
    await user.click(within(form).getByRole('button', { name: '发布' }));
    expect(await within(form).findByText('请输入通知标题')).toBeVisible();
    expect(within(form).getByText('请选择课程')).toBeVisible();
    expect(within(form).getByText('请输入通知内容')).toBeVisible();
    expect(screen.queryByText('通知已发布')).not.toBeInTheDocument();
  });

  it('stops a notice published to no class, next to the class picker, and sends nothing; a draft may wait', async () => {
    const course = await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching-manage/teacher/notice/edit' });

    const form = await screen.findByRole('form', { name: '发布通知' });
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '期中考试安排');
    await user.click(within(form).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: course.courseName }));
    for (const name of [CLASS1, CLASS2]) {
      await user.click(await within(form).findByRole('checkbox', { name: new RegExp(name) }));
    }
    const editor = await within(form).findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard('请同学们按时参加期中考试。');
    await user.click(within(form).getByRole('button', { name: '发布' }));

    const message = await within(form).findByText('发布通知至少要选择一个教学班');
    expect(message).toBeVisible();
    // The message belongs to the class picker.
    const picker = within(form).getByRole('group', { name: /可见教学班/ });
    expect(picker).toHaveAccessibleDescription(/发布通知至少要选择一个教学班/);
    expect(screen.queryByText('通知已发布')).not.toBeInTheDocument();
    expect(await noticeCount()).toBe(0);

    // A draft needs no class yet.
    await user.click(within(form).getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('草稿已保存')).toBeVisible();
    expect(await noticeCount()).toBe(1);
  });

  it('ticks the only class of a one-class course, for a new notice and for a draft kept for no class', async () => {
    const course = await createCourseFixture('公司金融');
    await api().db.execute(`delete from teaching_classes where id = ${Number(course.class2)}`);
    const draft = await postNotice(await loginAs('teacher1'), course, '开课通知', [], 0);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching/teacher/notice/edit/${draft.announceId}` });

    const editForm = await screen.findByRole('form', { name: '编辑通知' });
    const only = await within(editForm).findByRole('checkbox', { name: new RegExp(CLASS1) });
    expect(only).toBeChecked();
    expect(within(editForm).queryByRole('checkbox', { name: new RegExp(CLASS2) })).not.toBeInTheDocument();
    await user.click(within(editForm).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('通知已发布')).toBeVisible();

    await user.click(await screen.findByRole('link', { name: '发布通知' }));
    const newForm = await screen.findByRole('form', { name: '发布通知' });
    await user.click(within(newForm).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: '公司金融' }));
    expect(await within(newForm).findByRole('checkbox', { name: new RegExp(CLASS1) })).toBeChecked();
  });

  it('previews the notice as students will see it: sanitized, with its course and classes', async () => {
    const course = await createCourseFixture();
    const draft = await postNotice(await loginAs('teacher1'), course, '期中考试安排', [course.class2], 0);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: `/teaching-manage/teacher/notice/edit/${draft.announceId}` });

    const form = await screen.findByRole('form', { name: '编辑通知' });
    await within(form).findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await user.click(within(form).getByRole('button', { name: '预览' }));

    const dialog = await screen.findByRole('dialog', { name: '预览：期中考试安排' });
    const body = await within(dialog).findByLabelText('通知正文');
    expect(within(body).getByText('第十周')).toBeVisible();
    expect(body.querySelector('strong')).toHaveTextContent('第十周');
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText(course.courseName)).toBeVisible();
    const classes = within(dialog).getByLabelText('将看到这条通知的教学班');
    expect(within(classes).getByText(CLASS2)).toBeVisible();
    expect(within(classes).queryByText(CLASS1)).not.toBeInTheDocument();
    // Previewing publishes nothing.
    await user.click(within(dialog).getByRole('button', { name: '关闭预览' }));
    expect(screen.queryByText('通知已发布')).not.toBeInTheDocument();
  });
});
