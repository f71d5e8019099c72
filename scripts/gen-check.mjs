#!/usr/bin/env node
// Fails when anything generated from specs/ differs from a fresh generation: the root specs,
// the SDK (packages/sdk/src/gen) and the server's operation list.
import { execSync } from 'node:child_process';

const GENERATED = [
  'specs/*.yaml',
  'packages/sdk/src/gen',
  'packages/server/src/routes/operations.gen.ts',
];
const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
run('node scripts/gen.mjs');
const changed = run(`git status --porcelain -- ${GENERATED.map((g) => `'${g}'`).join(' ')}`).trim();
if (changed) {
  console.error('生成的代码与规范不一致：请运行 pnpm gen 并提交结果。\n' + changed);
  process.exit(1);
}
console.log('生成的代码与规范一致。');
