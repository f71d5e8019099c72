import { buffer } from 'node:stream/consumers';
import {
  zDelCourseWareResponse,
  zGetCourseWareAttachmentListResponse,
  zGetCourseWareListResponse,
  zGetCourseWareShareListResponse,
  zGetStudentWareListResponse,
  zUpdateCourseWareShareListResponse,
  zUploadCourseWareResponse,
} from '@dfrm/sdk/tms/zod';
import { beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import * as z from 'zod/mini';
import { courseware, coursewareFiles, coursewareShares } from '../../db/schema/courseware';
import { call, createTestApp, login, MemoryStorage, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let storage: MemoryStorage;
let teacher1: Session;
beforeEach(async () => {
  storage = new MemoryStorage();
  t = await createTestApp({ storage });
  f = await teachingFixture(t);
  teacher1 = await login(t.app, 'teacher1');
});

const MGR = '/tms-server/courseWareMgr';
const PDF_NAME = '第一章 量化投资导论.pdf';
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function form(fields: Record<string, string | undefined>, file?: File | null): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, value);
  if (file) data.append('file', file);
  return data;
}

const pdf = (name = PDF_NAME, bytes: Uint8Array = PDF) =>
  new File([bytes], name, { type: 'application/pdf' });

function upload(
  session: Session,
  fields: Record<string, string | undefined> = {},
  file: File | null = pdf(),
) {
  return call(t.app, 'POST', `${MGR}/uploadCourseWare`, {
    session,
    body: form(
      { schoolId: '1', courseId: String(f.quant.id), courseWareName: '第一章 导论', ...fields },
      file,
    ),
  });
}

async function uploaded(fields: Record<string, string | undefined> = {}, file: File | null = pdf()) {
  const answer = await upload(teacher1, fields, file);
  expect(answer.body.errCode, answer.body.errMsg).toBe(0);
  return z.parse(zUploadCourseWareResponse, answer.body.data);
}

const share = (session: Session, courseWareId: string, classIds: number[]) =>
  call(t.app, 'POST', `${MGR}/updateCourseWareShareList`, {
    session,
    body: { schoolId: '1', courseWareId, teachingClassIds: classIds.map(String) },
  });

const download = (session: Session, courseWareId: string, query = '', range?: string) =>
  t.app.request(`/api${MGR}/downloadCourseWare/${courseWareId}${query}`, {
    headers: { Product: 'dfrm', ...session.headers, ...(range ? { Range: range } : {}) },
  });

describe('POST /tms-server/courseWareMgr/uploadCourseWare', () => {
  it('creates a courseware whose file is stored under a server-chosen name, keeping the Chinese name', async () => {
    const detail = await uploaded({ description: ' 课前阅读 ' });
    expect(detail).toMatchObject({
      schoolId: '1',
      courseWareName: '第一章 导论',
      description: '课前阅读',
      courseId: String(f.quant.id),
      courseName: '量化投资',
      owner: { userId: String(f.teacher1), userName: 'teacher1', realName: '李明华' },
      attachmentNum: 1,
      totalSize: PDF.byteLength,
      sharedClassNum: 0,
      sharedClasses: [],
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    expect(detail.attachments).toEqual([
      {
        fileId: expect.any(String),
        fileName: PDF_NAME,
        fileSize: PDF.byteLength,
        contentType: 'application/pdf',
        uploadedAt: t.clock.now(),
      },
    ]);
    const [row] = await t.db.select().from(coursewareFiles);
    expect(row?.fileName).toBe(PDF_NAME);
    expect(row?.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect([...storage.files.keys()]).toEqual([row?.storageKey]);
    expect(storage.files.get(row?.storageKey ?? '')).toEqual(PDF);
  });

  it('appends files to an existing courseware, refusing a duplicate name and more than 20', async () => {
    const first = await uploaded();
    t.clock.advance(1_000);
    const csv = new File(['日期,收盘价\n2026-03-02,3.5\n'], '行情数据.csv', {
      type: 'application/vnd.ms-excel',
    });
    const second = await uploaded({ courseWareId: first.courseWareId, courseWareName: undefined }, csv);
    expect(second.courseWareName).toBe('第一章 导论');
    expect(second.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      [PDF_NAME, 'application/pdf'],
      // the type comes from the checked extension, not from what the browser claimed
      ['行情数据.csv', 'text/csv; charset=utf-8'],
    ]);
    expect(second).toMatchObject({
      attachmentNum: 2,
      totalSize: PDF.byteLength + csv.size,
      updatedAt: t.clock.now(),
    });

    const duplicate = await upload(teacher1, { courseWareId: first.courseWareId });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ errCode: 7, errMsg: `该课件中已有同名附件：${PDF_NAME}`, data: null });

    for (let n = 3; n <= 20; n++) {
      expect(
        (await upload(teacher1, { courseWareId: first.courseWareId }, pdf(`第${n}讲.pdf`))).body.errCode,
      ).toBe(0);
    }
    const tooMany = await upload(teacher1, { courseWareId: first.courseWareId }, pdf('第21讲.pdf'));
    expect(tooMany.body).toEqual({
      errCode: 2,
      errMsg: '参数 file 超过附件数量上限：每个课件最多 20 个附件',
      data: null,
    });
    expect(storage.files.size).toBe(20);
  });

  it('refuses bad files and fields naming the field in Chinese, storing nothing', async () => {
    const cases: [Record<string, string | undefined>, File | null, string][] = [
      [{}, null, '参数 file 不能为空'],
      [{}, new File(['MZ'], '病毒.exe'), '参数 file 的文件类型不允许'],
      [{}, new File(['x'], '没有扩展名'), '参数 file 的文件类型不允许'],
      [{}, new File([], '空.pdf'), '参数 file 是空文件'],
      [{ courseWareName: undefined }, pdf(), '参数 courseWareName 不能为空'],
      [{ courseWareName: '   ' }, pdf(), '参数 courseWareName 不能为空'],
      [{ courseWareName: '名'.repeat(101) }, pdf(), '参数 courseWareName 长度不能超过 100 个字符'],
      [{ courseId: undefined }, pdf(), '参数 courseId 不能为空'],
    ];
    for (const [fields, file, message] of cases) {
      const answer = await upload(teacher1, fields, file);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errCode).toBe(2);
      expect(answer.body.errMsg.startsWith(message), answer.body.errMsg).toBe(true);
    }
    const json = await call(t.app, 'POST', `${MGR}/uploadCourseWare`, {
      session: teacher1,
      body: { schoolId: '1', courseId: String(f.quant.id) },
    });
    expect(json.body).toEqual({
      errCode: 2,
      errMsg: '请求体必须是 multipart/form-data，文件放在字段 file 中',
      data: null,
    });
    expect(storage.files.size).toBe(0);
    expect(await t.db.select().from(courseware)).toEqual([]);
  });

  it('refuses a file over the configured size limit', async () => {
    const small = new MemoryStorage();
    t = await createTestApp({ storage: small, config: { coursewareMaxBytes: 1024 } });
    f = await teachingFixture(t);
    teacher1 = await login(t.app, 'teacher1');
    const big = new File([new Uint8Array(2048)], '大文件.pdf');
    expect((await upload(teacher1, {}, big)).body).toEqual({
      errCode: 2,
      errMsg: '参数 file 超过大小上限：单个文件不能超过 1 KB',
      data: null,
    });
    // far over the limit: refused before the body is read
    const huge = new File([new Uint8Array(200 * 1024)], '更大.pdf');
    expect((await upload(teacher1, {}, huge)).body.errMsg).toBe(
      '参数 file 超过大小上限：单个文件不能超过 1 KB',
    );
    expect((await upload(teacher1, {}, new File([new Uint8Array(1024)], '刚好.pdf'))).body.errCode).toBe(0);
    expect(small.files.size).toBe(1);
  });

  it('keeps teachers to their own courses and courseware, and students out', async () => {
    const mine = await uploaded();
    const teacher2 = await login(t.app, 'teacher2');
    // into teacher1's course
    expect((await upload(teacher2, {})).body).toMatchObject({ errCode: 5, errMsg: '您不是该课程的任课教师' });
    // onto teacher1's courseware
    expect(
      (await upload(teacher2, { courseId: String(f.derivatives.id), courseWareId: mine.courseWareId })).body,
    ).toMatchObject({ errCode: 5, errMsg: '这不是您的课件' });
    expect((await upload(teacher1, { courseId: '999999' })).body).toMatchObject({
      errCode: 6,
      errMsg: '课程不存在',
    });
    expect((await upload(teacher1, { courseWareId: '999999' })).body.errCode).toBe(6);
    // a school the caller has no teacher role in
    expect((await upload(teacher1, { schoolId: '2' })).body.errCode).toBe(5);
    const student = await login(t.app, 'student01');
    expect((await upload(student, {})).body.errCode).toBe(5);
    expect(storage.files.size).toBe(1);
  });
});

describe('POST /tms-server/courseWareMgr/getCourseWareList', () => {
  it('pages the caller’s courseware with filters and sorting', async () => {
    const a = await uploaded({ courseWareName: '第一章 导论' });
    t.clock.advance(1_000);
    const b = await uploaded(
      { courseWareName: '第二章 因子模型' },
      pdf('因子.pdf', new Uint8Array(5000).fill(65)),
    );
    t.clock.advance(1_000);
    await uploaded(
      { courseWareName: 'Python 入门', courseId: String(f.python.id) },
      new File(['print(1)\n'], '入门.py'),
    );
    t.clock.advance(1_000);
    await share(teacher1, b.courseWareId, [f.quant.class1]);
    const teacher2 = await login(t.app, 'teacher2');
    await upload(teacher2, { courseId: String(f.derivatives.id), courseWareName: '衍生品' });

    const list = (body: Record<string, unknown>, session = teacher1) =>
      call(t.app, 'POST', `${MGR}/getCourseWareList`, {
        session,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
      });
    const all = z.parse(zGetCourseWareListResponse, (await list({})).body.data);
    expect(all.total).toBe(3);
    // sharing counts as an update
    expect(all.list.map((item) => item.courseWareName)).toEqual([
      '第二章 因子模型',
      'Python 入门',
      '第一章 导论',
    ]);
    expect(all.list[0]).toMatchObject({ sharedClassNum: 1, attachmentNum: 1, totalSize: 5000 });
    expect(all.list[0]).not.toHaveProperty('attachments');

    const names = async (body: Record<string, unknown>) =>
      z
        .parse(zGetCourseWareListResponse, (await list(body)).body.data)
        .list.map((item) => item.courseWareName);
    expect(await names({ shared: true })).toEqual(['第二章 因子模型']);
    expect(await names({ shared: false, sortField: 'courseWareName', sortOrder: 'asc' })).toEqual([
      'Python 入门',
      '第一章 导论',
    ]);
    expect(await names({ courseId: String(f.python.id) })).toEqual(['Python 入门']);
    expect(await names({ keyword: '章' })).toEqual(['第二章 因子模型', '第一章 导论']);
    expect(await names({ sortField: 'totalSize', sortOrder: 'asc' })).toEqual([
      'Python 入门',
      '第一章 导论',
      '第二章 因子模型',
    ]);
    expect(
      z.parse(zGetCourseWareListResponse, (await list({ pageIndex: 2, pageSize: 2 })).body.data),
    ).toMatchObject({
      total: 3,
      list: [{ courseWareId: a.courseWareId }],
    });
    const theirs = z.parse(zGetCourseWareListResponse, (await list({}, teacher2)).body.data);
    expect(theirs.list.map((item) => item.courseWareName)).toEqual(['衍生品']);

    expect((await list({ pageSize: 500 })).body).toEqual({
      errCode: 2,
      errMsg: '参数 pageSize 不能大于 200',
      data: null,
    });
    expect((await list({ sortField: 'size' })).body.errCode).toBe(2);
    const student = await login(t.app, 'student01');
    expect((await list({}, student)).body.errCode).toBe(5);
  });
});

describe('sharing: updateCourseWareShareList and getCourseWareShareList', () => {
  it('replaces the shared classes (across the caller’s courses), keeping the first share time', async () => {
    const ware = await uploaded();
    const firstShare = t.clock.now();
    const answer = await share(teacher1, ware.courseWareId, [f.quant.class1]);
    expect(answer.body.errCode).toBe(0);
    t.clock.advance(60_000);
    const later = await share(teacher1, ware.courseWareId, [f.quant.class1, f.python.class1]);
    const items = z.parse(zUpdateCourseWareShareListResponse, later.body.data);
    expect(
      items.map((item) => [item.teachingClass.teachingClassId, item.courseName, item.shared, item.sharedAt]),
    ).toEqual([
      [String(f.quant.class1), '量化投资', true, firstShare],
      [String(f.quant.class2), '量化投资', false, null],
      [String(f.python.class1), 'Python金融数据分析', true, t.clock.now()],
    ]);
    expect(items[0]?.teachingClass).toEqual({
      teachingClassId: String(f.quant.class1),
      courseId: String(f.quant.id),
      classId: String(f.class1),
      className: '量化投资（1班）',
      studentCount: 15,
    });

    await share(teacher1, ware.courseWareId, [f.python.class1]);
    const listed = await call(t.app, 'GET', `${MGR}/getCourseWareShareList/1/${ware.courseWareId}`, {
      session: teacher1,
    });
    expect(z.parse(zGetCourseWareShareListResponse, listed.body.data).map((item) => item.shared)).toEqual([
      false,
      false,
      true,
    ]);
    expect(await t.db.select().from(coursewareShares)).toEqual([
      { coursewareId: Number(ware.courseWareId), teachingClassId: f.python.class1, sharedAt: t.clock.now() },
    ]);
    // an empty list unshares everything
    await share(teacher1, ware.courseWareId, []);
    expect(await t.db.select().from(coursewareShares)).toEqual([]);
  });

  it('refuses other teachers’ courseware and classes, unknown ones and students', async () => {
    const ware = await uploaded();
    const teacher2 = await login(t.app, 'teacher2');
    expect((await share(teacher2, ware.courseWareId, [])).body).toMatchObject({
      errCode: 5,
      errMsg: '这不是您的课件',
    });
    expect((await share(teacher1, ware.courseWareId, [f.derivatives.class1])).body).toMatchObject({
      errCode: 5,
      errMsg: '您不是该教学班的任课教师',
    });
    expect((await share(teacher1, ware.courseWareId, [999999])).body.errCode).toBe(6);
    expect((await share(teacher1, '999999', [])).body.errCode).toBe(6);
    const bad = await call(t.app, 'POST', `${MGR}/updateCourseWareShareList`, {
      session: teacher1,
      body: { schoolId: '1', courseWareId: ware.courseWareId },
    });
    expect(bad.body).toEqual({ errCode: 2, errMsg: '参数 teachingClassIds 不能为空', data: null });
    const student = await login(t.app, 'student01');
    expect((await share(student, ware.courseWareId, [])).body.errCode).toBe(5);
    expect(
      (
        await call(t.app, 'GET', `${MGR}/getCourseWareShareList/1/${ware.courseWareId}`, {
          session: teacher2,
        })
      ).body.errCode,
    ).toBe(5);
    expect(await t.db.select().from(coursewareShares)).toEqual([]);
  });
});

describe('reading: getCourseWareAttachmentList, downloadCourseWare, getStudentWareList', () => {
  it('lets the owner and students of shared classes read and download, with the Chinese file name', async () => {
    const ware = await uploaded();
    const student01 = await login(t.app, 'student01');
    const student16 = await login(t.app, 'student16');
    const teacher2 = await login(t.app, 'teacher2');

    // not shared yet: only the owner
    expect((await download(student01, ware.courseWareId)).status).toBe(403);
    const own = await download(teacher1, ware.courseWareId);
    expect(own.status).toBe(200);

    await share(teacher1, ware.courseWareId, [f.quant.class1]);
    const answer = await download(student01, ware.courseWareId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-length')).toBe(String(PDF.byteLength));
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent(PDF_NAME)}`,
    );
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PDF);

    const attachments = await call(
      t.app,
      'POST',
      `${MGR}/getCourseWareAttachmentList/1/${ware.courseWareId}`,
      {
        session: student01,
      },
    );
    expect(z.parse(zGetCourseWareAttachmentListResponse, attachments.body.data)).toEqual(ware.attachments);

    // the other class and the other teacher: refused, as an envelope
    for (const session of [student16, teacher2]) {
      const refused = await download(session, ware.courseWareId);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        errCode: 5,
        errMsg: '该课件不是您的，也没有共享给您所在的教学班',
        data: null,
      });
      const listRefused = await call(
        t.app,
        'POST',
        `${MGR}/getCourseWareAttachmentList/1/${ware.courseWareId}`,
        {
          session,
        },
      );
      expect(listRefused.body.errCode).toBe(5);
    }
    expect((await download(student01, '999999')).status).toBe(404);
    expect((await download(student01, ware.courseWareId, '?fileId=999999')).status).toBe(404);
    const anonymous = await t.app.request(`/api${MGR}/downloadCourseWare/${ware.courseWareId}`);
    expect(anonymous.status).toBe(401);
  });

  it('downloads one file by fileId, or all of them as <课件名>.zip', async () => {
    const ware = await uploaded();
    const notes = new TextEncoder().encode('# 笔记\n因子模型');
    const second = await uploaded({ courseWareId: ware.courseWareId }, new File([notes], '课堂笔记.md'));
    const noteFile = second.attachments[1];

    const one = await download(teacher1, ware.courseWareId, `?fileId=${noteFile?.fileId}`);
    expect(one.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(new Uint8Array(await one.arrayBuffer())).toEqual(notes);

    const zip = await download(teacher1, ware.courseWareId);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe(
      `attachment; filename="download.zip"; filename*=UTF-8''${encodeURIComponent('第一章 导论.zip')}`,
    );
    const entries = await readZip(new Uint8Array(await zip.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual([PDF_NAME, '课堂笔记.md']);
    expect(entries[0]?.data).toEqual(PDF);
    expect(entries[1]?.data).toEqual(notes);
  });

  it('answers a PDF or an image inline for preview, only to the owner and students of a shared class', async () => {
    const ware = await uploaded();
    const pdfFile = ware.attachments[0]!;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const withImage = await uploaded({ courseWareId: ware.courseWareId }, new File([png], '收益曲线.png'));
    const imageFile = withImage.attachments[1]!;
    const withNotes = await uploaded({ courseWareId: ware.courseWareId }, new File(['因子'], '笔记.txt'));
    const notesFile = withNotes.attachments[2]!;
    const student01 = await login(t.app, 'student01');
    const student16 = await login(t.app, 'student16');
    const preview = (session: Session, fileId: string) =>
      download(session, ware.courseWareId, `?fileId=${fileId}&preview=true`);

    // not shared yet: the student cannot preview it either
    expect((await preview(student01, pdfFile.fileId)).status).toBe(403);
    await share(teacher1, ware.courseWareId, [f.quant.class1]);

    const answer = await preview(student01, pdfFile.fileId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `inline; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent(PDF_NAME)}`,
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PDF);
    // the page that frames it is this origin: the file's own policy lets it be framed there
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const image = await preview(student01, imageFile.fileId);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline; /);
    expect((await preview(teacher1, pdfFile.fileId)).status).toBe(200);

    // a student of the other class, and anyone without a session: refused
    const refused = await preview(student16, pdfFile.fileId);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errCode: number }).errCode).toBe(5);
    const anonymous = await t.app.request(
      `/api${MGR}/downloadCourseWare/${ware.courseWareId}?fileId=${pdfFile.fileId}&preview=true`,
    );
    expect(anonymous.status).toBe(401);

    // other kinds are downloaded, not previewed; a preview names its file
    const text = await preview(student01, notesFile.fileId);
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ errCode: 2, errMsg: expect.stringContaining('不能在线预览') });
    const whole = await download(student01, ware.courseWareId, '?preview=true');
    expect(((await whole.json()) as { errCode: number }).errCode).toBe(2);
    // without preview the same file is still an attachment
    const saved = await download(student01, ware.courseWareId, `?fileId=${pdfFile.fileId}`);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('answers byte ranges of a file and of an archive of stored kinds', async () => {
    const ware = await uploaded();
    const whole = await download(teacher1, ware.courseWareId);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(PDF.length));

    const head = await download(teacher1, ware.courseWareId, '', 'bytes=0-7');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-7/${PDF.length}`);
    expect(await head.text()).toBe('%PDF-1.4');
    expect((await download(teacher1, ware.courseWareId, '', `bytes=${PDF.length}-`)).status).toBe(416);

    // two PDFs are stored uncompressed, so the archive's size is known in advance
    await uploaded({ courseWareId: ware.courseWareId }, pdf('第二章.pdf'));
    const zip = await download(teacher1, ware.courseWareId);
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect(zip.headers.get('content-length')).toBe(String(bytes.length));
    const tail = await download(teacher1, ware.courseWareId, '', 'bytes=-100');
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));
    expect((await readZip(bytes)).map((entry) => entry.name)).toEqual([PDF_NAME, '第二章.pdf']);
  });

  it('lists for students only what is shared with their classes', async () => {
    const ware = await uploaded();
    t.clock.advance(1_000);
    const python = await uploaded(
      { courseWareName: 'Python 入门', courseId: String(f.python.id) },
      new File(['{"cells":[]}'], '入门.ipynb'),
    );
    await uploaded({ courseWareName: '未共享' }, pdf('未共享.pdf'));
    await share(teacher1, ware.courseWareId, [f.quant.class1, f.quant.class2]);
    const sharedAt = t.clock.now();
    t.clock.advance(1_000);
    await share(teacher1, python.courseWareId, [f.python.class1]);

    const student01 = await login(t.app, 'student01');
    const student16 = await login(t.app, 'student16');
    const mine = (session: Session, body: Record<string, unknown> = {}) =>
      call(t.app, 'POST', '/tms-server/myCourse/getStudentWareList', {
        session,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20, ...body },
      });
    const page = z.parse(zGetStudentWareListResponse, (await mine(student01)).body.data);
    expect(page.total).toBe(2);
    expect(page.list.map((item) => item.courseWareName)).toEqual(['Python 入门', '第一章 导论']);
    expect(page.list[1]).toMatchObject({
      courseWareId: ware.courseWareId,
      courseName: '量化投资',
      sharedAt,
      attachmentNum: 1,
      attachments: ware.attachments,
    });
    expect(page.list[1]).not.toHaveProperty('sharedClassNum');

    const byCourse = z.parse(
      zGetStudentWareListResponse,
      (await mine(student01, { courseId: String(f.quant.id) })).body.data,
    );
    expect(byCourse.list.map((item) => item.courseWareName)).toEqual(['第一章 导论']);
    expect(
      z.parse(zGetStudentWareListResponse, (await mine(student01, { keyword: 'python' })).body.data).total,
    ).toBe(1);

    const other = z.parse(zGetStudentWareListResponse, (await mine(student16)).body.data);
    expect(other.list.map((item) => item.courseWareName)).toEqual(['第一章 导论']);
    // student16 is not in the Python course (class 2 has no teaching class there)
    expect((await mine(student16, { courseId: String(f.python.id) })).body).toEqual({
      errCode: 5,
      errMsg: '您不在该课程中',
      data: null,
    });
    // a page past the end still tells the total, and is no refusal for a course the student is in
    expect((await mine(student01, { pageIndex: 3, pageSize: 1 })).body.data).toEqual({ list: [], total: 2 });
    expect(
      (await mine(student01, { courseId: String(f.quant.id), pageIndex: 2, pageSize: 1 })).body.data,
    ).toEqual({ list: [], total: 1 });
    expect((await mine(student01, { pageSize: 0 })).body.errCode).toBe(2);
    expect((await mine(teacher1)).body.errCode).toBe(5);

    // unsharing takes it away
    await share(teacher1, ware.courseWareId, [f.quant.class1]);
    expect(z.parse(zGetStudentWareListResponse, (await mine(student16)).body.data).total).toBe(0);
    expect((await download(student16, ware.courseWareId)).status).toBe(403);
  });
});

describe('POST /tms-server/courseWareMgr/delCourseWare', () => {
  it('deletes one attachment or the whole courseware, removing the files from storage', async () => {
    const ware = await uploaded();
    const two = await uploaded({ courseWareId: ware.courseWareId }, pdf('第二讲.pdf'));
    await share(teacher1, ware.courseWareId, [f.quant.class1]);
    const [, second] = two.attachments;
    const teacher2 = await login(t.app, 'teacher2');
    const del = (session: Session, body: Record<string, unknown>) =>
      call(t.app, 'POST', `${MGR}/delCourseWare`, { session, body: { schoolId: '1', ...body } });

    expect((await del(teacher2, { courseWareId: ware.courseWareId })).body.errCode).toBe(5);
    expect((await del(teacher1, { courseWareId: ware.courseWareId, fileId: '999999' })).body.errCode).toBe(6);
    expect((await del(teacher1, { courseWareId: '999999' })).body.errCode).toBe(6);
    expect((await del(teacher1, {})).body).toEqual({
      errCode: 2,
      errMsg: '参数 courseWareId 不能为空',
      data: null,
    });
    expect(storage.files.size).toBe(2);

    const one = await del(teacher1, { courseWareId: ware.courseWareId, fileId: second?.fileId });
    expect(z.parse(zDelCourseWareResponse, one.body.data)).toEqual({ id: second?.fileId });
    expect(storage.files.size).toBe(1);
    expect((await t.db.select().from(coursewareFiles)).map((row) => row.fileName)).toEqual([PDF_NAME]);

    const all = await del(teacher1, { courseWareId: ware.courseWareId });
    expect(z.parse(zDelCourseWareResponse, all.body.data)).toEqual({ id: ware.courseWareId });
    expect(storage.files.size).toBe(0);
    expect(await t.db.select().from(courseware)).toEqual([]);
    expect(await t.db.select().from(coursewareShares)).toEqual([]);

    const student01 = await login(t.app, 'student01');
    expect((await download(student01, ware.courseWareId)).status).toBe(404);
  });
});

/** Reads the entries of a ZIP archive with yauzl (which checks sizes and CRCs). */
function readZip(archive: Uint8Array): Promise<{ name: string; data: Uint8Array }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(archive), { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: { name: string; data: Uint8Array }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((data) => {
            entries.push({ name: entry.fileName, data: new Uint8Array(data) });
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
