import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';

/** A row schema: a zod object (or a union/intersection of them) for one row of a raw query. */
export type RowSchema = z.ZodType<Record<string, unknown>>;

/**
 * A bigint column (int8: bigserial ids, `count(*)`) read as a number: both drivers return int8 as
 * text (PGlite is configured like node-postgres in `client.ts`), so a row schema that wants a
 * number says so here instead of declaring `number` and receiving a string.
 */
export const int8Number = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number);

/**
 * A timestamptz column: node-postgres parses it to a Date, PGlite may hand the text; readers turn
 * either into a Date with `new Date(value)`.
 */
export const timestampColumn = z.union([z.date(), z.string()]);

/**
 * Runs raw SQL and returns its rows, each checked against `schema` (decision 059). PGlite and
 * node-postgres both answer `{ rows }`; what the columns hold differs by driver and query (a
 * `count(*)` is a string on node-postgres, a number on PGlite), so the row schema states what the
 * caller accepts and a row that does not fit fails here, naming the column, instead of flowing on
 * as a wrong type.
 */
export async function queryRows<Schema extends RowSchema>(
  db: Db,
  schema: Schema,
  query: SQL,
): Promise<z.output<Schema>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.map((row, index) => parseRow(schema, row, index));
}

/**
 * queryRows with PostgreSQL's JIT off, in a transaction of its own: for the large grouping reads
 * whose planner estimates run into the billions (joins of aggregated subqueries), JIT compilation
 * took longer than the query itself (seconds at 100k orders), and its cost is paid again on every
 * first read.
 */
export const queryRowsWithoutJit = <Schema extends RowSchema>(
  db: Db,
  schema: Schema,
  query: SQL,
): Promise<z.output<Schema>[]> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows(tx, schema, query);
  });

function parseRow<Schema extends RowSchema>(schema: Schema, row: unknown, index: number): z.output<Schema> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`Query row ${index} does not match its row schema: ${issues}`);
}
