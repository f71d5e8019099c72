#!/usr/bin/env node
// Server memory while files stream through it, against DESIGN.md's bar (growth ≤ 50 MB for a
// 500 MB upload or a 20-file archive). Starts the real server (`node --import tsx src/main.ts`,
// one process whose RSS is read from /proc) on a temporary data folder, then as teacher1:
//   1. uploads one 500 MB courseware file (generated as it is sent, nothing on the client's disk),
//   2. uploads 20 files of 200 MB into one courseware and downloads them as one ZIP,
//   3. checks a Range request and that a spreadsheet import is read by the worker under tsx,
// sampling the server's RSS every 20 ms. Sizes: BENCH_UPLOAD_MB (500), BENCH_FILES (20),
// BENCH_FILE_MB (200); 20 × 200 MB needs about 4.5 GB of disk, removed after.
//   node scripts/bench/files.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(join(root, 'packages/server/package.json'));
const ExcelJS = require('exceljs');

const MB = 1024 * 1024;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const FILES = Number(process.env.BENCH_FILES ?? 20);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const BAR_MB = 50;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'dfrm2026';

const data = mkdtempSync(join(tmpdir(), 'dfrm-bench-files-'));
const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => ok(p));
  });
});
const base = `http://127.0.0.1:${port}`;
// one node process (no npx/tsx wrapper in between), in its own process group
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'packages/server'),
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: data,
    COURSEWARE_MAX_MB: String(Math.max(UPLOAD_MB, FILE_MB) + 1),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the server's RSS while `work` runs; answers the peak. */
async function peakDuring(work) {
  let peak = rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb());
    return { peak, result };
  } finally {
    clearInterval(timer);
  }
}

async function api(path, { session, body } = {}) {
  const headers = { Product: 'dfrm', ...(session ? { token: session.token, userId: session.userId } : {}) };
  const init = { method: body ? 'POST' : 'GET', headers };
  if (body instanceof FormData) init.body = body;
  else if (body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const answer = await (await fetch(`${base}/api${path}`, init)).json();
  if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errMsg}`);
  return answer.data;
}

/** A multipart upload whose file part is `megabytes` generated as it is sent. */
async function uploadGenerated(session, fields, fileName, megabytes) {
  const boundary = `dfrm-bench-${Date.now()}`;
  const parts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${parts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 0x25);
  let sent = -1;
  const body = new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) controller.enqueue(chunk);
      else if (sent === megabytes) controller.enqueue(tail);
      else controller.close();
      sent += 1;
    },
  });
  const response = await fetch(`${base}/api/tms-server/courseWareMgr/uploadCourseWare`, {
    method: 'POST',
    headers: {
      Product: 'dfrm',
      token: session.token,
      userId: session.userId,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  });
  const answer = await response.json();
  if (answer.errCode !== 0) throw new Error(`upload ${fileName}: ${answer.errMsg}`);
  return answer.data;
}

/** Downloads, counting the bytes without keeping them. */
async function download(session, path, headers = {}) {
  const response = await fetch(`${base}/api${path}`, {
    headers: { Product: 'dfrm', token: session.token, userId: session.userId, ...headers },
  });
  let bytes = 0;
  const first = [];
  for await (const part of response.body) {
    if (bytes < 4) first.push(...part.subarray(0, 4));
    bytes += part.length;
  }
  return { status: response.status, headers: response.headers, bytes, first: Buffer.from(first.slice(0, 4)) };
}

const fmt = (mb) => `${mb.toFixed(1)} MB`;
const verdict = (growth) => (growth <= BAR_MB ? 'ok' : 'OVER');

try {
  let ready = false;
  for (let i = 0; i < 240 && !ready; i++) {
    ready = await fetch(`${base}/api/user/login`, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 500));
  }
  if (!ready) throw new Error('the server did not start');
  const teacher = await api('/user/login', {
    body: { account: 'teacher1', password: PASSWORD, productId: 7 },
  });
  const session = { token: teacher.token, userId: teacher.userId };
  const classes = await api('/tms-server/courseMgr/getSchoolClass', { session, body: { schoolId: '1' } });
  const class1 = (Array.isArray(classes) ? classes : classes.list)[0];
  const course = await api('/tms-server/courseMgr/updateCourse', {
    session,
    body: {
      schoolId: '1',
      courseName: '文件性能测试',
      startDate: '2026-03-02',
      endDate: '2026-07-10',
      classIds: [class1.classId],
    },
  });
  const courseId = String(course.courseId ?? course.id);
  const fields = { schoolId: '1', courseId };

  // warm up: every module of the paths measured is loaded before the baseline
  const warm = await uploadGenerated(session, { ...fields, courseWareName: '预热' }, '预热.pdf', 2);
  await uploadGenerated(session, { ...fields, courseWareId: warm.courseWareId }, '预热二.pdf', 2);
  await download(session, `/tms-server/courseWareMgr/downloadCourseWare/${warm.courseWareId}`);
  await new Promise((r) => setTimeout(r, 500));

  const uploadBase = rssMb();
  const started = Date.now();
  const upload = await peakDuring(() =>
    uploadGenerated(session, { ...fields, courseWareName: '大文件' }, '大文件.mp4', UPLOAD_MB),
  );
  const uploadSeconds = (Date.now() - started) / 1000;
  const stored = upload.result.attachments[0].fileSize;
  console.log(
    `upload of ${UPLOAD_MB} MB: server RSS ${fmt(uploadBase)} → peak ${fmt(upload.peak)}, growth ${fmt(upload.peak - uploadBase)} ` +
      `(bar ${BAR_MB} MB: ${verdict(upload.peak - uploadBase)}); ${(UPLOAD_MB / uploadSeconds).toFixed(0)} MB/s; stored ${stored} bytes`,
  );
  if (stored !== UPLOAD_MB * MB) throw new Error(`stored ${stored} bytes, sent ${UPLOAD_MB * MB}`);

  // the archive's files: uploaded one by one (not measured), then downloaded as one ZIP
  const ware = await uploadGenerated(
    session,
    { ...fields, courseWareName: '二十个文件' },
    '第1讲.pdf',
    FILE_MB,
  );
  for (let n = 2; n <= FILES; n++)
    await uploadGenerated(session, { ...fields, courseWareId: ware.courseWareId }, `第${n}讲.pdf`, FILE_MB);
  await new Promise((r) => setTimeout(r, 500));
  const downloadBase = rssMb();
  const begun = Date.now();
  const zip = await peakDuring(() =>
    download(session, `/tms-server/courseWareMgr/downloadCourseWare/${ware.courseWareId}`),
  );
  const seconds = (Date.now() - begun) / 1000;
  const length = Number(zip.result.headers.get('content-length'));
  console.log(
    `download of a ${FILES}-file archive (${FILES} × ${FILE_MB} MB, ${(zip.result.bytes / MB).toFixed(0)} MB of ZIP): ` +
      `server RSS ${fmt(downloadBase)} → peak ${fmt(zip.peak)}, growth ${fmt(zip.peak - downloadBase)} ` +
      `(bar ${BAR_MB} MB: ${verdict(zip.peak - downloadBase)}); ${(zip.result.bytes / MB / seconds).toFixed(0)} MB/s; ` +
      `Content-Length ${length === zip.result.bytes ? 'matches' : `${length} ≠ ${zip.result.bytes}`}`,
  );

  const big = upload.result;
  const part = await download(session, `/tms-server/courseWareMgr/downloadCourseWare/${big.courseWareId}`, {
    Range: 'bytes=1048576-2097151',
  });
  console.log(
    `range of the ${UPLOAD_MB} MB file: ${part.status} ${part.headers.get('content-range')}, ${part.bytes} bytes`,
  );

  // the spreadsheet worker under tsx: a good file is read, a bomb refused
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学生');
  sheet.addRow(['学号', '姓名']);
  for (let i = 0; i < 3; i++) sheet.addRow([`B2026${i}`, `学生${i}`]);
  const form = new FormData();
  form.append('file', new File([await workbook.xlsx.writeBuffer()], '学生.xlsx'));
  const { collegeId, majorId, gradeId, classId } = class1;
  const imported = await api(
    `/tms-server/studentMgr/uploadStudent/1/${collegeId}/${majorId}/${gradeId}/${classId}`,
    {
      session,
      body: form,
    },
  );
  console.log(
    `student import under tsx (the sheet read in its worker): success ${imported.success}, ${imported.importedNum} rows` +
      (imported.errors?.[0]
        ? `, first problem: 第 ${imported.errors[0].rowNumber} 行 ${imported.errors[0].reason}`
        : ''),
  );
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(data, { recursive: true, force: true });
}
