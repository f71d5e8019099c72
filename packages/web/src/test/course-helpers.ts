import { configure } from '@dfrm/sdk';
import { getSchoolClass, updateCourse, type CourseItem } from '@dfrm/sdk/tms';
import type { User } from '@dfrm/sdk/user';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { API_BASE, loginAs } from './api-server';

/** Points the SDK at the reference server as this user (renderApp reconfigures it for the app). */
export function actAs(user: User): void {
  configure({ baseUrl: API_BASE, getAuth: () => ({ token: user.token, userId: user.userId }) });
}

/**
 * A course of `account` on the named administrative classes, created through
 * the real updateCourse operation (so its teaching classes hold the classes'
 * students).
 */
export async function createCourseAs(
  account: string,
  courseName: string,
  classNames: readonly string[],
): Promise<CourseItem> {
  const user = await loginAs(account);
  actAs(user);
  const classes = await getSchoolClass({ body: { schoolId: '1' } });
  const classIds = classNames.map((name) => {
    const found = classes.find((item) => item.className === name);
    if (!found) throw new Error(`no administrative class ${name}`);
    return found.classId;
  });
  return updateCourse({
    body: { schoolId: '1', courseName, startDate: '2026-03-01', endDate: '2026-07-10', classIds },
  });
}

/** An .xlsx in the student template's layout, as a File the import can take. */
export function studentWorkbook(rows: readonly (readonly string[])[], name = '学生名单.xlsx'): Promise<File> {
  return workbookFile(['学号', '姓名', '性别', '账号', '手机号', '邮箱'], rows, name);
}

/** An .xlsx in the course section template's layout. */
export function sectionWorkbook(
  rows: readonly (readonly (string | number)[])[],
  name = '课程章节.xlsx',
): Promise<File> {
  return workbookFile(
    ['序号', '章节名称', '章节说明', '上课日期', '开始时间', '结束时间', '上课地点'],
    rows,
    name,
  );
}

async function workbookFile(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  name: string,
): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  const buffer = await workbook.xlsx.writeBuffer();
  // Node's File, which Node's fetch can send (see setupNodeFormData).
  return new NodeFile([new Uint8Array(buffer as ArrayBuffer)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;
}

/**
 * In jsdom, FormData and File are jsdom's while fetch is Node's, which sends a
 * jsdom FormData as the text "[object FormData]": multipart uploads through the
 * SDK arrive empty. Browsers have one implementation of each; for the tests of
 * a file that uploads, install Node's FormData, Blob and File (files from studentWorkbook).
 */
export function setupNodeFormData(): void {
  let original: { FormData: typeof FormData; Blob: typeof Blob; File: typeof File };
  beforeAll(async () => {
    original = { FormData: globalThis.FormData, Blob: globalThis.Blob, File: globalThis.File };
    const form = await new Response(new URLSearchParams('probe=1')).formData();
    globalThis.FormData = form.constructor as typeof FormData;
    // The SDK's serializer checks `instanceof Blob` before appending a file, and
    // the in-process server (same globals) checks `instanceof File` on receipt.
    globalThis.Blob = NodeBlob as unknown as typeof Blob;
    globalThis.File = NodeFile as unknown as typeof File;
  });
  afterAll(() => {
    globalThis.FormData = original.FormData;
    globalThis.Blob = original.Blob;
    globalThis.File = original.File;
  });
}
