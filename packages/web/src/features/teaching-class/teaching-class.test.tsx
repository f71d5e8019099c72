import { DEMO_SCHOOL } from '@dfrm/server/testing';
import { getCourseTeachingClass, updateAnnounce } from '@dfrm/sdk/tms';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { actAs, createCourseAs } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import '@/test/editor-dom';

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

  it('opens the class page on 学习数据 with the course students', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS_1, CLASS_2]);
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({
      path: `/teaching-manage/teacher/class-detail?courseId=${course.courseId}`,
    });

    expect(await screen.findByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    // The id stays plainly in the address and is a string in the search.
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail');
    expect(router.state.location.search).toEqual({ courseId: course.courseId });
    const tabs = screen.getByRole('tablist', { name: '班级详情' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['章节', '学生', '通知', '作业', '测验', '分组', '课件', '学习数据']);
    expect(within(tabs).getByRole('tab', { name: '学习数据' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: '学生数据' });
    expect(await within(table).findByText('陈思远')).toBeVisible();
    expect(screen.getByText('共 30 条')).toBeVisible();
  });
});

describe('one class page', () => {
  it("opens the 学生 tab filtered to the detail route's teaching class", async () => {
    const course = await createCourseAs('teacher1', '因子投资', [CLASS_1, CLASS_2]);
    const teacher = await loginAs('teacher1');
    actAs(teacher);
    const classes = await getCourseTeachingClass({ path: { schoolId: '1', courseId: course.courseId } });
    const first = classes.find((tc) => tc.teachingClassName.includes(CLASS_1))!;
    storeUser(teacher);
    renderApp({
      path: `/teaching/teacher/teachingclass/detail/${course.courseId}/${first.teachingClassId}?tab=students`,
    });
    const table = await screen.findByRole('table', { name: '学生名单' });
    expect(await screen.findByText('共 15 条')).toBeVisible();
    expect(screen.getByRole('combobox', { name: '教学班' })).toHaveValue(first.teachingClassName);
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    expect(within(table).getAllByRole('row')).toHaveLength(16);
    for (const row of within(table).getAllByRole('row').slice(1))
      expect(row).toHaveTextContent(first.teachingClassName);
  });

  it("the course card, the list's name link and its icon all open the same class page", async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    storeUser(await loginAs('teacher1'));
    const classPage = `/teaching-manage/teacher/class-detail?courseId=${course.courseId}`;

    const home = renderApp({ path: '/course' });
    const card = await screen.findByRole('article', { name: '量化投资基础' });
    expect(within(card).getByRole('link', { name: '量化投资基础' })).toHaveAttribute('href', classPage);
    home.unmount();

    const { user, router } = renderApp({ path: '/teaching-manage/teacher/teaching-class' });
    const table = await screen.findByRole('table', { name: '课程列表' });
    expect(await within(table).findByRole('link', { name: '量化投资基础' })).toHaveAttribute(
      'href',
      classPage,
    );
    const icon = within(table).getByRole('link', { name: '打开「量化投资基础」的班级页面' });
    expect(icon).toHaveAttribute('href', classPage);
    // The icon says what it does.
    await user.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('打开班级页面');
    await user.unhover(icon);

    await user.click(icon);
    expect(await screen.findByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    expect(router.state.location.href).toBe(classPage);
    expect(screen.getByRole('tablist', { name: '班级详情' })).toBeVisible();
  });

  it('the old area leads name link and icon to its class page, the same page', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    storeUser(await loginAs('teacher1'));
    const classPage = `/teaching/teacher/teachingclass/detail/${course.courseId}/all`;
    const { user } = renderApp({ path: '/teaching/teacher/teachingclass' });
    const table = await screen.findByRole('table', { name: '课程列表' });
    expect(await within(table).findByRole('link', { name: '量化投资基础' })).toHaveAttribute(
      'href',
      classPage,
    );
    const icon = within(table).getByRole('link', { name: '打开「量化投资基础」的班级页面' });
    expect(icon).toHaveAttribute('href', classPage);

    await user.click(icon);
    expect(await screen.findByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: '班级详情' });
    expect(within(tabs).getByRole('tab', { name: '章节' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: '课程章节' })).toBeVisible();
  });

  it("keeps the header on the 通知 and 课件 tabs and lists only this course's notices", async () => {
    const mine = await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    const other = await createCourseAs('teacher1', '金融数据分析', [CLASS_2]);
    for (const [course, title] of [
      [mine, '第一周上课安排'],
      [other, '数据分析作业说明'],
    ] as const) {
      await updateAnnounce({
        body: {
          schoolId: '1',
          courseId: course.courseId,
          title,
          content: '<p>请按时到课。</p>',
          status: 1,
          teachingClassIds: course.teachingClasses.map((tc) => tc.teachingClassId),
        },
      });
    }
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching-manage/teacher/class-detail?courseId=${mine.courseId}`,
    });
    await screen.findByRole('heading', { level: 1, name: '量化投资基础' });

    await user.click(screen.getByRole('tab', { name: '通知' }));
    const notices = await screen.findByRole('table', { name: '通知列表' });
    expect(await within(notices).findByText('第一周上课安排')).toBeVisible();
    expect(within(notices).queryByText('数据分析作业说明')).not.toBeInTheDocument();
    // Every row is of this course, so no column repeats its name.
    expect(within(notices).queryByRole('columnheader', { name: '课程' })).not.toBeInTheDocument();
    // Still inside the class: its header and tabs, no course filter, the action for this course.
    expect(screen.getByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    expect(screen.getByRole('tab', { name: '通知' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('combobox', { name: /课程/ })).not.toBeInTheDocument();
    // 发布通知 is for this course and leads back to this tab.
    const classTab = `/teaching-manage/teacher/class-detail?courseId=${mine.courseId}&tab=notices`;
    expect(screen.getByRole('link', { name: '发布通知' })).toHaveAttribute(
      'href',
      `/teaching-manage/teacher/notice/edit?courseId=${mine.courseId}&returnTo=${encodeURIComponent(classTab)}`,
    );
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail');
    expect(router.state.location.search).toEqual({ courseId: mine.courseId, tab: 'notices' });

    await user.click(screen.getByRole('tab', { name: '课件' }));
    const courseware = await screen.findByRole('table', { name: '课件列表' });
    expect(within(courseware).queryByRole('columnheader', { name: '课程' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    // 上传课件 is for this course and leads back to this tab, as 取消 shows
    const coursewareTab = `/teaching-manage/teacher/class-detail?courseId=${mine.courseId}&tab=courseware`;
    expect(screen.getByRole('link', { name: '上传课件' })).toHaveAttribute(
      'href',
      `/teaching-manage/teacher/add/courseware?courseId=${mine.courseId}&returnTo=${encodeURIComponent(coursewareTab)}`,
    );
    await user.click(screen.getByRole('link', { name: '上传课件' }));
    const upload = await screen.findByRole('form', { name: '上传课件' });
    expect(within(upload).getByRole('combobox', { name: '课程' })).toHaveValue('量化投资基础');
    await user.click(screen.getByRole('link', { name: '返回课程' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail'));
    expect(router.state.location.search).toEqual({ courseId: mine.courseId, tab: 'courseware' });
    expect(await screen.findByRole('table', { name: '课件列表' })).toBeVisible();
  });

  it("publishes a notice from the class's 通知 tab with the course filled in, and comes back to the tab", async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({
      path: `/teaching/teacher/teachingclass/detail/${course.courseId}/all?tab=notices`,
    });
    await screen.findByRole('table', { name: '通知列表' });
    await user.click(screen.getByRole('link', { name: '发布通知' }));

    const form = await screen.findByRole('form', { name: '发布通知' });
    expect(within(form).getByRole('combobox', { name: '课程' })).toHaveValue('量化投资基础');
    // The only class of the course is ticked already.
    expect(within(form).getByRole('checkbox', { name: new RegExp(CLASS_1) })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: '标题' }), '第一周上课安排');
    const editor = await within(form).findByRole('textbox', { name: '通知内容' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard('周一第三节课在实验楼 302 上课。');
    await user.click(within(form).getByRole('button', { name: '发布' }));

    expect(await screen.findByText('通知已发布')).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/teaching/teacher/teachingclass/detail/${course.courseId}/all`,
      ),
    );
    expect(router.state.location.search).toEqual({ tab: 'notices' });
    expect(await screen.findByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    const notices = await screen.findByRole('table', { name: '通知列表' });
    expect(await within(notices).findByText('第一周上课安排')).toBeVisible();
  });

  it('a class page opened without a course says so and offers the teacher’s courses', async () => {
    await createCourseAs('teacher1', '量化投资基础', [CLASS_1]);
    await createCourseAs('teacher2', '金融数据分析', [CLASS_2]);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching-manage/teacher/student-data' });

    expect(await screen.findByRole('heading', { name: '没有指定课程' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/student-data');
    const list = screen.getByRole('list', { name: '我的课程' });
    expect(await within(list).findByRole('link', { name: '量化投资基础' })).toBeVisible();
    expect(within(list).queryByText('金融数据分析')).not.toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: '量化投资基础' }));
    expect(await screen.findByRole('heading', { level: 1, name: '量化投资基础' })).toBeVisible();
    expect(screen.getByRole('tab', { name: '学习数据' })).toHaveAttribute('aria-selected', 'true');
    // The other class routes of the new area say the same when they get no course.
    for (const path of [
      '/teaching-manage/teacher/class-detail',
      '/teaching-manage/teacher/student/list',
      '/teaching-manage/teacher/teaching-class/detail',
    ]) {
      await router.navigate({ href: path });
      expect(await screen.findByRole('heading', { name: '没有指定课程' })).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    }
  });

  it("says a course is unknown or someone else's instead of returning to the list", async () => {
    const foreign = await createCourseAs('teacher2', '金融数据分析', [CLASS_2]);
    storeUser(await loginAs('teacher1'));
    for (const path of [
      `/teaching/teacher/teachingclass/detail/${foreign.courseId}/all`,
      '/teaching-manage/teacher/class-detail?courseId=987654',
    ]) {
      const view = renderApp({ path });
      expect(await screen.findByRole('heading', { name: '课程不存在或您无权查看' })).toBeVisible();
      expect(screen.getByRole('link', { name: '查看我的课程' })).toBeVisible();
      expect(screen.queryByText('金融数据分析')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      view.unmount();
    }
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
