#!/usr/bin/env node
// Runs after share-client-runtime.mjs (`pnpm gen`). hey-api's zod.gen.ts builds every schema of a
// service at module level (`export const zX = z.object({ ... })`). A bundler cannot tell those calls
// have no side effects, so importing one operation kept all of its service's schemas (login alone
// pulled every schema of the user service; getCourseList all 1,000-odd of tms). Marking every call
// of a schema's initializer `/* @__PURE__ */` lets esbuild, Rollup and Rolldown drop the schemas
// nothing uses. Each call in a chain (`z.string().check(z.regex(...))`) gets its own mark: a mark
// covers one call only, and an unmarked inner call would be kept for its possible side effects.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const gen = resolve(import.meta.dirname, '../src/gen');
const MARK = '/* @__PURE__ */ ';

/** Start offsets of every call and `new` inside the initializers of the file's top-level constants. */
function callStarts(source) {
  const file = ts.createSourceFile('zod.gen.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.push(node.getStart(file));
    // a function body runs later, when called: its calls are not module-level work
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return;
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) visit(declaration.initializer);
    }
  }
  return starts.sort((a, b) => b - a);
}

let marked = 0;
let files = 0;
const services = readdirSync(gen).filter((name) => statSync(join(gen, name)).isDirectory());
for (const service of services) {
  const path = join(gen, service, 'zod.gen.ts');
  let source;
  try {
    source = readFileSync(path, 'utf8');
  } catch {
    continue;
  }
  if (source.includes(MARK.trim())) {
    console.error(`src/gen/${service}/zod.gen.ts is already marked; run openapi-ts first.`);
    process.exit(1);
  }
  const starts = callStarts(source);
  for (const start of starts) source = source.slice(0, start) + MARK + source.slice(start);
  writeFileSync(path, source);
  marked += starts.length;
  files += 1;
}
console.log(`${marked} schema calls marked pure in ${files} services' zod.gen.ts.`);
