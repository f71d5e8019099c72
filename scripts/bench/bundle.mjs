#!/usr/bin/env node
// What a browser downloads, against the bars in DESIGN.md: the built app on the real server (the
// brotli/gzip copies it serves), /account and /course opened in Chromium with an empty cache, and
// every JS and CSS response counted until the network is idle. Then the same for a build with all
// 108 routes of the product spec declared (the missing ones added as thin file routes in a copy of
// the web package), so the entry's growth with the route count is measured, not guessed.
// Run after `pnpm build`:  node scripts/bench/bundle.mjs   (BENCH_ALL_ROUTES=0 skips the second part)
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { KB, fmt, launchChromium, loginThroughPage, root, startServer, verdict, watchPage } from './lib.mjs';

const BARS = { initialJs: 170 * KB, lazyChunk: 50 * KB, css: 50 * KB };
const web = join(root, 'packages/web');
let over = false;

/** Every JS and CSS response of one cold page load, until the network is idle. */
async function load(browser, url, storageState) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  const problems = await watchPage(page);
  const responses = [];
  page.on('response', (response) => responses.push(response));
  let inFlight = 0;
  let lastActivity = Date.now();
  const busy = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const done = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('request', busy);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(url);
  // Idle: the loading screen replaced by the app, then no request for 1.5 s. Playwright's
  // 'networkidle' alone (500 ms) fired while a busy machine was still running the entry, before
  // the app had asked for its route's chunks.
  await page.waitForFunction(() => !document.querySelector('.boot'), null, { timeout: 60_000 });
  const deadline = Date.now() + 60_000;
  while ((inFlight > 0 || Date.now() - lastActivity < 1500) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const files = [];
  for (const response of responses) {
    const type = response.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
    if (!kind || response.status() !== 200) continue;
    const sizes = await response.request().sizes();
    const raw = (await response.body()).length;
    // what a browser that offers only gzip would get (the bars are stated in gzip)
    const head = await fetch(response.url(), { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    const gzip = Number(head.headers.get('content-length'));
    files.push({
      url: new URL(response.url()).pathname,
      kind,
      encoding: response.headers()['content-encoding'] ?? 'identity',
      transfer: sizes.responseBodySize,
      gzip,
      raw,
    });
  }
  const finalUrl = page.url();
  await context.close();
  return { files, problems, finalUrl };
}

function report(label, { files, problems, finalUrl }, expectedPath) {
  const sum = (kind, key) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);
  const js = files.filter((f) => f.kind === 'js');
  const encodings = [...new Set(js.map((f) => f.encoding))].join('/');
  const jsGzip = sum('js', 'gzip');
  const cssGzip = sum('css', 'gzip');
  over ||= jsGzip > BARS.initialJs || cssGzip > BARS.css;
  if (new URL(finalUrl).pathname !== expectedPath) {
    over = true;
    console.log(`${label}: ended on ${finalUrl}, not ${expectedPath}`);
  }
  console.log(
    `${label.padEnd(26)} JS ${fmt(jsGzip).padStart(9)} gzip (bar ${fmt(BARS.initialJs)}: ${verdict(jsGzip, BARS.initialJs)})` +
      `  as served ${fmt(sum('js', 'transfer'))} ${encodings}  uncompressed ${fmt(sum('js', 'raw'))}  in ${js.length} files` +
      `  | CSS ${fmt(cssGzip)} gzip (bar ${fmt(BARS.css)}: ${verdict(cssGzip, BARS.css)}), uncompressed ${fmt(sum('css', 'raw'))}`,
  );
  if (process.env.BENCH_VERBOSE)
    for (const f of files)
      console.log(
        `    ${f.kind} ${fmt(f.gzip).padStart(9)} gzip ${fmt(f.transfer).padStart(9)} ${f.encoding}  ${f.url}`,
      );
  if (problems.length) {
    over = true;
    console.log(`  ${problems.length} console errors or CSP refusals:`);
    for (const p of problems) console.log(`    ${p}`);
  }
}

/**
 * The largest JS chunk not loaded at start (lazy routes, the editor...), gzip as served. What
 * index.html loads at start is the entry and the chunks it preloads (React's renderer, which the
 * entry imports dynamically to evaluate it in a task of its own), with their imports.
 */
function largestLazyChunk(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloaded = new Set(
    [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]),
  );
  const initial = new Set();
  const visit = (key) => {
    if (initial.has(key) || !manifest[key]) return;
    initial.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entry);
  for (const key of Object.keys(manifest)) if (preloaded.has(manifest[key].file)) visit(key);
  const gz = (file) => {
    const path = join(dist, file);
    return existsSync(`${path}.gz`)
      ? readFileSync(`${path}.gz`).length
      : gzipSync(readFileSync(path), { level: 9 }).length;
  };
  const lazy = Object.keys(manifest)
    .filter((k) => !initial.has(k) && manifest[k].file.endsWith('.js'))
    .map((k) => ({ key: k, size: gz(manifest[k].file) }))
    .sort((a, b) => b.size - a.size);
  return { count: lazy.length, biggest: lazy[0] };
}

async function measure(label, dist, { course = true } = {}) {
  const server = await startServer({ webDist: dist });
  let browser;
  try {
    browser = await launchChromium();
    report(`${label} /account`, await load(browser, `${server.base}/account`), '/account');
    if (course) {
      // log in once, then open /course cold (empty cache) with the stored session
      const context = await browser.newContext();
      const page = await context.newPage();
      await loginThroughPage(page, server.base, 'teacher1');
      const storageState = await context.storageState();
      await context.close();
      report(
        `${label} /course (teacher1)`,
        await load(browser, `${server.base}/course`, storageState),
        '/course',
      );
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  const { count, biggest } = largestLazyChunk(dist);
  if (biggest) {
    over ||= biggest.size > BARS.lazyChunk;
    console.log(
      `${label.padEnd(26)} largest of ${count} lazy chunks ${fmt(biggest.size)} gzip (bar ${fmt(BARS.lazyChunk)}: ${verdict(biggest.size, BARS.lazyChunk)})  ${biggest.key}`,
    );
  }
}

// ---- every route of the product spec (section 2), as the later issues will declare them ----

// Main shell (under _main), then the new teaching area's shell (under _teaching-manage).
const MAIN_ROUTES =
  `/ /course /practical/training /practical/microExperiment /practical/microExperiment/experiment/scene
/practical/training/experiment/introduce /practical/training/experiment/compositeScene /course/chapter
/workbench/myCourse/list /workbench/myCourse/add /workbench/myCourse/edit/course/$id /course/introduce/$id
/course/detail/$tagId/$id /chapter/detail/$parentId/$id /workbench/myResource/list /workbench/myResource/add/$kind
/workbench/myResource/edit/$kind/$id /handout/detail/$tagId/$id /attachment/detail/$tagId/$id /dataset/detail/$tagId/$id
/code/detail/$tagId/$id /exam/detail/$tagId/$id /tools /workbench/godev /cpu-env
/teaching /teaching/teacher /teaching/teacher/teachingclass /teaching/teacher/learning
/teaching/teacher/teachingclass/detail/$courseId/$resourceId /teaching/teacher/teachingclass/detail
/teaching/teacher/notice/list /teaching/teacher/notice/edit /teaching/teacher/notice/edit/$announceId
/teaching/teacher/home/work /teaching/teacher/add/home/work /teaching/teacher/add/home/work/$courseWorkId
/teaching/teacher/home/work/complete /teaching/teacher/home/work/complete/detail/$studentWorkId
/teaching/student/homework/policyfile /teaching/teacher/courseware/list /teaching/teacher/add/courseware
/teaching/teacher/student/manage /teaching/teacher/home/work/grouping /teaching/teacher/add/home/work/grouping/$courseId
/teaching/teacher/overview /teaching/student /teaching/student/work /teaching/student/work/detail
/teaching/student/mycourse /teaching/student/notice /teaching/student/courseWare
/examination/management /edit/examination /edit/examination/$id /examiner/$id /my/examination /attention
/examination/$id /commentpage/$examId/$id`.split(/\s+/);
const T = '/teaching-manage/teacher';
const S = '/teaching-manage/student';
const MANAGE_ROUTES = [
  T,
  ...`/teaching-class /add-class /teaching-class/detail/$courseId/$resourceId /teaching-class/detail /class-detail
/student-data /test/list /notice/list /home/work/grouping /home/work /student/manage /courseware/list /student/list
/training-data /active-condition /test/statistics /home/work/manage /exam/manage /test/manage /exam/detail/$tagId/$id
/add/home/work /add/home/work/$courseWorkId /home/work/complete /home/work/complete/detail/$studentWorkId
/notice/edit /notice/edit/$announceId /add/courseware /add/home/work/grouping/$courseId /overview`
    .split(/\s+/)
    .map((p) => T + p),
  '/test-preview/$id',
  '/test-result-teacher/$paperId',
  '/review-test/$paperId',
  `${S}/homework/policyfile`,
  S,
  ...`/mycourse /class-detail /work /test/list /learning /notice /courseWare /work/detail /test/detail`
    .split(/\s+/)
    .map((p) => S + p),
  '/start-test/$id',
  '/test-result-student/$paperId',
  '/test-result/$id',
];
const ALL_ROUTES = ['/account', ...MAIN_ROUTES, ...MANAGE_ROUTES];

/** The addresses the app declares today, from the generated route tree. */
function declaredPaths(routeTree) {
  const byTo = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(routeTree)?.[1] ?? '';
  const paths = new Set([...byTo.matchAll(/'([^']+)':/g)].map((m) => m[1]));
  // a layout with an index child is declared too, under the layout's own address
  const byFull = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(routeTree)?.[1] ?? '';
  for (const [, p] of byFull.matchAll(/'([^']+)':/g)) paths.add(p.replace(/\/$/, '') || '/');
  return paths;
}

/** A thin file route as the later issues write them: search validation, loader and page split off. */
function routeFile(id, address, searchParams) {
  const name = `${
    address
      .replace(/[^A-Za-z0-9]+/g, ' ')
      .trim()
      .replace(/(?:^|\s)(\w)/g, (_, c) => c.toUpperCase()) || 'Root'
  }Page`;
  return `import { createFileRoute } from '@tanstack/react-router';
import { courseIdSearch } from '${searchParams}';

export const Route = createFileRoute('${id}')({
  validateSearch: (search: Record<string, unknown>) => ({
    ...courseIdSearch(search),
    pageIndex: typeof search.pageIndex === 'number' && search.pageIndex > 0 ? search.pageIndex : undefined,
  }),
  loaderDeps: ({ search }) => ({ courseId: search.courseId, pageIndex: search.pageIndex }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData({ queryKey: ['${address}', deps], queryFn: async () => ({ list: [], total: 0 }) }),
  component: ${name},
});

function ${name}() {
  const search = Route.useSearch();
  return <section aria-label="${address}">{JSON.stringify(search)}</section>;
}
`;
}

function buildWithAllRoutes() {
  const tmp = mkdtempSync(join(tmpdir(), 'dfrm-bench-routes-'));
  // same depth as in the repository: the tsconfig extends ../../tsconfig.base.json
  const copy = join(tmp, 'packages/web');
  cpSync(join(root, 'tsconfig.base.json'), join(tmp, 'tsconfig.base.json'));
  cpSync(web, copy, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|dist|test-results|playwright-report)$/.test(src),
  });
  symlinkSync(join(web, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const declared = declaredPaths(readFileSync(join(web, 'src/routeTree.gen.ts'), 'utf8'));
  const missing = ALL_ROUTES.filter((p) => !declared.has(p));
  for (const address of missing) {
    const shell = MAIN_ROUTES.includes(address) ? '_main' : '_teaching-manage';
    // an index file per address: a sibling of the routes already there, never their layout
    const file = join(copy, 'src/routes', shell, ...address.split('/').filter(Boolean), 'index.tsx');
    const id = `/${shell}${address === '/' ? '' : address}/`;
    mkdirSync(dirname(file), { recursive: true });
    const searchParams = relative(dirname(file), join(copy, 'src/lib/search-params')).replaceAll('\\', '/');
    writeFileSync(file, routeFile(id, address, searchParams));
  }
  const built = spawnSync(join(copy, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    console.log(built.stdout, built.stderr);
    rmSync(tmp, { recursive: true, force: true });
    throw new Error('构建（108 个路由）失败');
  }
  const after = declaredPaths(readFileSync(join(copy, 'src/routeTree.gen.ts'), 'utf8'));
  const covered = ALL_ROUTES.filter((p) => after.has(p)).length;
  return {
    tmp,
    dist: join(copy, 'dist'),
    existing: ALL_ROUTES.length - missing.length,
    added: missing.length,
    covered,
  };
}

const dist = join(web, 'dist');
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error('packages/web/dist 不存在或没有 manifest：请先运行 pnpm build');
  process.exit(1);
}
console.log('(figures from a shared two-core machine; sizes do not depend on its load)');
await measure('app as built', dist);

if (process.env.BENCH_ALL_ROUTES !== '0') {
  const { tmp, dist: allDist, existing, added, covered } = buildWithAllRoutes();
  try {
    console.log(
      `all routes declared: ${existing} of the spec's ${ALL_ROUTES.length} exist, ${added} thin routes added; the build declares ${covered} of ${ALL_ROUTES.length}`,
    );
    if (covered !== ALL_ROUTES.length) over = true;
    await measure(`${ALL_ROUTES.length} routes`, allDist);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
process.exit(over ? 1 : 0);
