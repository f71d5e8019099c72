#!/usr/bin/env node
// Packs @dfrm/sdk as it would be published, once with pnpm pack and once with npm pack, installs each
// tarball into an empty folder outside the workspace with plain npm, starts the reference server,
// and runs a plain Node 20 script against it with each: log in, one implemented call, a request the
// contract refuses, two users at once through createClient. Also bundles one call from each
// installed package with esbuild and checks an unrelated operation's schema stays out.
// Prints "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PNPM_VERSION } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const sdkDir = join(root, 'packages/sdk');
const work = mkdtempSync(join(tmpdir(), 'dfrm-sdk-pack-'));
const sh = (cmd, args, cwd) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} 失败：\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};
const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
// esbuild is a dev dependency of the SDK, not of the consumer
const { build } = createRequire(join(sdkDir, 'package.json'))('esbuild');

const PACKERS = {
  pnpm: (dest) => sh('npx', ['-y', `pnpm@${PNPM_VERSION}`, 'pack', '--pack-destination', dest], sdkDir),
  npm: (dest) => sh('npm', ['pack', '--pack-destination', dest], sdkDir),
};

const CONSUMER = `import { configure, createClient, ApiError, ErrCode } from '@dfrm/sdk';
import { describeIssues } from '@dfrm/sdk/errors';
import { login } from '@dfrm/sdk/user';
import { getClientUserLogin } from '@dfrm/sdk/tms';
import { zLoginBody } from '@dfrm/sdk/user/zod';
const base = process.argv[2] + '/api';
const password = process.env.DEMO_PASSWORD || 'dfrm2026';
let auth = null;
configure({ baseUrl: base, getAuth: () => auth });
const out = {};
try { await login({ body: { account: 'teacher1', password: 'wrong-password', productId: 7 } }); }
catch (e) { out.refused = e instanceof ApiError ? { errCode: e.errCode, errMsg: e.errMsg } : String(e); }
try { await login({ body: { account: 'teacher1', password: '', productId: 7 } }); }
catch (e) { out.invalid = e instanceof ApiError ? { errCode: e.errCode, errMsg: e.errMsg } : String(e); }
const user = await login({ body: { account: 'teacher1', password, productId: 7 } });
auth = { token: user.token, userId: user.userId };
out.userName = user.userName;
out.school = await getClientUserLogin();
// two users at once, each with its own client
const session = async (account) => {
  const who = await login({ body: { account, password, productId: 7 } });
  return createClient({ baseUrl: base, getAuth: () => ({ token: who.token, userId: who.userId }) });
};
const [teacher, student] = await Promise.all([session('teacher2'), session('student01')]);
const [asTeacher, asStudent] = await Promise.all([
  teacher.call(getClientUserLogin),
  getClientUserLogin({ client: student.tms }),
]);
out.two = [asTeacher.type, asStudent.type];
out.shared = describeIssues(zLoginBody.safeParse({ account: 'a', password: '', productId: 7 }).error.issues) ;
out.errCodeInput = ErrCode.invalidInput;
console.log(JSON.stringify(out));
`;

const checks = [];
let server;
try {
  const port = await freePort();
  server = spawn('npx', ['tsx', 'src/main.ts'], {
    cwd: join(root, 'packages/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;

  const manifestBefore = readFileSync(join(sdkDir, 'package.json'), 'utf8');
  for (const [tool, pack] of Object.entries(PACKERS)) {
    const dest = join(work, tool);
    mkdirSync(dest, { recursive: true });
    try {
      pack(dest);
      checks.push([
        `${tool} pack leaves the workspace's package.json as it was`,
        readFileSync(join(sdkDir, 'package.json'), 'utf8') === manifestBefore,
      ]);
      const tarball = readdirSync(dest).find((f) => f.endsWith('.tgz'));
      const app = join(dest, 'app');
      mkdirSync(app);
      writeFileSync(
        join(app, 'package.json'),
        JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
      );
      sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(dest, tarball)], app);
      const installed = JSON.parse(readFileSync(join(app, 'node_modules/@dfrm/sdk/package.json'), 'utf8'));
      checks.push([
        `${tool}: the installed package.json exports dist/ only`,
        Object.values(installed.exports).every(
          (t) => t.default.startsWith('./dist/') && t.types.startsWith('./dist/'),
        ),
      ]);

      for (let i = 0; i < 120; i++) {
        const up = await fetch(`${base}/config.json`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      writeFileSync(join(app, 'main.mjs'), CONSUMER);
      const result = JSON.parse(sh('node', ['main.mjs', base], app).trim().split('\n').pop());
      checks.push([`${tool}: the packed SDK installs and imports in plain Node`, true]);
      checks.push([
        `${tool}: a wrong password rejects with ApiError and the server message`,
        result.refused?.errMsg === '账号或密码错误',
      ]);
      checks.push([
        `${tool}: a request the contract refuses rejects with ApiError errCode 2 before sending`,
        result.invalid?.errCode === 2 && result.invalid?.errMsg === '参数 password 不能为空',
      ]);
      checks.push([`${tool}: login answers the user`, result.userName === 'teacher1']);
      checks.push([
        `${tool}: the school lookup answers the demo school as teacher`,
        result.school?.schoolName === '演示金融科技学院' && result.school?.type === 'teacher',
      ]);
      checks.push([
        `${tool}: createClient acts as a teacher and a student at once`,
        result.two?.[0] === 'teacher' && result.two?.[1] === 'student',
      ]);
      checks.push([
        `${tool}: describeIssues from @dfrm/sdk/errors`,
        result.shared === '参数 password 不能为空',
      ]);

      const bundled = await build({
        stdin: { contents: "import { login } from '@dfrm/sdk/user'; console.log(login);", resolveDir: app },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'neutral',
        write: false,
        logLevel: 'silent',
      });
      const code = bundled.outputFiles[0].text;
      checks.push([
        `${tool}: esbuild bundles login (${(code.length / 1024).toFixed(1)} KB) without the user-group schemas`,
        code.includes('smsCode') && !code.includes('adminUserIds'),
      ]);
    } catch (error) {
      console.error(error);
      checks.push([`${tool}: the packed SDK works from a plain Node script`, false]);
    }
  }
} catch (error) {
  console.error(error);
  checks.push(['the pack test ran', false]);
} finally {
  // the server runs under npx: end its whole process group
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 300));
  rmSync(work, { recursive: true, force: true });
}
for (const [name, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${name}`);
const failed = checks.filter(([, ok]) => !ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
