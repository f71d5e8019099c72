import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '@dfrm/sdk';
import { updateCourseWareShareList, uploadCourseWare } from '@dfrm/sdk/tms';
import { API_BASE, loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { createCourseFixture } from '@/test/teaching-fixture';
import { createCourseAs } from '@/test/course-helpers';

setupApiServer();

const FILE_NAME = '第一章 量化投资导论.txt';
const CLASS1 = '金融工程2026级1班';
const FILE_TEXT = '课件正文：均值-方差模型。';

// jsdom's File and FormData cannot be read by Node's Request, which carries the
// upload to the in-process server; Node's own classes stand in for them here.
beforeAll(async () => {
  if (process.env.NOSTUB) return;
  const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor;
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('FormData', NodeFormData);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Catches what saveBlob hands the browser: the blob and the file name of the download link. */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | null = null;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
  });
  return saved;
}

async function uploadAndShare() {
  const course = await createCourseFixture();
  storeUser(await loginAs('teacher1'));
  const { user, router, unmount } = renderApp({ path: '/teaching-manage/teacher/add/courseware' });

  const form = await screen.findByRole('form', { name: '上传课件' });
  const input = form.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([FILE_TEXT], FILE_NAME, { type: 'text/plain' }));
  const files = within(form).getByRole('list', { name: '已选择的文件' });
  expect(within(files).getByText(FILE_NAME)).toBeVisible();
  // Named after the file unless the teacher names it.
  expect(within(form).getByRole('textbox', { name: '课件名称' })).toHaveValue('第一章 量化投资导论');
  await user.click(within(form).getByRole('combobox', { name: '课程' }));
  await user.click(await screen.findByRole('option', { name: course.courseName }));
  // a course of two classes: the teacher picks who gets it before anything is sent
  const classes = within(form).getByRole('group', { name: /共享给教学班/ });
  expect(within(classes).getByRole('checkbox', { name: /金融工程2026级1班/ })).not.toBeChecked();
  expect(within(classes).getByRole('checkbox', { name: /金融工程2026级2班/ })).not.toBeChecked();
  await user.click(within(form).getByRole('button', { name: '上传' }));
  expect(await within(form).findByText('请至少选择一个共享的教学班')).toBeVisible();
  expect(router.state.location.pathname).toBe('/teaching-manage/teacher/add/courseware');
  await user.click(within(classes).getByRole('checkbox', { name: /金融工程2026级1班/ }));
  await user.click(within(form).getByRole('button', { name: '上传' }));

  expect(await screen.findByText('课件已上传，并共享给 1 个教学班')).toBeVisible();
  await waitFor(() =>
    expect(router.state.location.pathname).toBe('/teaching-manage/teacher/courseware/list'),
  );
  const table = await screen.findByRole('table', { name: '课件列表' });
  const row = (await within(table).findByText('第一章 量化投资导论')).closest('tr') as HTMLElement;
  expect(await within(row).findByText('1 个班')).toBeVisible();
  expect(within(row).getByText('1 个附件')).toBeVisible();

  // the share icon shows what the upload shared
  await user.click(within(row).getByRole('button', { name: '共享 第一章 量化投资导论' }));
  const dialog = await screen.findByRole('dialog', { name: '共享课件' });
  expect(await within(dialog).findByRole('checkbox', { name: /金融工程2026级1班/ })).toBeChecked();
  expect(within(dialog).getByRole('checkbox', { name: /金融工程2026级2班/ })).not.toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: '取消' }));
  unmount();
  return course;
}

describe('courseware', () => {
  it('a teacher uploads a file and shares it with a class', async () => {
    await uploadAndShare();
  });

  it('ticks the only class of a one-class course, and the upload shares it there', async () => {
    await createCourseAs('teacher1', '金融数据分析', [CLASS1]);
    storeUser(await loginAs('teacher1'));
    const { user, router } = renderApp({ path: '/teaching/teacher/add/courseware' });

    const form = await screen.findByRole('form', { name: '上传课件' });
    await user.upload(
      form.querySelector('input[type="file"]') as HTMLInputElement,
      new File([FILE_TEXT], '数据说明.txt', { type: 'text/plain' }),
    );
    await user.click(within(form).getByRole('combobox', { name: '课程' }));
    await user.click(await screen.findByRole('option', { name: '金融数据分析' }));
    expect(within(form).getByRole('checkbox', { name: /金融工程2026级1班/ })).toBeChecked();
    // one wording for the files of a courseware, in the form as in the list
    expect(within(form).getByText(/课件的每个文件都是它的一个附件/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '上传' }));

    expect(await screen.findByText('课件已上传，并共享给 1 个教学班')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teaching/teacher/courseware/list'));
    const table = await screen.findByRole('table', { name: '课件列表' });
    const row = (await within(table).findByText('数据说明')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('1 个班')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: '附件' })).toBeVisible();
  });

  it('a student of the shared class downloads it under its Chinese name', async () => {
    await uploadAndShare();
    window.localStorage.clear();
    storeUser(await loginAs('student01'));
    const saved = captureDownloads();
    const { user } = renderApp({ path: '/teaching-manage/student/courseWare' });

    const card = await screen.findByRole('listitem', { name: '第一章 量化投资导论' });
    await user.click(within(card).getByRole('button', { name: `下载 ${FILE_NAME}` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(FILE_NAME);
    expect(await saved[0]?.blob.text()).toBe(FILE_TEXT);
    expect(await screen.findByText(`已下载：${FILE_NAME}`)).toBeVisible();
  });

  it('a student previews a PDF in the page; a text file can only be downloaded', async () => {
    const course = await createCourseFixture();
    const teacher = await loginAs('teacher1');
    configure({ baseUrl: API_BASE, getAuth: () => ({ token: teacher.token, userId: teacher.userId }) });
    const pdfBytes = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    // the generated check knows browser Files only; the server checks the upload itself
    const noCheck = { requestValidator: () => Promise.resolve() };
    const saved = await uploadCourseWare({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        courseWareName: '第二章 讲义',
        file: new File([pdfBytes], '第二章 讲义.pdf'),
      },
      ...noCheck,
    });
    await uploadCourseWare({
      body: {
        schoolId: '1',
        courseId: course.courseId,
        courseWareId: saved.courseWareId,
        file: new File([FILE_TEXT], FILE_NAME),
      },
      ...noCheck,
    });
    await updateCourseWareShareList({
      body: { schoolId: '1', courseWareId: saved.courseWareId, teachingClassIds: [course.class1] },
    });
    const shown: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => `blob:preview-${shown.push(blob)}`,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    storeUser(await loginAs('student01'));
    const { user } = renderApp({ path: '/teaching/student/courseWare' });

    const card = await screen.findByRole('listitem', { name: '第二章 讲义' });
    expect(within(card).queryByRole('button', { name: `预览 ${FILE_NAME}` })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `下载 ${FILE_NAME}` })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: '预览 第二章 讲义.pdf' }));

    const dialog = await screen.findByRole('dialog', { name: '预览：第二章 讲义.pdf' });
    const viewer = await within(dialog).findByTitle('第二章 讲义.pdf 的预览');
    expect(viewer.tagName).toBe('IFRAME');
    expect(viewer.getAttribute('src')).toMatch(/^blob:preview-\d+$/);
    expect(shown[0]?.type).toBe('application/pdf');
    expect(await shown[0]?.text()).toBe(pdfBytes);
    expect(within(dialog).getByRole('button', { name: '下载' })).toBeVisible();
  });

  it('refuses files of a kind the server does not take, in Chinese', async () => {
    await createCourseFixture();
    storeUser(await loginAs('teacher1'));
    const { user } = renderApp({ path: '/teaching/teacher/add/courseware' });
    const form = await screen.findByRole('form', { name: '上传课件' });
    // Dragged in (the file picker would not even offer it).
    const exe = new File(['MZ'], '安装程序.exe', { type: 'application/x-msdownload' });
    fireEvent.drop(form.querySelector('.mantine-Dropzone-root') as HTMLElement, {
      dataTransfer: {
        files: [exe],
        items: [{ kind: 'file', type: exe.type, getAsFile: () => exe }],
        types: ['Files'],
      },
    });
    expect(await within(form).findByText(/安装程序\.exe：不支持的文件类型/)).toBeVisible();
    expect(within(form).queryByRole('list', { name: '已选择的文件' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: '上传' }));
    expect(await within(form).findByText('请选择要上传的文件')).toBeVisible();
    expect(within(form).getByText('请输入课件名称')).toBeVisible();
  });
});
