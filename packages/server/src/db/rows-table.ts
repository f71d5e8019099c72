import { type SQL, sql } from 'drizzle-orm';

/**
 * A batch's rows as one parameter that the database reads back as a table (`jsonb_to_recordset`,
 * aliased `v`): a batch of 200 students is one JSON text, not 1,200 parameters that the query
 * builder builds, and the driver sends, one by one. `columns` defines the table in SQL
 * (`'exam_id bigint, user_id bigint'`); the rows' keys are its column names.
 */
export function rowsTable(rows: readonly object[], columns: string): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(columns)})`;
}
