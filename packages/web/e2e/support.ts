import ExcelJS from 'exceljs';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

/** What every journey shares: the demo school's accounts and classes, logins, files and the API. */

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'dfrm2026';
export const CLASS_1 = '金融工程2026级1班';
export const CLASS_2 = '金融工程2026级2班';

/** Fills the login form and submits it, as a person would. */
export async function fillLogin(page: Page, account: string, password = PASSWORD): Promise<void> {
  await page.goto('/account');
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** A new browser context (its own storage) with the login form submitted as `account`. */
export async function login(
  browser: Browser,
  account: string,
  options: {
    password?: string;
    viewport?: { width: number; height: number };
    acceptDownloads?: boolean;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
  });
  const page = await context.newPage();
  await fillLogin(page, account, options.password);
  return page;
}

/** login(), then on the home page (/course), where every school role lands. */
export async function loginHome(
  browser: Browser,
  account: string,
  options: Parameters<typeof login>[2] = {},
) {
  const page = await login(browser, account, options);
  await expect(page).toHaveURL(/\/course$/);
  return page;
}

export interface Session {
  token: string;
  userId: string;
}

/** Calls the API as a client would: the envelope's data, or an error naming the path and errCode. */
export async function api<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  session?: Session,
): Promise<T> {
  const response = await request.post(`/api${path}`, {
    headers: { Product: 'dfrm', ...(session ? { token: session.token, userId: session.userId } : {}) },
    data: body,
  });
  const answer = (await response.json()) as { errCode: number; errMsg: string; data: T };
  if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errCode} ${answer.errMsg}`);
  return answer.data;
}

/** A GET operation (ids in the path), answered like api(). */
export async function apiGet<T>(request: APIRequestContext, path: string, session: Session): Promise<T> {
  const response = await request.get(`/api${path}`, {
    headers: { Product: 'dfrm', token: session.token, userId: session.userId },
  });
  const answer = (await response.json()) as { errCode: number; errMsg: string; data: T };
  if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errCode} ${answer.errMsg}`);
  return answer.data;
}

/**
 * The session a browser page is logged in with (one account has one live session: a fresh API
 * login would log the page out).
 */
export async function pageSession(page: Page): Promise<Session> {
  const stored = await page.evaluate(() => window.localStorage.getItem('dfrm.user'));
  const user = stored ? (JSON.parse(stored) as Partial<Session>) : {};
  if (!user.token || !user.userId) throw new Error('页面没有登录');
  return { token: user.token, userId: user.userId };
}

export function apiLogin(request: APIRequestContext, account: string): Promise<Session> {
  return api<Session>(request, '/user/login', { account, password: PASSWORD, productId: 7 });
}

/** A one-page PDF, enough for a browser's viewer. */
export function pdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 18 Tf 20 60 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An .xlsx in the layout of the server's student template: header row, then one student per row. */
export async function studentsWorkbook(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学生');
  sheet.addRow(['学号', '姓名', '性别', '账号', '手机号', '邮箱']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The teaching-manage area's side navigation: 教学管理 for teachers, 学习中心 for students. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(教学管理|学习中心)导航$/ });

/** Nothing on the page is wider than the window (no sideways scrolling, nothing cut off). */
export async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

interface SchoolClass {
  classId: string;
  className: string;
}

export interface CreatedCourse {
  courseId: string;
  teachingClasses: { teachingClassId: string }[];
}

/** A course this term for the demo school's administrative classes named, set up as `teacher`. */
export async function apiCreateCourse(
  request: APIRequestContext,
  teacher: Session,
  courseName: string,
  classNames: readonly string[],
): Promise<CreatedCourse> {
  const answer = await api<SchoolClass[] | { list: SchoolClass[] }>(
    request,
    '/tms-server/courseMgr/getSchoolClass',
    { schoolId: '1' },
    teacher,
  );
  const classes = Array.isArray(answer) ? answer : answer.list;
  const classIds = classNames.map((name) => {
    const found = classes.find((item) => item.className === name);
    if (!found) throw new Error(`演示学校缺少${name}`);
    return found.classId;
  });
  return api<CreatedCourse>(
    request,
    '/tms-server/courseMgr/updateCourse',
    { schoolId: '1', courseName, startDate: '2026-09-01', endDate: '2027-01-15', classIds },
    teacher,
  );
}
