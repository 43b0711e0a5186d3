import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import { journeyKey } from '../../../core/pipeline/journey-key.ts';
import { productHandleOf } from '../../../core/pipeline/product-handle-of.ts';
import type {
  AnalysisFacts,
  OrderDayGroup,
  OrderJourney,
  ProductLandingGroup,
} from '../../../core/pipeline/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { clickMatchedOrders } from '../metrics/click-matched-orders.ts';
import { ORDER_JOURNEY } from './refresh-analysis-facts.ts';

const OrderDayQueryRow = z.object({
  date: z.string(),
  /** The group's attribution columns as one JSON array (see JourneyKey). */
  journey: z.string(),
  orders: z.number(),
  total: z.number(),
});

const LandingQueryRow = z.object({ journey: z.string(), landing_page: z.string(), orders: z.number() });

const ClickQueryRow = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  date: z.string(),
  journey: z.string(),
  landing_page: z.string().nullable(),
  orders: z.number(),
  total: z.number(),
});
/**
 * What decides an order's channels and campaigns: [utm_source, utm_medium, source_type,
 * utm_campaign, first touch's utm_source, utm_medium, source_type, utm_campaign, has_journey].
 * They come as one JSON text (built by refresh-analysis-facts.ts), the key orders are grouped by
 * (decision 083): a million orders share a few hundred combinations. Each distinct text is parsed,
 * checked and classified once.
 */
const JourneyKey = z.tuple([
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.boolean(),
]);

function journeyOf(text: string): OrderJourney {
  const [source, medium, type, campaign, firstSource, firstMedium, firstType, firstCampaign, hasJourney] =
    JourneyKey.parse(JSON.parse(text));
  return {
    lastChannel: hasJourney ? channelOf(source, medium, type) : null,
    firstChannel:
      firstSource !== null || firstMedium !== null || firstType !== null
        ? channelOf(firstSource, firstMedium, firstType)
        : null,
    utmCampaign: campaign,
    firstCampaign,
  };
}

/**
 * A workspace's valid orders per day and journey, and per journey and product landing page, from
 * the kept facts (refresh-analysis-facts.ts: the caller refreshes them first). Each journey
 * classified once; totals in major units (minor ÷ `unit`). The analysis reads them with its other
 * facts, the ad-spend alert for the campaigns' advertised products.
 */
export async function readOrderJourneys(
  db: Db,
  workspaceId: string,
  unit: number,
): Promise<Pick<AnalysisFacts, 'orderDays' | 'productLandings' | 'adClickOrders'>> {
  const ofWorkspace = sql`f.workspace_id = ${workspaceId}`;
  // The orders summed per day and journey (decision 083), kept per day (decision 084): a hundred
  // thousand groups instead of a million rows.
  const orderDayQuery = queryRows(
    db,
    OrderDayQueryRow,
    sql`SELECT f.order_date::text AS date, f.journey, f.orders, f.total_minor::float8 AS total
        FROM wh_fact_order_days f WHERE ${ofWorkspace}`,
  );
  // What can decide a campaign's advertised product (refresh-analysis-facts.ts); productHandleOf below.
  const landingQuery = queryRows(
    db,
    LandingQueryRow,
    sql`SELECT f.journey, f.landing_page, sum(f.orders)::int AS orders
        FROM wh_fact_order_landings f WHERE ${ofWorkspace}
        GROUP BY 1, 2`,
  );
  // Orders whose click id the platform named as a campaign (decision 128): the campaign-level
  // credit a click decides, with the same journey key as the kept facts.
  const clickQuery = queryRows(
    db,
    ClickQueryRow,
    sql`SELECT cm.platform, cm.campaign_id, o.order_date::text AS date, ${ORDER_JOURNEY} AS journey,
          o.landing_page, count(*)::int AS orders, sum(o.total_minor)::float8 AS total
        ${clickMatchedOrders(workspaceId)}
        GROUP BY 1, 2, 3, 4, 5`,
  );
  const [orderDayRows, landingRows, clickRows] = await Promise.all([orderDayQuery, landingQuery, clickQuery]);
  // Several column combinations make one journey (two sources of one channel): each text is
  // classified once and its journey shared, so the groups below merge by journey, not by text.
  const journeys = new Map<string, OrderJourney>();
  const canonical = new Map<string, OrderJourney>();
  const journeyOfText = (text: string) => {
    let journey = journeys.get(text);
    if (!journey) {
      const classified = journeyOf(text);
      const key = journeyKey(classified);
      journey = canonical.get(key) ?? classified;
      canonical.set(key, journey);
      journeys.set(text, journey);
    }
    return journey;
  };
  const days = new Map<OrderJourney, Map<string, OrderDayGroup>>();
  for (const row of orderDayRows) {
    const journey = journeyOfText(row.journey);
    const byDate = days.get(journey) ?? new Map<string, OrderDayGroup>();
    days.set(journey, byDate);
    const group = byDate.get(row.date);
    if (group) {
      group.orders += row.orders;
      group.total += row.total / unit;
    } else byDate.set(row.date, { ...journey, date: row.date, orders: row.orders, total: row.total / unit });
  }
  // Landing pages differ by their query strings: the groups of one product handle are merged.
  const landings = new Map<OrderJourney, Map<string, ProductLandingGroup>>();
  for (const row of landingRows) {
    const landingHandle = productHandleOf(row.landing_page);
    if (landingHandle === null) continue;
    const journey = journeyOfText(row.journey);
    const byHandle = landings.get(journey) ?? new Map<string, ProductLandingGroup>();
    landings.set(journey, byHandle);
    const group = byHandle.get(landingHandle);
    if (group) group.orders += row.orders;
    else byHandle.set(landingHandle, { ...journey, landingHandle, orders: row.orders });
  }
  return {
    orderDays: [...days.values()].flatMap((byDate) => [...byDate.values()]),
    productLandings: [...landings.values()].flatMap((byHandle) => [...byHandle.values()]),
    adClickOrders: clickRows.map((row) => ({
      ...journeyOfText(row.journey),
      platform: row.platform,
      campaignId: row.campaign_id,
      date: row.date,
      orders: row.orders,
      total: row.total / unit,
      landingHandle: row.landing_page === null ? null : productHandleOf(row.landing_page),
    })),
  };
}
