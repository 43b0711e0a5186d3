import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Batched idempotent upsert through `json_to_recordset`: one text parameter per batch, the same
 * on PostgreSQL and PGlite, fast enough for a million-order backfill. A conflicting row is only
 * rewritten when a value actually changed (`IS DISTINCT FROM`), so running a sync twice changes
 * nothing, not even the tuple versions.
 */

export interface UpsertColumn {
  name: string;
  /** PostgreSQL type used to read the JSON field (text, bigint, integer, boolean, date, timestamptz…). */
  type: string;
}

export interface UpsertSpec {
  table: string;
  columns: readonly UpsertColumn[];
  /** The natural key (primary key columns). */
  key: readonly string[];
  /** Columns updated on conflict but not compared (e.g. synced_at). */
  touch?: readonly string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): SQL {
  if (!IDENTIFIER.test(name)) throw new Error(`bad identifier ${name}`);
  return sql.raw(`"${name}"`);
}

export type UpsertRow = Record<string, string | number | boolean | null>;

/** Upserts `rows` (objects keyed by column name) in chunks; returns the number of rows sent. */
export async function upsertRows(
  db: Db,
  spec: UpsertSpec,
  rows: readonly UpsertRow[],
  chunkSize = 2000,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = spec.columns.map((column) => column.name);
  const columnList = sql.join(names.map(ident), sql`, `);
  const recordType = sql.join(
    spec.columns.map((column) => sql`${ident(column.name)} ${sql.raw(column.type)}`),
    sql`, `,
  );
  const compared = names.filter((name) => !spec.key.includes(name) && !(spec.touch ?? []).includes(name));
  const updated = names.filter((name) => !spec.key.includes(name));
  const setList = sql.join(
    updated.map((name) => sql`${ident(name)} = EXCLUDED.${ident(name)}`),
    sql`, `,
  );
  const distinct =
    compared.length === 0
      ? sql`false`
      : sql`(${sql.join(
          compared.map((name) => sql`t.${ident(name)}`),
          sql`, `,
        )}) IS DISTINCT FROM (${sql.join(
          compared.map((name) => sql`EXCLUDED.${ident(name)}`),
          sql`, `,
        )})`;
  const conflict = updated.length === 0 ? sql`DO NOTHING` : sql`DO UPDATE SET ${setList} WHERE ${distinct}`;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await db.execute(
      sql`INSERT INTO ${ident(spec.table)} AS t (${columnList})
          SELECT ${columnList} FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS r(${recordType})
          ON CONFLICT (${sql.join(spec.key.map(ident), sql`, `)}) ${conflict}`,
    );
  }
  return rows.length;
}
