#!/usr/bin/env node
// Writes packages/server/src/routes/operations.gen.ts: every operation of the specs (service, operationId,
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

export function readOperations() {
  const operations = [];
  for (const service of Object.keys(SERVICES)) {
    const rootFile = join(specs, `${service}.yaml`);
    if (!existsSync(rootFile)) continue;
    const doc = load(rootFile);
    for (const [path, entry] of Object.entries(doc.paths ?? {})) {
      let item = entry;
      if (typeof entry.$ref === 'string') {
        const [file, pointer] = entry.$ref.split('#');
        const area = load(resolve(dirname(rootFile), file));
        item = area.paths[unpointer(pointer.replace(/^\/paths\//, ''))];
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
        });
      }
    }
  }
  return operations;
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
}

export const OPERATIONS: readonly OperationSpec[] = [
${body}
];
`;
  writeFileSync(join(root, 'packages/server/src/routes/operations.gen.ts'), text);
  console.log(`已写入 ${operations.length} 个操作：packages/server/src/routes/operations.gen.ts`);
}
