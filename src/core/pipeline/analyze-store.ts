import { addDays } from '../../shared/calendar.ts';
import { LOW_STOCK_COVER_DAYS } from '../../shared/metrics.ts';
import { computeCohorts } from '../cohorts/compute-cohorts.ts';
import { forecastDailySeries } from '../forecast/forecast-daily-series.ts';
import { detectOpportunities } from '../opportunities/detect-opportunities.ts';
import type { ScoredCustomer } from '../opportunities/detect-win-back-opportunities.ts';
import { inferStockoutSnapshots } from '../opportunities/infer-stockout-snapshots.ts';
import { computeRfm } from '../rfm/compute-rfm.ts';
import { computeDaysOfCover } from '../stockout/compute-days-of-cover.ts';
import { estimateStockoutLoss } from '../stockout/estimate-stockout-loss.ts';
import type { ProductSale } from '../types.ts';
import { buildDailyRevenue } from './build-daily-revenue.ts';
import { buildStockPositions } from './build-stock-positions.ts';
import { checkLastWeek } from './check-last-week.ts';
import { computeAttributionRows } from './compute-attribution-rows.ts';
import { computeCampaignPerformance } from './compute-campaign-performance.ts';
import { fitLifetimeModels } from './fit-lifetime-models.ts';
import { joinCustomerScores } from './join-customer-scores.ts';
import { measureMetrics } from './measure-metrics.ts';
import { measureReactivation } from './measure-reactivation.ts';
import { measureSecondOrders } from './measure-second-orders.ts';
import { scoreLifetimeCustomers } from './score-lifetime-customers.ts';
import { summarizeSegments } from './summarize-segments.ts';
import { summarizeStock } from './summarize-stock.ts';
import {
  COHORT_WEEKS_SHOWN,
  HISTORY_POINTS_SHOWN,
  MIN_REPEAT_CUSTOMERS_SHOWN,
  RECENT_ORDER_DAYS,
} from './thresholds.ts';
import type { AnalysisFacts, AnalysisSnapshot } from './types.ts';

export interface AnalyzeStoreOptions {
  /** A monotonic clock in milliseconds (`performance.now`): times each step for the diagnostics. */
  timer?: () => number;
}

/**
 * One analysis run: warehouse facts → every snapshot the dashboards read and the opportunity
 * candidates. Pure (no I/O; the clock that times the steps for the run's diagnostics is passed in). Each step is a function of this folder or of the core; this wires them together:
 * the customers' ledger → RFM and reactivation → lifetime models → cohorts → daily revenue, forecast and the
 * last-week check → stock (inferred snapshots, cover, losses) → attribution and campaigns →
 * second orders → opportunity detectors → tracked metrics.
 */
export function analyzeStore(facts: AnalysisFacts, options: AnalyzeStoreOptions = {}): AnalysisSnapshot {
  const timings: Record<string, number> = {};
  const { timer } = options;
  const step = <T>(name: string, work: () => T): T => {
    if (!timer) return work();
    const started = timer();
    const result = work();
    timings[name] = Math.round(timer() - started);
    return result;
  };
  const { asOf } = facts;
  const since30 = addDays(asOf, -29);

  // Customers' orders grouped once (by the facts' builder): RFM (four dates), lifetime summaries,
  // cohorts and the second-order measures all scan this instead of a million order objects each.
  const ledger = facts.customerOrders;
  const rfm = step('rfm', () => computeRfm(ledger, asOf));
  const reactivation = step('reactivation', () => measureReactivation(ledger, asOf));
  const lifetime = step('clv', () =>
    scoreLifetimeCustomers(
      fitLifetimeModels(ledger, asOf, { timeUnit: 'week', minRepeatCustomers: MIN_REPEAT_CUSTOMERS_SHOWN }),
    ),
  );
  const customers = joinCustomerScores(rfm.customers, lifetime);
  const segments = summarizeSegments(rfm.segments, customers);
  const cohortPoints = step('cohorts', () =>
    computeCohorts(ledger, asOf, 'week')
      .pooled.filter((p) => p.k <= COHORT_WEEKS_SHOWN)
      .map((p) => ({ week: p.k, retentionRate: p.percent, cohorts: p.cohorts, customers: p.customers })),
  );

  const history = buildDailyRevenue(facts);
  const confirmed = new Set(facts.confirmedClosures ?? []);
  const hasRevenue = history.some((p) => p.value > 0);
  const forecast = hasRevenue
    ? step('forecast', () =>
        forecastDailySeries(history, { horizon: 90, asOf, confirmedClosures: facts.confirmedClosures }),
      )
    : null;
  const forecastCheck =
    hasRevenue && history.length > 63 ? step('forecastCheck', () => checkLastWeek(history, asOf)) : null;
  const revenueLast30Days = history
    .filter((p) => p.date >= since30 && p.date <= asOf)
    .reduce((s, p) => s + p.value, 0);

  // Stock: real snapshots, completed by stock-outs inferred from sales gaps before snapshots began.
  const sales: ProductSale[] = facts.variantSales.map((s) => ({
    date: s.date,
    productId: s.variantId,
    units: s.units,
    revenue: s.revenue,
  }));
  const stockSnapshots = step('stockInference', () => inferStockoutSnapshots(facts.inventory, sales, asOf));
  const cover = step('daysOfCover', () => computeDaysOfCover(stockSnapshots, sales, asOf));
  const stockouts = step('stockoutLoss', () => estimateStockoutLoss(stockSnapshots, sales, asOf));
  const variantInfo = new Map(facts.variants.map((v) => [v.variantId, v]));
  const labelOf = (variantId: string) => {
    const v = variantInfo.get(variantId);
    if (!v) return variantId;
    return v.title && v.title !== 'Default Title' ? `${v.productTitle} – ${v.title}` : v.productTitle;
  };
  // One lead time per product (decision 112): the owner's, else the stated default.
  const leadTimeByProduct = new Map((facts.leadTimes ?? []).map((l) => [l.productId, l.days]));
  const leadTimeOf = (variantId: string) => {
    const productId = variantInfo.get(variantId)?.productId;
    return (productId === undefined ? undefined : leadTimeByProduct.get(productId)) ?? LOW_STOCK_COVER_DAYS;
  };
  const { stock, recentStockouts, lossByVariant, outDays30 } = summarizeStock(
    cover,
    stockouts,
    labelOf,
    asOf,
    leadTimeOf,
  );
  const stockPositions = step('stockPositions', () =>
    buildStockPositions(cover, sales, stockSnapshots, asOf, labelOf, lossByVariant, outDays30, leadTimeOf),
  );

  const attribution = step('attribution', () => computeAttributionRows(facts, since30, asOf));
  const campaigns = step('campaigns', () => computeCampaignPerformance(facts, stockSnapshots, since30, asOf));
  const secondOrder = step('secondOrder', () => measureSecondOrders(ledger, asOf));
  const recentAfter = addDays(asOf, -RECENT_ORDER_DAYS);
  const shippingOrders = facts.recentOrders
    .filter((o) => o.date > recentAfter && o.date <= asOf)
    .map((o) => ({ subtotal: o.subtotal, shipping: o.shipping }));
  const scoredCustomers: ScoredCustomer[] = customers.flatMap((c) => {
    const model = lifetime.perCustomer.get(c.customerId);
    return model
      ? [{ segment: c.segment, probabilityAlive: model.probabilityAlive, valueIfActive: model.valueIfActive }]
      : [];
  });

  const candidates = step('detectors', () =>
    detectOpportunities({
      context: { asOf, currency: facts.currency, revenueLast30Days },
      stock: stockPositions,
      customers: scoredCustomers,
      reactivation,
      campaigns,
      channels: attribution
        // 'direct' is what last non-direct attribution takes credit away from: no platform to fix.
        .filter((a) => a.platformRevenue !== null && a.channel !== 'direct')
        .map((a) => ({
          channel: a.channel,
          platformRevenue30: a.platformRevenue ?? 0,
          storeRevenue30: a.revenue,
          spend30: a.spend,
        })),
      forecastCheck,
      secondOrder,
      shippingOrders,
    }),
  );

  const metrics = step('metrics', () =>
    measureMetrics(facts, ledger, customers, attribution, campaigns, since30, asOf, revenueLast30Days),
  );

  return {
    asOf,
    currency: facts.currency,
    segments,
    customers,
    cohortPoints,
    forecast,
    history: history.slice(-HISTORY_POINTS_SHOWN),
    attribution,
    stock,
    stockouts,
    campaigns,
    candidates,
    metrics,
    forecastAccuracy: forecast
      ? {
          model: forecast.model,
          origins: forecast.accuracy.origins,
          horizon: forecast.accuracy.horizon,
          accuracy: forecast.accuracy.model,
          seasonalNaive: forecast.accuracy.seasonalNaive,
          weekdayMean: forecast.accuracy.weekdayMean,
          suggestedClosures: forecast.suggestedClosures,
          confirmedClosures: forecast.points.filter((p) => confirmed.has(p.date)).map((p) => p.date),
        }
      : null,
    diagnostics: {
      orders: facts.orderDays.reduce((n, g) => n + g.orders, 0),
      customers: customers.length,
      rfm: { preset: rfm.preset, method: rfm.method },
      lifetime: lifetime.diagnostics,
      stockouts: stockouts.length,
      recentStockouts: recentStockouts.length,
      inferredStockoutSnapshots: stockSnapshots.length - facts.inventory.length,
      candidates: candidates.length,
      timingsMs: timings,
    },
  };
}
