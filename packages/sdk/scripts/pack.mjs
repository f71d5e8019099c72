#!/usr/bin/env node
// prepack / postpack of @dfrm/sdk. In the workspace "exports" points at the TypeScript sources (the
// web app, the server and the tests use them as they are); a packed package must point at dist/.
// pnpm pack applies publishConfig.exports itself, npm pack does not, so prepack builds dist/ and
// writes package.json as it is published (publishConfig.exports as "exports"), and postpack puts the
// workspace's package.json back. Both tools then pack the same package.json and the same files.
//   node scripts/pack.mjs prepare   (prepack)
//   node scripts/pack.mjs restore   (postpack)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const manifestPath = join(root, 'package.json');
// inside node_modules: never packed, never committed
const backupPath = join(root, 'node_modules/.cache/dfrm-sdk-pack/package.json');

function restore() {
  if (!existsSync(backupPath)) return false;
  copyFileSync(backupPath, manifestPath);
  rmSync(backupPath);
  return true;
}

function prepare() {
  // a pack that failed after prepack left the published manifest behind: start from the workspace's
  restore();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const { exports: published, ...publishConfig } = manifest.publishConfig ?? {};
  if (!published) throw new Error('package.json has no publishConfig.exports to publish');

  rmSync(join(root, 'dist'), { recursive: true, force: true });
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (build.error || build.status !== 0) throw new Error('tsc -p tsconfig.build.json failed');
  for (const target of Object.values(published)) {
    for (const file of Object.values(target)) {
      if (!existsSync(join(root, file))) throw new Error(`${file} was not built`);
    }
  }

  mkdirSync(dirname(backupPath), { recursive: true });
  copyFileSync(manifestPath, backupPath);
  const out = { ...manifest, exports: published, types: published['.'].types };
  if (Object.keys(publishConfig).length > 0) out.publishConfig = publishConfig;
  else delete out.publishConfig;
  writeFileSync(manifestPath, `${JSON.stringify(out, null, 2)}\n`);
}

const step = process.argv[2];
if (step === 'prepare') prepare();
else if (step === 'restore') restore();
else {
  console.error('usage: node scripts/pack.mjs prepare|restore');
  process.exit(1);
}
