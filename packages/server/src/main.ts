import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { openReadCache } from './db/read-cache';
import { type Clock, systemClock } from './lib/clock';
import { advanceClock, CLOCK_ADVANCE_PATH, shiftedClock } from './lib/shifted-clock';
import { loadConfig } from './lib/config';
import { LocalFolderStorage } from './lib/storage';
import { startSweeps } from './jobs/sweeps';
import { DEMO_ACCOUNTS, DEMO_ROLE_LABELS, demoPassword } from './seed/demo-data';
import { hasDemoSchool, isEmptyDatabase, seedDemoSchool } from './seed/demo-school';
import { DEMO_COURSE, seedDemoTeaching } from './seed/demo-teaching';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(env.DATA_DIR ?? './.data');
const databaseUrl = env.DATABASE_URL || undefined;

const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
const storage = new LocalFolderStorage(path.join(dataDir, 'files'));
let seeded = false;
let teachingSeeded = false;
await migrateDatabase(handle, async (db) => {
  // PostgreSQL is someone's real database: seed it only when asked to
  const wanted =
    env.SEED_DEMO === '1' ||
    (handle.kind === 'pglite' && env.SEED_DEMO !== '0' && (await isEmptyDatabase(db)));
  if (!wanted) return;
  const now = systemClock.now();
  await seedDemoSchool(db, { now, password: demoPassword(env) });
  // the school was just written: give it a course with lessons, notices and courseware (once)
  // SEED_DEMO_TEACHING=0: the school alone (the end-to-end tests and the benches start from it)
  if (env.SEED_DEMO_TEACHING !== '0') teachingSeeded = await seedDemoTeaching(db, { now, storage });
  seeded = true;
});

// TEST_CLOCK=1 (the end-to-end journeys only): the clock can be moved forward through CLOCK_ADVANCE_PATH
const testClock = env.TEST_CLOCK === '1' ? shiftedClock() : null;
const clock: Clock = testClock ?? systemClock;

const config = loadConfig(env);
// READ_CACHE=0 serves every read from the database (to compare, or to rule the cache out)
const readCache = env.READ_CACHE === '0' ? null : await openReadCache(handle);
const app = createApp({
  db: handle.db,
  readCache,
  clock,
  config,
  storage,
});

startSweeps({ db: handle.db, storage, clock });

const fetch: typeof app.fetch = testClock
  ? (request, ...rest) =>
      new URL(request.url).pathname === CLOCK_ADVANCE_PATH
        ? advanceClock(testClock, request)
        : app.fetch(request, ...rest)
  : app.fetch;
const server = createAdaptorServer({ fetch, hostname: host });
// Connections are kept 65 s between requests (Node's default is 5 s): a student on an exam's
// attention page enters on the connection its check at the opening made, instead of a class opening
// a thousand new ones (TCP, and TLS behind a proxy) in the same second. A load balancer in front
// must close idle connections sooner (60 s is usual), so it never sends on one this server closes.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
// a class starting an exam together opens a thousand connections in a second while the embedded
// database keeps the one thread busy: a short accept queue (Node's 511) would turn some away
server.listen({ port, host, backlog: 4096 }, () => {
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${listening}`;
  console.log(
    `dfrm 服务已启动：${url}  （接口 ${url}/api，数据库 ${handle.kind === 'pglite' ? dataDir : 'PostgreSQL'}）`,
  );
  if (testClock)
    console.log(
      `测试时钟已开启（TEST_CLOCK=1）：POST ${CLOCK_ADVANCE_PATH} 可拨快服务器时间，仅用于端到端测试`,
    );
  void printDemoAccounts();
});

async function printDemoAccounts(): Promise<void> {
  if (!(await hasDemoSchool(handle.db))) return;
  const lines = DEMO_ACCOUNTS.filter((a) => a.role !== 'student').map(
    (a) => `  ${a.userName.padEnd(11)} ${DEMO_ROLE_LABELS[a.role]} ${a.realName} ${a.phoneNumber}`,
  );
  const first = DEMO_ACCOUNTS.find((a) => a.role === 'student');
  const last = DEMO_ACCOUNTS.findLast((a) => a.role === 'student');
  if (first && last)
    lines.push(`  ${first.userName}…${last.userName} 学生 手机号 ${first.phoneNumber}…${last.phoneNumber}`);
  console.log(
    `${seeded ? '已写入' : '已有'}演示学校，账号（密码 ${demoPassword(env)}，也可用手机号＋验证码登录）：\n${lines.join('\n')}`,
  );
  if (teachingSeeded)
    console.log(
      `已写入演示课程「${DEMO_COURSE.name}」（teacher1 任教两个班）：课表、通知与课件，课件文件在 ${path.join(dataDir, 'files')}`,
    );
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`收到 ${signal}，正在关闭…`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // keep-alive connections would hold close() open; idle ones go now, busy ones get 5 s
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const force = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, 5000);
  await closed;
  clearTimeout(force);
  await readCache?.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
