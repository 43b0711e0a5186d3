import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { detectRageClicks, type SessionClick } from '../../../core/heatmaps/detect-rage-clicks.ts';
import { scrollReach } from '../../../core/heatmaps/scroll-reach.ts';
import {
  type ElementRevenue,
  type Frustration,
  type HeatmapFilter,
  RAGE_CLICK,
  REVENUE_RULE,
  type ScrollMap,
} from '../../../shared/contracts/heatmap-insights.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { type KeptCache, keptAnswer } from '../../caches.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import { StoredClickSchema } from '../../domain/tracking/session-pages.ts';
import {
  matchesNothing,
  type ResolvedHeatmapFilter,
  resolveHeatmapFilter,
  sessionPagesWhere,
} from './heatmap-filters.ts';
import { sessionRowsVersionOf } from './heatmap-versions.ts';

/** Scroll map steps: every tenth of the page. */
const SCROLL_STEP_PERCENT = 10;
/** Elements listed at most per table. */
const TOP_ELEMENTS = 20;

type Scoped = HeatmapFilter & { workspaceId: string };

/**
 * An answer over the filter's session-page rows, kept in `cache` by the rows' version
 * (heatmap-versions.ts, decision 075); computed afresh when they have none (an A/B variant).
 */
async function keptByRowsVersion<T>(
  db: Db,
  cache: KeptCache,
  view: string,
  filter: ResolvedHeatmapFilter,
  load: () => Promise<T>,
): Promise<T> {
  const version = await sessionRowsVersionOf(db, filter);
  if (version === null) return load();
  const { sessions: _sessions, pageChoices: _choices, ...rest } = filter;
  const key = JSON.stringify(['session-rows', view, rest, filter.sessions?.mode ?? null, version]);
  return keptAnswer(cache, key, load);
}

const HistogramRow = z.object({ depth: z.number(), views: z.string() });

const FoldRow = z.object({ fold: z.number().nullable() });

const ClickRow = z.object({ below: z.string(), total: z.string() });

/**
 * GET /api/cursor-tracking/scroll: per view (a session on a page), its deepest point and its
 * viewport height; the fold is the median viewport height (nearest rank, lower middle), and the
 * share of clicks below it counts clicks whose page y is greater than the fold.
 */
export async function getScrollMap(db: Db, cache: KeptCache, query: Scoped): Promise<ScrollMap> {
  await foldFirst(db);
  const filter = await resolveHeatmapFilter(db, query.workspaceId, query);
  const pageUrl = query.pattern ? null : (filter?.pages[0] ?? null);
  if (matchesNothing(filter))
    return {
      pageUrl,
      views: 0,
      foldY: 0,
      clicksBelowFoldShare: 0,
      depths: scrollReach([], SCROLL_STEP_PERCENT),
    };
  return keptByRowsVersion(db, cache, `scroll ${pageUrl}`, filter, () => scrollMapOf(db, filter, pageUrl));
}

async function scrollMapOf(
  db: Db,
  filter: ResolvedHeatmapFilter,
  pageUrl: string | null,
): Promise<ScrollMap> {
  const where = sessionPagesWhere(filter);
  const views = sql`SELECT max(p.scroll_depth) AS depth, max(p.viewport_height) AS height
    FROM tracking_session_pages p WHERE ${where} GROUP BY p.configuration_id, p.session_id, p.page_url`;
  const histogram = await queryRows(
    db,
    HistogramRow,
    sql`SELECT depth, count(*) AS views FROM (${views}) v GROUP BY depth`,
  );
  const [fold] = await queryRows(
    db,
    FoldRow,
    sql`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY height) AS fold FROM (${views}) v`,
  );
  const foldY = Number(fold?.fold ?? 0);
  const [clicks] = await queryRows(
    db,
    ClickRow,
    sql`SELECT count(*) FILTER (WHERE (c->>2)::int > ${foldY}) AS below, count(*) AS total
      FROM tracking_session_pages p CROSS JOIN jsonb_array_elements(p.clicks) c
      WHERE ${where} AND (c->>4)::int = 0`,
  );
  const total = Number(clicks?.total ?? 0);
  const rows = histogram.map((row) => ({ depth: Number(row.depth), views: Number(row.views) }));
  return {
    pageUrl,
    views: rows.reduce((sum, row) => sum + row.views, 0),
    foldY,
    clicksBelowFoldShare: total === 0 ? 0 : Number(clicks?.below ?? 0) / total,
    depths: scrollReach(rows, SCROLL_STEP_PERCENT),
  };
}

const ClicksRow = z.object({ clicks: z.array(StoredClickSchema) });

const topOf = (counts: Map<string, number>) =>
  [...counts.entries()]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))
    .slice(0, TOP_ELEMENTS)
    .map(([selector, count]) => ({ selector, count }));

/**
 * GET /api/cursor-tracking/frustration: rage clicks (RAGE_CLICK, detected per session and page
 * over its stored clicks, so a burst split across two uploads still counts) and the tracker's
 * dead clicks, by element.
 */
export async function getFrustration(db: Db, cache: KeptCache, query: Scoped): Promise<Frustration> {
  await foldFirst(db);
  const filter = await resolveHeatmapFilter(db, query.workspaceId, query);
  if (matchesNothing(filter)) return { rageClicks: [], deadClicks: [] };
  return keptByRowsVersion(db, cache, 'frustration', filter, () => frustrationOf(db, filter));
}

async function frustrationOf(db: Db, filter: ResolvedHeatmapFilter): Promise<Frustration> {
  const rows = await queryRows(
    db,
    ClicksRow,
    sql`SELECT jsonb_agg(c) AS clicks FROM tracking_session_pages p CROSS JOIN jsonb_array_elements(p.clicks) c
      WHERE ${sessionPagesWhere(filter)} GROUP BY p.configuration_id, p.session_id, p.page_url`,
  );
  const rage = new Map<string, number>();
  const dead = new Map<string, number>();
  for (const row of rows) {
    const clicks: SessionClick[] = [];
    for (const [at, x, y, selector, isDead] of row.clicks) {
      if (isDead === 1) {
        const key = selector ?? '(no element)';
        dead.set(key, (dead.get(key) ?? 0) + 1);
      } else clicks.push({ at, x, y, selector });
    }
    for (const [selector, n] of detectRageClicks(clicks, RAGE_CLICK))
      rage.set(selector, (rage.get(selector) ?? 0) + n);
  }
  return { rageClicks: topOf(rage), deadClicks: topOf(dead) };
}

const ShopRow = z.object({ currency_code: z.string() });

const ElementRevenueRow = z.object({ selector: z.string(), orders: z.string(), revenue: z.string() });

/**
 * GET /api/cursor-tracking/element-revenue: REVENUE_RULE. Starts from the joined orders (few)
 * and their visitors' sessions, then their clicks on the filtered pages; a click counts when it
 * happened at or before the order was placed.
 */
export async function getElementRevenue(db: Db, query: Scoped): Promise<ElementRevenue> {
  await foldFirst(db);
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT currency_code FROM wh_shops WHERE workspace_id = ${query.workspaceId}::uuid`,
  );
  const answer: ElementRevenue = { currency: shop?.currency_code ?? null, rule: REVENUE_RULE, elements: [] };
  // Only converting sessions have orders: "not converted" earns nothing by definition.
  if (query.converted === 'false') return answer;
  const filter = await resolveHeatmapFilter(db, query.workspaceId, { ...query, converted: 'true' });
  if (matchesNothing(filter) || !filter.sessions) return answer;
  const buyers = filter.sessions.buyers;
  const rows = await queryRows(
    db,
    ElementRevenueRow,
    sql`WITH clicked AS (
        SELECT DISTINCT b.order_id, c->>3 AS selector
        FROM (${buyers}) b
        JOIN tracking_session_pages p ON p.configuration_id = b.configuration_id AND p.session_id = b.session_id
        JOIN wh_orders o ON o.workspace_id = ${query.workspaceId}::uuid AND o.order_id = b.order_id
        CROSS JOIN jsonb_array_elements(p.clicks) c
        WHERE ${sessionPagesWhere(filter, true)} AND c->>3 IS NOT NULL AND (c->>4)::int = 0
          AND (c->>0)::float8 <= extract(epoch FROM o.created_at) * 1000
          AND NOT o.test AND o.cancelled_at IS NULL
      )
      SELECT k.selector, count(*) AS orders, sum(o.total_minor - o.refunded_minor) AS revenue
      FROM clicked k JOIN wh_orders o ON o.workspace_id = ${query.workspaceId}::uuid AND o.order_id = k.order_id
      GROUP BY k.selector ORDER BY revenue DESC, k.selector LIMIT ${TOP_ELEMENTS}`,
  );
  answer.elements = rows.map((row) => ({
    selector: row.selector,
    orders: Number(row.orders),
    revenue: minorToDecimal(Number(row.revenue), currencyDigitsOf(answer.currency ?? 'USD')),
  }));
  return answer;
}
