#!/usr/bin/env node
// Fails when anything generated from specs/ differs from a fresh generation: the root specs, the SDK
// (packages/sdk/src/gen), the server's operation list and contract. It compares with the working tree,
// not with git, so correct generated code passes before it is committed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const GENERATED = [
  'specs',
  'packages/sdk/src/gen',
  'packages/server/src/contract/operations.gen.ts',
  'packages/server/src/contract/contract.gen.ts',
  'packages/web/src/routeTree.gen.ts',
];

function files(path) {
  const full = join(root, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

function snapshot() {
  const map = new Map();
  for (const file of GENERATED.flatMap(files)) {
    map.set(file, createHash('sha256').update(readFileSync(join(root, file))).digest('hex'));
  }
  return map;
}

const before = snapshot();
execSync('node scripts/gen.mjs', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
if (changed.length > 0) {
  console.error(`生成的代码与规范不一致（已重新生成，请检查并提交）：\n  ${changed.join('\n  ')}`);
  process.exit(1);
}
console.log('生成的代码与规范一致。');
