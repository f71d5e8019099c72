import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/identity';
import { classes } from '../../db/schema/school';
import type { CourseItem } from '@dfrm/sdk/tms/types';
import { call, DEMO_SCHOOL, login, type Session, type TestApp } from '../../testing/index';

/** Sessions of the demo accounts, logged in on first use (a login costs a password hash). */
export function sessions(t: TestApp) {
  const cache = new Map<string, Promise<Session>>();
  return (userName: string): Promise<Session> => {
    let session = cache.get(userName);
    if (!session) {
      session = login(t.app, userName);
      cache.set(userName, session);
    }
    return session;
  };
}

export async function userIdOf(t: TestApp, userName: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return row.id;
}

/** The two demo administrative classes (1班: student01–15, 2班: student16–30). */
export async function demoClassIds(t: TestApp): Promise<{ class1: string; class2: string }> {
  const ids: string[] = [];
  for (const name of DEMO_SCHOOL.classes) {
    const [row] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, name));
    if (!row) throw new Error(`no class ${name}`);
    ids.push(String(row.id));
  }
  return { class1: ids[0] ?? '', class2: ids[1] ?? '' };
}

export const SCHOOL = String(DEMO_SCHOOL.id);

/** Creates a course through updateCourse (v1) and fails loudly if refused. */
export async function createCourse(
  t: TestApp,
  session: Session,
  body: {
    courseName: string;
    classIds: string[];
    startDate?: string;
    endDate?: string;
    description?: string;
  },
): Promise<CourseItem> {
  const answer = await call<CourseItem>(t.app, 'POST', '/tms-server/courseMgr/updateCourse', {
    session,
    body: { schoolId: SCHOOL, startDate: '2026-03-02', endDate: '2026-07-10', ...body },
  });
  expect(answer.body.errMsg).toBe('success');
  return answer.body.data;
}

export const SECTION_HEADER = [
  '序号',
  '章节名称',
  '章节说明',
  '上课日期',
  '开始时间',
  '结束时间',
  '上课地点',
];

/** An .xlsx whose first sheet holds the rows (the first row is the header). */
export async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('课程章节');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

export function uploadForm(data: Uint8Array, fileName: string, mode?: string): FormData {
  const form = new FormData();
  form.append(
    'file',
    new File([data as Uint8Array<ArrayBuffer>], fileName, { type: 'application/octet-stream' }),
  );
  if (mode) form.append('mode', mode);
  return form;
}
