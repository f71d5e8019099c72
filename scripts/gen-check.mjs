#!/usr/bin/env node
// Fails when packages/sdk/src/gen differs from a fresh generation of specs/.
import { execSync } from 'node:child_process';

const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
run('npx -y pnpm@10.34.8 --filter @dfrm/sdk gen');
const changed = run('git status --porcelain -- packages/sdk/src/gen').trim();
if (changed) {
  console.error('生成的 SDK 与规范不一致（packages/sdk/src/gen）：请运行 pnpm gen 并提交结果。\n' + changed);
  process.exit(1);
}
console.log('SDK 生成代码与规范一致。');
