// Prints, per service and in total, the operations in the specs and how many the server implements for real.
// `--missing [path prefix]` lists the operations still answering errCode 9 instead (optionally under a path prefix).
import { coverage } from '../src/routes/operations';
import { OPERATIONS } from '../src/contract/operations.gen';
import { serviceRoutes } from '../src/routes/services';

const { implemented } = serviceRoutes();
const missingAt = process.argv.indexOf('--missing');
if (missingAt >= 0) {
  const prefix = process.argv[missingAt + 1] ?? '';
  const missing = OPERATIONS.filter((op) => op.path.startsWith(prefix) && !implemented.has(op.operationId));
  for (const op of missing)
    console.log(`${op.service.padEnd(9)} ${op.method.padEnd(5)} ${op.path}  ${op.summary}`);
  console.log(`${missing.length} operations not implemented${prefix ? ` under ${prefix}` : ''}`);
  process.exit(0);
}

const rows = coverage(implemented);
const total = rows.reduce(
  (t, r) => ({ operations: t.operations + r.operations, implemented: t.implemented + r.implemented }),
  {
    operations: 0,
    implemented: 0,
  },
);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');
const markdown = process.argv.includes('--markdown');
if (markdown) {
  console.log('| service | operations | implemented |\n| --- | ---: | ---: |');
  for (const r of rows)
    console.log(
      `| ${r.service} | ${r.operations} | ${r.implemented} (${pct(r.implemented, r.operations)}) |`,
    );
  console.log(
    `| **total** | **${total.operations}** | **${total.implemented} (${pct(total.implemented, total.operations)})** |`,
  );
} else {
  for (const r of rows) {
    console.log(
      `${r.service.padEnd(9)} ${String(r.operations).padStart(4)} operations  ${String(r.implemented).padStart(4)} implemented  ${pct(r.implemented, r.operations).padStart(6)}`,
    );
  }
  console.log(
    `${'total'.padEnd(9)} ${String(total.operations).padStart(4)} operations  ${String(total.implemented).padStart(4)} implemented  ${pct(total.implemented, total.operations).padStart(6)}`,
  );
}
