#!/usr/bin/env node
// Development: the reference server (restarts on change) on :8080 and Vite with hot reload on :5173,
// which proxies /api and /config.json to the server. Each runs in its own process group; when one
// stops, or this script is stopped (Ctrl-C, SIGTERM), both groups are killed, servers included.
import { resolve } from 'node:path';
import { PNPM_VERSION } from './lib.mjs';
import { spawnGroup, stopAll } from './process-group.mjs';

process.chdir(resolve(import.meta.dirname, '..'));
const children = [
  spawnGroup('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/server', 'dev']),
  spawnGroup('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/web', 'dev']),
];
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
