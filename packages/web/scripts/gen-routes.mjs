#!/usr/bin/env node
// Writes src/routeTree.gen.ts from the file routes, exactly as the Vite plugin does during a build,
// so `pnpm gen` regenerates it and `pnpm gen:check` catches a stale tree.
import { resolve } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = resolve(import.meta.dirname, '..');
const config = getConfig(
  {
    target: 'react',
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
    quoteStyle: 'single',
    tmpDir: 'node_modules/.tanstack-router',
  },
  root,
);
await new Generator({ config, root }).run();
console.log('已写入 packages/web/src/routeTree.gen.ts');
