import { OPERATIONS, type OperationId } from '../contract/operations.gen';

export interface Coverage {
  service: string;
  operations: number;
  implemented: number;
}

/** Operations per service in the specs, and how many of them the server implements. */
export function coverage(implemented: ReadonlySet<OperationId>): Coverage[] {
  const byService = new Map<string, Coverage>();
  for (const op of OPERATIONS) {
    const row = byService.get(op.service) ?? { service: op.service, operations: 0, implemented: 0 };
    row.operations++;
    if (implemented.has(op.operationId)) row.implemented++;
    byService.set(op.service, row);
  }
  return [...byService.values()];
}
