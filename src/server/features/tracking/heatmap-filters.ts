import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VIEWPORT_BUCKETS, type ViewportBucket } from '../../../shared/contracts/cursor-tracking.ts';
import { HEATMAP_DEVICES, type HeatmapFilter } from '../../../shared/contracts/heatmap-insights.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { findLatestRunId } from '../../domain/analysis-runs/read-analytics.ts';
import { badRequest, notFound } from '../../errors.ts';

/** Pages a URL pattern may cover at most (the busiest ones); a heatmap sums their cells. */
export const MAX_PATTERN_PAGES = 200;

/** Which sessions a read keeps: only those of a set (converted, a segment), or all but them. */
export interface SessionSet {
  mode: 'only' | 'except';
  /** SELECT of (order_id, configuration_id, session_id): the orders and their visitors' sessions. */
  buyers: SQL;
}

/** A heatmap filter checked and resolved against the workspace's data. */
export interface ResolvedHeatmapFilter {
  workspaceId: string;
  configurationIds: string[];
  /** The pages read: the chosen one (or the busiest), or every page matching the pattern. */
  pages: string[];
  /** The busiest pages of the range, for the page picker. */
  pageChoices: string[];
  /** Viewport buckets kept; null when neither device nor viewport narrows them. */
  buckets: ViewportBucket[] | null;
  from?: string | undefined;
  to?: string | undefined;
  sessions: SessionSet | null;
  /** `experiment:variant` (lower-cased): only sessions that landed in that A/B variant (decision 064). */
  variant: string | null;
}

export const inList = (values: readonly string[], type: string) =>
  sql.join(
    values.map((value) => sql`${value}::${sql.raw(type)}`),
    sql`, `,
  );

/** `/products/*` as a LIKE pattern: `*` is any characters, LIKE's own wildcards are literal. */
function likeOf(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

function bucketsOf(filter: HeatmapFilter): ViewportBucket[] | null {
  const device: readonly ViewportBucket[] | null = filter.device ? HEATMAP_DEVICES[filter.device] : null;
  if (!filter.viewport) return device ? [...device] : null;
  return !device || device.includes(filter.viewport) ? [filter.viewport] : [];
}

/**
 * Orders joined to first-party sessions, with every session of each order's visitor and the session
 * the order was credited to (the CONVERTED_RULE); with a segment, only orders of customers in that
 * RFM segment of the latest analysis run.
 */
async function buyersOf(db: Db, workspaceId: string, segment: string | undefined): Promise<SQL> {
  let orders = sql``;
  if (segment) {
    const runId = await findLatestRunId(db, workspaceId);
    orders = sql`AND j.order_id IN (SELECT o.order_id FROM wh_orders o
      JOIN analysis_customers c ON c.run_id = ${runId}::uuid AND c.customer_id = o.customer_id
      WHERE o.workspace_id = ${workspaceId}::uuid AND c.segment = ${segment})`;
  }
  return sql`SELECT j.order_id, s.configuration_id, s.session_id FROM tracking_order_journeys j
      JOIN tracking_sessions s ON s.workspace_id = j.workspace_id AND s.visitor_id = j.visitor_id
      WHERE j.workspace_id = ${workspaceId}::uuid AND j.visitor_id IS NOT NULL ${orders}
    UNION SELECT j.order_id, j.configuration_id, j.session_id FROM tracking_order_journeys j
      WHERE j.workspace_id = ${workspaceId}::uuid ${orders}`;
}

const SiteRow = z.object({ id: z.string() });

const ResolveHeatmapFilterRow = z.object({ page_url: z.string() });

const ResolveHeatmapFilterRow2 = z.object({ page_url: z.string() });

/**
 * Resolves a filter: the workspace's sites (a tracking id of another workspace is 404), the pages
 * (the chosen page, every page matching the pattern, or the busiest page of the range), the
 * viewport buckets and the session set. A segment with `converted=false` is refused: segments
 * are customers', so only converting sessions have one.
 */
export async function resolveHeatmapFilter(
  db: Db,
  workspaceId: string,
  filter: HeatmapFilter,
): Promise<ResolvedHeatmapFilter | null> {
  if (filter.segment && filter.converted === 'false')
    throw badRequest('segment: an RFM segment applies to converting sessions only; drop converted=false.');
  if (filter.from && filter.to && filter.from > filter.to) throw badRequest('from: must not be after to.');
  if (filter.experiment && !filter.variant) throw badRequest('variant: required with experiment.');
  if (filter.variant && !filter.experiment) throw badRequest('experiment: required with variant.');
  const sites = await queryRows(
    db,
    SiteRow,
    filter.trackingId
      ? sql`SELECT id FROM tracking_configurations WHERE tracking_id = ${filter.trackingId} AND workspace_id = ${workspaceId}::uuid`
      : sql`SELECT id FROM tracking_configurations WHERE workspace_id = ${workspaceId}::uuid`,
  );
  if (filter.trackingId && sites.length === 0) throw notFound('Tracking configuration not found.');
  if (sites.length === 0) return null;
  const configurationIds = sites.map((row) => row.id);
  const inRange: SQL[] = [
    sql`workspace_id = ${workspaceId}::uuid`,
    sql`configuration_id IN (${inList(configurationIds, 'uuid')})`,
  ];
  if (filter.from) inRange.push(sql`day >= ${filter.from}::date`);
  if (filter.to) inRange.push(sql`day <= ${filter.to}::date`);
  const pageChoices = (
    await queryRows(
      db,
      ResolveHeatmapFilterRow,
      sql`SELECT page_url FROM tracking_page_counts WHERE ${sql.join(inRange, sql` AND `)}
        GROUP BY page_url ORDER BY sum(event_count) DESC, page_url LIMIT 50`,
    )
  ).map((row) => row.page_url);
  let pages: string[];
  if (filter.pattern) {
    const subject = /^https?:\/\//.test(filter.pattern)
      ? sql`page_url`
      : sql`regexp_replace(page_url, '^https?://[^/]+', '')`;
    const rows = await queryRows(
      db,
      ResolveHeatmapFilterRow2,
      sql`SELECT page_url FROM tracking_page_counts WHERE ${sql.join(inRange, sql` AND `)}
          AND ${subject} LIKE ${likeOf(filter.pattern)}
        GROUP BY page_url ORDER BY sum(event_count) DESC, page_url LIMIT ${MAX_PATTERN_PAGES}`,
    );
    pages = rows.map((row) => row.page_url);
  } else {
    const page = filter.page ?? filter.pageUrl ?? pageChoices[0];
    pages = page ? [page] : [];
  }
  const sessions: SessionSet | null =
    filter.converted || filter.segment
      ? {
          mode: filter.converted === 'false' ? 'except' : 'only',
          buyers: await buyersOf(db, workspaceId, filter.segment),
        }
      : null;
  return {
    workspaceId,
    configurationIds,
    pages,
    pageChoices,
    buckets: bucketsOf(filter),
    from: filter.from,
    to: filter.to,
    sessions,
    variant: filter.experiment && filter.variant ? `${filter.experiment}:${filter.variant}` : null,
  };
}

/** Every viewport bucket a read covers. */
export const bucketListOf = (filter: ResolvedHeatmapFilter): ViewportBucket[] =>
  filter.buckets ?? VIEWPORT_BUCKETS.map((bucket) => bucket.id);

/**
 * Rows of tracking_session_pages a read covers: its sites, pages, buckets and days, its A/B
 * variant, and (unless `ignoreSessions`) its session set. Columns unqualified (alias the table `p` if joining).
 */
export function sessionPagesWhere(filter: ResolvedHeatmapFilter, ignoreSessions = false): SQL {
  const conditions: SQL[] = [
    sql`p.workspace_id = ${filter.workspaceId}::uuid`,
    sql`p.configuration_id IN (${inList(filter.configurationIds, 'uuid')})`,
    sql`p.page_url IN (${inList(filter.pages, 'text')})`,
    sql`p.viewport_bucket IN (${inList(bucketListOf(filter), 'text')})`,
  ];
  if (filter.from) conditions.push(sql`p.day >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`p.day <= ${filter.to}::date`);
  if (filter.variant)
    conditions.push(sql`(p.configuration_id, p.session_id) IN (SELECT v.configuration_id, v.session_id
      FROM tracking_sessions v WHERE v.workspace_id = ${filter.workspaceId}::uuid
        AND v.experiment_variants @> ARRAY[${filter.variant}::text])`);
  if (filter.sessions && !ignoreSessions) {
    const set = sql`(SELECT b.configuration_id, b.session_id FROM (${filter.sessions.buyers}) AS b)`;
    conditions.push(
      filter.sessions.mode === 'only'
        ? sql`(p.configuration_id, p.session_id) IN ${set}`
        : sql`(p.configuration_id, p.session_id) NOT IN ${set}`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

/** A filter that can match nothing (no page, or a device and viewport that exclude each other). */
export const matchesNothing = (filter: ResolvedHeatmapFilter | null): filter is null =>
  filter === null || filter.pages.length === 0 || bucketListOf(filter).length === 0;
