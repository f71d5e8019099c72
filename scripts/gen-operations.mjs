#!/usr/bin/env node
// Writes packages/server/src/contract/operations.gen.ts: every operation of the specs (service, operationId,
// method, path, roles, summary). The server answers the ones it does not implement with errCode 9, and
// scripts/coverage counts the rest.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from './specs.mjs';

const root = resolve(import.meta.dirname, '..');
const specs = join(root, 'specs');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const cache = new Map();
const load = (file) => {
  if (!cache.has(file)) cache.set(file, parse(readFileSync(file, 'utf8')));
  return cache.get(file);
};
const unpointer = (p) => p.replaceAll('~1', '/').replaceAll('~0', '~');

/** How the request carries its input: a JSON body, a multipart form (an upload) or none. */
function bodyKind(op) {
  const content = op.requestBody?.content ?? {};
  if (content['multipart/form-data']) return 'multipart';
  if (content['application/json']) return 'json';
  return 'none';
}

/** A success answer is the JSON envelope, or a file (any other content type). */
function answerKind(op) {
  const ok = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const types = Object.keys(ok?.content ?? {});
  return types.length === 0 || types.includes('application/json') ? 'json' : 'file';
}

export function readOperations() {
  const operations = [];
  for (const service of Object.keys(SERVICES)) {
    const rootFile = join(specs, `${service}.yaml`);
    if (!existsSync(rootFile)) continue;
    const doc = load(rootFile);
    for (const [path, entry] of Object.entries(doc.paths ?? {})) {
      let item = entry;
      let areaName = service;
      if (typeof entry.$ref === 'string') {
        const [file, pointer] = entry.$ref.split('#');
        const area = load(resolve(dirname(rootFile), file));
        item = area.paths[unpointer(pointer.replace(/^\/paths\//, ''))];
        areaName = `${service}/${file
          .replace(/^\.\//, '')
          .replace(/^[^/]+\//, '')
          .replace(/\.yaml$/, '')}`;
      }
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        operations.push({
          service,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          roles: op['x-roles'] ?? [],
          summary: op.summary ?? '',
          area: areaName,
          body: bodyKind(op),
          answer: answerKind(op),
        });
      }
    }
  }
  return operations;
}

/** Names a module exports (`export const x`, `export type X`), by their lower-case spelling. */
function exportsOf(file, kind) {
  const names = new Map();
  const pattern = kind === 'const' ? /^export const (\w+)/gm : /^export type (\w+)/gm;
  for (const match of readFileSync(file, 'utf8').matchAll(pattern))
    names.set(match[1].toLowerCase(), match[1]);
  return names;
}

/**
 * packages/server/src/contract/contract.gen.ts: for every operation the SDK's zod schemas of its path,
 * query and body, and the SDK's type of its answer, so registration validates with the
 * generated schemas and a service verb that drifts from the spec fails to compile.
 */
function contractModule(operations) {
  const sdk = join(root, 'packages/sdk/src/gen');
  const services = [...new Set(operations.map((op) => op.service))];
  const zods = Object.fromEntries(services.map((s) => [s, exportsOf(join(sdk, s, 'zod.gen.ts'), 'const')]));
  const types = Object.fromEntries(services.map((s) => [s, exportsOf(join(sdk, s, 'types.gen.ts'), 'type')]));
  const lines = [];
  const io = [];
  for (const op of operations) {
    const zod = (part) => zods[op.service].get(`z${op.operationId}${part}`.toLowerCase());
    const type = (suffix) => types[op.service].get(`${op.operationId}${suffix}`.toLowerCase());
    const parts = ['path', 'query', 'body']
      .map((part) => [part, zod(part[0].toUpperCase() + part.slice(1))])
      .filter(([, name]) => name)
      .map(([part, name]) => `${part}: ${op.service}Z.${name}`);
    lines.push(`  ${op.operationId}: { ${parts.join(', ')} },`);
    const response = type('Response');
    if (!response) throw new Error(`SDK 中缺少 ${op.operationId} 的应答类型`);
    const output = op.answer === 'file' ? 'FileAnswer' : `${op.service}.${response}`;
    io.push(`  ${op.operationId}: ${output};`);
  }
  const imports = services
    .map(
      (s) =>
        `import * as ${s}Z from '@dfrm/sdk/${s}/zod';\nimport type * as ${s} from '@dfrm/sdk/${s}/types';`,
    )
    .join('\n');
  return `// 由 scripts/gen-operations.mjs 根据 specs/ 与 SDK 生成，请勿手改（pnpm gen）。
${imports}
import type { FileAnswer } from '../lib/file-answer';

/** The SDK's zod schemas of each operation's path, query and body. */
export const SCHEMAS = {
${lines.join('\n')}
} as const;

/** What each operation's service verb answers, in the SDK's generated types (a file for downloads). */
export interface OperationOutput {
${io.join('\n')}
}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const operations = readOperations();
  const body = operations.map((op) => `  ${JSON.stringify(op)},`).join('\n');
  const text = `// 由 scripts/gen-operations.mjs 根据 specs/ 生成，请勿手改（pnpm gen）。
export interface OperationSpec {
  service: string;
  operationId: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  path: string;
  roles: readonly string[];
  summary: string;
  /** The spec's area file, \`<service>/<area>\`. */
  area: string;
  /** How the request carries its input: JSON body, multipart form (an upload) or none. */
  body: 'json' | 'multipart' | 'none';
  /** A success answer is the JSON envelope, or a file. */
  answer: 'json' | 'file';
}

export const OPERATIONS = [
${body}
] as const satisfies readonly OperationSpec[];

export type OperationId = (typeof OPERATIONS)[number]['operationId'];
export type Area = (typeof OPERATIONS)[number]['area'];
/** The operation ids of one area file. */
export type AreaOperationId<A extends Area> = Extract<(typeof OPERATIONS)[number], { area: A }>['operationId'];
`;
  writeFileSync(join(root, 'packages/server/src/contract/operations.gen.ts'), text);
  writeFileSync(join(root, 'packages/server/src/contract/contract.gen.ts'), contractModule(operations));
  console.log(`已写入 ${operations.length} 个操作：packages/server/src/contract/operations.gen.ts`);
}
