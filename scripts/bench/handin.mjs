#!/usr/bin/env node
// Hand-ins under load, against DESIGN.md's bars: BENCH_STUDENTS (500) students each hand in a
// BENCH_FILE_MB (1) MB file within the same BENCH_WINDOW_S (60) seconds — upload the file
// (uploadMyWorkFile), then save the answer naming it with submit (updateMyWorkInfo) — with 0 errors
// and p95 ≤ 300 ms per request; the server's memory growth over the minute is reported. Then the
// server is killed (SIGKILL, every process at once) right after the last acknowledgement and
// started again on the same data: every acknowledged hand-in must be there (0 lost), its file
// downloadable with the same bytes.
// Starts the real server (the API alone, no build needed) on a temporary data folder with embedded
// PGlite, or on PostgreSQL when DATABASE_URL is set (e.g. under packages/server/scripts/with-postgres.sh,
// which gives a throwaway cluster):   node scripts/bench/handin.mjs
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  apiCaller,
  apiLogin,
  courseWithStudents,
  firstStudentLogin,
  groupUsage,
  PASSWORD,
  pct,
  pool,
  sleep,
  startServer,
} from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const FILE_BYTES = Number(process.env.BENCH_FILE_MB ?? 1) * 1024 * 1024;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 60) * 1000;
// logins before the minute (each a scrypt hash): this many at once
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const NEW_PASSWORD = 'Bench2026pass';
const BAR = { p95: 300 };
const onPostgres = Boolean(process.env.DATABASE_URL);
const env = onPostgres ? { SEED_DEMO: '1' } : {};

const ms = (n) => `${n.toFixed(0)} ms`;

let server = await startServer({ webDist: null, env });
const api = () => apiCaller(server.base);
try {
  const login = (account, password) => apiLogin(api(), account, password);
  const teacher = await login('teacher1', PASSWORD);
  const numbers = Array.from({ length: STUDENTS }, (_, i) => `H${String(i).padStart(7, '0')}`);
  const course = await courseWithStudents(api(), teacher, {
    courseName: '量化投资（交作业压测）',
    numbers,
    namePrefix: '交作业学生',
  });
  const now = Date.now();
  const work = await api()('/tms-server/courseWorkMgr/updateCourseWork', {
    session: teacher,
    body: {
      schoolId: '1',
      courseId: course.courseId,
      teachingClassIds: course.teachingClasses.map((c) => c.teachingClassId),
      title: '期末报告（压测）',
      content: '<p>提交报告 PDF。</p>',
      type: 1,
      groupMode: 0,
      startTime: now - 60_000,
      endTime: now + 7 * 24 * 3600_000,
      allowLate: false,
      latePenaltyPerDay: 0,
      lateScoreFloor: 0,
      totalScore: 100,
    },
  });
  await api()(`/tms-server/courseWorkMgr/publishCourseWork/1/${work.workId}`, { session: teacher });

  // --- before the minute: every student logged in with a password of their own ---
  let started = Date.now();
  const students = await pool(numbers, PARALLEL, async (number) => {
    const session = await firstStudentLogin(api(), number, NEW_PASSWORD);
    const { myWork } = await api()(`/tms-server/myWork/getMyWorkInfo/1/${work.workId}`, { session });
    return { number, session, studentWorkId: myWork.studentWorkId, revision: myWork.revision };
  });
  console.log(
    `${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${STUDENTS} students imported and logged in (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  // --- the minute: each student at a random moment uploads the file and hands in ---
  const rssBefore = groupUsage(server.pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, groupUsage(server.pid).rss);
  }, 250);
  const uploads = [];
  const saves = [];
  const errors = [];
  const acknowledged = [];
  started = Date.now();
  await Promise.all(
    students.map(async (student, i) => {
      await sleep(Math.random() * WINDOW_MS);
      const bytes = randomBytes(FILE_BYTES);
      const fileName = `期末报告-${student.number}.pdf`;
      try {
        const body = new FormData();
        body.append('schoolId', '1');
        body.append('file', new File([bytes], fileName, { type: 'application/pdf' }));
        let t = performance.now();
        const file = await api()('/tms-server/myWork/uploadMyWorkFile', {
          session: student.session,
          form: body,
        });
        uploads.push(performance.now() - t);
        t = performance.now();
        const ack = await api()('/tms-server/myWork/updateMyWorkInfo', {
          session: student.session,
          body: {
            schoolId: '1',
            studentWorkId: student.studentWorkId,
            requestId: `handin-${student.number}`,
            revision: student.revision,
            content: `<p>${student.number} 的期末报告见附件。</p>`,
            attachments: [{ fileName, filePath: file.filePath, fileSize: file.fileSize }],
            submit: true,
          },
        });
        saves.push(performance.now() - t);
        if (ack.status !== 1) throw new Error(`status ${ack.status}`);
        acknowledged.push({
          ...student,
          size: bytes.length,
          head: bytes.subarray(0, 64).toString('hex'),
          index: i,
        });
      } catch (error) {
        errors.push(`${student.number}: ${error.message}`);
      }
    }),
  );
  const elapsed = Date.now() - started;
  clearInterval(sampler);
  const handIns = uploads.map((u, i) => u + (saves[i] ?? 0));
  console.log(
    `${acknowledged.length} hand-ins acknowledged in ${(elapsed / 1000).toFixed(1)} s, ${errors.length} errors`,
  );
  for (const [name, values] of [
    ['upload (1 MB)', uploads],
    ['save + submit', saves],
  ]) {
    const p95 = pct(values, 95);
    console.log(
      `  ${name.padEnd(14)} p50 ${ms(pct(values, 50))}  p95 ${ms(p95)} (bar ${BAR.p95} ms: ${p95 <= BAR.p95 ? 'ok' : 'OVER'})  p99 ${ms(pct(values, 99))}  max ${ms(Math.max(...values))}`,
    );
  }
  console.log(`  hand-in (both)  p50 ${ms(pct(handIns, 50))}  p95 ${ms(pct(handIns, 95))}`);
  console.log(
    `  server memory: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)} MB)`,
  );
  if (errors.length) console.log(`  errors:\n    ${errors.slice(0, 10).join('\n    ')}`);

  // --- the crash: killed at once after the last acknowledgement, started again on the same data ---
  await server.crash();
  server = await startServer({ webDist: null, env: { ...env, SEED_DEMO: '0' }, dataDir: server.dataDir });
  const teacherAgain = await login('teacher1', PASSWORD);
  const finish = await api()('/tms-server/courseWorkMgr/queryWorkFinishStatus', {
    session: teacherAgain,
    body: { schoolId: '1', workId: work.workId, pageIndex: 1, pageSize: 1 },
  });
  const handedIn = finish.counts.submittedCount;
  // every acknowledged student sees their hand-in; a sample of files comes back byte for byte
  let lost = 0;
  await pool(acknowledged, PARALLEL, async (student) => {
    const session = await login(student.number, NEW_PASSWORD);
    const { myWork } = await api()(`/tms-server/myWork/getMyWorkInfo/1/${work.workId}`, { session });
    if (
      myWork.status !== 1 ||
      myWork.attachments.length !== 1 ||
      myWork.attachments[0].fileSize !== student.size
    ) {
      lost++;
      return;
    }
    if (student.index % 25 === 0) {
      const response = await fetch(`${server.base}/api${myWork.attachments[0].url}`, {
        headers: { Product: 'dfrm', token: session.token, userId: session.userId },
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length !== student.size || bytes.subarray(0, 64).toString('hex') !== student.head) lost++;
    }
  });
  console.log(
    `after kill -9 and restart: ${handedIn ?? '?'} handed in on the finish list, ${acknowledged.length - lost} of ${acknowledged.length} acknowledged hand-ins intact, ${lost} lost`,
  );
  process.exitCode = errors.length || lost ? 1 : 0;
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
