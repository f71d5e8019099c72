#!/usr/bin/env node
// Every page a role can reach, as that role, at 1366 × 768 and 390 × 844: a screenshot of each,
// axe's violations (WCAG 2.1 A/AA rules plus best practices) and, with LIGHTHOUSE=1, Lighthouse's
// accessibility and performance scores (desktop preset and the default mobile emulation).
// Starts the built app with the demo content (`npm start` on a new data folder), logs in through
// the login page as teacher1, student01, manager and admin, and walks the links each one's pages
// offer (menus, tabs, cards, table rows), one page per route shape.
// Run after `pnpm build`:  node scripts/bench/pages.mjs   (PAGES_OUT=<dir>, PAGES_ROLES=teacher1,admin)
// LIGHTHOUSE_RUNS=5 runs Lighthouse five times per view and reports the median run's figures with
// the range of scores: on a shared two-core machine one run of the same build varies by 15-20
// points (see README, benches), and Lighthouse's own advice is the median of five.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, freePort, PASSWORD, startServer, webRequire } from './lib.mjs';

const OUT = process.env.PAGES_OUT ?? join(tmpdir(), 'dfrm-pages');
const ROLES = (process.env.PAGES_ROLES ?? 'teacher1,student01,manager,admin').split(',');
const LIGHTHOUSE = process.env.LIGHTHOUSE === '1';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const MAX_PAGES = Number(process.env.PAGES_MAX ?? 60);
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];
// links that end the session or leave the app are not followed
const SKIP = [/\/account/, /logout/, /download/, /\/api\//, /\.(pdf|xlsx|docx?|pptx?|zip|png|jpe?g)$/i];

const { chromium } = webRequire('@playwright/test');
const { AxeBuilder } = webRequire('@axe-core/playwright');

/** One route shape: numbers and search values become placeholders (detail/12/3 ~ detail/14/3). */
function shape(url) {
  const u = new URL(url);
  const path = u.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  const keys = [...u.searchParams.keys()].sort().join('&');
  return keys ? `${path}?${keys}` : path;
}

function slug(url) {
  const u = new URL(url);
  return (
    (u.pathname + u.search)
      .replace(/^\//, '')
      .replace(/[^\w\u4e00-\u9fa5-]+/g, '_')
      .slice(0, 120) || 'root'
  );
}

async function axeViolations(page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    target: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    // colour pairs and the element, to find what to fix
    detail: v.nodes.slice(0, 3).map((n) => {
      const d = n.any?.[0]?.data;
      const pair = d?.fgColor ? `${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}` : '';
      return `${pair} ${n.html.slice(0, 160)}`.trim();
    }),
  }));
}

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  // skeletons and loaders gone
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'), null, {
      timeout: 10_000,
    })
    .catch(() => {});
  await page.waitForTimeout(300);
}

/** LIGHTHOUSE_RUNS runs of one view; the figures of the run with the median performance score. */
async function lighthouse(url, port, preset) {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseOnce(url, port, preset));
  const scored = runs.filter((r) => !r.error).sort((a, b) => a.perf - b.perf);
  if (!scored.length) return runs[0];
  const median = scored[Math.floor((scored.length - 1) / 2)];
  return scored.length > 1
    ? { ...median, range: `${scored[0].perf}-${scored.at(-1).perf} over ${scored.length}` }
    : median;
}

// Asynchronous on purpose: Playwright holds every new tab of the browser (Lighthouse's included)
// until its own event loop resumes it, so a synchronous child would wait for ever.
async function lighthouseOnce(url, port, preset) {
  const args = [
    '-y',
    'lighthouse@12.2.3',
    url,
    `--port=${port}`,
    '--only-categories=accessibility,performance',
    '--disable-storage-reset',
    '--output=json',
    '--quiet',
    '--chrome-flags=--headless',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const run = await new Promise((done) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', () => done({ stdout, stderr }));
  });
  try {
    const report = JSON.parse(run.stdout);
    const score = (c) => Math.round((report.categories[c]?.score ?? 0) * 100);
    const failed = Object.values(report.audits)
      .filter((a) => a.score === 0 && report.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id);
    const metric = (id) => report.audits[id]?.displayValue?.replace(/\s/g, '') ?? '?';
    const metrics = `FCP ${metric('first-contentful-paint')} LCP ${metric('largest-contentful-paint')} TBT ${metric('total-blocking-time')} CLS ${metric('cumulative-layout-shift')}`;
    return { a11y: score('accessibility'), perf: score('performance'), failed, metrics };
  } catch {
    return { error: (run.stderr || '').split('\n').slice(-3).join(' ') };
  }
}

const server = await startServer({ env: { SEED_DEMO_TEACHING: '1' } });
const results = [];
mkdirSync(OUT, { recursive: true });
try {
  for (const account of ROLES) {
    const port = await freePort();
    const profile = mkdtempSync(join(tmpdir(), 'dfrm-pages-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
      viewport: SIZES[0],
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`${page.url()}: uncaught ${e.message}`));
    try {
      await page.goto(`${server.base}/account`);
      await page.getByLabel('账号', { exact: true }).fill(account);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/account'), { timeout: 15_000 });
      await settle(page);

      const queue = [page.url()];
      const seen = new Set([shape(page.url())]);
      for (let i = 0; i < queue.length && i < MAX_PAGES; i++) {
        const url = queue[i];
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.goto(url);
          await settle(page);
          const finalUrl = page.url();
          const dir = join(OUT, account, size.name);
          mkdirSync(dir, { recursive: true });
          await page.screenshot({ path: join(dir, `${slug(url)}.png`), fullPage: false });
          const violations = await axeViolations(page);
          const overflow = await page.evaluate(
            () => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth,
          );
          const row = { account, size: size.name, url: url.replace(server.base, ''), violations, overflow };
          if (finalUrl !== url) row.landed = finalUrl.replace(server.base, '');
          results.push(row);
          if (size.name === 'desktop') {
            const links = await page.$$eval('a[href]', (as) => as.map((a) => a.href));
            for (const link of links) {
              if (!link.startsWith(server.base) || SKIP.some((re) => re.test(link))) continue;
              const key = shape(link);
              if (seen.has(key)) continue;
              seen.add(key);
              queue.push(link.split('#')[0]);
            }
          }
          if (LIGHTHOUSE) {
            // Lighthouse loads the page in its own tab: this one leaves it first, so the page's
            // polling and timers here do not share the machine with the measured load.
            await page.goto('about:blank');
            Object.assign(row, { lighthouse: await lighthouse(url, port, size.name) });
          }
        }
      }
      // a path that does not exist, inside the signed-in app
      await page.setViewportSize(SIZES[0]);
      await page.goto(`${server.base}/no/such/page`);
      await settle(page);
      await page.screenshot({ path: join(OUT, account, 'desktop', 'not-found.png') });
      results.push({
        account,
        size: 'desktop',
        url: '/no/such/page',
        violations: await axeViolations(page),
        overflow: 0,
      });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    if (problems.length) results.push({ account, consoleErrors: problems });
  }
} finally {
  await server.stop();
}

writeFileSync(join(OUT, 'results.json'), JSON.stringify(results, null, 2));
let failing = 0;
for (const r of results) {
  if (r.consoleErrors) {
    console.log(`${r.account}: console errors\n  ${r.consoleErrors.join('\n  ')}`);
    failing++;
    continue;
  }
  const axe = r.violations.map((v) => `${v.id}×${v.nodes}`).join(' ') || '0';
  const lh = r.lighthouse
    ? r.lighthouse.error
      ? ` lighthouse error ${r.lighthouse.error}`
      : ` a11y ${r.lighthouse.a11y} perf ${r.lighthouse.perf}${r.lighthouse.range ? ` (${r.lighthouse.range})` : ''} [${r.lighthouse.metrics}]${r.lighthouse.failed.length ? ` (${r.lighthouse.failed.join(',')})` : ''}`
    : '';
  const flag = r.violations.length || r.overflow > 0 ? '✗' : '✓';
  if (flag === '✗') failing++;
  console.log(
    `${flag} ${r.account.padEnd(9)} ${r.size.padEnd(7)} ${r.url}${r.landed ? ` → ${r.landed}` : ''}  axe ${axe}${r.overflow > 0 ? ` overflow ${r.overflow}px` : ''}${lh}`,
  );
}
console.log(`${results.length} page views, ${failing} with problems; screenshots in ${OUT}`);
