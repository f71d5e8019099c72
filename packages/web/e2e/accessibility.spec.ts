import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, CLASS_1, fillLogin } from './support';

/**
 * Every page each role reaches, at 1366 × 768 and at 390 × 844: no axe violation (WCAG 2.1 A and
 * AA and axe's best practices, the rules Lighthouse's accessibility score is made of) and nothing
 * wider than the window. The pages are found as a person finds them: from where the role lands
 * after login, through the links the pages offer (menus, tabs, cards, rows), one page per route
 * shape. teacher2 teaches a course with a notice to 1班, so the student's pages are not all empty.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const MAX_PAGES = 30;
// links that end the session, leave the app or fetch a file are not followed
const SKIP = [/\/account/, /logout/, /download/, /\/api\//];

test.setTimeout(300_000);

test.beforeAll(async ({ request }) => {
  const teacher = await apiLogin(request, 'teacher2');
  const answer = await api<
    { classId: string; className: string }[] | { list: { classId: string; className: string }[] }
  >(request, '/tms-server/courseMgr/getSchoolClass', { schoolId: '1' }, teacher);
  const class1 = (Array.isArray(answer) ? answer : answer.list).find((item) => item.className === CLASS_1);
  if (!class1) throw new Error(`演示学校缺少${CLASS_1}`);
  // a worker that starts again after a failed test finds the course there already
  const course = await api<{ courseId: string; teachingClasses: { teachingClassId: string }[] }>(
    request,
    '/tms-server/courseMgr/updateCourse',
    {
      schoolId: '1',
      courseName: '金融数据可视化',
      startDate: '2026-09-01',
      endDate: '2027-01-15',
      classIds: [class1.classId],
    },
    teacher,
  ).catch((error: Error) => {
    if (error.message.includes('同名课程')) return null;
    throw error;
  });
  if (!course) return;
  await api(
    request,
    '/tms-server/announce/updateAnnounce',
    {
      schoolId: '1',
      courseId: course.courseId,
      title: '可视化作业提交说明',
      content: '<p>请在周五前提交图表与说明。</p>',
      status: 1,
      teachingClassIds: course.teachingClasses.map((item) => item.teachingClassId),
    },
    teacher,
  );
});

/** One route shape: ids become placeholders, search keys are kept without their values. */
function shape(url: URL): string {
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  const keys = [...url.searchParams.keys()].sort().join('&');
  return keys ? `${path}?${keys}` : path;
}

/** Network quiet and no skeleton or busy region left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'));
}

async function problems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id}: ${v.nodes.length} × ${v.nodes
        .slice(0, 2)
        .map((n) => n.html.slice(0, 120))
        .join(' | ')}`,
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) found.push(`页面比窗口宽 ${overflow}px`);
  return found;
}

for (const account of ['teacher2', 'student01', 'manager', 'admin']) {
  test(`every page ${account} reaches passes axe at both sizes`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    await fillLogin(page, account);
    await page.waitForURL((url) => !url.pathname.startsWith('/account'));
    await settle(page);

    const queue = [page.url()];
    const seen = new Set([shape(new URL(page.url()))]);
    const failures: string[] = [];
    for (let i = 0; i < queue.length && i < MAX_PAGES; i++) {
      const url = queue[i]!;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(url);
        await settle(page);
        for (const problem of await problems(page))
          failures.push(`${size.width}px ${url.replace(baseURL!, '')} ${problem}`);
        if (size !== SIZES[0]) continue;
        // the links of the desktop layout (on a phone the menu is closed)
        for (const href of await page.$$eval('a[href]', (links) =>
          links.map((a) => (a as HTMLAnchorElement).href),
        )) {
          const link = new URL(href);
          if (link.origin !== new URL(baseURL!).origin || SKIP.some((re) => re.test(link.pathname))) continue;
          if (seen.has(shape(link))) continue;
          seen.add(shape(link));
          link.hash = '';
          queue.push(link.href);
        }
      }
    }
    // a wrong address keeps the signed-in shell
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    for (const problem of await problems(page)) failures.push(`/no/such/page ${problem}`);

    expect(queue.length, 'pages found from the landing page').toBeGreaterThan(account === 'admin' ? 3 : 2);
    expect(failures).toEqual([]);
    await context.close();
  });
}
