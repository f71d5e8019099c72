#!/usr/bin/env node
// The contract's coverage: operations per service in specs/ and how many the reference server implements.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const server = resolve(import.meta.dirname, '../packages/server');
const r = spawnSync('npx', ['tsx', 'scripts/coverage.ts', ...process.argv.slice(2)], {
  cwd: server,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
