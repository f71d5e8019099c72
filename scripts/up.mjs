#!/usr/bin/env node
// The README's start command: install, build, and start the platform with the demo school.
// The server runs in its own process group, killed as a group when this script is stopped.
import { resolve } from 'node:path';
import { install, mustPnpm, PNPM_VERSION } from './lib.mjs';
import { runGroup, stopAll } from './process-group.mjs';

process.chdir(resolve(import.meta.dirname, '..'));
install();
mustPnpm(['build']);
const status = await runGroup('npx', ['-y', `pnpm@${PNPM_VERSION}`, '--filter', '@dfrm/server', 'start']);
stopAll(status);
