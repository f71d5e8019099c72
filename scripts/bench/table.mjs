#!/usr/bin/env node
// The 10,000-row student table in Chromium, against DESIGN.md's bars (first render ≤ 150 ms,
// sort ≤ 100 ms, scroll p95 frame ≤ 1.15 × the p95 of the same scroll through a static page in
// the same run, this machine's floor). Starts the built app on a temporary data folder,
// gives teacher1 a course on class 1 and imports 10,000 students into that class through the API
// (5 Excel files of 2,000 rows), then drives /teaching-manage/teacher/student/manage in Debian's
// chromium. Run after `pnpm build`:  node scripts/bench/table.mjs
import {
  apiCaller,
  launchChromium,
  loginThroughPage,
  PASSWORD,
  pct,
  startServer,
  webRequire,
} from './lib.mjs';

const ExcelJS = webRequire('exceljs');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
// the server runs in its own process group, killed as a group however the bench ends (lib.mjs)
const server = await startServer();
const base = server.base;

const api = apiCaller(base);

let browser;
try {
  const teacher = await api('/user/login', {
    body: { account: 'teacher1', password: PASSWORD, productId: 7 },
  });
  const session = { token: teacher.token, userId: teacher.userId };
  const classes = await api('/tms-server/courseMgr/getSchoolClass', { session, body: { schoolId: '1' } });
  const class1 = (Array.isArray(classes) ? classes : classes.list)[0];
  await api('/tms-server/courseMgr/updateCourse', {
    session,
    body: {
      schoolId: '1',
      courseName: '量化投资（性能测试）',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class1.classId],
    },
  });
  const started = Date.now();
  for (let file = 0; file < Math.ceil(STUDENTS / 2000); file++) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('学生');
    sheet.addRow(['学号', '姓名', '性别', '手机号', '邮箱']);
    for (let i = file * 2000; i < Math.min(STUDENTS, (file + 1) * 2000); i++) {
      sheet.addRow([`B${String(i).padStart(7, '0')}`, `测试学生${i}`, i % 2 ? '男' : '女', '', '']);
    }
    const form = new FormData();
    form.append('file', new File([await workbook.xlsx.writeBuffer()], `students-${file}.xlsx`));
    const { collegeId, majorId, gradeId, classId } = class1;
    await api(`/tms-server/studentMgr/uploadStudent/1/${collegeId}/${majorId}/${gradeId}/${classId}`, {
      session,
      form,
    });
  }
  console.log(`imported ${STUDENTS} students in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loginThroughPage(page, base, 'teacher1');

  const region = '[aria-label="学生列表（可滚动）"]';
  const runs = [];
  for (let run = 0; run < 3; run++) {
    await page.addInitScript(() => {
      window.__bench = {};
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.name.includes('/api/tms-server/studentMgr/') && window.__bench.listEnd === undefined)
            window.__bench.listEnd = e.responseEnd;
        }
      }).observe({ type: 'resource', buffered: true });
      const seen = () => document.querySelector('[aria-label="学生列表（可滚动）"] tbody tr td');
      new MutationObserver((_, observer) => {
        if (seen()) {
          observer.disconnect();
          requestAnimationFrame(() => (window.__bench.rowsPainted = performance.now()));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}/teaching-manage/teacher/student/manage`);
    await page.waitForSelector(`${region} tbody tr td`);
    await page.waitForFunction(() => window.__bench.rowsPainted !== undefined);
    runs.push(await page.evaluate(() => ({ ...window.__bench })));
  }
  if (process.env.BENCH_SHOT) await page.screenshot({ path: process.env.BENCH_SHOT });
  const firstRender = runs.map((r) => r.rowsPainted - r.listEnd);
  const firstRows = runs.map((r) => r.rowsPainted);

  // sort: click a sortable header and wait for the first row to change, then a frame
  const sortTimes = [];
  // the header cycles ascending → descending → unsorted; a click that leaves the order as it was is not a sort
  for (let i = 0; i < 6; i++) {
    sortTimes.push(
      await page.evaluate(async (sel) => {
        const first = () =>
          document.querySelector(`${sel} tbody tr:not([aria-hidden]) td:nth-child(2)`)?.textContent;
        const before = first();
        const header = [...document.querySelectorAll(`${sel} thead button, ${sel} thead th`)].find((el) =>
          /学号/.test(el.textContent ?? ''),
        );
        const t0 = performance.now();
        (header.querySelector('button') ?? header).click();
        await new Promise((resolveWait) => {
          const check = () =>
            first() !== before || performance.now() - t0 > 5000
              ? requestAnimationFrame(() => resolveWait())
              : requestAnimationFrame(check);
          check();
        });
        return performance.now() - t0;
      }, region),
    );
  }

  sortTimes.splice(0, sortTimes.length, ...sortTimes.filter((ms) => ms < 5000));
  // scroll: 400 frames of steady scrolling through the list (loading further pages on the way)
  const scrollFrames = (target, sel) =>
    target.evaluate(async (selector) => {
      const el = document.querySelector(selector);
      const deltas = [];
      let last = performance.now();
      for (let i = 0; i < 400; i++) {
        el.scrollTop += 240;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    }, sel);
  const frames = await scrollFrames(page, region);
  // The floor of that figure on this machine and browser: the same scroll through a static page of
  // plain rows of the same size (no script, no React, nothing loading). Headless Chromium without a
  // GPU rasterizes in software, so even this page may not keep every frame within 16.7 ms.
  const regionHeight = await page.locator(region).evaluate((el) => el.clientHeight);
  const baselinePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cells = [
    '20260001',
    '陈思远',
    '男',
    'student01',
    '金融工程2026级1班',
    '金融工程',
    '在读',
    '13900000001',
    '从未登录',
    '⋯',
  ];
  await baselinePage.setContent(
    `<style>#s{height:${regionHeight}px;overflow:auto;font:14px sans-serif}.r{display:grid;grid-template-columns:repeat(${cells.length},1fr);height:44px;align-items:center;border-bottom:1px solid #eee}</style>` +
      `<div id="s">${`<div class="r">${cells.map((c) => `<span>${c}</span>`).join('')}</div>`.repeat(4000)}</div>`,
  );
  const baseline = await scrollFrames(baselinePage, '#s');
  const total = await page.locator(region).evaluate((el) => el.scrollHeight);

  const fmt = (n) => `${n.toFixed(1)} ms`;
  console.log(`rows in the list: ${STUDENTS + 15} (scroll height ${total} px)`);
  console.log(
    `first render (list data received → rows painted): median ${fmt(pct(firstRender, 50))}  (bar 150 ms: ${pct(firstRender, 50) <= 150 ? 'ok' : 'OVER'})  runs ${firstRender.map(fmt).join(', ')}`,
  );
  console.log(
    `first rows after navigation (incl. app start and the first page request): median ${fmt(pct(firstRows, 50))}`,
  );
  console.log(
    `sort by 学号 (click → rows re-sorted on screen, server-side sort incl. request): median ${fmt(pct(sortTimes, 50))}  (bar 100 ms: ${pct(sortTimes, 50) <= 100 ? 'ok' : 'OVER'})  runs ${sortTimes.map(fmt).join(', ')}`,
  );
  const ratio = pct(frames, 95) / pct(baseline, 95);
  console.log(
    `scroll frames: p50 ${fmt(pct(frames, 50))}  p95 ${fmt(pct(frames, 95))}  max ${fmt(Math.max(...frames))}  ` +
      `= ${ratio.toFixed(2)} × the floor's p95 (bar 1.15 ×: ${ratio <= 1.15 ? 'ok' : 'OVER'})`,
  );
  console.log(
    `  the floor, the same scroll through a static page of plain rows in this run: p50 ${fmt(pct(baseline, 50))}  p95 ${fmt(pct(baseline, 95))}  max ${fmt(Math.max(...baseline))}`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
