#!/usr/bin/env node
// Bundles one call of a service with plain esbuild (as an internal tool would) and prints what it
// costs: minified and gzip bytes, and how many of the service's zod schemas came along.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const sdk = new URL('../src/', import.meta.url).pathname;
const ENTRIES = [
  ['login from @dfrm/sdk/user', `import { login } from '${sdk}gen/user/index.ts'; console.log(login);`],
  [
    'getCourseList from @dfrm/sdk/tms',
    `import { getCourseList } from '${sdk}gen/tms/index.ts'; console.log(getCourseList);`,
  ],
  [
    'configure + login',
    `import { configure } from '${sdk}index.ts'; import { login } from '${sdk}gen/user/index.ts'; console.log(configure, login);`,
  ],
];

for (const [name, contents] of ENTRIES) {
  const result = await build({
    stdin: { contents, resolveDir: sdk, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  console.log(
    `${name}: ${(code.length / 1024).toFixed(1)} KB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip`,
  );
}
