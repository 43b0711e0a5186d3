import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ClickStatistics,
  type CursorStatistics,
  LIVE_SESSION_WINDOW_MS,
  type TrackingSessionsResponse,
} from '../../../shared/contracts/cursor-tracking.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { notFound } from '../../errors.ts';
import { foldFirst } from './fold-events.ts';

/**
 * The dashboard's reads. Each one is scoped to the caller's workspace and optionally to one of
 * its websites (`trackingId`), and reads only the rollups written at ingestion, never the raw
 * events, so it stays fast whatever the traffic.
 */
export interface TrackingScope {
  workspaceId: string;
  trackingId?: string | undefined;
}

const ConfigurationFilterRow = z.object({ id: z.string() });

/** `configuration_id = …` when a website is chosen; a tracking id of another workspace is 404. */
export async function configurationFilter(db: Db, scope: TrackingScope, column: SQL): Promise<SQL> {
  if (!scope.trackingId) return sql`TRUE`;
  const [row] = await queryRows(
    db,
    ConfigurationFilterRow,
    sql`SELECT id FROM tracking_configurations WHERE tracking_id = ${scope.trackingId} AND workspace_id = ${scope.workspaceId}::uuid`,
  );
  if (!row) throw notFound('Tracking configuration not found.');
  return sql`${column} = ${row.id}::uuid`;
}

const num = (value: unknown) => Number(value ?? 0);

const TotalRow = z.object({
  sessions: z.string(),
  events: z.string(),
  duration: z.string().nullable(),
  clicked: z.string(),
});

const PageRow = z.object({ page_url: z.string(), events: z.string() });

export async function getCursorStatistics(db: Db, scope: TrackingScope): Promise<CursorStatistics> {
  await foldFirst(db);
  const sessionsOf = await configurationFilter(db, scope, sql`configuration_id`);
  const [totals] = await queryRows(
    db,
    TotalRow,
    sql`SELECT count(*) AS sessions, coalesce(sum(event_count), 0) AS events,
          avg(EXTRACT(EPOCH FROM (ended_at - started_at)) * 1000) AS duration,
          count(*) FILTER (WHERE click_count > 0) AS clicked
        FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${sessionsOf}`,
  );
  const pages = await queryRows(
    db,
    PageRow,
    sql`SELECT page_url, sum(event_count) AS events FROM tracking_page_counts
        WHERE workspace_id = ${scope.workspaceId}::uuid AND ${sessionsOf}
        GROUP BY page_url ORDER BY events DESC, page_url LIMIT 5`,
  );
  const totalSessions = num(totals?.sessions);
  return {
    totalSessions,
    totalEvents: num(totals?.events),
    averageSessionDuration: Math.round(num(totals?.duration)),
    clickThroughRate: totalSessions === 0 ? 0 : (num(totals?.clicked) / totalSessions) * 100,
    mostActivePages: pages.map((row) => ({ pageUrl: row.page_url, eventCount: num(row.events) })),
  };
}

const TotalRow2 = z.object({ clicks: z.string(), elements: z.string() });

const TopRow = z.object({ selector: z.string(), clicks: z.string() });

export async function getClickStatistics(
  db: Db,
  scope: TrackingScope & { page?: string | undefined },
): Promise<ClickStatistics> {
  await foldFirst(db);
  const ofConfiguration = await configurationFilter(db, scope, sql`configuration_id`);
  const ofPage = scope.page ? sql`page_url = ${scope.page}` : sql`TRUE`;
  const where = sql`workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration} AND ${ofPage}`;
  const [totals] = await queryRows(
    db,
    TotalRow2,
    sql`SELECT coalesce(sum(count), 0) AS clicks, count(DISTINCT selector) AS elements FROM tracking_click_elements WHERE ${where}`,
  );
  const top = await queryRows(
    db,
    TopRow,
    sql`SELECT selector, sum(count) AS clicks FROM tracking_click_elements WHERE ${where}
        GROUP BY selector ORDER BY clicks DESC, selector LIMIT 10`,
  );
  return {
    totalClicks: num(totals?.clicks),
    uniqueElements: num(totals?.elements),
    clicksByElement: top.map((row) => ({ selector: row.selector, count: num(row.clicks) })),
  };
}

const TrackingSessionRow = z.object({
  session_id: z.string(),
  last_page_url: z.string(),
  started_ms: z.string(),
  ended_ms: z.string(),
  last_received_ms: z.string(),
  event_count: z.string(),
  live: z.boolean(),
});

const ActiveRow = z.object({ n: z.string() });

/**
 * The 50 sessions written to last (live ones first), and the count of live ones. Sessions written
 * by one commit (a busy minute, or the demo's recorded shoppers, thousands at once) share their
 * receive time; among them the newest visit comes first.
 */
export async function listTrackingSessions(
  db: Db,
  scope: TrackingScope,
  now: Date,
): Promise<TrackingSessionsResponse> {
  await foldFirst(db);
  const ofConfiguration = await configurationFilter(db, scope, sql`configuration_id`);
  const liveSince = new Date(now.getTime() - LIVE_SESSION_WINDOW_MS).toISOString();
  const rows = await queryRows(
    db,
    TrackingSessionRow,
    sql`SELECT session_id, last_page_url, EXTRACT(EPOCH FROM started_at) * 1000 AS started_ms,
          EXTRACT(EPOCH FROM ended_at) * 1000 AS ended_ms, EXTRACT(EPOCH FROM last_received_at) * 1000 AS last_received_ms,
          event_count,
          last_received_at >= ${liveSince}::timestamptz AS live
        FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration}
        ORDER BY last_received_at DESC, started_at DESC, session_id LIMIT 50`,
  );
  const [active] = await queryRows(
    db,
    ActiveRow,
    sql`SELECT count(*) AS n FROM tracking_sessions WHERE workspace_id = ${scope.workspaceId}::uuid AND ${ofConfiguration}
        AND last_received_at >= ${liveSince}::timestamptz`,
  );
  const iso = (ms: string) => new Date(Math.round(Number(ms))).toISOString();
  return {
    sessions: rows.map((row) => ({
      sessionId: row.session_id,
      status: row.live ? 'active' : 'ended',
      pageUrl: row.last_page_url,
      startTime: iso(row.started_ms),
      lastSeen: iso(row.last_received_ms),
      eventCount: num(row.event_count),
      duration: Math.round(Number(row.ended_ms) - Number(row.started_ms)),
    })),
    activeCount: num(active?.n),
  };
}
