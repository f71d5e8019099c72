#!/usr/bin/env node
// Server memory while files stream through it, against DESIGN.md's bar (growth ≤ 50 MB for a
// 500 MB upload or a 20-file archive). Starts the real server (its start script as one process,
// `node --import tsx <its flags> src/main.ts`, whose RSS is read from /proc) on a temporary data
// folder, then as teacher1:
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
import { Readable } from 'node:stream';
import { serverNodeArgs } from './lib.mjs';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(join(root, 'packages/server/package.json'));
const ExcelJS = require('exceljs');
const yazl = require('yazl');

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
const server = spawn(process.execPath, serverNodeArgs(), {
  cwd: join(root, 'packages/server'),
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: data,
    SEED_DEMO_TEACHING: '0',
    COURSEWARE_MAX_MB: String(Math.max(UPLOAD_MB, FILE_MB) + 1),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

// interrupted: the server and its data folder go too
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    setTimeout(() => {
      rmSync(data, { recursive: true, force: true });
      process.exit(130);
    }, 1000);
  });
}

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

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A spreadsheet bomb: `rows` rows under a header, made as the zip deflates them. */
async function bomb(rows, { numbered }) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="学生" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/workbook.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/_rels/workbook.xml.rels',
  );
  let row = 0;
  const sheet = new Readable({
    read() {
      if (row === 0)
        this.push(
          `<worksheet xmlns="${MAIN_NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>学号</t></is></c></row>`,
        );
      else if (row > rows + 1) return this.push(null);
      else if (row === rows + 1) this.push('</sheetData></worksheet>');
      else {
        let chunk = '';
        for (let n = row; n < Math.min(row + 5000, rows + 1); n++)
          chunk += numbered
            ? `<row r="${n + 1}"><c r="A${n + 1}"><v>${n}</v></c></row>`
            : '<row><c><v>1</v></c></row>';
        this.push(chunk);
        row = Math.min(row + 5000, rows + 1) - 1;
      }
      row += 1;
    },
  });
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
  zip.end();
  const parts = [];
  for await (const part of zip.outputStream) parts.push(part);
  return Buffer.concat(parts);
}

/** Sends a file to the student import while another user keeps asking something small; answers the slowest of those. */
async function importWhileOthersWait(session, path, data) {
  const form = new FormData();
  form.append('file', new File([data], '学生.xlsx'));
  const started = Date.now();
  let done = false;
  const importing = fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { Product: 'dfrm', token: session.token, userId: session.userId },
    body: form,
  })
    .then((response) => response.json())
    .finally(() => {
      done = true;
    });
  let slowest = 0;
  let asked = 0;
  while (!done) {
    const at = Date.now();
    await fetch(`${base}/api/user/login`, { method: 'POST' }).then((response) => response.arrayBuffer());
    slowest = Math.max(slowest, Date.now() - at);
    asked += 1;
  }
  const answer = await importing;
  return { answer, seconds: (Date.now() - started) / 1000, slowest, asked };
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

  // spreadsheet bombs: refused, while everyone else is still answered
  const importPath = `/tms-server/studentMgr/uploadStudent/1/${collegeId}/${majorId}/${gradeId}/${classId}`;
  for (const [label, rows, numbered] of [
    ['4,000,000 rows', 4_000_000, false],
    ['300,000 rows, no <dimension>', 300_000, true],
  ]) {
    const data = await bomb(rows, { numbered });
    const memoryBefore = rssMb();
    const run = await peakDuring(() => importWhileOthersWait(session, importPath, data));
    const { answer, seconds, slowest, asked } = run.result;
    console.log(
      `bomb of ${label} (${(data.length / 1024).toFixed(0)} KB): errCode ${answer.errCode} ${answer.errMsg} in ${seconds.toFixed(2)} s; ` +
        `${asked} other requests meanwhile, slowest ${slowest} ms; server RSS growth ${fmt(run.peak - memoryBefore)}`,
    );
  }
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(data, { recursive: true, force: true });
}
