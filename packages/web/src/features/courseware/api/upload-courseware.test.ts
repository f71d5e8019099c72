import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { ApiError, configure } from '@dfrm/sdk';
import { getCourseWareList } from '@dfrm/sdk/tms';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, type UploadProgress } from '@/lib/xhr-fetch';
import { API_BASE, forwardToApi, loginAs, server, setupApiServer } from '@/test/api-server';
import { type CourseFixture, createCourseFixture } from '@/test/teaching-fixture';
import { uploadCoursewareFile } from './courseware-mutations';

setupApiServer();

// jsdom's File and FormData cannot be read by Node's Request, which carries the
// upload to the in-process server; Node's own classes stand in for them here.
beforeAll(async () => {
  const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor;
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('FormData', NodeFormData);
});

const TEXT = '课件正文：均值-方差模型。'.repeat(200);
const textFile = (name = '第一章.txt') => new File([TEXT], name, { type: 'text/plain' });

let course: CourseFixture;
beforeEach(async () => {
  course = await createCourseFixture();
  const teacher = await loginAs('teacher1');
  configure({ baseUrl: API_BASE, getAuth: () => ({ token: teacher.token, userId: teacher.userId }) });
});

async function coursewareNames(): Promise<string[]> {
  const page = await getCourseWareList({
    body: { schoolId: '1', courseId: course.courseId, pageIndex: 1, pageSize: 50 },
  });
  return page.list.map((item) => item.courseWareName);
}

/** Holds uploads at the server's door until the test lets them through; counts what arrived. */
function holdUploads() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived: Request[] = [];
  const answered: Promise<Response>[] = [];
  server.use(
    http.post('*/api/tms-server/courseWareMgr/uploadCourseWare', async ({ request }) => {
      arrived.push(request);
      await gate;
      const answer = forwardToApi(request);
      answered.push(answer);
      return answer;
    }),
  );
  return { arrived, answered, release };
}

describe('uploadCoursewareFile (the generated call through XMLHttpRequest)', () => {
  it('uploads with the session headers, reports progress and answers the saved courseware', async () => {
    const progress: UploadProgress[] = [];
    const file = textFile();
    const saved = await uploadCoursewareFile(
      { schoolId: '1', courseId: course.courseId, courseWareName: '第一章', file },
      { onProgress: (step) => progress.push(step) },
    );

    expect(saved.courseWareName).toBe('第一章');
    expect(saved.attachments.map((f) => [f.fileName, f.fileSize])).toEqual([['第一章.txt', file.size]]);
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    // The whole multipart body went up: the file and the form fields around it.
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(file.size);
    expect(await coursewareNames()).toEqual(['第一章']);
  });

  it('gives up the upload when its signal aborts, with an AbortError, whatever the server answers later', async () => {
    const held = holdUploads();
    const controller = new AbortController();
    const upload = uploadCoursewareFile(
      { schoolId: '1', courseId: course.courseId, courseWareName: '取消的课件', file: textFile() },
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(held.arrived).toHaveLength(1));
    controller.abort();
    const error = await upload.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    // The request had left; what comes back after the abort changes nothing for the caller.
    held.release();
    await vi.waitFor(() => expect(held.answered).toHaveLength(1));
    expect((await held.answered[0])!.status).toBe(200);
    expect(isAbortError(await upload.catch((caught: unknown) => caught))).toBe(true);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const held = holdUploads();
    const controller = new AbortController();
    controller.abort();
    const error = await uploadCoursewareFile(
      { schoolId: '1', courseId: course.courseId, courseWareName: '不发送', file: textFile() },
      { signal: controller.signal },
    ).catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);
    held.release();
    expect(held.arrived).toHaveLength(0);
  });

  it("brings the server's refusal back as an ApiError with its message", async () => {
    const error = await uploadCoursewareFile({
      schoolId: '1',
      courseId: course.courseId,
      file: new File(['MZ'], '病毒.exe', { type: 'application/octet-stream' }),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(2);
    expect((error as ApiError).errMsg).toMatch(/文件类型|exe/);
  });
});
