#!/usr/bin/env node
// Packs @dfrm/sdk as it would be published, installs the tarball into an empty folder outside the
// workspace with plain npm, starts the reference server, and runs a plain Node 20 script against it:
// log in, then one implemented call. Prints "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PNPM_VERSION } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
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

const checks = [];
let server;
try {
  sh('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/sdk', 'build'], root);
  sh('npx', ['-y', `pnpm@${PNPM_VERSION}`, 'pack', '--pack-destination', work], join(root, 'packages/sdk'));
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  const app = join(work, 'app');
  sh('mkdir', ['-p', app], work);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
  );
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], app);

  const port = await freePort();
  server = spawn('npx', ['tsx', 'src/main.ts'], {
    cwd: join(root, 'packages/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${base}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  writeFileSync(
    join(app, 'main.mjs'),
    `import { configure, ApiError } from '@dfrm/sdk';
import { login } from '@dfrm/sdk/user';
import { getClientUserLogin } from '@dfrm/sdk/tms';
let auth = null;
configure({ baseUrl: process.argv[2] + '/api', getAuth: () => auth });
const out = {};
try { await login({ body: { account: 'teacher1', password: 'wrong-password', productId: 7 } }); }
catch (e) { out.refused = e instanceof ApiError ? { errCode: e.errCode, errMsg: e.errMsg } : String(e); }
const user = await login({ body: { account: 'teacher1', password: process.env.DEMO_PASSWORD || 'dfrm2026', productId: 7 } });
auth = { token: user.token, userId: user.userId };
out.userName = user.userName;
out.school = await getClientUserLogin();
console.log(JSON.stringify(out));
`,
  );
  const result = JSON.parse(sh('node', ['main.mjs', base], app).trim().split('\n').pop());
  checks.push(['the packed SDK installs and imports in plain Node', true]);
  checks.push([
    'a wrong password rejects with ApiError and the server message',
    result.refused?.errMsg === '账号或密码错误',
  ]);
  checks.push(['login answers the user', result.userName === 'teacher1']);
  checks.push([
    'the school lookup answers the demo school as teacher',
    result.school?.schoolName === '演示金融科技学院' && result.school?.type === 'teacher',
  ]);
} catch (error) {
  console.error(error);
  checks.push(['the packed SDK works from a plain Node script', false]);
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(work, { recursive: true, force: true });
}
for (const [name, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${name}`);
const failed = checks.filter(([, ok]) => !ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
