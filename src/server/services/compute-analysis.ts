import { computeMatchRate } from '../../core/attribution/compute-match-rate.ts';
import { labelChannel } from '../../core/attribution/label-channel.ts';
import { bgnbdProbabilityAlive } from '../../core/clv/bgnbd-probability-alive.ts';
import { compressCustomers } from '../../core/clv/compress-customers.ts';
import { computeCustomerLifetimeValue } from '../../core/clv/compute-customer-lifetime-value.ts';
import { fitBgnbd } from '../../core/clv/fit-bgnbd.ts';
import { fitGammaGamma } from '../../core/clv/fit-gamma-gamma.ts';
import { gammaGammaExpectedSpend } from '../../core/clv/gamma-gamma-expected-spend.ts';
import { summarizeLifetimeCustomers } from '../../core/clv/summarize-lifetime-customers.ts';
import type { BgNbdParams, GammaGammaParams } from '../../core/clv/types.ts';
import { computeCohorts } from '../../core/cohorts/compute-cohorts.ts';
import { fromDayNumber } from '../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../core/dates/to-day-number.ts';
import { type DailyForecast, forecastDailySeries } from '../../core/forecast/forecast-daily-series.ts';
import { type CustomerLedger, toCustomerLedger } from '../../core/ledger/to-customer-ledger.ts';
import { channelOfGa4 } from '../../core/metrics/channel-of-ga4.ts';
import { creditOrder } from '../../core/metrics/credit-order.ts';
import type { CampaignPerformance } from '../../core/opportunities/detect-campaign-opportunities.ts';
import { detectOpportunities } from '../../core/opportunities/detect-opportunities.ts';
import type { StockPosition } from '../../core/opportunities/detect-stock-opportunities.ts';
import type {
  ScoredCustomer,
  SegmentReactivation,
} from '../../core/opportunities/detect-win-back-opportunities.ts';
import { inferStockoutSnapshots } from '../../core/opportunities/infer-stockout-snapshots.ts';
import { metricKey } from '../../core/opportunities/metric-key.ts';
import type { OpportunityCandidate } from '../../core/opportunities/types.ts';
import { computeRfm } from '../../core/rfm/compute-rfm.ts';
import { computeDaysOfCover } from '../../core/stockout/compute-days-of-cover.ts';
import { estimateStockoutLoss, type StockoutLoss } from '../../core/stockout/estimate-stockout-loss.ts';
import type { ProductSale, Transaction } from '../../core/types.ts';
import type { AnalysisFacts } from './analysis-facts.ts';

/** Fewer repeat customers than this and the lifetime models are not fitted (design §6). */
export const MIN_REPEAT_CUSTOMERS = 200;
/** Window of the stock-out impact list (days before asOf). */
export const STOCK_WINDOW_DAYS = 90;
const HISTORY_DAYS_FOR_FORECAST = 730;
const HISTORY_POINTS_SHOWN = 120;

export interface AnalysisSnapshot {
  asOf: string;
  currency: string;
  segments: {
    segment: string;
    position: number;
    customers: number;
    orders: number;
    revenue: number;
    growthRate: number | null;
    averageProbabilityAlive: number | null;
    averageClv: number | null;
  }[];
  customers: {
    customerId: string;
    recencyDays: number;
    frequency: number;
    monetary: number;
    r: number;
    f: number;
    m: number;
    segment: string;
    probabilityAlive: number | null;
    expectedOrders12m: number | null;
    clv12m: number | null;
  }[];
  cohortPoints: { week: number; retentionRate: number; cohorts: number; customers: number }[];
  forecast: DailyForecast | null;
  history: { date: string; value: number }[];
  attribution: {
    channel: string;
    matchRate: number;
    revenue: number;
    platformRevenue: number | null;
    spend: number | null;
    roas: number | null;
    opportunity: string;
  }[];
  stock: {
    productId: string;
    product: string;
    status: string;
    available: number;
    dailyDemand: number | null;
    daysOfCover: number | null;
    outOfStockDays: number;
    lostUnits: number;
    estimatedLoss: number;
    baselineHadStockouts: boolean;
  }[];
  /** Every stock-out period found in the history with its loss (diagnostics and tests). */
  stockouts: StockoutLoss[];
  campaigns: CampaignPerformance[];
  candidates: OpportunityCandidate[];
  metrics: Map<string, number>;
  diagnostics: Record<string, unknown>;
  forecastAccuracy: Record<string, unknown> | null;
}

const addDays = (date: string, days: number) => fromDayNumber(toDayNumber(date) + days);

/**
 * One analysis run's computation: warehouse facts → every snapshot the dashboards read and the
 * opportunity candidates. Pure (no I/O, no clock): the models are the core's; this wires them to
 * the facts and measures each step's time for the run's diagnostics.
 */
export function computeAnalysis(facts: AnalysisFacts): AnalysisSnapshot {
  const timings: Record<string, number> = {};
  const step = <T>(name: string, work: () => T): T => {
    const started = performance.now();
    const result = work();
    timings[name] = Math.round(performance.now() - started);
    return result;
  };
  const { asOf } = facts;
  const asOfDay = toDayNumber(asOf);
  const since30 = addDays(asOf, -29);
  const inLast30 = (date: string) => date >= since30 && date <= asOf;

  // Customers' orders grouped once; RFM (four dates), lifetime summaries, cohorts and the
  // second-order measures all scan this instead of a million order objects each.
  const ledger = step('ledger', () =>
    toCustomerLedger(
      facts.orders
        .filter((o) => o.customerId !== null && o.date <= asOf)
        .map((o): Transaction => ({ customerId: o.customerId!, date: o.date, amount: o.total })),
    ),
  );

  // RFM now and 90 days ago (the segments' measured reactivation).
  const rfm = step('rfm', () => computeRfm(ledger, asOf));
  const reactivation = step('reactivation', () => measureReactivation(ledger, asOf));

  // Lifetime models.
  const lifetime = step('clv', () => fitLifetime(ledger, asOf));
  const byCustomer = lifetime.perCustomer;
  const customers = rfm.customers.map((c) => {
    const model = byCustomer.get(c.customerId);
    return {
      customerId: c.customerId,
      recencyDays: c.recencyDays,
      frequency: c.frequency,
      monetary: c.monetary,
      r: c.r,
      f: c.f,
      m: c.m,
      segment: c.segment,
      probabilityAlive: model?.probabilityAlive ?? null,
      expectedOrders12m: model?.expectedOrders12m ?? null,
      clv12m: model?.clv12m ?? null,
    };
  });
  const segmentModel = new Map<string, { alive: number; clv: number; n: number }>();
  for (const c of customers) {
    if (c.probabilityAlive === null) continue;
    const entry = segmentModel.get(c.segment) ?? { alive: 0, clv: 0, n: 0 };
    entry.alive += c.probabilityAlive;
    entry.clv += c.clv12m ?? 0;
    entry.n += 1;
    segmentModel.set(c.segment, entry);
  }
  const segments = rfm.segments.map((s, position) => {
    const model = segmentModel.get(s.segment);
    return {
      segment: s.segment,
      position,
      customers: s.customers,
      orders: s.orders,
      revenue: s.revenue,
      growthRate: s.growthRate,
      averageProbabilityAlive: model && model.n > 0 ? model.alive / model.n : null,
      averageClv: model && model.n > 0 ? model.clv / model.n : null,
    };
  });

  const cohortPoints = step('cohorts', () =>
    computeCohorts(ledger, asOf, 'week')
      .pooled.filter((p) => p.k <= 26)
      .map((p) => ({ week: p.k, retentionRate: p.percent, cohorts: p.cohorts, customers: p.customers })),
  );

  // Daily net revenue: orders on their day, refunds on theirs.
  const dailyRevenue = new Map<string, number>();
  for (const o of facts.orders) dailyRevenue.set(o.date, (dailyRevenue.get(o.date) ?? 0) + o.total);
  for (const r of facts.refunds) dailyRevenue.set(r.date, (dailyRevenue.get(r.date) ?? 0) - r.amount);
  const firstDay = Math.max(
    asOfDay - HISTORY_DAYS_FOR_FORECAST + 1,
    Math.min(...[...dailyRevenue.keys()].map(toDayNumber), asOfDay),
  );
  const history: { date: string; value: number }[] = [];
  for (let d = firstDay; d <= asOfDay; d += 1) {
    const date = fromDayNumber(d);
    history.push({ date, value: dailyRevenue.get(date) ?? 0 });
  }
  const hasRevenue = history.some((p) => p.value > 0);
  const forecast = hasRevenue
    ? step('forecast', () => forecastDailySeries(history, { horizon: 90, asOf }))
    : null;
  const forecastCheck =
    hasRevenue && history.length > 63 ? step('forecastCheck', () => checkLastWeek(history, asOf)) : null;
  const revenueLast30Days = history.filter((p) => inLast30(p.date)).reduce((s, p) => s + p.value, 0);

  // Stock: real snapshots, completed by stock-outs inferred from sales gaps before snapshots began.
  const sales: ProductSale[] = facts.variantSales.map((s) => ({
    date: s.date,
    productId: s.variantId,
    units: s.units,
    revenue: s.revenue,
  }));
  const stockSnapshots = step('stockInference', () => inferStockoutSnapshots(facts.inventory, sales, asOf));
  const cover = step('daysOfCover', () => computeDaysOfCover(stockSnapshots, sales, asOf));
  const stockWindowStart = addDays(asOf, -STOCK_WINDOW_DAYS + 1);
  const stockouts = step('stockoutLoss', () => estimateStockoutLoss(stockSnapshots, sales, asOf));
  const recentStockouts = stockouts.filter((p) => p.end >= stockWindowStart);
  const variantInfo = new Map(facts.variants.map((v) => [v.variantId, v]));
  const labelOf = (variantId: string) => {
    const v = variantInfo.get(variantId);
    if (!v) return variantId;
    return v.title && v.title !== 'Default Title' ? `${v.productTitle} – ${v.title}` : v.productTitle;
  };
  const lossByVariant = new Map<string, { lost: number; units: number; days: number; flagged: boolean }>();
  const outDays30 = new Map<string, number>();
  for (const p of recentStockouts) {
    const entry = lossByVariant.get(p.productId) ?? { lost: 0, units: 0, days: 0, flagged: false };
    entry.lost += p.lostRevenue;
    entry.units += p.lostUnits;
    entry.days += p.days;
    entry.flagged ||= p.baselineHadStockouts;
    lossByVariant.set(p.productId, entry);
    const from = Math.max(toDayNumber(p.start), toDayNumber(since30));
    const to = Math.min(toDayNumber(p.end), asOfDay);
    if (to >= from) outDays30.set(p.productId, (outDays30.get(p.productId) ?? 0) + to - from + 1);
  }
  const stock = cover
    .filter(
      (c) =>
        c.status === 'out of stock' ||
        lossByVariant.has(c.productId) ||
        (c.daysOfCover !== null && c.daysOfCover < 30),
    )
    .map((c) => {
      const loss = lossByVariant.get(c.productId);
      return {
        productId: c.productId,
        product: labelOf(c.productId),
        status:
          c.status === 'out of stock'
            ? 'Out of stock'
            : `${c.daysOfCover === null ? 'Ample' : Math.round(c.daysOfCover)} days of cover`,
        available: c.available,
        dailyDemand: c.dailyDemand,
        daysOfCover: c.daysOfCover,
        outOfStockDays: loss?.days ?? 0,
        lostUnits: loss?.units ?? 0,
        estimatedLoss: loss?.lost ?? 0,
        baselineHadStockouts: loss?.flagged ?? false,
      };
    })
    .sort((a, b) => b.estimatedLoss - a.estimatedLoss || (a.daysOfCover ?? 0) - (b.daysOfCover ?? 0));

  const stockPositions: StockPosition[] = step('stockPositions', () =>
    buildStockPositions(cover, sales, stockSnapshots, asOf, labelOf, lossByVariant, outDays30),
  );

  // Attribution (last 30 days) and campaigns.
  const attribution = step('attribution', () => computeAttribution(facts, since30, asOf));
  const campaigns = step('campaigns', () => computeCampaigns(facts, stockSnapshots, since30, asOf));

  // Second-order conversion by monthly cohort, fully observed for 90 days.
  const secondOrder = step('secondOrder', () => measureSecondOrders(ledger, asOf));
  const shippingOrders = facts.orders
    .filter((o) => o.date > addDays(asOf, -90) && o.date <= asOf)
    .map((o) => ({ subtotal: o.subtotal, shipping: o.shipping }));

  const scoredCustomers: ScoredCustomer[] = customers
    .filter((c) => c.probabilityAlive !== null && c.clv12m !== null)
    .map((c) => ({
      segment: c.segment,
      probabilityAlive: c.probabilityAlive!,
      valueIfActive: c.probabilityAlive! > 1e-6 ? c.clv12m! / c.probabilityAlive! : 0,
    }));

  const context = { asOf, currency: facts.currency, revenueLast30Days };
  const candidates = step('detectors', () =>
    detectOpportunities({
      context,
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

  const forecastAccuracy = forecast
    ? {
        model: forecast.model,
        origins: forecast.accuracy.origins,
        horizon: forecast.accuracy.horizon,
        accuracy: forecast.accuracy.model,
        seasonalNaive: forecast.accuracy.seasonalNaive,
        weekdayMean: forecast.accuracy.weekdayMean,
      }
    : null;

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
    forecastAccuracy,
    diagnostics: {
      orders: facts.orders.length,
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

interface LifetimeFit {
  perCustomer: Map<string, { probabilityAlive: number; expectedOrders12m: number; clv12m: number }>;
  diagnostics: Record<string, unknown>;
}

/**
 * BG/NBD (weeks) for P(alive) and expected orders, Gamma-Gamma for spend, 12-month CLV at 1 %
 * a month. Customers sharing (x, tx, T) share every BG/NBD quantity, so those are computed once
 * per group: that is what keeps 100k customers fast.
 */
function fitLifetime(ledger: CustomerLedger, asOf: string): LifetimeFit {
  const summaries = summarizeLifetimeCustomers(ledger, asOf, 'week');
  const repeatCustomers = summaries.filter((s) => s.x > 0).length;
  if (repeatCustomers < MIN_REPEAT_CUSTOMERS) {
    return {
      perCustomer: new Map(),
      diagnostics: { status: 'insufficient_data', repeatCustomers, minimum: MIN_REPEAT_CUSTOMERS },
    };
  }
  const bgnbd = fitBgnbd(compressCustomers(summaries));
  const spendInputs = summaries
    .filter((s) => s.x > 0 && s.meanRepeatValue > 0)
    .map((s) => ({ x: s.x, meanValue: s.meanRepeatValue }));
  const gammaGamma = fitGammaGamma(spendInputs);
  const params: BgNbdParams = bgnbd.params;
  const spendParams: GammaGammaParams = gammaGamma.params;
  const groups = new Map<string, { alive: number; expected: number; discounted: number }>();
  const perCustomer: LifetimeFit['perCustomer'] = new Map();
  let fallbackSpend = 0;
  for (const s of spendInputs) fallbackSpend += s.meanValue;
  fallbackSpend = spendInputs.length > 0 ? fallbackSpend / spendInputs.length : 0;
  for (const s of summaries) {
    const key = `${s.x}|${s.tx}|${s.T}`;
    let group = groups.get(key);
    if (!group) {
      const customer = { x: s.x, tx: s.tx, T: s.T };
      const clv = computeCustomerLifetimeValue({ params, customer, expectedSpend: 1, timeUnit: 'week' });
      group = {
        alive: bgnbdProbabilityAlive(params, customer),
        expected: clv.expectedTransactions,
        discounted: clv.value,
      };
      groups.set(key, group);
    }
    const spend =
      s.x > 0 && s.meanRepeatValue > 0
        ? gammaGammaExpectedSpend(spendParams, s.x, s.meanRepeatValue)
        : gammaGammaPopulationMean(spendParams, fallbackSpend);
    perCustomer.set(s.customerId, {
      probabilityAlive: group.alive,
      expectedOrders12m: group.expected,
      clv12m: group.discounted * spend,
    });
  }
  return {
    perCustomer,
    diagnostics: {
      status: 'fitted',
      repeatCustomers,
      timeUnit: 'week',
      horizonMonths: 12,
      monthlyDiscountRate: 0.01,
      bgnbd: {
        ...bgnbd.params,
        logLikelihood: bgnbd.logLikelihood,
        converged: bgnbd.converged,
        customers: bgnbd.customers,
      },
      gammaGamma: {
        ...gammaGamma.params,
        logLikelihood: gammaGamma.logLikelihood,
        converged: gammaGamma.converged,
        customers: gammaGamma.customers,
      },
    },
  };
}

/** Gamma-Gamma population mean spend p·γ/(q − 1) (finite when q > 1), else the sample mean. */
function gammaGammaPopulationMean(params: GammaGammaParams, fallback: number): number {
  return params.q > 1 ? (params.p * params.gamma) / (params.q - 1) : fallback;
}

/** Segment members 90 days before asOf and how many of them ordered since. */
function measureReactivation(ledger: CustomerLedger, asOf: string): SegmentReactivation[] {
  const then = addDays(asOf, -90);
  const thenDay = toDayNumber(then);
  const { customerIds, start, day } = ledger;
  let anyEarlier = false;
  const returned = new Set<string>();
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to) continue;
    // Days ascend within a customer and the ledger stops at asOf: first and last order tell.
    if (day[from]! <= thenDay) anyEarlier = true;
    if (day[to - 1]! > thenDay) returned.add(customerIds[c]!);
  }
  if (!anyEarlier) return [];
  const rfmThen = computeRfm(ledger, then, { growthWindowDays: 30 });
  const bySegment = new Map<string, SegmentReactivation>();
  for (const c of rfmThen.customers) {
    const entry = bySegment.get(c.segment) ?? { segment: c.segment, membersThen: 0, reactivated: 0 };
    entry.membersThen += 1;
    if (returned.has(c.customerId)) entry.reactivated += 1;
    bySegment.set(c.segment, entry);
  }
  return [...bySegment.values()];
}

/** Forecast made 7 days before asOf against the last 7 days' actual revenue (anomaly check). */
function checkLastWeek(history: readonly { date: string; value: number }[], asOf: string) {
  const cut = addDays(asOf, -7);
  const earlier = history.filter((p) => p.date <= cut);
  const forecast = forecastDailySeries(earlier, { horizon: 7, asOf: cut });
  const actual = history.filter((p) => p.date > cut).reduce((s, p) => s + p.value, 0);
  const sum = (pick: (p: DailyForecast['points'][number]) => number) =>
    forecast.points.reduce((s, p) => s + pick(p), 0);
  // Summing daily bounds gives a conservative (wide) weekly interval: an anomaly flagged below it is real.
  return {
    windowStart: addDays(cut, 1),
    windowEnd: asOf,
    actual,
    expected: sum((p) => p.value),
    lower80: sum((p) => p.lo80),
    lower95: sum((p) => p.lo95),
    upper95: sum((p) => p.hi95),
  };
}

function buildStockPositions(
  cover: ReturnType<typeof computeDaysOfCover>,
  sales: readonly ProductSale[],
  snapshots: AnalysisFacts['inventory'],
  asOf: string,
  labelOf: (id: string) => string,
  lossByVariant: Map<string, { lost: number }>,
  outDays30: Map<string, number>,
): StockPosition[] {
  // Baseline: the last 56 in-stock days (those before a current stock-out for an out-of-stock product).
  const windowStart = addDays(asOf, -55);
  const salesBy = new Map<string, { units: number; revenue: number; days: Set<string> }>();
  for (const s of sales) {
    if (s.date < windowStart || s.date > asOf) continue;
    const entry = salesBy.get(s.productId) ?? { units: 0, revenue: 0, days: new Set<string>() };
    entry.units += s.units;
    entry.revenue += s.revenue;
    salesBy.set(s.productId, entry);
  }
  const outDaysInWindow = new Map<string, number>();
  for (const period of inferredPeriods(snapshots, asOf)) {
    const from = Math.max(toDayNumber(period.start), toDayNumber(windowStart));
    const to = Math.min(toDayNumber(period.end), toDayNumber(asOf));
    if (to >= from)
      outDaysInWindow.set(period.productId, (outDaysInWindow.get(period.productId) ?? 0) + to - from + 1);
  }
  return cover.map((c) => {
    const s = salesBy.get(c.productId);
    const baselineDays = 56 - (outDaysInWindow.get(c.productId) ?? 0);
    return {
      productId: c.productId,
      title: labelOf(c.productId),
      available: c.available,
      baselineUnits: s?.units ?? 0,
      baselineDays: Math.max(0, baselineDays),
      unitPrice: s && s.units > 0 ? s.revenue / s.units : 0,
      outOfStockDays30: outDays30.get(c.productId) ?? 0,
      lostRevenue30: lossByVariant.get(c.productId)?.lost ?? 0,
    };
  });
}

/** Out-of-stock periods from (real and inferred) snapshots, as the core finds them. */
function inferredPeriods(snapshots: AnalysisFacts['inventory'], asOf: string) {
  const periods: { productId: string; start: string; end: string }[] = [];
  const byProduct = new Map<string, { date: string; available: number }[]>();
  for (const s of snapshots) {
    if (s.date > asOf) continue;
    const list = byProduct.get(s.productId) ?? [];
    list.push(s);
    byProduct.set(s.productId, list);
  }
  for (const [productId, list] of byProduct) {
    list.sort((a, b) => (a.date < b.date ? -1 : 1));
    let open: string | null = null;
    for (const s of list) {
      if (s.available <= 0 && open === null) open = s.date;
      else if (s.available > 0 && open !== null) {
        periods.push({ productId, start: open, end: addDays(s.date, -1) });
        open = null;
      }
    }
    if (open !== null) periods.push({ productId, start: open, end: asOf });
  }
  return periods;
}

/** Attribution rows of the last 30 days: the one attribution rule (core creditOrder, decision 011). */
function computeAttribution(
  facts: AnalysisFacts,
  since: string,
  asOf: string,
): AnalysisSnapshot['attribution'] {
  const byChannel = new Map<string, number>();
  for (const o of facts.orders) {
    if (o.date < since || o.date > asOf) continue;
    const { channel } = creditOrder(touchesOf(o));
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + o.total);
  }
  if (byChannel.size === 0) return [];
  const credits = [...byChannel].map(([channel, value]) => ({ channel, value }));
  const metaSpend = sumWhere(facts.metaDaily, since, asOf, (d) => d.spend);
  const metaClaimed = sumWhere(facts.metaDaily, since, asOf, (d) => d.reportedValue);
  const ga4ByChannel = new Map<string, number>();
  for (const row of facts.ga4Daily) {
    if (row.date < since || row.date > asOf) continue;
    const channel = channelOfGa4(row.source, row.medium);
    ga4ByChannel.set(channel, (ga4ByChannel.get(channel) ?? 0) + row.revenue);
  }
  const hasMeta = facts.metaDaily.length > 0;
  const hasGa4 = facts.ga4Daily.length > 0;
  return credits
    .filter((c) => c.value > 0)
    .map((c) => {
      const spend = c.channel === 'meta_ads' && hasMeta ? metaSpend : null;
      const platformRevenue =
        c.channel === 'meta_ads' && hasMeta
          ? metaClaimed
          : hasGa4
            ? (ga4ByChannel.get(c.channel) ?? 0)
            : null;
      const matchRate = platformRevenue === null ? 100 : computeMatchRate(platformRevenue, c.value);
      const roas = spend !== null && spend > 0 ? c.value / spend : null;
      return {
        channel: c.channel,
        matchRate,
        revenue: c.value,
        platformRevenue,
        spend,
        roas,
        opportunity: labelChannel(roas, matchRate),
      };
    })
    .sort((a, b) => b.revenue - a.revenue);
}

/** An order's visits as the attribution rule reads them. */
const touchesOf = (o: AnalysisFacts['orders'][number]) => ({
  lastChannel: o.lastChannel,
  lastCampaign: o.utmCampaign,
  firstChannel: o.firstChannel,
  firstCampaign: o.firstCampaign,
});

function sumWhere<T extends { date: string }>(
  rows: readonly T[],
  since: string,
  asOf: string,
  pick: (row: T) => number,
) {
  let total = 0;
  for (const row of rows) if (row.date >= since && row.date <= asOf) total += pick(row);
  return total;
}

/** Meta campaigns of the last 30 days with their store-verified credit (core creditOrder, decision 011). */
function computeCampaigns(
  facts: AnalysisFacts,
  snapshots: AnalysisFacts['inventory'],
  since: string,
  asOf: string,
): CampaignPerformance[] {
  if (facts.metaCampaigns.length === 0) return [];
  // Store-verified credit per campaign under the one attribution rule, by campaign name or id.
  const campaignKey = new Map<string, string>();
  for (const c of facts.metaCampaigns) {
    campaignKey.set(c.name, c.campaignId);
    campaignKey.set(c.campaignId, c.campaignId);
  }
  const verified = new Map<
    string,
    { orders: number; revenue: number; refunds: number; handles: Map<string, number>; all: number }
  >();
  const entryOf = (campaignId: string) => {
    let entry = verified.get(campaignId);
    if (!entry) {
      entry = { orders: 0, revenue: 0, refunds: 0, handles: new Map(), all: 0 };
      verified.set(campaignId, entry);
    }
    return entry;
  };
  for (const o of facts.orders) {
    const credit = creditOrder(touchesOf(o));
    const id =
      credit.channel === 'meta_ads' && credit.campaign ? campaignKey.get(credit.campaign) : undefined;
    if (!id) continue;
    const entry = entryOf(id);
    entry.all += 1;
    if (o.landingHandle) entry.handles.set(o.landingHandle, (entry.handles.get(o.landingHandle) ?? 0) + 1);
    if (o.date >= since && o.date <= asOf) {
      entry.orders += 1;
      entry.revenue += o.total;
    }
  }
  for (const r of facts.refunds) {
    const id = r.channel === 'meta_ads' && r.campaign ? campaignKey.get(r.campaign) : undefined;
    if (id && r.date >= since && r.date <= asOf) entryOf(id).refunds += r.amount;
  }
  const productByHandle = new Map<string, { productId: string; title: string; variantIds: string[] }>();
  for (const v of facts.variants) {
    if (!v.handle) continue;
    const entry = productByHandle.get(v.handle) ?? {
      productId: v.productId,
      title: v.productTitle,
      variantIds: [],
    };
    entry.variantIds.push(v.variantId);
    productByHandle.set(v.handle, entry);
  }
  const outDays = new Map<string, Set<string>>();
  for (const p of inferredPeriods(snapshots, asOf)) {
    const set = outDays.get(p.productId) ?? new Set<string>();
    for (let d = Math.max(toDayNumber(p.start), toDayNumber(since)); d <= toDayNumber(p.end); d += 1)
      set.add(fromDayNumber(d));
    outDays.set(p.productId, set);
  }
  return facts.metaCampaigns.map((campaign) => {
    const rows = facts.metaDaily.filter(
      (d) => d.campaignId === campaign.campaignId && d.date >= since && d.date <= asOf,
    );
    const v = verified.get(campaign.campaignId);
    // The advertised product: the landing page of most of the campaign's orders.
    let product: { productId: string; title: string; variantIds: string[] } | null = null;
    if (v) {
      const [handle, count] = [...v.handles].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
      if (handle && count >= 0.5 * v.all) product = productByHandle.get(handle) ?? null;
    }
    const productOutDays = new Set<string>();
    for (const variantId of product?.variantIds ?? [])
      for (const d of outDays.get(variantId) ?? []) productOutDays.add(d);
    return {
      campaignId: campaign.campaignId,
      name: campaign.name,
      status: campaign.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED',
      spend30: rows.reduce((s, r) => s + r.spend, 0),
      verifiedOrders30: v?.orders ?? 0,
      verifiedRevenue30: v?.revenue ?? 0,
      refunds30: v?.refunds ?? 0,
      reportedRevenue30: rows.reduce((s, r) => s + r.reportedValue, 0),
      productId: product?.productId ?? null,
      productTitle: product?.title ?? null,
      spendOnOutOfStockDays30: rows
        .filter((r) => productOutDays.has(r.date))
        .reduce((s, r) => s + r.spend, 0),
      outOfStockDays30: productOutDays.size,
    };
  });
}

/** Monthly cohorts (first order month) and how many ordered again within 90 days. */
function measureSecondOrders(ledger: CustomerLedger, asOf: string) {
  const { customerIds, start, day, amount } = ledger;
  const byCustomer: { first: string; second: string | null; secondValue: number }[] = [];
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to) continue;
    // Days ascend within a customer: the second order day is the first day after the first.
    let j = from + 1;
    while (j < to && day[j] === day[from]) j += 1;
    let secondValue = 0;
    for (let k = j; k < to && day[k] === day[j]; k += 1) secondValue += amount[k]!;
    byCustomer.push({
      first: fromDayNumber(day[from]!),
      second: j < to ? fromDayNumber(day[j]!) : null,
      secondValue,
    });
  }
  const cutoff = addDays(asOf, -90);
  const cohorts = new Map<string, { customers: number; secondOrders: number }>();
  let newCustomers30 = 0;
  let secondValue = 0;
  let secondCount = 0;
  const since30 = addDays(asOf, -29);
  for (const c of byCustomer) {
    if (c.first >= since30) newCustomers30 += 1;
    if (c.second !== null) {
      secondValue += c.secondValue;
      secondCount += 1;
    }
    if (c.first > cutoff) continue;
    const month = c.first.slice(0, 7);
    const entry = cohorts.get(month) ?? { customers: 0, secondOrders: 0 };
    entry.customers += 1;
    if (c.second !== null && toDayNumber(c.second) - toDayNumber(c.first) <= 90) entry.secondOrders += 1;
    cohorts.set(month, entry);
  }
  // The month holding the cutoff is only partly observed: drop it, keep the last 12 full months.
  const months = [...cohorts.keys()]
    .sort()
    .filter((m) => m < cutoff.slice(0, 7))
    .slice(-12);
  return {
    cohorts: months.map((m) => ({ cohort: m, ...cohorts.get(m)! })),
    newCustomers30,
    averageSecondOrderValue: secondCount > 0 ? secondValue / secondCount : 0,
  };
}

/** The 30-day metrics opportunities track (core/opportunities/metric-key.ts). */
function measureMetrics(
  facts: AnalysisFacts,
  ledger: CustomerLedger,
  customers: AnalysisSnapshot['customers'],
  attribution: AnalysisSnapshot['attribution'],
  campaigns: readonly CampaignPerformance[],
  since: string,
  asOf: string,
  revenueLast30Days: number,
): Map<string, number> {
  const metrics = new Map<string, number>();
  metrics.set(metricKey('store', 'all'), revenueLast30Days);
  for (const s of facts.variantSales) {
    if (s.date < since || s.date > asOf) continue;
    const key = metricKey('product', s.variantId);
    metrics.set(key, (metrics.get(key) ?? 0) + s.revenue);
  }
  for (const v of facts.variants) {
    const key = metricKey('product', v.variantId);
    if (!metrics.has(key)) metrics.set(key, 0);
  }
  for (const c of campaigns)
    metrics.set(metricKey('campaign', c.campaignId), c.verifiedRevenue30 - c.spend30);
  for (const a of attribution) metrics.set(metricKey('channel', a.channel), a.revenue);
  const segmentOf = new Map(customers.map((c) => [c.customerId, c.segment]));
  const { customerIds, start, day, amount } = ledger;
  const sinceDay = toDayNumber(since);
  const asOfDay = toDayNumber(asOf);
  let repeat = 0;
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    let inWindow: number | null = null;
    for (let j = from; j < to; j += 1) {
      if (day[j]! < sinceDay || day[j]! > asOfDay) continue;
      inWindow = (inWindow ?? 0) + amount[j]!;
      // A repeat order: placed on a later day than the customer's first.
      if (day[j]! > day[from]!) repeat += amount[j]!;
    }
    const segment = segmentOf.get(customerIds[c]!);
    if (segment && inWindow !== null) {
      const key = metricKey('segment', segment);
      metrics.set(key, (metrics.get(key) ?? 0) + inWindow);
    }
  }
  metrics.set(metricKey('repeat', 'all'), repeat);
  return metrics;
}
