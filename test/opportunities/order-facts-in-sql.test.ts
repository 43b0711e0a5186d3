import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromDayNumber } from '../../src/core/dates/from-day-number.ts';
import type { CustomerLedger } from '../../src/core/ledger/to-customer-ledger.ts';
import { channelOf } from '../../src/core/pipeline/channel-of.ts';
import { groupOrderFacts } from '../../src/core/pipeline/group-order-facts.ts';
import { journeyKey } from '../../src/core/pipeline/journey-key.ts';
import { productHandleOf } from '../../src/core/pipeline/product-handle-of.ts';
import type { AnalysisOrder, OrderJourney } from '../../src/core/pipeline/types.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadAnalysisFacts } from '../../src/server/features/analysis/load-analysis-facts.ts';
import { CreditRow } from '../../src/server/features/metrics/credit-of-row.ts';
import type { DemoTestApp } from '../support/start-demo-app.ts';
import { startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * The analysis reads orders as groups the database sums (decision 083). Here the same synced demo
 * warehouse is read order by order, each order classified as the analysis defines it, grouped by
 * the core's `groupOrderFacts`, and compared with what `loadAnalysisFacts` returns.
 */

let app: DemoTestApp;
let workspaceId: string;

beforeAll(async () => {
  ({ app, workspaceId } = await startConnectedDemoApp(5));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

const OrderRow = CreditRow.extend({
  customer_id: z.string().nullable(),
  date: z.string(),
  total: z.number(),
  subtotal: z.number().nullable(),
  shipping: z.number().nullable(),
  landing_page: z.string().nullable(),
});

/** Every valid order, one by one, as the analysis defines its fields. */
async function readOrders(): Promise<AnalysisOrder[]> {
  const rows = await queryRows(
    app.db,
    OrderRow,
    sql`SELECT o.customer_id::text AS customer_id, o.order_date::text AS date, o.total_minor::float8 / 100 AS total,
          o.subtotal_minor::float8 / 100 AS subtotal, o.shipping_minor::float8 / 100 AS shipping,
          o.utm_source, o.utm_medium, o.source_type, o.utm_campaign,
          t.utm_source AS first_source, t.utm_medium AS first_medium, t.source_type AS first_type,
          t.utm_campaign AS first_campaign,
          (o.moments_count IS NOT NULL OR o.source_type IS NOT NULL) AS has_journey, o.landing_page
        FROM wh_orders o
        LEFT JOIN wh_journey_touchpoints t
          ON t.workspace_id = o.workspace_id AND t.order_id = o.order_id AND t.position = 0
        WHERE o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL`,
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    date: r.date,
    total: r.total,
    subtotal: r.subtotal ?? r.total,
    shipping: r.shipping ?? 0,
    lastChannel: r.has_journey ? channelOf(r.utm_source, r.utm_medium, r.source_type) : null,
    firstChannel:
      r.first_source !== null || r.first_medium !== null || r.first_type !== null
        ? channelOf(r.first_source, r.first_medium, r.first_type)
        : null,
    utmCampaign: r.utm_campaign,
    firstCampaign: r.first_campaign,
    landingHandle: productHandleOf(r.landing_page),
  }));
}

const cents = (amount: number) => Math.round(amount * 100);

/** Groups keyed and summed in cents, so two summation orders compare exactly. */
const byKey = <T>(items: readonly T[], key: (item: T) => string, values: (item: T) => number[]) => {
  const out = new Map<string, number[]>();
  for (const item of items) {
    const k = key(item);
    const sum = out.get(k) ?? values(item).map(() => 0);
    out.set(
      k,
      values(item).map((v, i) => sum[i]! + v),
    );
  }
  return out;
};

const ledgerRows = (ledger: CustomerLedger) =>
  new Map(
    ledger.customerIds.map((id, c) => {
      const entries: string[] = [];
      for (let j = ledger.start[c]!; j < ledger.start[c + 1]!; j += 1)
        entries.push(`${fromDayNumber(ledger.day[j]!)} ${cents(ledger.amount[j]!)}`);
      return [id, entries.sort()];
    }),
  );

describe('order facts summed in the database', () => {
  it('equal the core grouping of the same orders, read one by one', async () => {
    const facts = await loadAnalysisFacts(app.db, workspaceId);
    const orders = await readOrders();
    expect(orders.length).toBeGreaterThan(1_000);
    const expected = groupOrderFacts(orders, facts!.asOf);
    expect(facts!.asOf).toBe(
      orders
        .map((o) => o.date)
        .sort()
        .at(-1),
    );

    const dayKey = (g: { date: string } & OrderJourney) => `${g.date} ${journeyKey(g)}`;
    const dayValues = (g: { orders: number; total: number }) => [g.orders, cents(g.total)];
    expect(byKey(facts!.orderDays, dayKey, dayValues)).toEqual(byKey(expected.orderDays, dayKey, dayValues));
    expect(new Set(facts!.orderDays.map(dayKey)).size).toBe(facts!.orderDays.length);

    // Only journeys naming a campaign may decide an advertised product; the rest may be left out.
    const landingKey = (g: { landingHandle: string } & OrderJourney) => `${g.landingHandle} ${journeyKey(g)}`;
    const withCampaign = expected.productLandings.filter(
      (g) => g.utmCampaign !== null || g.firstCampaign !== null,
    );
    expect(withCampaign.length).toBeGreaterThan(0);
    expect(byKey(facts!.productLandings, landingKey, (g) => [g.orders])).toEqual(
      byKey(withCampaign, landingKey, (g) => [g.orders]),
    );

    expect(ledgerRows(facts!.customerOrders)).toEqual(ledgerRows(expected.customerOrders));
    for (let c = 0; c < facts!.customerOrders.customerIds.length; c += 1)
      for (let j = facts!.customerOrders.start[c]! + 1; j < facts!.customerOrders.start[c + 1]!; j += 1)
        expect(facts!.customerOrders.day[j]!).toBeGreaterThanOrEqual(facts!.customerOrders.day[j - 1]!);

    const recent = (list: readonly { date: string; subtotal: number; shipping: number }[]) =>
      list.map((o) => `${o.date} ${cents(o.subtotal)} ${cents(o.shipping)}`).sort();
    expect(facts!.recentOrders.length).toBeGreaterThan(0);
    expect(recent(facts!.recentOrders)).toEqual(recent(expected.recentOrders));
  }, 120_000);
});
