import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DAY_MS } from '../../../shared/calendar.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Advisory-lock key serialising partition DDL across app processes. */
const PARTITION_LOCK_KEY = 720_420;
/** Heatmap cells and other rollups outlive raw events: about 13 months (as Clarity keeps heatmaps). */
export const ROLLUP_RETENTION_DAYS = 400;

/** `YYYY-MM-DD` of a UTC day. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);
const partitionNameOf = (day: string) => `tracking_events_p${day.replaceAll('-', '')}`;
const nextDayOf = (day: string) => utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));

/**
 * Creates the raw-event partition of a UTC day if it is missing. Idempotent and safe when several
 * processes race: the DDL runs under a transaction-scoped advisory lock and `IF NOT EXISTS`.
 */
export async function ensureEventPartition(db: Db, day: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad partition day ${day}`);
  const name = partitionNameOf(day);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
    await tx.execute(
      sql.raw(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF tracking_events FOR VALUES FROM ('${day}') TO ('${nextDayOf(day)}')`,
      ),
    );
  });
}

const EventPartitionDayRow = z.object({ name: z.string() });

/** Days (YYYY-MM-DD) that currently have a raw-event partition, oldest first. */
export async function listEventPartitionDays(db: Db): Promise<string[]> {
  const rows = await queryRows(
    db,
    EventPartitionDayRow,
    sql`SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = 'tracking_events'`,
  );
  return rows
    .map((row) => /^tracking_events_p(\d{4})(\d{2})(\d{2})$/.exec(row.name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `${match[1]}-${match[2]}-${match[3]}`)
    .sort();
}

/**
 * Retention: drops whole raw-event partitions older than `rawDays` (instant, no VACUUM, unlike a
 * DELETE) and deletes rollup rows older than `rollupDays`. Returns the dropped partition days.
 */
export async function applyTrackingRetention(
  db: Db,
  now: Date,
  rawDays: number,
  rollupDays = ROLLUP_RETENTION_DAYS,
): Promise<string[]> {
  const rawCutoff = utcDayOf(new Date(now.getTime() - rawDays * DAY_MS));
  const rollupCutoff = utcDayOf(new Date(now.getTime() - rollupDays * DAY_MS));
  const dropped: string[] = [];
  for (const day of await listEventPartitionDays(db)) {
    if (day >= rawCutoff) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
      await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${partitionNameOf(day)}`));
    });
    dropped.push(day);
  }
  await db.execute(
    sql`DELETE FROM tracking_heatmap_hour_parts WHERE hour < ${rollupCutoff}::date::timestamp AT TIME ZONE 'UTC'`,
  );
  // A tile goes once all its days are past the cutoff.
  await db.execute(
    sql`DELETE FROM tracking_heatmap_tiles WHERE first_day + ((1 << level) - 1) < ${rollupCutoff}::date`,
  );
  await db.execute(sql`DELETE FROM tracking_page_counts WHERE day < ${rollupCutoff}::date`);
  await db.execute(sql`DELETE FROM tracking_click_elements WHERE day < ${rollupCutoff}::date`);
  await db.execute(sql`DELETE FROM tracking_session_pages WHERE day < ${rollupCutoff}::date`);
  return dropped;
}
