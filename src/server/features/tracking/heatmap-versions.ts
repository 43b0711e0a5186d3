import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DAY_MS, dayOfNumber } from '../../domain/tracking/heatmap-tiles.ts';
import { inList, type ResolvedHeatmapFilter, type SessionSet, sessionPagesWhere } from './heatmap-filters.ts';

/**
 * What the heatmap reads keep answers by (decision 075). Session-page rows of a UTC day before the
 * fold mark's day are final, like the tiles their hours were folded into (FOLD_MARGIN_MS), except
 * for a commit arriving late for a folded hour: its cells stay in the hour cells until the next
 * fold, which bumps the fold version. So the rows before the "live day" change only with the fold
 * version, and a session set only changes with its exact list of sessions.
 */

/** The fold mark (ms; null before the first fold) and the version every fold step bumps. */
export interface FoldMark {
  before: number | null;
  version: string;
}

const FoldRow = z.object({ before: z.number().nullable(), version: z.string() });

export async function foldMarkOf(db: Db): Promise<FoldMark> {
  const [fold] = await queryRows(
    db,
    FoldRow,
    sql`SELECT (extract(epoch FROM folded_before) * 1000)::float8 AS before, version FROM tracking_heatmap_fold_state`,
  );
  return { before: fold?.before == null ? null : Number(fold.before), version: fold?.version ?? '' };
}

const LateRow = z.object({ day: z.number().nullable() });

/**
 * The first day (day number) whose session rows may still change: the fold mark's day, or the day
 * of an earlier hour a late commit left unfolded. Null before the first fold (every day may).
 */
export async function liveDayOf(db: Db, fold: FoldMark, configurationIds: string[]): Promise<number | null> {
  if (fold.before === null) return null;
  const foldDay = Math.floor(fold.before / DAY_MS);
  const [late] = await queryRows(
    db,
    LateRow,
    sql`SELECT (min(hour) AT TIME ZONE 'UTC')::date - DATE '1970-01-01' AS day FROM tracking_heatmap_hour_parts
      WHERE configuration_id IN (${inList(configurationIds, 'uuid')})
        AND hour < (DATE '1970-01-01' + ${foldDay}::int)::timestamp AT TIME ZONE 'UTC'`,
  );
  return Math.min(foldDay, late?.day ?? foldDay);
}

const SessionSetRow = z.object({ rows: z.string(), checksum: z.string().nullable() });

/**
 * The exact sessions of a set, as a row count and a sum of 64-bit hashes of its rows (orders and
 * their sessions, duplicates kept: the same orders give the same rows): a newly joined order, or a
 * session that became a buyer's visitor's, changes it. No sort and no de-duplication, so it costs
 * little more than the index probes that find the sessions.
 */
export async function sessionSetKeyOf(db: Db, sessions: SessionSet): Promise<string> {
  const [set] = await queryRows(
    db,
    SessionSetRow,
    sql`SELECT count(*) AS rows,
        sum(hashtextextended(b.order_id || ' ' || b.configuration_id || ' ' || b.session_id, 0)) AS checksum
      FROM (${sessions.buyers}) AS b`,
  );
  return `${set?.rows ?? 0}:${set?.checksum ?? ''}`;
}

const LiveRowsRow = z.object({
  rows: z.string(),
  cells: z.string(),
  clicks: z.string(),
  depth: z.string(),
  height: z.string(),
});

/**
 * A version of everything a read of the filter's session-page rows sees, or null when none can be
 * given (an A/B variant: a session's landing URL, and so its variants, may be set by a later
 * write). The rows from the live day on are fingerprinted: the writer only adds rows, appends cells
 * and clicks and raises depth and height, so any change raises one of the sums.
 */
export async function sessionRowsVersionOf(db: Db, filter: ResolvedHeatmapFilter): Promise<string | null> {
  if (filter.variant) return null;
  const fold = await foldMarkOf(db);
  const liveDay = await liveDayOf(db, fold, filter.configurationIds);
  if (liveDay === null) return null;
  const liveFrom = dayOfNumber(liveDay);
  const parts: unknown[] = [fold.version, liveDay];
  if (!filter.to || filter.to >= liveFrom) {
    const from = filter.from && filter.from > liveFrom ? filter.from : liveFrom;
    const [live] = await queryRows(
      db,
      LiveRowsRow,
      sql`SELECT count(*) AS rows, coalesce(sum(octet_length(p.cells)), 0) AS cells,
          coalesce(sum(jsonb_array_length(p.clicks)), 0) AS clicks, coalesce(sum(p.scroll_depth), 0) AS depth,
          coalesce(sum(p.viewport_height), 0) AS height
        FROM tracking_session_pages p WHERE ${sessionPagesWhere({ ...filter, from }, true)}`,
    );
    parts.push(live);
  }
  if (filter.sessions) parts.push(await sessionSetKeyOf(db, filter.sessions));
  return JSON.stringify(parts);
}
