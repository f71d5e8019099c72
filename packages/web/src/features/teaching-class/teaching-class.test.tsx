import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { createCourseAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';

setupApiServer();

const [CLASS_1, CLASS_2] = DEMO_SCHOOL.classes;

describe('teaching classes', () => {
  it("shows teacher1 their own courses and not teacher2's", async () => {
    await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    await createCourseAs('teacher2', '金融数据分析', [CLASS_2]);
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/teaching-manage/teacher/teaching-class' });

    const table = await screen.findByRole('table', { name: '课程列表' });
    const row = (await within(table).findByRole('link', { name: '量化投资基础' })).closest('tr')!;
    expect(within(row).getByText(`${CLASS_1} · 15人`)).toBeVisible();
    expect(within(table).queryByText('金融数据分析')).not.toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeVisible();
  });

  it('creates a course for two administrative classes and lists it with both', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/add-class' });
    const form = await screen.findByRole('form', { name: '新建课程' });

    await user.type(within(form).getByLabelText(/课程名称/), '固定收益分析');
    await user.type(within(form).getByLabelText(/开课日期/), '2026-03-01');
    await user.tab();
    await user.type(within(form).getByLabelText(/结课日期/), '2026-07-10');
    await user.tab();
    // Nothing chosen yet: the form says what is missing instead of sending it.
    await user.click(within(form).getByRole('button', { name: '创建课程' }));
    expect(await within(form).findByText('请至少选择一个行政班')).toBeVisible();

    const classes = await within(form).findByRole('table', { name: '可选行政班' });
    for (const name of [CLASS_1, CLASS_2]) {
      const row = (await within(classes).findByText(name)).closest('tr')!;
      await user.click(within(row).getByRole('checkbox', { name: '选择此行' }));
    }
    expect(within(form).getByText('已选 2 个班，共 30 名学生：')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '创建课程' }));

    expect(await screen.findByText('已创建课程「固定收益分析」，生成 2 个教学班')).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teaching-manage/teacher/teaching-class'),
    );
    const table = await screen.findByRole('table', { name: '课程列表' });
    const row = (await within(table).findByRole('link', { name: '固定收益分析' })).closest('tr')!;
    expect(within(row).getByText(`${CLASS_1} · 15人`)).toBeVisible();
    expect(within(row).getByText(`${CLASS_2} · 15人`)).toBeVisible();
    expect(within(row).getByText('30')).toBeVisible();
  });

  it('deletes a course after confirmation, in the old teaching area too', async () => {
    await createCourseAs('teacher1', '衍生品定价', [CLASS_1]);
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching/teacher/teachingclass' });
    const table = await screen.findByRole('table', { name: '课程列表' });
    await within(table).findByRole('link', { name: '衍生品定价' });

    await user.click(within(table).getByRole('button', { name: '删除「衍生品定价」' }));
    const dialog = await screen.findByRole('dialog', { name: '删除课程' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('已删除课程「衍生品定价」')).toBeVisible();
    expect(await within(table).findByText('还没有课程')).toBeVisible();
  });

  it('opens the class detail on 学生数据 with the course students', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS_1, CLASS_2]);
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({
      path: `/teaching-manage/teacher/class-detail?courseId=${course.courseId}`,
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/student-data'));
    // The redirect carries the id along, plainly in the address and as a string in the search.
    expect(router.state.location.searchStr).toBe(`?courseId=${course.courseId}`);
    expect(router.state.location.search).toEqual({ courseId: course.courseId });
    expect(await screen.findByRole('heading', { name: '量化投资基础' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: '班级详情' });
    expect(within(tabs).getByRole('tab', { name: '学生数据' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: '学生数据' });
    expect(await within(table).findByText('陈思远')).toBeVisible();
    expect(screen.getByText('共 30 条')).toBeVisible();
  });
});

describe('roles', () => {
  it('keeps a student out of the teacher pages of both areas', async () => {
    storeUser(await loginAs('student01'));
    renderApp({ path: '/teaching-manage/teacher/teaching-class' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.getByText(/该页面仅限教师或学校管理员使用，你当前的身份是学生/)).toBeVisible();
    expect(screen.queryByRole('table', { name: '课程列表' })).not.toBeInTheDocument();
  });

  it("shows a school manager 无权访问 on the teacher's notice and courseware pages, never a refused call", async () => {
    storeUser(await loginAs('manager'));
    for (const path of [
      '/teaching/teacher/notice/list',
      '/teaching-manage/teacher/notice/list',
      '/teaching/teacher/notice/edit',
      '/teaching/teacher/courseware/list',
      '/teaching-manage/teacher/courseware/list',
      '/teaching-manage/teacher/add/courseware',
    ]) {
      const view = renderApp({ path });
      expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
      expect(screen.getByText(/该页面仅限教师使用，你当前的身份是学校管理员/)).toBeVisible();
      expect(screen.queryByText('您没有权限执行此操作')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('keeps a student out of the old area student management', async () => {
    storeUser(await loginAs('student01'));
    renderApp({ path: '/teaching/teacher/student/manage' });
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeVisible();
    expect(screen.queryByRole('table', { name: '学生列表' })).not.toBeInTheDocument();
  });
});
