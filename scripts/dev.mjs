#!/usr/bin/env node
// Development: the reference server (restarts on change) on :8080 and Vite with hot reload on :5173,
// which proxies /api and /config.json to the server.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PNPM_VERSION } from './lib.mjs';

process.chdir(resolve(import.meta.dirname, '..'));
const children = [
  spawn('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/server', 'dev'], { stdio: 'inherit' }),
  spawn('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/web', 'dev'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
