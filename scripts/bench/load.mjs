#!/usr/bin/env node
// The student's hot read paths under load, against DESIGN.md's bar for issue 9: the course, notice
// and courseware lists each serve ≥ 400 requests/s at 50 connections on PGlite (one server process)
// with p99 ≤ 250 ms. The login check (/user/islogin) runs too, as the reference of a single-lookup
// request. Starts the real server on a temporary data folder (the demo school is seeded; no build
// needed), has teacher1 create content through the API (2 courses on both classes, 50 published
// notices visible to both classes, 30 shared courseware files), logs in students who choose their
// school and role as the web app does and read a few notices, then drives each endpoint with
// autocannon for BENCH_SECONDS (15) at BENCH_CONNECTIONS (50), each connection acting as one of the
// students.   node scripts/bench/load.mjs     (BENCH_ONLY=notice,courseware to run some endpoints)
import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { apiCaller, PASSWORD, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STUDENTS = Math.min(30, Number(process.env.BENCH_STUDENTS ?? 30));
const NOTICES = Number(process.env.BENCH_NOTICES ?? 50);
const WARES = Number(process.env.BENCH_WARES ?? 30);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const BAR = { rps: 400, p99: 250 };

// BENCH_LOG=<file>: the server's output; BENCH_PROFILE=<folder>: a V8 CPU profile of the server
const server = await startServer({
  webDist: null, // the API alone: no build needed
  env: { NODE_ENV: 'production' },
  output: process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, 'w') : 'ignore',
  profileDir: process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null,
});
const base = server.base;
const api = apiCaller(base);

async function login(account) {
  const user = await api('/user/login', { body: { account, password: PASSWORD, productId: 7 } });
  return { token: user.token, userId: user.userId };
}

try {
  // --- content, as teacher1 would make it ---
  const teacher = await login('teacher1');
  const classes = await api('/tms-server/courseMgr/getSchoolClass', {
    session: teacher,
    body: { schoolId: '1' },
  });
  const classIds = (Array.isArray(classes) ? classes : classes.list).slice(0, 2).map((c) => c.classId);
  const courses = [];
  for (const courseName of ['量化投资（压测）', 'Python金融数据分析（压测）']) {
    courses.push(
      await api('/tms-server/courseMgr/updateCourse', {
        session: teacher,
        body: { schoolId: '1', courseName, startDate: '2026-03-02', endDate: '2026-07-10', classIds },
      }),
    );
  }
  const teachingClassIds = (course) => course.teachingClasses.map((tc) => tc.teachingClassId);
  const notices = [];
  for (let i = 0; i < NOTICES; i++) {
    const course = courses[i % courses.length];
    notices.push(
      await api('/tms-server/announce/updateAnnounce', {
        session: teacher,
        body: {
          schoolId: '1',
          courseId: course.courseId,
          title: `第${i + 1}周教学安排`,
          content: `<p>第${i + 1}周：阅读教材相关章节，完成课后练习，并在周五前提交实验报告。</p>`.repeat(5),
          status: 1,
          teachingClassIds: teachingClassIds(course),
        },
      }),
    );
  }
  const pdf = new TextEncoder().encode(`%PDF-1.4\n${'课件正文 '.repeat(200)}\n%%EOF\n`);
  for (let i = 0; i < WARES; i++) {
    const course = courses[i % courses.length];
    const form = new FormData();
    form.append('schoolId', '1');
    form.append('courseId', course.courseId);
    form.append('courseWareName', `第${i + 1}讲 课件`);
    form.append('file', new File([pdf], `第${i + 1}讲.pdf`, { type: 'application/pdf' }));
    const ware = await api('/tms-server/courseWareMgr/uploadCourseWare', { session: teacher, form });
    await api('/tms-server/courseWareMgr/updateCourseWareShareList', {
      session: teacher,
      body: { schoolId: '1', courseWareId: ware.courseWareId, teachingClassIds: teachingClassIds(course) },
    });
  }

  // --- students: log in, choose the school and role as the web app does, read some notices ---
  const students = [];
  for (let i = 1; i <= STUDENTS; i++) {
    const session = await login(`student${String(i).padStart(2, '0')}`);
    const current = await api('/clientUser/v2/userLogin', { session });
    const schoolId = current.schoolId && current.schoolId !== '0' ? current.schoolId : '1';
    await api(`/clientUser/userLogin/${schoolId}/student`, { session });
    for (const notice of notices.slice(0, i % 15)) {
      await api(`/tms-server/studentPage/viewAnnounce/${schoolId}/${notice.announceId}`, { session });
    }
    students.push({ ...session, schoolId });
  }
  console.log(
    `content: ${courses.length} courses × ${classIds.length} classes, ${notices.length} notices, ${WARES} courseware; ${students.length} students logged in`,
  );

  const endpoints = [
    {
      key: 'islogin',
      name: '登录检查 POST /user/islogin (reference)',
      path: '/user/islogin',
      query: (s) => `?token=${encodeURIComponent(s.token)}`,
      body: () => ({}),
      reference: true,
    },
    {
      key: 'course',
      name: '我的课程 POST /tms-server/myCourse/v2/getStudentCourseList',
      path: '/tms-server/myCourse/v2/getStudentCourseList',
      body: (s) => ({ schoolId: s.schoolId, pageIndex: 1, pageSize: 12 }),
      expect: (d) => d.total === courses.length,
    },
    {
      key: 'course-v1',
      name: '我的课程 v1 POST /tms-server/myCourse/getStudentCourseList',
      path: '/tms-server/myCourse/getStudentCourseList',
      body: (s) => ({ schoolId: s.schoolId }),
      expect: (d) => d.length === courses.length,
    },
    {
      key: 'notice',
      name: '通知 POST /tms-server/studentPage/getAnnounceList',
      path: '/tms-server/studentPage/getAnnounceList',
      body: (s) => ({ schoolId: s.schoolId, pageIndex: 1, pageSize: 10 }),
      expect: (d) => d.total === notices.length && d.list.length === 10,
    },
    {
      key: 'courseware',
      name: '课件 POST /tms-server/myCourse/getStudentWareList',
      path: '/tms-server/myCourse/getStudentWareList',
      body: (s) => ({ schoolId: s.schoolId, pageIndex: 1, pageSize: 10 }),
      expect: (d) => d.total === WARES && d.list.length === 10,
    },
    {
      key: 'notice+view',
      name: '通知，每 10 次有 1 次打开一条通知 (reference: reads with the writes they cause)',
      path: '/tms-server/studentPage/getAnnounceList',
      body: (s) => ({ schoolId: s.schoolId, pageIndex: 1, pageSize: 10 }),
      // the 10th request of each connection's cycle opens a random notice (the first opening is a write)
      every: {
        n: 10,
        method: 'GET',
        path: (s) =>
          `/tms-server/studentPage/viewAnnounce/${s.schoolId}/${notices[Math.floor(Math.random() * notices.length)].announceId}`,
      },
      reference: true,
    },
  ].filter((e) => !ONLY || ONLY.includes(e.key));

  const results = [];
  for (const endpoint of endpoints) {
    // one checked answer first: the load must measure the real list, not an error
    const pathOf = (s) => `${endpoint.path}${endpoint.query ? endpoint.query(s) : ''}`;
    const sample = await api(pathOf(students[0]), { session: students[0], body: endpoint.body(students[0]) });
    if (endpoint.expect && !endpoint.expect(sample)) {
      throw new Error(`${endpoint.path}: unexpected answer ${JSON.stringify(sample).slice(0, 300)}`);
    }
    let next = 0;
    let badAnswers = 0;
    const onResponse = (status, body) => {
      if (status === 200 && !body.startsWith('{"errCode":0')) badAnswers++;
    };
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        ...Array.from({ length: endpoint.every ? endpoint.every.n - 1 : 1 }, () => ({
          method: 'POST',
          path: `/api${endpoint.path}`,
          // each connection acts as one student (round robin), sending that student's headers
          setupRequest: (request, context) => {
            context.student ??= students[next++ % students.length];
            const s = context.student;
            return {
              ...request,
              path: `/api${pathOf(s)}`,
              headers: {
                Product: 'dfrm',
                'Content-Type': 'application/json',
                token: s.token,
                userId: s.userId,
              },
              body: JSON.stringify(endpoint.body(s)),
            };
          },
          onResponse,
        })),
        ...(endpoint.every
          ? [
              {
                method: endpoint.every.method,
                path: '/api',
                setupRequest: (request, context) => {
                  context.student ??= students[next++ % students.length];
                  const s = context.student;
                  return {
                    ...request,
                    path: `/api${endpoint.every.path(s)}`,
                    headers: { Product: 'dfrm', token: s.token, userId: s.userId },
                  };
                },
                onResponse,
              },
            ]
          : []),
      ],
    });
    // autocannon counts timeouts (10 s) among its errors
    const errors = result.errors + result.non2xx + badAnswers;
    const rps = result.requests.average;
    const { p50, p99 } = result.latency;
    const ok = rps >= BAR.rps && p99 <= BAR.p99 && errors === 0;
    results.push({ endpoint, rps, p50, p99, errors, ok });
    const kinds = errors
      ? ` (connection ${result.errors - result.timeouts}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, errCode ≠ 0 ${badAnswers})`
      : '';
    console.log(
      `${endpoint.name}\n  ${rps.toFixed(0)} req/s  p50 ${p50} ms  p99 ${p99} ms  errors ${errors}${kinds}  (${result.requests.total} requests)` +
        (endpoint.reference ? '' : `  bar ≥ ${BAR.rps}/s, p99 ≤ ${BAR.p99} ms: ${ok ? 'ok' : 'OVER'}`),
    );
  }
  console.log('\nsummary');
  for (const { endpoint, rps, p50, p99, errors, ok } of results) {
    console.log(
      `  ${endpoint.key.padEnd(11)} ${rps.toFixed(0).padStart(5)} req/s  p50 ${String(p50).padStart(4)} ms  p99 ${String(p99).padStart(5)} ms  errors ${errors}  ${endpoint.reference ? '(reference)' : ok ? 'ok' : 'OVER'}`,
    );
  }
  if (results.some((r) => !r.endpoint.reference && !r.ok)) process.exitCode = 1;
} finally {
  await server.stop();
}
