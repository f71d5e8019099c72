#!/usr/bin/env node
// Runs after openapi-ts (`pnpm gen`). hey-api copies its fetch client runtime (`client/` and
// `core/`) into every job's output, so the six services carried six identical copies and a page
// that configures all six clients shipped all six. This keeps one copy in src/gen/shared and points
// the services' generated files at it. The copies must be byte-identical; if a hey-api upgrade ever
// makes them differ per service, this fails instead of silently picking one.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const gen = resolve(import.meta.dirname, '../src/gen');
const SHARED = 'shared';
const RUNTIME_DIRS = ['client', 'core'];

const services = readdirSync(gen).filter(
  (name) => name !== SHARED && statSync(join(gen, name)).isDirectory(),
);

/** Every file under dir, as paths relative to it, sorted. */
function files(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(prefix, entry.name);
      return entry.isDirectory() ? files(dir, path) : [path];
    })
    .sort();
}

const [first, ...rest] = services;
for (const runtimeDir of RUNTIME_DIRS) {
  const reference = join(gen, first, runtimeDir);
  const expected = files(reference);
  for (const service of rest) {
    const copy = join(gen, service, runtimeDir);
    const actual = files(copy);
    const same =
      actual.join('\n') === expected.join('\n') &&
      expected.every((f) => readFileSync(join(reference, f)).equals(readFileSync(join(copy, f))));
    if (!same) {
      console.error(
        `src/gen/${service}/${runtimeDir} differs from src/gen/${first}/${runtimeDir}; cannot share it.`,
      );
      process.exit(1);
    }
  }
}

rmSync(join(gen, SHARED), { recursive: true, force: true });
for (const runtimeDir of RUNTIME_DIRS)
  cpSync(join(gen, first, runtimeDir), join(gen, SHARED, runtimeDir), { recursive: true });

// `./client/index.js` from src/gen/tms/sdk.gen.ts becomes `../shared/client/index.js`.
const SPECIFIER = /(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\2/g;
for (const service of services) {
  const root = join(gen, service);
  for (const runtimeDir of RUNTIME_DIRS) rmSync(join(root, runtimeDir), { recursive: true, force: true });
  for (const file of files(root).filter((f) => f.endsWith('.ts'))) {
    const path = join(root, file);
    const source = readFileSync(path, 'utf8');
    const rewritten = source.replace(SPECIFIER, (match, keyword, quote, specifier) => {
      const target = relative(root, resolve(dirname(path), specifier));
      const [top] = target.split(/[\\/]/);
      if (!RUNTIME_DIRS.includes(top)) return match;
      let shared = relative(dirname(path), join(gen, SHARED, target)).replaceAll('\\', '/');
      if (!shared.startsWith('.')) shared = `./${shared}`;
      return `${keyword}${quote}${shared}${quote}`;
    });
    if (rewritten !== source) writeFileSync(path, rewritten);
  }
}

// hey-api's fetch client always wires in its server-sent-events reader (~1 KB gzip on every
// page). No operation of our contract streams, so the client gets a stand-in that says so; the
// types stay hey-api's.
const clientFile = join(gen, SHARED, 'client', 'client.gen.ts');
const SSE_IMPORT = "import { createSseClient } from '../core/serverSentEvents.gen.js';";
const clientSource = readFileSync(clientFile, 'utf8');
if (!clientSource.includes(SSE_IMPORT)) {
  console.error(
    `${relative(gen, clientFile)} no longer imports createSseClient as expected; update this script.`,
  );
  process.exit(1);
}
writeFileSync(
  clientFile,
  `${clientSource.replace(
    SSE_IMPORT,
    "import type { createSseClient as HeyApiSseClient } from '../core/serverSentEvents.gen.js';",
  )}
// dfrm: no operation of the contract streams (scripts/share-client-runtime.mjs).
const createSseClient: typeof HeyApiSseClient = () => {
  throw new Error('dfrm 的接口不提供服务器推送（SSE）');
};
`,
);

console.log(`hey-api client runtime shared by ${services.length} services in src/gen/${SHARED}.`);
