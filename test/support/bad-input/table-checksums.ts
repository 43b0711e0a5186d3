import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../src/server/db/client.ts';
import { queryRows } from '../../../src/server/db/query-rows.ts';

const TableRow = z.object({ name: z.string() });
const WatchRow = z.object({ name: z.string(), partitioned: z.boolean() });
const ChecksumRow = z.object({ name: z.string(), checksum: z.string() });

/** Every table of the public schema, partitioned tables by their parent. */
function publicTables(db: Db): Promise<Array<{ name: string }>> {
  return queryRows(
    db,
    TableRow,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
}

/**
 * Rows and an order-independent checksum (sum of each row's text hash) of each named table. Two
 * readings with equal answers mean no row was added, removed or changed in between.
 */
async function checksumsOf(db: Db, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await queryRows(
    db,
    ChecksumRow,
    sql.raw(
      names
        .map(
          (name) =>
            `SELECT '${name}' AS name, count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) AS checksum FROM "${name}" t`,
        )
        .join(' UNION ALL '),
    ),
  );
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

/**
 * Rows and a checksum of every table in the public schema, partitioned tables read through their
 * parent, each hashed now: what `watchTableChecksums` must answer (its own test compares the two).
 */
export async function tableChecksums(db: Db): Promise<Map<string, string>> {
  return checksumsOf(
    db,
    (await publicTables(db)).map((table) => table.name),
  );
}

/** Names of the tables whose checksum differs between two readings (added or dropped too). */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** Checksums of every public table (partitioned tables read through their parent), read again and again. */
export interface WatchedChecksums {
  /** Each public table's rows and checksum now: what hashing every table now would answer. */
  read(): Promise<Map<string, string>>;
  /** Readings taken, and how many tables they hashed, over how many tables they answered for. */
  readonly tally: { readings: number; hashed: number; answered: number };
}

/**
 * Table checksums for suites that read them hundreds of times over a connected demo store
 * (decision 219). Hashing every row of every table costs PostgreSQL about a second per reading,
 * while between two readings the routes under test write few tables or none. Installs, in this
 * test database only, AFTER triggers on every public table that append the table's name to an
 * unlogged side table outside the public schema: one per INSERT, UPDATE, DELETE or TRUNCATE
 * statement on a plain table (foreign-key cascades are statements too), one per row on a
 * partitioned table (its partitions, present and future, inherit row triggers, so a statement
 * aimed at a partition is seen too). Row triggers on every table made the first funnel report's
 * fold, which writes thousands of rows, outlast the suite's 30 s per request under load.
 * A reading takes the names appended since the last one (deleting them first: a write that commits
 * later stays marked for the next reading) and hashes those tables, tables it has not seen, and
 * none other: an unmarked table saw no write, so its checksum is the one it last read. A mark is
 * a statement, not a change (it may have touched no row or left the rows as they were): the table
 * is hashed again and compared as before. The answers are those of hashing every table; only
 * their cost changes.
 */
export async function watchTableChecksums(db: Db): Promise<WatchedChecksums> {
  for (const statement of [
    'CREATE SCHEMA IF NOT EXISTS test_table_watch',
    'CREATE UNLOGGED TABLE IF NOT EXISTS test_table_watch.marks (name text NOT NULL)',
    `CREATE OR REPLACE FUNCTION test_table_watch.mark() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO test_table_watch.marks (name) VALUES (TG_ARGV[0]);
       RETURN NULL;
     END $$`,
  ])
    await db.execute(sql.raw(statement));
  const watched = new Set<string>();
  const watch = async () => {
    const tables = await queryRows(
      db,
      WatchRow,
      sql`SELECT c.relname AS name, c.relkind = 'p' AS partitioned FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    );
    for (const { name, partitioned } of tables.filter((table) => !watched.has(table.name))) {
      const on = `ON "${name}"`;
      const mark = `EXECUTE FUNCTION test_table_watch.mark('${name.replaceAll("'", "''")}')`;
      // A partitioned table: row triggers, which its partitions (present and future) inherit, so
      // a statement aimed at a partition is seen too. Any other table: one mark per statement.
      const triggers = partitioned
        ? [
            `CREATE TRIGGER test_table_watch_rows AFTER INSERT OR UPDATE OR DELETE ${on} FOR EACH ROW ${mark}`,
            `CREATE TRIGGER test_table_watch_truncate AFTER TRUNCATE ${on} FOR EACH STATEMENT ${mark}`,
          ]
        : [
            `CREATE TRIGGER test_table_watch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ${on} FOR EACH STATEMENT ${mark}`,
          ];
      for (const trigger of triggers) await db.execute(sql.raw(trigger));
      watched.add(name);
    }
  };
  let last = new Map<string, string>();
  const tally = { readings: 0, hashed: 0, answered: 0 };
  return {
    tally,
    async read() {
      const names = (await publicTables(db)).map((table) => table.name);
      // Triggers first: a table is watched before it is hashed, so no write between goes unseen.
      await watch();
      const marked = await queryRows(db, TableRow, sql`DELETE FROM test_table_watch.marks RETURNING name`);
      const stale = new Set(marked.map((mark) => mark.name));
      const toHash = names.filter((name) => stale.has(name) || !last.has(name));
      const hashed = await checksumsOf(db, toHash);
      const reading = new Map(names.map((name) => [name, hashed.get(name) ?? last.get(name) ?? '']));
      last = reading;
      tally.readings += 1;
      tally.hashed += toHash.length;
      tally.answered += names.length;
      return reading;
    },
  };
}
