import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlatformTruth } from '../../src/demo/ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from '../../src/demo/ad-platforms/plan-ad-platforms.ts';
import { addDays, daysBetween, weekdayOf } from '../../src/shared/calendar.ts';
import {
  PROFIT_LINES,
  type ProfitLines,
  type ProfitReport,
  ProfitReportSchema,
} from '../../src/shared/contracts/profit.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * GET /api/profit over the real path: the owner connected the demo store and the syncs filled the
 * warehouse through the emulators (the run's connected-demo template, built that way once per run
 * and engine: decision 196), and the report must add up exactly, agree across granularities,
 * compare the right ranges and refuse bad input naming the field. A workspace with no store
 * connected (another user's) answers zeros.
 */

let app: DemoTestApp;
let owner: string;
let other: string;

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

async function profit(query: string, cookie = owner): Promise<ProfitReport> {
  const response = await app.request(`/api/profit?${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return ProfitReportSchema.parse(await response.json());
}

/** The subtotals of decisions 010 and 088, checked in minor units. */
function expectLinesAddUp(lines: ProfitLines): void {
  const m = Object.fromEntries(
    [...PROFIT_LINES, 'taxes', 'totalSales'].map((line) => [line, minor(lines[line as keyof ProfitLines])]),
  ) as Record<keyof ProfitLines, number>;
  expect(m.netSales).toBe(m.grossSales - m.discounts - m.returns);
  expect(m.totalSales).toBe(m.netSales + m.shippingCharges + m.taxes);
  expect(m.grossProfit).toBe(m.netSales - m.cogs);
  expect(m.contributionMargin).toBe(
    m.grossProfit + m.shippingCharges - m.shipping - m.paymentFees - m.marketing,
  );
  expect(m.netProfit).toBe(m.contributionMargin - m.expenses);
}

function sumSeries(series: ProfitReport['series']): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const line of PROFIT_LINES) sums[line] = series.reduce((sum, b) => sum + minor(b[line]), 0);
  return sums;
}

const totalsInMinor = (totals: ProfitLines) =>
  Object.fromEntries(PROFIT_LINES.map((line) => [line, minor(totals[line])]));

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
  other = await app.signIn('other@example.com', 'Otto');
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('input', () => {
  it.each([
    ['from=2025-02-30&to=2025-03-01', /from/],
    ['from=2025-03-01', /to/],
    ['from=2025-03-10&to=2025-03-01', /to: must be on or after from/],
    ['from=2020-01-01&to=2024-01-01', /to: .*at most 1096 days/],
    ['from=1999-12-31&to=2000-01-05', /from: expected a date between 2000-01-01 and 2100-12-31/],
    ['from=2100-12-30&to=2101-01-01', /to: expected a date between/],
    ['from=2025-03-01&to=2025-03-02&granularity=year', /granularity/],
    ['from=2025-03-01&to=2025-03-02&compare=last_decade', /compare/],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await app.request(`/api/profit?${query}`, { cookie: owner });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('asks for a session', async () => {
    expect((await app.request('/api/profit?from=2025-03-01&to=2025-03-02')).status).toBe(401);
    // The route reads the session in its own query: an unknown session is refused the same way.
    const unknown = await app.request('/api/profit?from=2025-03-01&to=2025-03-02', {
      cookie: 'upside_session=not-a-session',
    });
    expect(unknown.status).toBe(401);
  });

  it('answers zeros and no data before a store is connected', async () => {
    const answer = await profit('from=2025-03-01&to=2025-03-03', other);
    expect(answer).toMatchObject({
      hasData: false,
      currency: 'USD',
      coverage: { unitsSold: 0, share: null },
    });
    expect(answer.series).toHaveLength(3);
    expect(new Set(Object.values(answer.totals))).toEqual(new Set(['0.00']));
  });
});

describe('after the demo store is connected and synced', () => {
  let first: string;
  let last: string;

  beforeAll(() => {
    const days = app.demo.store.meta.daily.map((d) => d.day).sort();
    first = days[0]!;
    last = days.at(-1)!;
  });

  it('reports the store in its currency, every day of the range, each adding up', async () => {
    const answer = await profit(`from=${first}&to=${last}&granularity=day`);
    const store = app.demo.store;
    expect(answer).toMatchObject({ hasData: true, currency: store.shop.currencyCode, from: first, to: last });
    expect(answer.series).toHaveLength(daysBetween(first, last) + 1);
    expect(answer.series.map((b) => b.period)).toEqual(answer.series.map((_, i) => addDays(first, i)));
    for (const bucket of [answer.totals, ...answer.series]) expectLinesAddUp(bucket);
    expect(sumSeries(answer.series)).toEqual(totalsInMinor(answer.totals));

    // The lines the sync brought equal the generated store: every ad account's spend (Meta's, and
    // Google Ads' and TikTok's in the shop currency, issue #39), units sold.
    const accounts = Object.values(
      adPlatformTruth(demoAdPlatformPlan(store.config), store.shop.currencyCode),
    );
    const spend =
      store.meta.daily.reduce((sum, d) => sum + d.spendMinor, 0) +
      accounts.reduce((sum, a) => sum + a.totalShopSpendMinor, 0);
    expect(minor(answer.totals.marketing)).toBe(spend);
    let units = 0;
    for (let i = 0; i < store.orders.count; i += 1) {
      const order = store.getOrder(i);
      if (order.test || order.cancelledAtMs !== null || order.day < first || order.day > last) continue;
      units += order.lineItems.reduce((sum, item) => sum + item.quantity, 0);
    }
    expect(answer.coverage.unitsSold).toBe(units);
    expect(minor(answer.totals.grossSales)).toBeGreaterThan(0);
  });

  it('sums weeks and months to the same totals as days', async () => {
    const days = await profit(`from=${first}&to=${last}&granularity=day`);
    const dayTotals = totalsInMinor(days.totals);
    for (const granularity of ['week', 'month']) {
      const answer = await profit(`from=${first}&to=${last}&granularity=${granularity}`);
      expect(totalsInMinor(answer.totals)).toEqual(dayTotals);
      expect(sumSeries(answer.series)).toEqual(dayTotals);
      for (const bucket of answer.series) {
        expectLinesAddUp(bucket);
        const inside = days.series.filter((d) => d.period >= bucket.start && d.period <= bucket.end);
        expect(sumSeries([bucket])).toEqual(sumSeries(inside));
      }
      expect(answer.series[0]!.start).toBe(first);
      expect(answer.series.at(-1)!.end).toBe(last);
    }
  });

  it('compares with the previous period and the previous year (same days of the week)', async () => {
    const from = addDays(last, -27);
    const previousPeriod = await profit(`from=${from}&to=${last}&compare=previous_period`);
    expect(previousPeriod.comparison).toMatchObject({
      compare: 'previous_period',
      from: addDays(from, -28),
      to: addDays(from, -1),
    });
    const alone = await profit(`from=${addDays(from, -28)}&to=${addDays(from, -1)}`);
    expect(previousPeriod.comparison!.totals).toEqual(alone.totals);
    expect(previousPeriod.comparison!.series).toEqual(alone.series);

    const previousYear = await profit(`from=${from}&to=${last}&granularity=week&compare=previous_year`);
    const compared = previousYear.comparison!;
    expect(compared.from).toBe(addDays(from, -364));
    expect(weekdayOf(compared.from)).toBe(weekdayOf(from));
    expect(compared.series).toHaveLength(previousYear.series.length);
  });

  it("shows another workspace none of the owner's figures", async () => {
    const answer = await profit(`from=${first}&to=${last}`, other);
    expect(answer.hasData).toBe(false);
    expect(answer.coverage.unitsSold).toBe(0);
  });
});
