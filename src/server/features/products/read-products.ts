import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromDayNumber } from '../../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { inferStockoutSnapshots } from '../../../core/opportunities/infer-stockout-snapshots.ts';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import { classifyStock } from '../../../core/stockout/classify-stock.ts';
import { computeDaysOfCover } from '../../../core/stockout/compute-days-of-cover.ts';
import { findOutOfStockPeriods } from '../../../core/stockout/find-out-of-stock-periods.ts';
import type { InventorySnapshot, ProductSale } from '../../../core/types.ts';
import type { Currency } from '../../../shared/contracts/campaigns.ts';
import type {
  ProductDaily,
  ProductPerformance,
  ProductRow,
  ProductVariantRow,
  StockState,
} from '../../../shared/contracts/products.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';
import { findLatestRun } from '../analytics/read-analytics.ts';

export const PRODUCT_RULES =
  'Revenue is line-item sales (unit price × quantity − line discounts) in the shop currency on the order day, ' +
  'test and cancelled orders left out; Shopify stores refunds per order, so product revenue is before refunds. ' +
  'Velocity = units / days of the period (shop days), compared with the period before. Days of cover = units ' +
  'available / units sold per in-stock day over the last 28 days. Lost revenue comes from the latest analysis ' +
  "(stock-outs of the last 90 days: the product's usual share of store sales over the out-of-stock days).";

/** Sales history loaded for stock-out inference and days of cover: enough for its 56-day baselines. */
const STOCK_HISTORY_DAYS = 180;

interface VariantInfo {
  variantId: string;
  productId: string;
  title: string;
  sku: string | null;
  productTitle: string;
  handle: string | null;
  tracked: boolean;
}

interface VariantStock {
  available: number | null;
  dailyDemand: number | null;
  daysOfCover: number | null;
}

const ShopBoundRow = z.object({
  currency_code: z.string().nullable(),
  currency_digits: z.number().nullable(),
  last: z.string().nullable(),
});

/** Shop currency and the period's last day (the last day with a valid order). */
async function readShopBounds(db: Db, workspaceId: string) {
  const [row] = await queryRows(
    db,
    ShopBoundRow,
    sql`SELECT
          (SELECT currency_code FROM wh_shops WHERE workspace_id = ${workspaceId}) AS currency_code,
          (SELECT currency_digits FROM wh_shops WHERE workspace_id = ${workspaceId}) AS currency_digits,
          (SELECT max(order_date)::text FROM wh_orders
            WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL) AS last`,
  );
  const currency: Currency | null =
    row?.currency_code != null ? { code: row.currency_code, digits: Number(row.currency_digits) } : null;
  return { currency, endDate: row?.last ?? null };
}

const VariantRow = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  product_title: z.string().nullable(),
  handle: z.string().nullable(),
  tracked: z.boolean().nullable(),
});

async function readVariants(db: Db, workspaceId: string, productId?: string): Promise<VariantInfo[]> {
  const rows = await queryRows(
    db,
    VariantRow,
    sql`SELECT v.variant_id::text AS variant_id, v.product_id::text AS product_id, v.title, v.sku,
          p.title AS product_title, p.handle, v.inventory_tracked AS tracked
        FROM wh_variants v
        LEFT JOIN wh_products p ON p.workspace_id = v.workspace_id AND p.product_id = v.product_id
        WHERE v.workspace_id = ${workspaceId}
          ${productId === undefined ? sql`` : sql`AND v.product_id = ${productId}`}
        ORDER BY v.product_id, v.variant_id`,
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    productId: r.product_id,
    title: r.title,
    sku: r.sku,
    productTitle: r.product_title ?? r.title,
    handle: r.handle,
    tracked: r.tracked !== false,
  }));
}

const VariantSaleRow = z.object({
  variant_id: z.string(),
  date: z.string(),
  units: z.number(),
  revenue: z.string(),
});

/** Units and revenue (minor units) per variant and shop day in [from, to], valid orders only. */
async function readVariantSales(db: Db, workspaceId: string, from: string, to: string, productId?: string) {
  const rows = await queryRows(
    db,
    VariantSaleRow,
    sql`SELECT li.variant_id::text AS variant_id, li.order_date::text AS date,
          sum(li.quantity)::int AS units,
          sum(li.unit_price_minor * li.quantity - li.discount_minor)::text AS revenue
        FROM wh_order_line_items li
        JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
        WHERE li.workspace_id = ${workspaceId} AND li.order_date BETWEEN ${from} AND ${to}
          AND NOT o.test AND o.cancelled_at IS NULL AND li.variant_id IS NOT NULL
          ${productId === undefined ? sql`` : sql`AND li.product_id = ${productId}`}
        GROUP BY li.variant_id, li.order_date`,
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    date: r.date,
    units: Number(r.units),
    revenueMinor: Number(r.revenue),
  }));
}

const VariantStockRow = z.object({ variant_id: z.string(), date: z.string(), available: z.number() });

/**
 * Stock per variant at `asOf`: real snapshots (summed over locations; a level synced after asOf
 * counts as asOf's, it is the owner's stock now), completed by stock-outs inferred from sales gaps —
 * the same core steps as the analysis run, so the page and the stock-impact list agree.
 */
async function readVariantStock(
  db: Db,
  workspaceId: string,
  sales: readonly ProductSale[],
  asOf: string,
  productId?: string,
) {
  const rows = await queryRows(
    db,
    VariantStockRow,
    sql`SELECT i.variant_id::text AS variant_id, i.snapshot_date::text AS date, sum(i.available)::int AS available
        FROM wh_inventory_snapshots i
        ${productId === undefined ? sql`` : sql`JOIN wh_variants v ON v.workspace_id = i.workspace_id AND v.variant_id = i.variant_id AND v.product_id = ${productId}`}
        WHERE i.workspace_id = ${workspaceId}
        GROUP BY i.variant_id, i.snapshot_date ORDER BY i.snapshot_date`,
  );
  const real: InventorySnapshot[] = rows.map((r) => ({
    productId: r.variant_id,
    date: r.date > asOf ? asOf : r.date,
    available: Number(r.available),
  }));
  const snapshots = inferStockoutSnapshots(real, sales, asOf);
  const stock = new Map<string, VariantStock>();
  for (const c of computeDaysOfCover(snapshots, sales, asOf)) {
    stock.set(c.productId, { available: null, dailyDemand: c.dailyDemand, daysOfCover: c.daysOfCover });
  }
  // Units on hand: the latest real level (inferred snapshots only hold placeholders); rows come in
  // date order, so of several levels clamped to asOf the latest wins here as in the core.
  const latest = new Map<string, { date: string; available: number }>();
  for (const r of real) {
    const previous = latest.get(r.productId);
    if (!previous || r.date >= previous.date) latest.set(r.productId, r);
  }
  for (const [variantId, { available }] of latest) {
    const entry = stock.get(variantId) ?? { available: null, dailyDemand: null, daysOfCover: null };
    stock.set(variantId, { ...entry, available });
  }
  return { stock, snapshots };
}

function stateOf(available: number | null, daysOfCover: number | null, tracked: boolean): StockState {
  if (!tracked || available === null) return 'Untracked';
  return classifyStock(available, daysOfCover);
}

const percentChange = (now: number, before: number) => (before > 0 ? (100 * (now - before)) / before : null);

const LandingRow = z.object({
  utm_campaign: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  source_type: z.string().nullable(),
  handle: z.string().nullable(),
  orders: z.number(),
});

const SpendRow = z.object({
  campaign_id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
  spend: z.string(),
});

/** Meta spend in [start, end] per product: campaigns whose Meta-credited orders mostly land on it. */
async function readAdSpendByHandle(db: Db, workspaceId: string, start: string, end: string) {
  const landings = await queryRows(
    db,
    LandingRow,
    sql`SELECT utm_campaign, utm_source, utm_medium, source_type,
          substring(landing_page from '/products/([^/?#]+)') AS handle, count(*)::int AS orders
        FROM wh_orders
        WHERE workspace_id = ${workspaceId} AND utm_campaign IS NOT NULL AND NOT test
        GROUP BY 1, 2, 3, 4, 5`,
  );
  const byCampaign = new Map<string, { all: number; handles: Map<string, number> }>();
  for (const l of landings) {
    if (channelOf(l.utm_source, l.utm_medium, l.source_type) !== 'meta_ads') continue;
    const entry = byCampaign.get(l.utm_campaign) ?? { all: 0, handles: new Map<string, number>() };
    entry.all += Number(l.orders);
    if (l.handle) entry.handles.set(l.handle, (entry.handles.get(l.handle) ?? 0) + Number(l.orders));
    byCampaign.set(l.utm_campaign, entry);
  }
  const spend = await queryRows(
    db,
    SpendRow,
    sql`SELECT c.campaign_id, c.name, max(i.currency_code) AS currency,
          coalesce(sum(i.spend_minor), 0)::text AS spend
        FROM wh_meta_campaigns c
        LEFT JOIN wh_meta_daily_insights i ON i.workspace_id = c.workspace_id
          AND i.campaign_id = c.campaign_id AND i.date BETWEEN ${start} AND ${end}
        WHERE c.workspace_id = ${workspaceId}
        GROUP BY c.campaign_id, c.name`,
  );
  const byHandle = new Map<string, { spendMinor: number; campaigns: string[] }>();
  let currency: string | null = null;
  for (const c of spend) {
    currency ??= c.currency;
    const credited = byCampaign.get(c.name) ?? byCampaign.get(c.campaign_id);
    if (!credited) continue;
    const [handle, count] = [...credited.handles].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    // The same rule as the analysis' ad-spend-on-out-of-stock detector: at least half the orders.
    if (!handle || count < 0.5 * credited.all) continue;
    const entry = byHandle.get(handle) ?? { spendMinor: 0, campaigns: [] };
    entry.spendMinor += Number(c.spend);
    entry.campaigns.push(c.name);
    byHandle.set(handle, entry);
  }
  return { byHandle, currency };
}

const StockLosseRow = z.object({
  product_id: z.string(),
  estimated_loss: z.number(),
  out_of_stock_days: z.number(),
});

/** Stock-out losses of the latest analysis run per variant (minor units), and that run's day. */
async function readStockLosses(reads: CachedReads, workspaceId: string, currency: Currency | null) {
  const { db } = reads;
  const run = await findLatestRun(reads, workspaceId);
  const losses = new Map<string, { lostRevenueMinor: number; outOfStockDays: number }>();
  if (!run) return { losses, asOf: null };
  const rows = await queryRows(
    db,
    StockLosseRow,
    sql`SELECT product_id, estimated_loss, out_of_stock_days FROM analysis_stock_rows
        WHERE run_id = ${run.id} AND workspace_id = ${workspaceId}`,
  );
  const unit = 10 ** (currency?.digits ?? 2);
  for (const r of rows) {
    losses.set(r.product_id, {
      lostRevenueMinor: Math.round(Number(r.estimated_loss) * unit),
      outOfStockDays: Number(r.out_of_stock_days),
    });
  }
  return { losses, asOf: run.asOf };
}

/**
 * Product Analysis of the caller's workspace over the last `period` shop days ending on the last day
 * with a valid order: per product and variant revenue, units, velocity against the previous period,
 * stock on hand with days of cover and state, stock-out losses from the latest analysis run, and the
 * Meta spend of campaigns landing on the product. Read from the warehouse, so every period answers
 * without a new run.
 */
export async function readProductPerformance(
  reads: CachedReads,
  workspaceId: string,
  period: number,
): Promise<ProductPerformance> {
  const { db } = reads;
  const connected = (await listCredentialSummaries(db, workspaceId)).some((c) => c.provider === 'shopify');
  const { currency, endDate } = await readShopBounds(db, workspaceId);
  const variants = await readVariants(db, workspaceId);
  const empty = {
    connected,
    period,
    currency,
    adCurrency: null,
    stockAsOf: null,
    rules: PRODUCT_RULES,
    totals: {
      revenueMinor: 0,
      units: 0,
      previousUnits: 0,
      lostRevenueMinor: 0,
      outOfStockProducts: 0,
      lowStockProducts: 0,
    },
    products: [],
  };
  if (endDate === null || variants.length === 0) {
    return { ...empty, hasData: variants.length > 0, startDate: null, endDate: null };
  }
  const end = toDayNumber(endDate);
  const startDate = fromDayNumber(end - period + 1);
  const previousStart = fromDayNumber(end - 2 * period + 1);
  const historyStart = fromDayNumber(end - Math.max(2 * period, STOCK_HISTORY_DAYS) + 1);
  const sales = await readVariantSales(db, workspaceId, historyStart, endDate);
  const productSales: ProductSale[] = sales.map((s) => ({
    date: s.date,
    productId: s.variantId,
    units: s.units,
    revenue: s.revenueMinor,
  }));
  const { stock } = await readVariantStock(db, workspaceId, productSales, endDate);
  const { losses, asOf: stockAsOf } = await readStockLosses(reads, workspaceId, currency);
  const ads = await readAdSpendByHandle(db, workspaceId, startDate, endDate);

  const figures = new Map<string, { units: number; revenueMinor: number; previousUnits: number }>();
  for (const s of sales) {
    const f = figures.get(s.variantId) ?? { units: 0, revenueMinor: 0, previousUnits: 0 };
    if (s.date >= startDate) {
      f.units += s.units;
      f.revenueMinor += s.revenueMinor;
    } else if (s.date >= previousStart) f.previousUnits += s.units;
    figures.set(s.variantId, f);
  }

  const variantRow = (v: VariantInfo): ProductVariantRow => {
    const f = figures.get(v.variantId) ?? { units: 0, revenueMinor: 0, previousUnits: 0 };
    const s = stock.get(v.variantId);
    const available = v.tracked ? (s?.available ?? null) : null;
    const daysOfCover = available !== null ? (s?.daysOfCover ?? null) : null;
    const loss = losses.get(v.variantId);
    return {
      variantId: v.variantId,
      title: v.title,
      sku: v.sku,
      ...f,
      velocity: f.units / period,
      velocityChange: percentChange(f.units, f.previousUnits),
      available,
      dailyDemand: s?.dailyDemand ?? null,
      daysOfCover,
      stockState: stateOf(available, daysOfCover, v.tracked),
      lostRevenueMinor: loss?.lostRevenueMinor ?? 0,
      outOfStockDays: loss?.outOfStockDays ?? 0,
    };
  };

  const byProduct = new Map<string, VariantInfo[]>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const products: ProductRow[] = [...byProduct].map(([productId, list]) => {
    const rows = list.map(variantRow);
    const sum = (pick: (r: ProductVariantRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
    const tracked = rows.filter((r) => r.available !== null);
    const units = sum((r) => r.units);
    const previousUnits = sum((r) => r.previousUnits);
    const available =
      tracked.length > 0 ? tracked.reduce((t, r) => t + Math.max(0, r.available ?? 0), 0) : null;
    const demand = tracked.some((r) => r.dailyDemand !== null)
      ? tracked.reduce((t, r) => t + (r.dailyDemand ?? 0), 0)
      : null;
    // A product is as short as its shortest variant (issue #20.5): its days of cover are the least
    // of its variants' in stock, and its state the worst of theirs — never a pooled average that
    // hides a variant about to run out.
    const covers = tracked
      .filter((r) => r.stockState !== 'Out of stock' && r.daysOfCover !== null)
      .map((r) => r.daysOfCover as number);
    const daysOfCover = covers.length > 0 ? Math.min(...covers) : null;
    const outVariants = tracked.filter((r) => r.stockState === 'Out of stock').length;
    const stockState: StockState =
      tracked.length === 0
        ? 'Untracked'
        : outVariants === tracked.length
          ? 'Out of stock'
          : outVariants > 0
            ? 'Partly out of stock'
            : tracked.some((r) => r.stockState === 'Low stock')
              ? 'Low stock'
              : 'In stock';
    const info = list[0]!;
    const ad = info.handle ? ads.byHandle.get(info.handle) : undefined;
    return {
      productId,
      title: info.productTitle,
      handle: info.handle,
      revenueMinor: sum((r) => r.revenueMinor),
      units,
      velocity: units / period,
      previousUnits,
      velocityChange: percentChange(units, previousUnits),
      available,
      dailyDemand: demand,
      daysOfCover,
      stockState,
      lostRevenueMinor: sum((r) => r.lostRevenueMinor),
      outOfStockDays: rows.reduce((m, r) => Math.max(m, r.outOfStockDays), 0),
      adSpendMinor: ad ? ad.spendMinor : null,
      adCampaigns: ad?.campaigns ?? [],
      variants: rows,
    };
  });
  products.sort((a, b) => b.revenueMinor - a.revenueMinor || a.title.localeCompare(b.title));
  const total = (pick: (p: ProductRow) => number) => products.reduce((t, p) => t + pick(p), 0);
  return {
    ...empty,
    hasData: true,
    startDate,
    endDate,
    adCurrency: ads.currency ? { code: ads.currency, digits: currencyDigitsOf(ads.currency) } : null,
    stockAsOf,
    totals: {
      revenueMinor: total((p) => p.revenueMinor),
      units: total((p) => p.units),
      previousUnits: total((p) => p.previousUnits),
      lostRevenueMinor: total((p) => p.lostRevenueMinor),
      outOfStockProducts: products.filter(
        (p) => p.stockState === 'Out of stock' || p.stockState === 'Partly out of stock',
      ).length,
      lowStockProducts: products.filter((p) => p.stockState === 'Low stock').length,
    },
    products,
  };
}

/** One product's daily units and revenue over the period, with the days it was out of stock. */
export async function readProductDaily(
  db: Db,
  workspaceId: string,
  productId: string,
  period: number,
): Promise<ProductDaily> {
  const variants = await readVariants(db, workspaceId, productId);
  if (variants.length === 0)
    throw new AppError(404, 'product_not_found', 'No such product in this workspace.');
  const { currency, endDate } = await readShopBounds(db, workspaceId);
  const base = { productId, title: variants[0]!.productTitle, currency };
  if (endDate === null) return { ...base, days: [] };
  const end = toDayNumber(endDate);
  const startDate = fromDayNumber(end - period + 1);
  const historyStart = fromDayNumber(end - Math.max(period, STOCK_HISTORY_DAYS) + 1);
  const sales = await readVariantSales(db, workspaceId, historyStart, endDate, productId);
  const productSales: ProductSale[] = sales.map((s) => ({
    date: s.date,
    productId: s.variantId,
    units: s.units,
    revenue: s.revenueMinor,
  }));
  const { snapshots } = await readVariantStock(db, workspaceId, productSales, endDate, productId);
  const tracked = new Set(variants.filter((v) => v.tracked).map((v) => v.variantId));
  const outCount = new Map<number, number>();
  const trackedWithStock = new Set<string>();
  for (const s of snapshots) if (tracked.has(s.productId)) trackedWithStock.add(s.productId);
  for (const p of findOutOfStockPeriods(snapshots, endDate)) {
    if (!tracked.has(p.productId)) continue;
    for (let d = toDayNumber(p.start); d <= toDayNumber(p.end); d += 1)
      outCount.set(d, (outCount.get(d) ?? 0) + 1);
  }
  const byDay = new Map<string, { units: number; revenueMinor: number }>();
  for (const s of sales) {
    const entry = byDay.get(s.date) ?? { units: 0, revenueMinor: 0 };
    entry.units += s.units;
    entry.revenueMinor += s.revenueMinor;
    byDay.set(s.date, entry);
  }
  const days: ProductDaily['days'] = [];
  for (let d = toDayNumber(startDate); d <= end; d += 1) {
    const date = fromDayNumber(d);
    const entry = byDay.get(date) ?? { units: 0, revenueMinor: 0 };
    days.push({
      date,
      ...entry,
      outOfStock: trackedWithStock.size > 0 && (outCount.get(d) ?? 0) >= trackedWithStock.size,
    });
  }
  return { ...base, days };
}
