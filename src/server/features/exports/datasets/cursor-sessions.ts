import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/query-rows.ts';
import { foldFirst } from '../../../domain/tracking/fold-events.ts';
import { defineExportDataset } from '../export-dataset.ts';
import { shopDayOf, withinWindow } from '../export-window.ts';

const SessionRow = z.object({
  configuration_id: z.string(),
  session_id: z.string(),
  website_name: z.string(),
  website_url: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  start_day: z.string(),
  event_count: z.number(),
  click_count: z.number(),
  last_page_url: z.string(),
});
type SessionRow = z.infer<typeof SessionRow>;

const isoInstant = (column: string) =>
  sql.raw(`to_char(s.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Cursor-tracking sessions that started in the window (shop days), per tracked website. The
 * tracking tables are written with batched SQL (migration 0020), so this reads them the same way.
 */
export const dataset = defineExportDataset<SessionRow>({
  description:
    'One row per cursor-tracking session that started in the window, with its website, duration and counts.',
  columns: [
    'website',
    'website_url',
    'session_id',
    'start_day',
    'started_at',
    'ended_at',
    'duration_seconds',
    'events',
    'clicks',
    'last_page_url',
  ],
  page: async (db, context, after, limit) => {
    await foldFirst(db);
    const startDay = shopDayOf(sql.raw('s.started_at'), context);
    const window = withinWindow(startDay, context);
    return queryRows(
      db,
      SessionRow,
      sql`SELECT s.configuration_id, s.session_id, c.website_name, c.website_url,
          ${isoInstant('started_at')} AS started_at, ${isoInstant('ended_at')} AS ended_at,
          ${startDay} AS start_day, s.event_count::float8 AS event_count,
          s.click_count::float8 AS click_count, s.last_page_url
        FROM tracking_sessions s JOIN tracking_configurations c ON c.id = s.configuration_id
        WHERE s.workspace_id = ${context.workspaceId}
          ${window ? sql`AND ${window}` : sql``}
          ${after ? sql`AND (s.configuration_id, s.session_id) > (${after.configuration_id}::uuid, ${after.session_id})` : sql``}
        ORDER BY s.configuration_id, s.session_id
        LIMIT ${limit}`,
    );
  },
  record: (row) => [
    row.website_name,
    row.website_url,
    row.session_id,
    row.start_day,
    row.started_at,
    row.ended_at,
    Math.round((Date.parse(row.ended_at) - Date.parse(row.started_at)) / 1000),
    row.event_count,
    row.click_count,
    row.last_page_url,
  ],
});
