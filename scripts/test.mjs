#!/usr/bin/env node
// The README's test command: installs what it needs, then runs every test (sdk, server, web, end-to-end)
// and closes with one line "N passed, N failed".
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureChromium, install, mustPnpm, pnpm } from './lib.mjs';

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

function vitest(pkg, name) {
  const file = join(results, `${name}.json`);
  const status = pnpm(['--filter', pkg, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  suites.push({ name, file, kind: 'vitest', status });
}

vitest('@dfrm/sdk', 'sdk');
vitest('@dfrm/server', 'server');
vitest('@dfrm/web', 'web');

mustPnpm(['build']);
{
  const file = join(results, 'e2e.json');
  const status = pnpm(['--filter', '@dfrm/web', 'exec', 'playwright', 'test'], {
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
    const report = JSON.parse(readFileSync(suite.file, 'utf8'));
    if (suite.kind === 'vitest') {
      p = report.numPassedTests;
      f = report.numFailedTests;
    } else {
      p = report.stats.expected;
      f = report.stats.unexpected + report.stats.flaky;
    }
  } catch {
    failedToRun = true;
  }
  if (suite.status !== 0 && f === 0) failedToRun = true;
  passed += p;
  failed += f;
  console.log(`  ${suite.name.padEnd(7)} ${p} passed, ${f} failed${suite.status !== 0 ? ` (exit ${suite.status})` : ''}`);
}
console.log(`  耗时 ${Math.round((Date.now() - started) / 1000)} s`);
writeFileSync(join(results, 'summary.json'), JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedToRun ? 1 : 0);
