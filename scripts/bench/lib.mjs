// Shared by the benches: the built app on the real server in its own process group (killed as a
// group, however the bench ends), Debian's Chromium through Playwright, and the teacher's login.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const webRequire = createRequire(join(root, 'packages/web/package.json'));
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'dfrm2026';

/** Process groups to kill when this process ends, whichever way it ends. */
const groups = new Set();
function killGroup(pid, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
process.on('exit', () => groups.forEach((pid) => killGroup(pid, 'SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    groups.forEach((pid) => killGroup(pid));
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

export async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

/**
 * `start` as a user runs it (tsx src/main.ts), on a free port and a fresh data folder, serving
 * `webDist`. Its own process group: `npx` starts tsx, which starts node; killing npx alone would
 * leave the server running.
 */
export async function startServer({
  webDist = join(root, 'packages/web/dist'),
  env = {},
  // where the server's output goes (a file descriptor, or 'ignore'); errors are shown by default
  output = 'inherit',
  // a folder: the server runs as one node process and writes a V8 CPU profile there when it stops
  profileDir = null,
  // a data folder of an earlier start to start on again (kept when stopped); a new one by default
  dataDir = null,
} = {}) {
  const port = await freePort();
  const data = dataDir ?? mkdtempSync(join(tmpdir(), 'dfrm-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const [command, args] = profileDir
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'src/main.ts']]
    : ['npx', ['tsx', 'src/main.ts']];
  const child = spawn(command, args, {
    cwd: join(root, 'packages/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      ACCESS_LOG: '0',
      // the benches build their own content on the demo school alone
      SEED_DEMO_TEACHING: '0',
      ...env,
    },
    stdio: ['ignore', output === 'inherit' ? 'ignore' : output, output],
    detached: true,
  });
  groups.add(child.pid);
  const exited = new Promise((ok) => child.once('exit', ok));
  const stop = async () => {
    if (!groups.has(child.pid)) return;
    killGroup(child.pid);
    const late = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(late);
    // the group may outlive its leader (npx exits before node)
    killGroup(child.pid, 'SIGKILL');
    groups.delete(child.pid);
    if (!dataDir) rmSync(data, { recursive: true, force: true });
  };
  /** A crash: every process of the server killed at once (SIGKILL), its data folder left as it is. */
  const crash = async () => {
    killGroup(child.pid, 'SIGKILL');
    await exited;
    groups.delete(child.pid);
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${base}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop, crash, pid: child.pid, dataDir: data };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`服务未能启动（${base}）`);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchChromium() {
  const { chromium } = webRequire('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Logs in through the login page, as a person would; ends on /course. */
export async function loginThroughPage(page, base, account = 'teacher1') {
  await page.goto(`${base}/account`);
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/course/);
}

/**
 * Collects what a page's CSP refused (securitypolicyviolation events, which the page sees even
 * when the refused code catches the error) and every console error and uncaught exception.
 */
export async function watchPage(page) {
  const problems = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `[csp] ${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
  return problems;
}

/** Calls the API of `base` as a client would: the envelope's data, or an error naming the path and errCode. */
// Node's own HTTP client for JSON calls: a thousand simulated students share this process and
// core with nothing but the server, and fetch (undici) spends about twice the CPU per call, which
// would be measured as the server's latency. Keep-alive, no cap on connections (each student is a
// browser of its own). An idle connection is let go after 4 s, before the server's keep-alive
// timeout (Node's 5 s) closes it under a request reusing it (read ECONNRESET; browsers retry then).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 });

function jsonCall(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(
      url,
      { method, agent, headers: { ...headers, ...(data ? { 'Content-Length': data.length } : {}) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

export function apiCaller(base) {
  return async function api(path, { session, body, form, method } = {}) {
    const headers = { Product: 'dfrm', ...(session ? { token: session.token, userId: session.userId } : {}) };
    const init = { method: method ?? (body || form ? 'POST' : 'GET'), headers };
    if (body) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let answer;
    if (form) {
      init.body = form;
      answer = await (await fetch(`${base}/api${path}`, init)).json();
    } else answer = await jsonCall(`${base}/api${path}`, init);
    if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errCode} ${answer.errMsg}`);
    return answer.data;
  };
}

export const KB = 1024;
export const fmt = (n) => `${(n / KB).toFixed(1)} KB`;
export const verdict = (n, bar) => (n <= bar ? 'ok' : 'OVER');

/** The p-th percentile of `values` (nearest rank). */
export const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, `parallel` at a time; the results in the items' order. */
export async function pool(items, parallel, task) {
  let next = 0;
  const results = [];
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** Resident memory (MB) and CPU seconds used so far by every process of a process group (Linux). */
export function groupUsage(pgid) {
  try {
    return usageOfPids(
      execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
  } catch {
    return { rss: NaN, cpu: NaN };
  }
}

/** CPU seconds used so far by the processes of this name (`postgres`: a database cluster's). */
export function processesUsage(name) {
  try {
    const pids = execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return usageOfPids(pids).cpu;
  } catch {
    return NaN;
  }
}

function usageOfPids(pids) {
  let rss = 0;
  let cpu = 0;
  const ticksPerSecond = 100; // USER_HZ
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
      rss += (Number(fields[21]) * 4096) / (1024 * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return { rss, cpu };
}

/** Logs an account in through the API: its session headers. */
export async function apiLogin(api, account, password) {
  const user = await api('/user/login', { body: { account, password, productId: 7 } });
  return { token: user.token, userId: user.userId };
}

/**
 * teacher's new course taught to the school's first administrative class, and `numbers` imported
 * into that class as students (.xlsx, as a teacher does): the course.
 */
export async function courseWithStudents(api, teacher, { courseName, numbers, namePrefix }) {
  const ExcelJS = webRequire('exceljs');
  const classes = await api('/tms-server/courseMgr/getSchoolClass', {
    session: teacher,
    body: { schoolId: '1' },
  });
  const class1 = (Array.isArray(classes) ? classes : classes.list)[0];
  // a teacher imports into the classes of their courses: the course first
  const course = await api('/tms-server/courseMgr/updateCourse', {
    session: teacher,
    body: {
      schoolId: '1',
      courseName,
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class1.classId],
    },
  });
  // an import takes at most 2,000 rows (the student import's limit)
  const { collegeId, majorId, gradeId } = class1;
  for (let from = 0; from < numbers.length; from += 2000) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('学生');
    sheet.addRow(['学号', '姓名', '性别', '手机号', '邮箱']);
    numbers
      .slice(from, from + 2000)
      .forEach((number, i) =>
        sheet.addRow([number, `${namePrefix}${from + i}`, (from + i) % 2 ? '男' : '女', '', '']),
      );
    const form = new FormData();
    form.append('file', new File([await workbook.xlsx.writeBuffer()], 'students.xlsx'));
    await api(`/tms-server/studentMgr/uploadStudent/1/${collegeId}/${majorId}/${gradeId}/${class1.classId}`, {
      session: teacher,
      form,
    });
  }
  return course;
}

/** An imported student's first login: the initial password replaced by `newPassword`, the student role chosen. */
export async function firstStudentLogin(api, number, newPassword) {
  const initial = number.slice(-6).padStart(6, '0');
  const session = await apiLogin(api, number, initial);
  await api('/user/change/password', { session, body: { oldPassword: initial, newPassword } });
  await api('/clientUser/userLogin/1/student', { session });
  return session;
}
