import { demoAccount } from '@dfrm/server/testing';
import { setCourseSection, updateAnnounce, updateCourseWareShareList, uploadCourseWare } from '@dfrm/sdk/tms';
import { File as NodeFile } from 'node:buffer';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loginAs, server, setupApiServer, storeUser } from '@/test/api-server';
import { createCourseAs, setupNodeFormData } from '@/test/course-helpers';
import { renderApp } from '@/test/render-app';
import { chinaDateOf } from '@/features/course/api/course-home-queries';

setupApiServer();
setupNodeFormData();

const TEACHER1 = demoAccount('teacher1').realName;
const CLASS1 = '金融工程2026级1班';
const CLASS2 = '金融工程2026级2班';

/** Sections of the course, one today and one in two days (China's calendar, as the server's). */
async function scheduleSections(courseId: string) {
  const now = Date.now();
  await setCourseSection({
    body: {
      schoolId: '1',
      courseId,
      sections: [
        {
          sectionName: '资本资产定价模型',
          sortNo: 1,
          classDate: chinaDateOf(now),
          startTime: '08:00',
          endTime: '09:40',
          location: '博学楼 301',
        },
        {
          sectionName: '因子模型',
          sortNo: 2,
          classDate: chinaDateOf(now, 2),
          startTime: '14:00',
          endTime: '15:40',
          location: '博学楼 302',
        },
        // a month away: outside 近期课程
        { sectionName: '期末复习', sortNo: 3, classDate: chinaDateOf(now, 30), startTime: '10:00', endTime: '11:40' },
      ],
    },
  });
}

/** The page text has no internal ids (学校编号, 资源池编号, …). */
function expectNoIds() {
  expect(document.body.textContent).not.toMatch(/编号/);
}

describe('/course, the home page', () => {
  it("shows a teacher today's classes, the coming week's and the course cards leading to the class page", async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS1, CLASS2]);
    await scheduleSections(course.courseId);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/course' });

    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
    const today = await screen.findByRole('region', { name: '今日课程' });
    const todayClass = await within(today).findByRole('listitem', { name: '08:00–09:40 量化投资基础' });
    expect(todayClass).toHaveTextContent('资本资产定价模型');
    expect(todayClass).toHaveTextContent(`${CLASS1}、${CLASS2} · 博学楼 301`);
    expect(within(today).queryByText(/因子模型/)).not.toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: '近期课程' });
    expect(within(upcoming).getByRole('listitem', { name: '14:00–15:40 量化投资基础' })).toHaveTextContent('因子模型');
    expect(within(upcoming).queryByText(/期末复习/)).not.toBeInTheDocument();
    expect(within(upcoming).queryByText(/资本资产定价模型/)).not.toBeInTheDocument();

    const actions = screen.getByRole('navigation', { name: '快捷操作' });
    for (const name of ['新建课程', '发布通知', '上传课件']) {
      expect(within(actions).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    expectNoIds();

    const recent = screen.getByRole('region', { name: '最近课程' });
    const card = within(recent).getByRole('article', { name: '量化投资基础' });
    expect(card).toHaveTextContent('2 个教学班');
    expect(card).toHaveTextContent('30 名学生');
    await user.click(within(card).getByRole('link', { name: '量化投资基础' }));
    expect(await screen.findByRole('tablist', { name: '班级详情' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/class-detail');
    expect(router.state.location.search).toMatchObject({ courseId: course.courseId });
  });

  it('leads a teacher without a course to the first one', async () => {
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/course' });

    const recent = await screen.findByRole('region', { name: '最近课程' });
    expect(await within(recent).findByText('还没有课程')).toBeVisible();
    expect(within(screen.getByRole('region', { name: '今日课程' })).getByText('今天没有课')).toBeVisible();
    expectNoIds();
    await user.click(within(recent).getByRole('link', { name: '新建第一门课程' }));
    expect(await screen.findByRole('heading', { name: /新建课程|创建课程/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/add-class');
  });

  it('shows a student an unread notice, which is gone once read, new courseware and today’s classes', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS1]);
    await scheduleSections(course.courseId);
    const teachingClassId = course.teachingClasses[0]!.teachingClassId;
    await updateAnnounce({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        title: '第三周课堂测验安排',
        content: '<p>周三课上进行测验。</p>',
        status: 1,
        teachingClassIds: [teachingClassId],
      },
    });
    storeUser(await loginAs('student01'));
    const { user, router } = renderApp({ path: '/course' });

    const notices = await screen.findByRole('region', { name: '未读通知' });
    const notice = await within(notices).findByRole('link', { name: '第三周课堂测验安排' });
    expect(within(notices).getByText('量化投资基础')).toBeVisible();
    expect(within(notices).getByText('1 条未读')).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: '今日课程' })).findByRole('listitem', {
        name: '08:00–09:40 量化投资基础',
      }),
    ).toHaveTextContent(`${CLASS1} · 博学楼 301 · ${TEACHER1}`);
    expect(
      within(screen.getByRole('region', { name: '我的课程' })).getByRole('article', { name: '量化投资基础' }),
    ).toBeVisible();
    expectNoIds();

    // the link opens the course's notices, where the student reads it
    await user.click(notice);
    expect(router.state.location.pathname).toBe('/teaching/student/notice');
    const list = await screen.findByRole('list', { name: '通知列表' });
    await user.click(within(list).getByText('第三周课堂测验安排'));
    expect(await screen.findByRole('dialog', { name: '第三周课堂测验安排' })).toBeVisible();
    expect(await screen.findByText('周三课上进行测验。')).toBeVisible();

    await router.navigate({ to: '/course' });
    const after = await screen.findByRole('region', { name: '未读通知' });
    expect(await within(after).findByText('没有未读通知')).toBeVisible();
    expect(within(after).queryByText('第三周课堂测验安排')).not.toBeInTheDocument();
  });

  it('lists courseware newly shared with a student, linking to the course’s courseware', async () => {
    const course = await createCourseAs('teacher1', '量化投资基础', [CLASS1]);
    const teachingClassId = course.teachingClasses[0]!.teachingClassId;
    // createCourseAs left the SDK acting as teacher1
    const saved = await uploadCourseWare({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        courseWareName: '第一章讲义',
        file: new NodeFile(['均值-方差模型'], '第一章讲义.txt', { type: 'text/plain' }) as unknown as File,
      },
      // the generated check knows browser Files only; the server checks the upload itself
      requestValidator: () => Promise.resolve(),
    });
    await updateCourseWareShareList({
      body: { schoolId: '1', courseWareId: saved.courseWareId, teachingClassIds: [teachingClassId] },
    });
    storeUser(await loginAs('student01'));
    const { user, router } = renderApp({ path: '/course' });

    const region = await screen.findByRole('region', { name: '新课件' });
    await user.click(await within(region).findByRole('link', { name: '第一章讲义' }));
    expect(router.state.location.pathname).toBe('/teaching/student/courseWare');
    expect(router.state.location.search).toMatchObject({ courseId: course.courseId });
  });

  it('gives a school manager the student management and the school’s courses', async () => {
    await createCourseAs('teacher1', '量化投资基础', [CLASS1]);
    const manager = await loginAs('manager');
    storeUser(manager);
    renderApp({ path: '/course' });

    const actions = await screen.findByRole('navigation', { name: '快捷操作' });
    expect(within(actions).getByRole('link', { name: /^学生管理/ })).toHaveAttribute(
      'href',
      '/teaching-manage/teacher/student/manage',
    );
    const courses = screen.getByRole('region', { name: '学校课程' });
    expect(await within(courses).findByRole('article', { name: '量化投资基础' })).toHaveTextContent(TEACHER1);
    expectNoIds();
  });

  it('tells a user with no school what to do, without ids', async () => {
    const admin = await loginAs('admin');
    storeUser(admin);
    renderApp({ path: '/course' });

    expect(await screen.findByText('你还没有加入学校')).toBeVisible();
    expect(screen.getByText(/请联系学校的管理员/)).toBeVisible();
    expectNoIds();
  });

  it('shows a section that failed with the reason and 重试, which loads it again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/tms-server/teacherPage/getTeacherCourseTable/*', () =>
        fail ? HttpResponse.json({ errCode: 500, errMsg: '服务器内部错误', data: null }, { status: 500 }) : undefined,
      ),
    );
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/course' });

    const today = await screen.findByRole('region', { name: '今日课程' });
    expect(await within(today).findByText('课表加载失败')).toBeVisible();
    // the rest of the page works
    expect(within(screen.getByRole('region', { name: '最近课程' })).getByText('还没有课程')).toBeVisible();
    fail = false;
    await user.click(within(today).getByRole('button', { name: '重试' }));
    expect(await within(today).findByText('今天没有课')).toBeVisible();
  });

  it('redirects / to /course', async () => {
    storeUser(await loginAs('teacher1'));
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: `欢迎回来，${TEACHER1}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/course');
  });
});
