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
 * DELETE) and deletes rollup rows older than `rollupDays`; then merges the last days' session-page
 * parts (compactSessionPages). Returns the dropped partition days.
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
  await compactSessionPages(db, utcDayOf(new Date(now.getTime() - COMPACTED_DAYS * DAY_MS)), utcDayOf(now));
  return dropped;
}

/** Past days whose session-page parts each daily maintenance merges: yesterday, and late folds of the day before. */
const COMPACTED_DAYS = 2;

/**
 * Merges the session-page parts (one row per commit or fold, decision 186) of the days in [from,
 * to) into one row per session page: the largest viewport height and depth, the cells' bytes and
 * the clicks concatenated (readers sum a cell index that repeats). One statement: the parts it
 * deletes are the ones it merges, so two processes compacting at once, or a fold appending a late
 * part meanwhile, never count a part twice or drop one.
 */
async function compactSessionPages(db: Db, from: string, to: string): Promise<void> {
  await db.execute(sql`
    WITH keys AS (
      SELECT configuration_id, page_url, day, viewport_bucket, session_id FROM tracking_session_pages
      WHERE day >= ${from}::date AND day < ${to}::date
      GROUP BY configuration_id, page_url, day, viewport_bucket, session_id HAVING count(*) > 1
    ), taken AS (
      DELETE FROM tracking_session_pages p USING keys k
      WHERE p.configuration_id = k.configuration_id AND p.page_url = k.page_url AND p.day = k.day
        AND p.viewport_bucket = k.viewport_bucket AND p.session_id = k.session_id
      RETURNING p.*
    )
    INSERT INTO tracking_session_pages (workspace_id, configuration_id, page_url, day, viewport_bucket, session_id,
      viewport_height, scroll_depth, cells, clicks)
    SELECT workspace_id, configuration_id, page_url, day, viewport_bucket, session_id, max(viewport_height),
      max(scroll_depth), string_agg(cells, ''::bytea),
      (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM jsonb_array_elements(jsonb_agg(clicks)) part
        CROSS JOIN LATERAL jsonb_array_elements(part) c)
    FROM taken GROUP BY workspace_id, configuration_id, page_url, day, viewport_bucket, session_id`);
}
