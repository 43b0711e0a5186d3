import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import {
  changedTables,
  tableChecksums,
  type WatchedChecksums,
  watchTableChecksums,
} from '../support/bad-input/table-checksums.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The bad-input and valid-extremes suites read table checksums hundreds of times; the watched
 * readings (decision 219) hash only the tables a trigger saw written. Each step below writes the
 * way a route could — insert, update to the same or another value, delete, truncate, a rolled back
 * write, a row through a partitioned parent or straight into a partition created after the watch
 * began, a table created after it began — and the watched reading must equal hashing every table
 * anew, and name the tables that changed.
 */
let testDatabase: TestDatabase;
let db: Db;
let watch: WatchedChecksums;
let last: Map<string, string>;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = testDatabase.database.db;
  await db.execute(sql`CREATE TABLE watch_probe (id int PRIMARY KEY, v text NOT NULL)`);
  await db.execute(sql`CREATE TABLE watch_probe_parts (at date NOT NULL, v text) PARTITION BY RANGE (at)`);
  await db.execute(sql`INSERT INTO watch_probe VALUES (1, 'a'), (2, 'b')`);
  watch = await watchTableChecksums(db);
  last = await watch.read();
  expect(last).toEqual(await tableChecksums(db));
}, 120_000);

afterAll(async () => {
  await testDatabase?.drop();
});

/** Runs `write`, then answers the tables the watched reading finds changed; it must equal a full hashing. */
async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
  await write();
  const reading = await watch.read();
  expect(reading).toEqual(await tableChecksums(db));
  const changed = changedTables(last, reading);
  last = reading;
  return changed;
}

it('answers what hashing every table answers, after every kind of write', async () => {
  expect(await changedBy(async () => undefined)).toEqual([]);
  expect(await changedBy(() => db.execute(sql`INSERT INTO watch_probe VALUES (3, 'c')`))).toEqual([
    'watch_probe',
  ]);
  // The same values: rows as they were, so unchanged (as a full hashing says).
  expect(await changedBy(() => db.execute(sql`UPDATE watch_probe SET v = v`))).toEqual([]);
  expect(await changedBy(() => db.execute(sql`UPDATE watch_probe SET v = 'z' WHERE id = 2`))).toEqual([
    'watch_probe',
  ]);
  expect(
    await changedBy(() =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO watch_probe VALUES (9, 'rolled back')`);
          tx.rollback();
        })
        .catch(() => undefined),
    ),
  ).toEqual([]);
  // A partition made after the watch began, written through its parent and straight into it.
  await db.execute(
    sql`CREATE TABLE watch_probe_parts_2026 PARTITION OF watch_probe_parts FOR VALUES FROM ('2026-01-01') TO ('2027-01-01')`,
  );
  expect(
    await changedBy(() => db.execute(sql`INSERT INTO watch_probe_parts VALUES ('2026-05-01', 'p')`)),
  ).toEqual(['watch_probe_parts']);
  expect(
    await changedBy(() => db.execute(sql`INSERT INTO watch_probe_parts_2026 VALUES ('2026-06-01', 'q')`)),
  ).toEqual(['watch_probe_parts']);
  expect(await changedBy(() => db.execute(sql`DELETE FROM watch_probe WHERE id = 1`))).toEqual([
    'watch_probe',
  ]);
  expect(await changedBy(() => db.execute(sql`TRUNCATE watch_probe`))).toEqual(['watch_probe']);
  expect(await changedBy(() => db.execute(sql`TRUNCATE watch_probe_parts`))).toEqual(['watch_probe_parts']);
  // A table made after the watch began is hashed when first seen, then watched like the others.
  expect(await changedBy(() => db.execute(sql`CREATE TABLE watch_probe_late (v text)`))).toEqual([
    'watch_probe_late',
  ]);
  expect(await changedBy(() => db.execute(sql`INSERT INTO watch_probe_late VALUES ('late')`))).toEqual([
    'watch_probe_late',
  ]);
  // Only the written tables were hashed again: the rest answered from the last reading.
  expect(watch.tally.hashed).toBeLessThan(watch.tally.answered / 4);
}, 120_000);
