import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import { INGEST_LOCK_KEY } from '../../../domain/tracking/fold-events.ts';
import { rawEventColumns } from '../../../domain/tracking/writer-columns.ts';

type RawColumns = ReturnType<typeof rawEventColumns>;
/** A commit group's batches, each owned by one site of one workspace. */
type Batches = Parameters<typeof rawEventColumns>[0];

/**
 * `tracking_insert_raw_events`'s array arguments after its lock key and receipt time, in its order
 * (migrations 0730 and 0800), each with its type: the one list both calls below are built from.
 */
const ARRAY_ARGUMENTS: readonly (readonly [keyof RawColumns, string])[] = [
  ['b', 'int[]'],
  ['s', 'int[]'],
  ['t', 'text[]'],
  ['p', 'int[]'],
  ['x', 'int[]'],
  ['y', 'int[]'],
  ['vw', 'int[]'],
  ['vh', 'int[]'],
  ['dw', 'int[]'],
  ['dh', 'int[]'],
  ['el', 'text[]'],
  ['ox', 'int[]'],
  ['oy', 'int[]'],
  ['sd', 'smallint[]'],
  ['ct', 'bigint[]'],
  ['rf', 'text[]'],
  ['vi', 'text[]'],
  ['ck', 'text[]'],
  ['eh', 'text[]'],
  ['bw', 'uuid[]'],
  ['bc', 'uuid[]'],
  ['sessions', 'text[]'],
  ['pages', 'text[]'],
];

const arrayArguments = (value: (name: keyof RawColumns) => unknown): SQL =>
  sql.join(
    ARRAY_ARGUMENTS.map(([name, type]) => sql`${value(name)}::${sql.raw(type)}`),
    sql`, `,
  );

/** The prepared statement's name: PostgreSQL parses and plans the call once per connection. */
const RAW_FIRST_INSERT = 'tracking_insert_raw_events';

const rawFirstInsertOf = (db: Db) =>
  db
    .select({ written: sql<number>`1` })
    .from(
      sql`tracking_insert_raw_events(${INGEST_LOCK_KEY}::bigint, ${sql.placeholder('received')}::timestamptz,
        ${arrayArguments((name) => sql.placeholder(name))}) AS written`,
    )
    .prepare(RAW_FIRST_INSERT);

/**
 * Raw-first (decision 125): writes a commit group's raw rows alone, in one statement and one
 * commit. `tracking_insert_raw_events` takes INGEST_LOCK_KEY shared and stamps the rows'
 * `ingested_at` with the database clock read after it, which orders them for the fold. The call is
 * a named prepared statement (decision 212): node-postgres prepares it once per connection, so a
 * commit sends only its values and PostgreSQL neither parses nor plans the call again (the
 * function's own INSERT is planned once per connection too, decision 176). `received` is the app
 * clock's receipt time (ISO), from which the readers take the rows' day and hour.
 */
export async function insertRawFirstEvents(db: Db, batches: Batches, received: string): Promise<void> {
  const raw = rawEventColumns(batches);
  await preparedOnce(db, RAW_FIRST_INSERT, rawFirstInsertOf).execute({ received, ...raw });
}

/**
 * The raw rows' insert as an expression, for the statement that writes the rollups in the same
 * commit (`WITH <rollups> SELECT <this>`; rollups in the request): no lock, `ingested_at` NULL.
 */
export function rawEventsInsertWithRollups(batches: Batches, received: string): SQL {
  const raw = rawEventColumns(batches);
  return sql`tracking_insert_raw_events(NULL::bigint, ${received}::timestamptz, ${arrayArguments((name) => raw[name])})`;
}
