#!/usr/bin/env node
// The README's test command: installs what it needs, then runs every test (sdk, server, web, end-to-end)
// and closes with one line "N passed, N failed".
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureChromium, install, mustPnpm, PNPM_VERSION } from './lib.mjs';
import { runGroup } from './process-group.mjs';

// Test runners (and the server Playwright starts) in their own process group: stopping this script
// stops them and everything they started.
const pnpm = (args, options) => runGroup('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], options);

const root = resolve(import.meta.dirname, '..');
process.chdir(root);
const results = join(root, '.tmp', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const started = Date.now();
install();
ensureChromium();

const suites = [];
let failedToRun = false;

async function vitest(pkg, name) {
  const file = join(results, `${name}.json`);
  const status = await pnpm([
    '--filter',
    pkg,
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  suites.push({ name, file, kind: 'vitest', status });
}

await vitest('@dfrm/sdk', 'sdk');
await vitest('@dfrm/server', 'server');
await vitest('@dfrm/web', 'web');

{
  // the SDK as published: packed, installed by npm outside the workspace, used from plain Node
  const file = join(results, 'sdk-pack.txt');
  const r = spawnSync('node', ['scripts/sdk-pack-test.mjs'], { encoding: 'utf8' });
  writeFileSync(file, r.stdout + r.stderr);
  process.stdout.write(r.stdout + r.stderr);
  suites.push({ name: 'sdk-pack', file, kind: 'plain', status: r.status ?? 1 });
}

mustPnpm(['build']);
{
  const file = join(results, 'e2e.json');
  const status = await pnpm(['--filter', '@dfrm/web', 'exec', 'playwright', 'test'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  suites.push({ name: 'e2e', file, kind: 'playwright', status });
}

let passed = 0;
let failed = 0;
console.log('\n测试汇总');
for (const suite of suites) {
  let p = 0;
  let f = 0;
  try {
    const text = readFileSync(suite.file, 'utf8');
    if (suite.kind === 'plain') {
      const [, a, b] = /(\d+) passed, (\d+) failed\s*$/.exec(text.trim()) ?? [];
      if (a === undefined) throw new Error('no summary');
      p = Number(a);
      f = Number(b);
    } else if (suite.kind === 'vitest') {
      const report = JSON.parse(text);
      p = report.numPassedTests;
      f = report.numFailedTests;
    } else {
      const report = JSON.parse(text);
      p = report.stats.expected;
      f = report.stats.unexpected + report.stats.flaky;
    }
  } catch {
    failedToRun = true;
  }
  if (suite.status !== 0 && f === 0) failedToRun = true;
  passed += p;
  failed += f;
  console.log(
    `  ${suite.name.padEnd(9)} ${p} passed, ${f} failed${suite.status !== 0 ? ` (exit ${suite.status})` : ''}`,
  );
}
console.log(`  耗时 ${Math.round((Date.now() - started) / 1000)} s`);
writeFileSync(join(results, 'summary.json'), JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedToRun ? 1 : 0);
