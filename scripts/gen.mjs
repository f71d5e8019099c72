#!/usr/bin/env node
// pnpm gen: root specs from their area files, then the SDK, the server's operation list and contract,
// and the web app's route tree.
import { resolve } from 'node:path';
import { mustPnpm, run } from './lib.mjs';

process.chdir(resolve(import.meta.dirname, '..'));
const step = (cmd, args) => {
  if (run(cmd, args) !== 0) process.exit(1);
};
step('node', ['scripts/specs.mjs']);
mustPnpm(['--filter', '@dfrm/sdk', 'gen']);
step('node', ['scripts/gen-operations.mjs']);
step('node', ['packages/web/scripts/gen-routes.mjs']);
