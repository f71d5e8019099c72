#!/usr/bin/env node
// The README's start command: install, build, and start the platform with the demo school.
import { resolve } from 'node:path';
import { install, mustPnpm } from './lib.mjs';

process.chdir(resolve(import.meta.dirname, '..'));
install();
mustPnpm(['build']);
mustPnpm(['--filter', '@dfrm/server', 'start']);
