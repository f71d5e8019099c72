// Shared by the benches: the built app on the real server in its own process group (killed as a
// group, however the bench ends), Debian's Chromium through Playwright, and the teacher's login.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net, { createServer } from 'node:net';
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

/** The server package's `start` script (`tsx <node flags> src/main.ts`), as its words. */
function startCommand() {
  const scripts = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8')).scripts;
  const words = scripts.start.trim().split(/\s+/);
  if (words[0] !== 'tsx') throw new Error(`the server's start script is not tsx: ${scripts.start}`);
  return words;
}

/** `start` as one node process (no npx or tsx in between): the arguments for `process.execPath`. */
export function serverNodeArgs() {
  return ['--import', 'tsx', ...startCommand().slice(1)];
}

/**
 * `start` as a user runs it (the server package's start script, node flags included), on a free
 * port and a fresh data folder, serving `webDist`. Its own process group: `npx` starts tsx, which
 * starts node; killing npx alone would leave the server running.
 */
export async function startServer({
  webDist = join(root, 'packages/web/dist'),
  env = {},
  // where the server's output goes (a file descriptor, or 'ignore'); errors are shown by default
  output = 'inherit',
  // a folder: the server runs as one node process and writes a V8 CPU profile there when it stops
  profileDir = null,
  // node flags (--trace-gc, ...): the server runs as one node process with them
  nodeFlags = [],
  // a data folder of an earlier start to start on again (kept when stopped); a new one by default
  dataDir = null,
} = {}) {
  const port = await freePort();
  const data = dataDir ?? mkdtempSync(join(tmpdir(), 'dfrm-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const [command, args] =
    profileDir || nodeFlags.length
      ? [process.execPath, [...profile, ...nodeFlags, ...serverNodeArgs()]]
      : ['npx', startCommand()];
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

// The simulated students' HTTP/1.1 client for JSON calls: a few thousand of them share this
// process, and the machine's two cores, with the server and its database. Node's http client
// spends more CPU per call than the server does to answer it (fetch twice as much again), and
// that showed up as the server's latency. So each call writes its request on a keep-alive socket
// of its own and reads the answer by its Content-Length (or chunks), nothing more. An idle socket
// is let go after 60 s, before the server's keep-alive timeout (65 s, src/main.ts) closes it under
// a request reusing it.
const IDLE_MS = 60_000;
const idleSockets = new Map();

function takeSocket(host, port) {
  const idle = idleSockets.get(`${host}:${port}`);
  while (idle?.length) {
    const socket = idle.pop();
    clearTimeout(socket.idleTimer);
    if (!socket.destroyed && socket.writable) return socket.ref();
  }
  const socket = net.connect({ host, port });
  socket.setNoDelay(true);
  // an idle socket the server resets is simply dropped; a call's own errors are handled by it
  socket.on('error', () => socket.destroy());
  return socket;
}

function keepSocket(host, port, socket) {
  const key = `${host}:${port}`;
  if (!idleSockets.has(key)) idleSockets.set(key, []);
  const idle = idleSockets.get(key);
  idle.push(socket);
  socket.idleTimer = setTimeout(() => {
    const at = idle.indexOf(socket);
    if (at >= 0) idle.splice(at, 1);
    socket.destroy();
  }, IDLE_MS);
  socket.idleTimer.unref();
  // an idle socket does not keep the bench running
  socket.unref();
}

/** The body of an answer in `buffer` (headers already read), or null while incomplete. */
function answerBody(buffer, bodyAt, headers) {
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
  if (length) {
    const end = bodyAt + Number(length[1]);
    return buffer.length >= end ? buffer.subarray(bodyAt, end) : null;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(headers))
    throw new Error(`answer without a length: ${headers}`);
  const parts = [];
  let at = bodyAt;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) return buffer.length >= lineEnd + 4 ? Buffer.concat(parts) : null;
    if (buffer.length < lineEnd + 2 + size + 2) return null;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function jsonCall(url, { method, headers, body }) {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = takeSocket(hostname, Number(port));
    const data = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
    let head = `${method} ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\nContent-Length: ${data.length}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    let buffer = Buffer.alloc(0);
    let headers_ = null;
    let bodyAt = 0;
    const finish = (error, value) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve(value);
    };
    const onData = (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      try {
        if (headers_ === null) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          headers_ = buffer.toString('latin1', 0, end);
          bodyAt = end + 4;
        }
        const answer = answerBody(buffer, bodyAt, headers_);
        if (answer === null) return;
        const value = JSON.parse(answer.toString('utf8'));
        if (/\r\nconnection: *close/i.test(headers_)) socket.end();
        else keepSocket(hostname, Number(port), socket);
        finish(null, value);
      } catch (error) {
        finish(error);
      }
    };
    const onError = (error) => finish(error);
    const onClose = () => finish(new Error('read ECONNRESET (the server closed the connection)'));
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), data]));
  });
}

/** Calls the API of `base` as a client would: the envelope's data, or an error naming the path and errCode. */
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
      // utime, stime, and the same of its ended children it has waited for: a PostgreSQL backend
      // that ends (the pool closing an idle connection) keeps counting in the postmaster's figure
      cpu +=
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
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
