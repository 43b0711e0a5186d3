import { fromDayNumber } from '../../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { classifyStock } from '../../../core/stockout/classify-stock.ts';
import { findOutOfStockPeriods } from '../../../core/stockout/find-out-of-stock-periods.ts';
import type { ProductSale } from '../../../core/types.ts';
import type {
  LeadTime,
  ProductDaily,
  ProductPerformance,
  ProductRow,
  ProductVariantRow,
  StockState,
} from '../../../shared/contracts/products.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';
import { leadTimeOf, readLeadTimes } from './lead-times.ts';
import { readAdSpendByHandle, readStockLosses } from './product-spend-and-losses.ts';
import {
  readShopBounds,
  readVariantSales,
  readVariantStock,
  readVariants,
  type VariantInfo,
} from './product-warehouse-reads.ts';
export const PRODUCT_RULES =
  'Revenue is line-item sales (unit price × quantity − line discounts) in the shop currency on the order day, ' +
  'test and cancelled orders left out; Shopify stores refunds per order, so product revenue is before refunds. ' +
  'Velocity = units / days of the period (shop days), compared with the period before. Days of cover = units ' +
  'available / units sold per in-stock day over the last 28 days. Lost revenue comes from the latest analysis ' +
  "(stock-outs of the last 90 days: the product's usual share of store sales over the out-of-stock days).";

/** Sales history loaded for stock-out inference and days of cover: enough for its 56-day baselines. */
const STOCK_HISTORY_DAYS = 180;

function stateOf(
  available: number | null,
  daysOfCover: number | null,
  tracked: boolean,
  leadTimeDays: number,
): StockState {
  if (!tracked || available === null) return 'Untracked';
  return classifyStock(available, daysOfCover, leadTimeDays);
}

const percentChange = (now: number, before: number) => (before > 0 ? (100 * (now - before)) / before : null);

/** A variant's and a product's figures as the read computes them: integer minor units. */
type VariantMinor = Omit<ProductVariantRow, 'revenue' | 'lostRevenue'> & {
  revenueMinor: number;
  lostRevenueMinor: number;
};
type ProductMinor = Omit<ProductRow, 'revenue' | 'lostRevenue' | 'adSpend' | 'variants'> & {
  revenueMinor: number;
  lostRevenueMinor: number;
  adSpendMinor: number | null;
  variants: VariantMinor[];
};

/** Each amount written once on the wire (decision 146): sales and losses in the shop's digits, ad spend in the account's. */
function variantOnTheWire(
  { revenueMinor, lostRevenueMinor, ...v }: VariantMinor,
  digits: number,
): ProductVariantRow {
  return {
    ...v,
    revenue: minorToDecimal(revenueMinor, digits),
    lostRevenue: minorToDecimal(lostRevenueMinor, digits),
  };
}

function productOnTheWire(
  { revenueMinor, lostRevenueMinor, adSpendMinor, variants, ...p }: ProductMinor,
  digits: number,
  adDigits: number,
): ProductRow {
  return {
    ...p,
    revenue: minorToDecimal(revenueMinor, digits),
    lostRevenue: minorToDecimal(lostRevenueMinor, digits),
    adSpend: adSpendMinor === null ? null : minorToDecimal(adSpendMinor, adDigits),
    variants: variants.map((v) => variantOnTheWire(v, digits)),
  };
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
  now: Date,
): Promise<ProductPerformance> {
  const { db } = reads;
  const connected = (await listCredentialSummaries(db, workspaceId)).some((c) => c.provider === 'shopify');
  const { currency, endDate } = await readShopBounds(db, workspaceId, now);
  const variants = await readVariants(db, workspaceId);
  const digits = currency?.digits ?? 2;
  const empty = {
    connected,
    period,
    currency,
    adCurrency: null,
    stockAsOf: null,
    rules: PRODUCT_RULES,
    totals: {
      revenue: minorToDecimal(0, digits),
      units: 0,
      previousUnits: 0,
      lostRevenue: minorToDecimal(0, digits),
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
  const leadTimes = await readLeadTimes(db, workspaceId);

  const figures = new Map<string, { units: number; revenueMinor: number; previousUnits: number }>();
  for (const s of sales) {
    const f = figures.get(s.variantId) ?? { units: 0, revenueMinor: 0, previousUnits: 0 };
    if (s.date >= startDate) {
      f.units += s.units;
      f.revenueMinor += s.revenueMinor;
    } else if (s.date >= previousStart) f.previousUnits += s.units;
    figures.set(s.variantId, f);
  }

  const variantRow = (v: VariantInfo): VariantMinor => {
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
      stockState: stateOf(
        available,
        daysOfCover,
        v.tracked,
        leadTimeOf(v.productId, leadTimes.get(v.productId)).leadTimeDays,
      ),
      lostRevenueMinor: loss?.lostRevenueMinor ?? 0,
      outOfStockDays: loss?.outOfStockDays ?? 0,
    };
  };

  const byProduct = new Map<string, VariantInfo[]>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const products: ProductMinor[] = [...byProduct].map(([productId, list]) => {
    const rows = list.map(variantRow);
    const sum = (pick: (r: VariantMinor) => number) => rows.reduce((t, r) => t + pick(r), 0);
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
      ...leadTimeFields(leadTimeOf(productId, leadTimes.get(productId))),
      variants: rows,
    };
  });
  products.sort((a, b) => b.revenueMinor - a.revenueMinor || a.title.localeCompare(b.title));
  const total = (pick: (p: ProductMinor) => number) => products.reduce((t, p) => t + pick(p), 0);
  const adCurrency = ads.currency ? { code: ads.currency, digits: currencyDigitsOf(ads.currency) } : null;
  return {
    ...empty,
    hasData: true,
    startDate,
    endDate,
    adCurrency,
    stockAsOf,
    totals: {
      revenue: minorToDecimal(
        total((p) => p.revenueMinor),
        digits,
      ),
      units: total((p) => p.units),
      previousUnits: total((p) => p.previousUnits),
      lostRevenue: minorToDecimal(
        total((p) => p.lostRevenueMinor),
        digits,
      ),
      outOfStockProducts: products.filter(
        (p) => p.stockState === 'Out of stock' || p.stockState === 'Partly out of stock',
      ).length,
      lowStockProducts: products.filter((p) => p.stockState === 'Low stock').length,
    },
    products: products.map((p) => productOnTheWire(p, digits, adCurrency?.digits ?? digits)),
  };
}

/** One product's daily units and revenue over the period, with the days it was out of stock. */
export async function readProductDaily(
  db: Db,
  workspaceId: string,
  productId: string,
  period: number,
  now: Date,
): Promise<ProductDaily> {
  const variants = await readVariants(db, workspaceId, productId);
  if (variants.length === 0)
    throw new AppError(404, 'product_not_found', 'No such product in this workspace.');
  const { currency, endDate } = await readShopBounds(db, workspaceId, now);
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
      units: entry.units,
      revenue: minorToDecimal(entry.revenueMinor, currency?.digits ?? 2),
      outOfStock: trackedWithStock.size > 0 && (outCount.get(d) ?? 0) >= trackedWithStock.size,
    });
  }
  return { ...base, days };
}

/** The lead time fields of a product row. */
const leadTimeFields = ({ leadTimeDays, leadTimeSource }: LeadTime) => ({ leadTimeDays, leadTimeSource });
