/** The driver's error and its causes (drizzle wraps what PGlite and pg throw). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    depth += 1
  ) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of chain(error)) if (e.code === '23505') return true;
  return false;
}

/** Whether a database error is a foreign-key violation (PostgreSQL 23503): the row referred to went away meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (const e of chain(error)) if (e.code === '23503') return true;
  return false;
}

/** The constraint a violation names, when the driver tells ('' otherwise). */
export function violatedConstraint(error: unknown): string {
  for (const e of chain(error)) if (typeof e.constraint === 'string') return e.constraint;
  return '';
}
