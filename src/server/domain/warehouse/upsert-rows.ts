import { type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';

/**
 * Batched idempotent upsert through `unnest` of one typed array parameter per column, the same on
 * PostgreSQL and PGlite. Arrays instead of a JSON recordset: PostgreSQL reads an array literal
 * about 3× faster than it looks keys up in JSON objects, and no column name is repeated per row
 * (a million-order backfill sends a third of the bytes). A conflicting row is only rewritten when
 * a value actually changed (`IS DISTINCT FROM`), so running a sync twice changes nothing, not
 * even the tuple versions.
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
  /**
   * Columns written once: on conflict they keep their stored values, unless the stored `marker`
   * column is still null (nothing frozen yet), when the new values fill them. Order lines' frozen
   * costs use this: a later sync of the same line never changes them.
   */
  fillOnce?: { marker: string; columns: readonly string[] };
  /** 'nothing': a conflicting row is left as it is (a row frozen at its first write). */
  onConflict?: 'update' | 'nothing';
  /**
   * A timestamp column: a conflicting row is only rewritten by a row at least as new, so an older
   * copy arriving late (an out-of-order webhook, a sync page read before it) never wins.
   */
  newerOnly?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): SQL {
  if (!IDENTIFIER.test(name)) throw new Error(`bad identifier ${name}`);
  return sql.raw(`"${name}"`);
}

export type UpsertRow = Record<string, string | number | boolean | null>;

/**
 * `rows` turned into one array of values per column. Fields are read with for…in and the column of
 * each key is remembered by position: rows built by one mapper share their key order, and reading
 * `row[name]` with a changing `name` (a megamorphic lookup) was the slowest part of a backfill.
 */
function columnsOf(rows: readonly UpsertRow[], names: readonly string[]): UpsertRow[string][][] {
  const position = new Map(names.map((name, index) => [name, index]));
  const columns = names.map(() => new Array<UpsertRow[string]>(rows.length).fill(null));
  const seenKeys: string[] = [];
  const seenColumns: number[] = [];
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    let k = 0;
    for (const key in row) {
      let column = seenColumns[k];
      if (seenKeys[k] !== key) {
        column = position.get(key) ?? -1;
        seenKeys[k] = key;
        seenColumns[k] = column;
      }
      if (column !== undefined && column >= 0) columns[column]![r] = row[key] ?? null;
      k += 1;
    }
  }
  return columns;
}

/** Upserts `rows` (objects keyed by column name) in chunks; returns the number of rows sent. */
export async function upsertRows(
  db: Db,
  spec: UpsertSpec,
  rows: readonly UpsertRow[],
  chunkSize = 5000,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = spec.columns.map((column) => column.name);
  const columnList = sql.join(names.map(ident), sql`, `);
  const once = spec.fillOnce?.columns ?? [];
  const compared = names.filter(
    (name) => !spec.key.includes(name) && !(spec.touch ?? []).includes(name) && !once.includes(name),
  );
  const updated = spec.onConflict === 'nothing' ? [] : names.filter((name) => !spec.key.includes(name));
  const unfrozen = spec.fillOnce ? sql`t.${ident(spec.fillOnce.marker)} IS NULL` : sql`false`;
  const setList = sql.join(
    updated.map((name) =>
      once.includes(name)
        ? sql`${ident(name)} = CASE WHEN ${unfrozen} THEN EXCLUDED.${ident(name)} ELSE t.${ident(name)} END`
        : sql`${ident(name)} = EXCLUDED.${ident(name)}`,
    ),
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
  const refill = spec.fillOnce
    ? sql` OR (${unfrozen} AND EXCLUDED.${ident(spec.fillOnce.marker)} IS NOT NULL)`
    : sql``;
  const newer = spec.newerOnly
    ? sql` AND (t.${ident(spec.newerOnly)} IS NULL OR EXCLUDED.${ident(spec.newerOnly)} >= t.${ident(spec.newerOnly)})`
    : sql``;
  const conflict =
    updated.length === 0
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET ${setList} WHERE (${distinct}${refill})${newer}`;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const columns = columnsOf(chunk, names);
    const arrays = sql.join(
      spec.columns.map((column, index) => sql`${arrayLiteral(columns[index]!)}::${sql.raw(column.type)}[]`),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO ${ident(spec.table)} AS t (${columnList})
          SELECT * FROM unnest(${arrays}) AS r(${columnList})
          ON CONFLICT (${sql.join(spec.key.map(ident), sql`, `)}) ${conflict}`,
    );
  }
  return rows.length;
}

/**
 * Pure conversions the sync jobs apply to vendor values before they reach the warehouse: exact
 * decimal strings to integer minor units, Shopify GIDs to numeric ids, instants to shop-local
 * days. No floating point touches money.
 */

/** "gid://shopify/Order/123" → 123 (also accepts a bare number or numeric string). */
export function parseShopifyId(gid: string | number): number {
  if (typeof gid === 'number') return gid;
  const tail = gid.slice(gid.lastIndexOf('/') + 1);
  const id = Number.parseInt(tail, 10);
  if (!Number.isSafeInteger(id)) throw new Error(`not a Shopify id: "${gid}"`);
  return id;
}

export function parseOptionalShopifyId(gid: string | number | null | undefined): number | null {
  return gid === null || gid === undefined ? null : parseShopifyId(gid);
}

/** GA4 "20261001" → "2026-10-01". */
export function parseGa4Date(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new Error(`not a GA4 date: "${value}"`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}
