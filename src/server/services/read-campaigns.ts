import { sql } from 'drizzle-orm';
import { computeMatchRate } from '../../core/attribution/compute-match-rate.ts';
import { fromDayNumber } from '../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../core/dates/to-day-number.ts';
import { channelOf } from '../../core/pipeline/channel-of.ts';
import type { CampaignPerformance, CampaignRow, Currency } from '../../shared/contracts/campaigns.ts';
import { currencyDigitsOf } from '../../shared/money.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { listCredentialSummaries } from '../vault/credential-store.ts';
import { labelCampaign } from './read-campaigns-label.ts';

export const ATTRIBUTION_RULE =
  'Store-verified revenue is credited by last non-direct click: an order whose last visit came from a Meta ad ' +
  '(or whose last visit was direct after a first visit from a Meta ad) counts for the campaign named in that ' +
  "visit's utm_campaign (campaign name or id). Refunds reduce revenue on their refund day; ROAS uses the net figure.";

/** What decides an order's credit: its last visit (the order's UTM) and its first visit. */
const CREDIT_COLUMNS = sql.raw(`(o.moments_count IS NOT NULL OR o.source_type IS NOT NULL) AS has_journey,
  o.utm_source, o.utm_medium, o.source_type, o.utm_campaign,
  t.utm_source AS first_source, t.utm_medium AS first_medium, t.source_type AS first_type,
  t.utm_campaign AS first_campaign`);
const FIRST_VISIT_JOIN = sql.raw(`LEFT JOIN wh_journey_touchpoints t
  ON t.workspace_id = o.workspace_id AND t.order_id = o.order_id AND t.position = 0`);

const CAMPAIGN_OPPORTUNITY_TYPES = ['scale_campaign', 'cut_campaign', 'ad_spend_out_of_stock'];

interface Figures {
  spendMinor: number;
  impressions: number;
  clicks: number;
  reportedPurchases: number;
  reportedPurchaseValueMinor: number;
  verifiedOrders: number;
  verifiedRevenueMinor: number;
  refundsMinor: number;
}

const emptyFigures = (): Figures => ({
  spendMinor: 0,
  impressions: 0,
  clicks: 0,
  reportedPurchases: 0,
  reportedPurchaseValueMinor: 0,
  verifiedOrders: 0,
  verifiedRevenueMinor: 0,
  refundsMinor: 0,
});

/** The derived ratios of a set of figures; ROAS and match rate only when one currency is involved. */
function present(f: Figures, account: Currency | null, sameCurrency: boolean) {
  const netRevenueMinor = f.verifiedRevenueMinor - f.refundsMinor;
  const unit = 10 ** (account?.digits ?? 2);
  return {
    ...f,
    ctr: f.impressions > 0 ? (100 * f.clicks) / f.impressions : null,
    cpc: f.clicks > 0 ? f.spendMinor / unit / f.clicks : null,
    netRevenueMinor,
    roas: sameCurrency && f.spendMinor > 0 ? netRevenueMinor / f.spendMinor : null,
    matchRate: sameCurrency ? computeMatchRate(f.reportedPurchaseValueMinor, f.verifiedRevenueMinor) : null,
  };
}

/**
 * Campaign Performance of the caller's workspace over the last `period` days ending on the last day
 * with synced orders (so store revenue is complete): the warehouse's Meta daily insights per
 * campaign beside the store revenue our attribution credits to it (ATTRIBUTION_RULE), a daily
 * spend/revenue series, the design §6 label and the related open opportunities. Read from the
 * warehouse (indexed by workspace and day), so any period answers without a new analysis run; the
 * figures are kept per warehouse version (cachedCampaignFigures), the rest is read every time.
 */
export async function readCampaignPerformance(
  db: Db,
  workspaceId: string,
  period: number,
): Promise<CampaignPerformance> {
  const connected = (await listCredentialSummaries(db, workspaceId)).some((c) => c.provider === 'meta');
  const [shop] = await queryRows<{ currency_code: string; currency_digits: number }>(
    db,
    sql`SELECT currency_code, currency_digits FROM wh_shops WHERE workspace_id = ${workspaceId}`,
  );
  const [bounds] = await queryRows<{
    last_order: string | null;
    last_meta: string | null;
    account_currency: string | null;
    version: string | null;
  }>(
    db,
    sql`SELECT
          (SELECT max(order_date)::text FROM wh_orders
            WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL) AS last_order,
          (SELECT max(date)::text FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}) AS last_meta,
          (SELECT currency_code FROM wh_meta_daily_insights WHERE workspace_id = ${workspaceId}
            ORDER BY date DESC LIMIT 1) AS account_currency,
          (SELECT max(updated_at)::text FROM sync_states WHERE workspace_id = ${workspaceId}) AS version`,
  );
  const shopCurrency = shop ? { code: shop.currency_code, digits: Number(shop.currency_digits) } : null;
  const accountCode = bounds?.account_currency ?? null;
  const accountCurrency = accountCode ? { code: accountCode, digits: currencyDigitsOf(accountCode) } : null;
  const sameCurrency = shopCurrency !== null && accountCode === shopCurrency.code;
  const endDate = bounds?.last_order ?? bounds?.last_meta ?? null;
  const base = {
    connected,
    hasData: bounds?.last_meta !== null && bounds?.last_meta !== undefined,
    period,
    shopCurrency,
    accountCurrency,
    currencyNote:
      accountCurrency && shopCurrency && !sameCurrency
        ? `The ad account bills in ${accountCurrency.code} and the shop sells in ${shopCurrency.code}: spend is shown in ${accountCurrency.code}, and ROAS and match rate are not computed across currencies.`
        : null,
    attributionRule: ATTRIBUTION_RULE,
    unmatched: { orders: 0, revenueMinor: 0 },
  };
  if (!base.hasData || endDate === null) {
    return {
      ...base,
      startDate: null,
      endDate: null,
      totals: present(emptyFigures(), accountCurrency, sameCurrency),
      campaigns: [],
    };
  }
  const startDate = fromDayNumber(toDayNumber(endDate) - period + 1);
  const days: string[] = [];
  for (let d = toDayNumber(startDate); d <= toDayNumber(endDate); d += 1) days.push(fromDayNumber(d));

  const { entries, active, unmatched } = await cachedCampaignFigures(
    db,
    workspaceId,
    startDate,
    endDate,
    bounds?.version ?? null,
  );
  const links = await queryRows<{
    id: string;
    type: string;
    title: string;
    status: string;
    subject_key: string;
  }>(
    db,
    sql`SELECT o.id, o.type, o.title, o.status, o.subject_key FROM opportunities o
        WHERE o.workspace_id = ${workspaceId} AND o.status <> 'dismissed'
          AND o.type IN (${sql.join(
            CAMPAIGN_OPPORTUNITY_TYPES.map((t) => sql`${t}`),
            sql`, `,
          )})
          AND (o.status = 'implemented' OR o.last_run_id = (
            SELECT id FROM analysis_runs WHERE workspace_id = ${workspaceId} AND status = 'succeeded'
            ORDER BY finished_at DESC LIMIT 1))
        ORDER BY o.revenue_impact_max DESC`,
  );

  const totals = emptyFigures();
  const campaigns: CampaignRow[] = [];
  for (const entry of entries.values()) {
    if (!active.has(entry.row.campaignId) && entry.row.status !== 'ACTIVE') continue;
    for (const key of Object.keys(totals) as (keyof Figures)[]) totals[key] += entry.figures[key];
    const figures = present(entry.figures, accountCurrency, sameCurrency);
    campaigns.push({
      ...entry.row,
      ...figures,
      label: labelCampaign(entry.row.status, figures.roas, figures.matchRate),
      daily: days.map((date) => ({
        date,
        spendMinor: entry.byDay.get(date)?.spendMinor ?? 0,
        revenueMinor: entry.byDay.get(date)?.revenueMinor ?? 0,
      })),
      opportunities: links
        .filter((l) => l.subject_key === entry.row.campaignId)
        .map(({ id, type, title, status }) => ({ id, type, title, status })),
    });
  }
  campaigns.sort((a, b) => b.spendMinor - a.spendMinor || a.name.localeCompare(b.name));
  return {
    ...base,
    startDate,
    endDate,
    unmatched,
    totals: present(totals, accountCurrency, sameCurrency),
    campaigns,
  };
}

interface Entry {
  row: Omit<CampaignRow, keyof ReturnType<typeof present> | 'label'>;
  figures: Figures;
  byDay: Map<string, { spendMinor: number; revenueMinor: number }>;
}

/** Figures of a period's campaigns, by campaign id, and the Meta-credited orders no campaign claims. */
interface CampaignFigures {
  entries: Map<string, Entry>;
  active: Set<string>;
  unmatched: { orders: number; revenueMinor: number };
}

/** Computed figures per (workspace, period, warehouse version): only a sync changes them. */
const figuresCache = new Map<string, Promise<CampaignFigures>>();
const FIGURES_CACHED = 256;

/**
 * The period's figures, computed once per warehouse version (the latest sync_states update of the
 * workspace): a 90-day period of a large store groups tens of thousands of orders, which must not
 * happen on every 30-second poll. Callers must not mutate what this returns.
 */
function cachedCampaignFigures(
  db: Db,
  workspaceId: string,
  startDate: string,
  endDate: string,
  version: string | null,
): Promise<CampaignFigures> {
  const key = `${workspaceId}|${startDate}|${endDate}|${version}`;
  let figures = figuresCache.get(key);
  if (!figures) {
    if (figuresCache.size >= FIGURES_CACHED) figuresCache.delete(figuresCache.keys().next().value!);
    figures = loadCampaignFigures(db, workspaceId, startDate, endDate);
    figures.catch(() => figuresCache.delete(key));
    figuresCache.set(key, figures);
  }
  return figures;
}

/** Meta insights and store-verified revenue (ATTRIBUTION_RULE) per campaign and day of the period. */
async function loadCampaignFigures(
  db: Db,
  workspaceId: string,
  startDate: string,
  endDate: string,
): Promise<CampaignFigures> {
  const campaignInfo = await queryRows<{
    campaign_id: string;
    name: string;
    status: string | null;
    objective: string | null;
  }>(
    db,
    sql`SELECT campaign_id, name, coalesce(effective_status, status) AS status, objective
        FROM wh_meta_campaigns WHERE workspace_id = ${workspaceId}`,
  );
  const insights = await queryRows<{
    campaign_id: string;
    campaign_name: string;
    date: string;
    spend: number;
    impressions: number;
    clicks: number;
    purchases: number;
    purchase_value: number;
  }>(
    db,
    sql`SELECT campaign_id, max(campaign_name) AS campaign_name, date::text AS date,
          sum(spend_minor)::float8 AS spend, sum(impressions)::float8 AS impressions,
          sum(clicks)::float8 AS clicks, sum(reported_purchases)::float8 AS purchases,
          sum(reported_purchase_value_minor)::float8 AS purchase_value
        FROM wh_meta_daily_insights
        WHERE workspace_id = ${workspaceId} AND date BETWEEN ${startDate}::date AND ${endDate}::date
        GROUP BY campaign_id, date`,
  );

  const entries = new Map<string, Entry>();
  const entryOf = (campaignId: string, name: string): Entry => {
    let entry = entries.get(campaignId);
    if (!entry) {
      entry = {
        row: { campaignId, name, status: null, objective: null, daily: [], opportunities: [] },
        figures: emptyFigures(),
        byDay: new Map(),
      };
      entries.set(campaignId, entry);
    }
    return entry;
  };
  const dayOf = (entry: Entry, date: string) => {
    let day = entry.byDay.get(date);
    if (!day) {
      day = { spendMinor: 0, revenueMinor: 0 };
      entry.byDay.set(date, day);
    }
    return day;
  };
  for (const c of campaignInfo) {
    const entry = entryOf(c.campaign_id, c.name);
    entry.row.status = c.status;
    entry.row.objective = c.objective;
  }
  const active = new Set<string>();
  for (const i of insights) {
    const entry = entryOf(i.campaign_id, i.campaign_name);
    active.add(i.campaign_id);
    const f = entry.figures;
    f.spendMinor += Number(i.spend);
    f.impressions += Number(i.impressions);
    f.clicks += Number(i.clicks);
    f.reportedPurchases += Number(i.purchases);
    f.reportedPurchaseValueMinor += Number(i.purchase_value);
    dayOf(entry, i.date).spendMinor += Number(i.spend);
  }

  // Store side: orders placed and refunds made in the period, grouped by what decides the credit.
  const byName = new Map<string, Entry>();
  for (const entry of entries.values()) {
    byName.set(entry.row.name, entry);
    byName.set(entry.row.campaignId, entry);
  }
  const credited = await queryRows<{
    kind: 'order' | 'refund';
    date: string;
    has_journey: boolean;
    utm_source: string | null;
    utm_medium: string | null;
    source_type: string | null;
    utm_campaign: string | null;
    first_source: string | null;
    first_medium: string | null;
    first_type: string | null;
    first_campaign: string | null;
    orders: number;
    amount: number;
  }>(
    db,
    sql`SELECT 'order' AS kind, o.order_date::text AS date, ${CREDIT_COLUMNS},
          count(*)::int AS orders, sum(o.total_minor)::float8 AS amount
        FROM wh_orders o ${FIRST_VISIT_JOIN}
        WHERE o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
          AND o.order_date BETWEEN ${startDate}::date AND ${endDate}::date
        GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        UNION ALL
        SELECT 'refund', r.refund_date::text, ${CREDIT_COLUMNS}, 0, sum(r.amount_minor)::float8
        FROM wh_refunds r
        JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
        ${FIRST_VISIT_JOIN}
        WHERE r.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
          AND r.refund_date BETWEEN ${startDate}::date AND ${endDate}::date
        GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
  );
  const unmatched = { orders: 0, revenueMinor: 0 };
  for (const g of credited) {
    const credit = metaCreditOf(g);
    if (credit === null) continue;
    const entry = credit.campaign === null ? undefined : byName.get(credit.campaign);
    const amount = Number(g.amount);
    if (!entry) {
      if (g.kind === 'order') {
        unmatched.orders += Number(g.orders);
        unmatched.revenueMinor += amount;
      }
      continue;
    }
    if (g.kind === 'order') {
      entry.figures.verifiedOrders += Number(g.orders);
      entry.figures.verifiedRevenueMinor += amount;
      dayOf(entry, g.date).revenueMinor += amount;
    } else {
      entry.figures.refundsMinor += amount;
      dayOf(entry, g.date).revenueMinor -= amount;
    }
    active.add(entry.row.campaignId);
  }
  return { entries, active, unmatched };
}

/**
 * The utm_campaign a Meta-credited order names (null when it names none) under last non-direct
 * click over its first and last visits (the channel attribution of the analysis run), or null when
 * Meta gets no credit.
 */
function metaCreditOf(g: {
  has_journey: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  source_type: string | null;
  utm_campaign: string | null;
  first_source: string | null;
  first_medium: string | null;
  first_type: string | null;
  first_campaign: string | null;
}): { campaign: string | null } | null {
  const last = g.has_journey ? channelOf(g.utm_source, g.utm_medium, g.source_type) : null;
  if (last === 'meta_ads') return { campaign: g.utm_campaign };
  if (last !== null && last !== 'direct') return null;
  const hasFirst = g.first_source !== null || g.first_medium !== null || g.first_type !== null;
  if (hasFirst && channelOf(g.first_source, g.first_medium, g.first_type) === 'meta_ads')
    return { campaign: g.first_campaign };
  return null;
}
