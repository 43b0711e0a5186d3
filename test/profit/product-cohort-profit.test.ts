import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { CostSettingsResponseSchema } from '../../src/shared/contracts/costs.ts';
import { type CohortProfit, CohortProfitSchema } from '../../src/shared/contracts/customers.ts';
import { type ProductProfit, ProductProfitSchema } from '../../src/shared/contracts/products.ts';
import { type ProfitReport, ProfitReportSchema } from '../../src/shared/contracts/profit.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Profit per product and per customer cohort (issue #13, decisions 038 and 039) over the real
 * path: the demo store synced through the emulators. The products add up to /api/profit's lines
 * to the cent for any range; the customers' lifetime contribution equals the P&L's over all time.
 */
let app: DemoTestApp;
let owner: string;
let first: string;
let last: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);
const CountRow = z.object({ customers: z.number(), guests: z.number() });

async function get<T>(path: string, parse: (body: unknown) => T): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(await response.json());
}
const productProfit = (from: string, to: string) =>
  get(`/api/products/profit?from=${from}&to=${to}`, (b) => ProductProfitSchema.parse(b));
const pnl = (from: string, to: string) =>
  get(`/api/profit?from=${from}&to=${to}&granularity=month`, (b) => ProfitReportSchema.parse(b));

const QueryRow = z.object({ first: z.string(), last: z.string() });

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(13));
  const [row] = await queryRows(
    app.server.deps.db,
    QueryRow,
    sql`SELECT min(d)::text AS first, max(d)::text AS last FROM (
          SELECT order_date AS d FROM wh_orders UNION ALL SELECT refund_date FROM wh_refunds
          UNION ALL SELECT transaction_date FROM wh_order_transactions
          UNION ALL SELECT date FROM wh_meta_daily_insights) days`,
  );
  ({ first, last } = row!);
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('profit per product', () => {
  // Shopify's definitions on both (decision 109): a product's gross sales are its lines only,
  // its returns its returned items, and its share of shipping charged is a line of its own.
  const lines = [
    'grossSales',
    'discounts',
    'returns',
    'netSales',
    'cogs',
    'grossProfit',
    'shippingCharges',
  ] as const;

  function expectEqualToPnl(products: ProductProfit, report: ProfitReport) {
    const sum = (pick: (p: ProductProfit['products'][number]) => string) =>
      products.products.reduce((total, p) => total + minor(pick(p)), 0);
    for (const line of lines) {
      expect(
        sum((p) => p[line]),
        line,
      ).toBe(minor(report.totals[line]));
      expect(minor(products.totals[line]), line).toBe(minor(report.totals[line]));
    }
    expect(minor(report.totals.shippingCharges)).toBeGreaterThan(0);
    expect(sum((p) => p.shippingCost)).toBe(minor(report.totals.shipping));
    expect(sum((p) => p.paymentFees)).toBe(minor(report.totals.paymentFees));
    // /profit's contribution margin is after marketing; a product's is before it.
    expect(sum((p) => p.contribution)).toBe(
      minor(report.totals.contributionMargin) + minor(report.totals.marketing),
    );
    expect(products.totals.coverage).toEqual(report.coverage);
    expect(products.products.reduce((t, p) => t + p.units, 0)).toBe(report.coverage.unitsSold);
  }

  it.each([
    ['the last 30 days', 30],
    ['the last 7 days', 7],
    ['all time', 0],
  ])('adds up to /api/profit over %s, to the cent', async (_, days) => {
    const from = days === 0 ? first : addDays(last, -(days - 1));
    const [products, report] = await Promise.all([productProfit(from, last), pnl(from, last)]);
    expect(products.products.length).toBeGreaterThan(1);
    expect(minor(report.totals.returns)).toBeGreaterThan(0);
    expectEqualToPnl(products, report);
  });

  it('gives each product its margin, contribution and cost coverage, highest contribution first', async () => {
    const products = await productProfit(addDays(last, -89), last);
    const rows = products.products;
    for (const p of rows) {
      const m = (x: string) => minor(x);
      expect(m(p.netSales)).toBe(m(p.grossSales) - m(p.discounts) - m(p.returns));
      expect(m(p.grossProfit)).toBe(m(p.netSales) - m(p.cogs));
      expect(m(p.contribution)).toBe(
        m(p.grossProfit) + m(p.shippingCharges) - m(p.shippingCost) - m(p.paymentFees),
      );
      if (m(p.netSales) > 0) expect(p.grossMargin).toBeCloseTo(m(p.grossProfit) / m(p.netSales), 12);
      expect(p.coverage.unitsWithCost).toBeLessThanOrEqual(p.coverage.unitsSold);
      // The demo owner's cost history covers every variant: nothing rests on the default margin.
      expect(p.estimated).not.toContain('cogs');
    }
    const contributions = rows.map((p) => minor(p.contribution));
    expect(contributions).toEqual([...contributions].sort((a, b) => b - a));
    expect(products.allocationRule).toMatch(/in proportion to their value/);
  });

  it('refuses a bad range naming the field, and a signed-out caller', async () => {
    const backwards = await app.request(`/api/products/profit?from=${last}&to=${first}`, { cookie: owner });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toMatch(/to/);
    const bad = await app.request('/api/products/profit?from=2026-02-30&to=2026-03-01', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/from/);
    expect((await app.request(`/api/products/profit?from=${first}&to=${last}`)).status).toBe(401);
  });
});

describe('lifetime value in contribution margin per cohort and channel', () => {
  let answer: CohortProfit;
  beforeAll(async () => {
    answer = await get('/api/customers/cohort-profit', (b) => CohortProfitSchema.parse(b));
  });

  it('counts every customer once and equals the P&L’s contribution before marketing over all time', async () => {
    const report = await pnl(first, last);
    expect(answer.hasData).toBe(true);
    // Customers' contribution plus the guest checkouts' is the P&L's, before marketing.
    expect(minor(answer.lifetime.contribution) + minor(answer.guests.contribution)).toBe(
      minor(report.totals.contributionMargin) + minor(report.totals.marketing),
    );
    expect(answer.lifetime.coverage.unitsSold + answer.guests.coverage.unitsSold).toBe(
      report.coverage.unitsSold,
    );
    expect(answer.lifetime.coverage.unitsWithCost + answer.guests.coverage.unitsWithCost).toBe(
      report.coverage.unitsWithCost,
    );
    const customers = (rows: Array<{ customers: number }>) => rows.reduce((t, r) => t + r.customers, 0);
    expect(customers(answer.cohorts)).toBe(answer.lifetime.customers);
    expect(customers(answer.channels)).toBe(answer.lifetime.customers);
    expect(answer.lifetime.ltv).toBe(
      (Math.round(minor(answer.lifetime.contribution) / answer.lifetime.customers) / 100).toFixed(2),
    );
  });

  it('counts the same customers as the RFM segments: customer records, not guest checkouts (decision 056)', async () => {
    const summary = (await (await app.request('/api/customers/summary', { cookie: owner })).json()) as {
      customers: number;
    };
    const [counts] = await queryRows(
      app.server.deps.db,
      CountRow,
      sql`SELECT count(DISTINCT customer_id)::int AS customers, count(*) FILTER (WHERE customer_id IS NULL)::int AS guests
          FROM wh_orders WHERE NOT test AND cancelled_at IS NULL`,
    );
    expect(counts!.guests).toBeGreaterThan(0);
    expect(answer.guests.orders).toBe(counts!.guests);
    expect(answer.lifetime.customers).toBe(counts!.customers);
    expect(summary.customers).toBe(answer.lifetime.customers);
  });

  it("derives CAC, LTV:CAC and payback from the channel platform's spend, and says when a group is too thin", async () => {
    const meta = answer.channels.find((c) => c.channel === 'meta_ads')!;
    expect(meta.spend).not.toBeNull();
    expect(minor(meta.cac!)).toBe(Math.round(minor(meta.spend!) / meta.customers));
    expect(meta.ltvToCac!).toBeGreaterThan(0);
    expect(meta.ltvToCac!).toBeCloseTo(minor(meta.ltv!) / minor(meta.cac!), 2);
    expect(['paid_back', 'not_yet']).toContain(meta.payback);
    if (meta.payback === 'paid_back') expect(meta.paybackMonths).toBeLessThanOrEqual(meta.monthsObserved);
    // A channel is charged its own platform's spend only: Meta's, Google Ads' and TikTok's (issue
    // #39), in the shop currency, from the oldest cohort's month through the last month's end.
    const truth = adPlatformTruth(
      demoAdPlatformPlan(app.demo.store.config),
      app.demo.store.shop.currencyCode,
    );
    const since = `${answer.cohorts.at(-1)!.cohort}-01`;
    const until = `${answer.asOf!.slice(0, 7)}-31`;
    const platforms = ['google_ads', 'tiktok_ads'] as const;
    expect(answer.channels.some((c) => c.channel === 'google_ads')).toBe(true);
    for (const row of answer.channels.filter((c) => (platforms as readonly string[]).includes(c.channel))) {
      const planted = Object.entries(truth[row.channel as (typeof platforms)[number]].dailyShopSpendMinor)
        .filter(([day]) => day >= since && day <= until)
        .reduce((sum, [, spend]) => sum + spend, 0);
      expect(minor(row.spend!), row.channel).toBe(planted);
    }
    for (const row of answer.channels.filter(
      (c) => !['meta_ads', ...platforms].includes(c.channel) && c.customers >= 20,
    ))
      expect(row).toMatchObject({ spend: null, cac: null, ltvToCac: null, payback: 'no_spend' });
    for (const row of [...answer.cohorts, ...answer.channels]) {
      if (row.customers < answer.minimumCustomers)
        expect(row).toMatchObject({
          ltv: null,
          cac: null,
          paybackMonths: null,
          payback: 'too_few_customers',
        });
      else expect(row.ltv).not.toBeNull();
    }
    const withSpend = answer.cohorts.filter((c) => c.cac !== null);
    expect(withSpend.length).toBeGreaterThan(0);
    for (const c of withSpend) expect(minor(c.cac!)).toBe(Math.round(minor(c.spend!) / c.customers));
    expect(answer.cohorts.map((c) => c.cohort)).toEqual(
      [...answer.cohorts.map((c) => c.cohort)].sort().reverse(),
    );
  });
});

describe('after the owner changes a fee rule', () => {
  it('answers with the new fees (a kept answer follows the facts), still equal to /api/profit', async () => {
    const from = addDays(last, -29);
    const cohortsBefore = await get('/api/customers/cohort-profit', (b) => CohortProfitSchema.parse(b));
    const before = await productProfit(from, last);
    const settings = await get('/api/costs/settings', (b) => CostSettingsResponseSchema.parse(b));
    expect(settings.paymentFeeRules.length).toBeGreaterThan(0);
    const rules = settings.paymentFeeRules.map((rule) => ({
      ...rule,
      percent: String(Number(rule.percent) + 5),
    }));
    const put = await app.request('/api/costs/fee-rules', {
      method: 'PUT',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const [after, report] = await Promise.all([productProfit(from, last), pnl(from, last)]);
    expect(minor(after.totals.paymentFees)).toBeGreaterThan(minor(before.totals.paymentFees));
    expect(minor(after.totals.paymentFees)).toBe(minor(report.totals.paymentFees));
    const cohortsAfter = await get('/api/customers/cohort-profit', (b) => CohortProfitSchema.parse(b));
    expect(minor(cohortsAfter.lifetime.contribution)).toBeLessThan(
      minor(cohortsBefore.lifetime.contribution),
    );
  });
});
