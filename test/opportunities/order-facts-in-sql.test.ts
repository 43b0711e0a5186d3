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
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadAnalysisFacts } from '../../src/server/domain/analysis-facts/load-analysis-facts.ts';
import { CreditRow, creditOfRow } from '../../src/server/domain/metrics/credit-of-row.ts';
import { createConnectedDemoDatabase } from '../support/start-demo-app.ts';
import type { TestDatabase } from '../support/test-database.ts';

/**
 * The analysis reads orders as groups the database sums (decision 083), kept per order day and
 * refreshed for the days written since the last run (decision 084). Here the same synced demo
 * warehouse is read order by order, each order classified as the analysis defines it, grouped by
 * the core's `groupOrderFacts`, and compared with what `loadAnalysisFacts` returns; refunds and
 * variant sales are compared with the same sums taken over the whole warehouse. Then orders,
 * lines and refunds are changed as a sync or a webhook changes them, and the facts must follow.
 */

let testDatabase: TestDatabase;
let db: Db;
let workspaceId: string;

// A copy of the run's connected seed-7 store; no app or emulator runs: only the warehouse is read.
beforeAll(async () => {
  ({ database: testDatabase, workspaceId } = await createConnectedDemoDatabase(7));
  db = testDatabase.database.db;
}, 300_000);

afterAll(async () => {
  await testDatabase?.drop();
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
    db,
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

const RefundSumRow = CreditRow.extend({ date: z.string(), amount: z.number() });
const VariantSumRow = z.object({
  variant_id: z.string(),
  date: z.string(),
  units: z.number(),
  revenue: z.number(),
});

/** Refunds of valid orders per refund day and credit columns, over the whole warehouse. */
const readRefundSums = () =>
  queryRows(
    db,
    RefundSumRow,
    sql`SELECT r.refund_date::text AS date, sum(r.amount_minor)::float8 AS amount,
          (o.moments_count IS NOT NULL OR o.source_type IS NOT NULL) AS has_journey,
          o.utm_source, o.utm_medium, o.source_type, o.utm_campaign, o.first_utm_source AS first_source,
          o.first_utm_medium AS first_medium, o.first_source_type AS first_type, o.first_utm_campaign AS first_campaign
        FROM wh_refunds r JOIN wh_orders o ON o.workspace_id = r.workspace_id AND o.order_id = r.order_id
        WHERE r.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
        GROUP BY 1, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
  );

/** Units and net revenue of valid orders' lines per variant and day, over the whole warehouse. */
const readVariantSums = () =>
  queryRows(
    db,
    VariantSumRow,
    sql`SELECT li.variant_id::text AS variant_id, li.order_date::text AS date, sum(li.quantity)::float8 AS units,
          sum(li.unit_price_minor * li.quantity - li.discount_minor)::float8 AS revenue
        FROM wh_order_line_items li
        JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
        WHERE li.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL AND li.variant_id IS NOT NULL
        GROUP BY 1, 2`,
  );

/** Loads the facts and checks every grouped part against the warehouse read without them. */
async function expectFactsMatchWarehouse(): Promise<void> {
  {
    const facts = await loadAnalysisFacts(db, workspaceId, new Date());
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

    const refundKey = (r: { date: string; channel: string; campaign: string | null }) =>
      `${r.date} ${r.channel} ${r.campaign}`;
    const expectedRefunds = (await readRefundSums()).map((r) => ({
      date: r.date,
      amount: r.amount / 100,
      ...creditOfRow(r),
    }));
    expect(expectedRefunds.length).toBeGreaterThan(0);
    expect(byKey(facts!.refunds, refundKey, (r) => [cents(r.amount)])).toEqual(
      byKey(expectedRefunds, refundKey, (r) => [cents(r.amount)]),
    );

    const variantKey = (v: { variantId: string; date: string }) => `${v.variantId} ${v.date}`;
    const expectedSales = (await readVariantSums()).map((v) => ({
      variantId: v.variant_id,
      date: v.date,
      units: v.units,
      revenue: v.revenue / 100,
    }));
    expect(byKey(facts!.variantSales, variantKey, (v) => [v.units, cents(v.revenue)])).toEqual(
      byKey(expectedSales, variantKey, (v) => [v.units, cents(v.revenue)]),
    );
  }
}

const DirtyRow = z.object({ n: z.number() });
/** Order days and customers marked as written since the facts were last refreshed. */
const marks = async () =>
  (
    await queryRows(
      db,
      DirtyRow,
      sql`SELECT (SELECT count(*) FROM wh_fact_dirty_days WHERE workspace_id = ${workspaceId})::int
            + (SELECT count(*) FROM wh_fact_dirty_customers WHERE workspace_id = ${workspaceId})::int AS n`,
    )
  )[0]!.n;

describe('order facts summed in the database', () => {
  it('equal the core grouping of the same orders, read one by one', async () => {
    await expectFactsMatchWarehouse();
    // The run took the marks: nothing is recomputed until something is written.
    expect(await marks()).toBe(0);
  }, 120_000);

  it('follow the orders, lines and refunds a sync or a webhook changes', async () => {
    await loadAnalysisFacts(db, workspaceId, new Date());
    const OrderIdRow = z.object({ order_id: z.string() });
    const pick = (condition: ReturnType<typeof sql>) =>
      queryRows(
        db,
        OrderIdRow,
        sql`SELECT o.order_id::text AS order_id FROM wh_orders o
            WHERE o.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL AND ${condition}
            ORDER BY o.order_id LIMIT 3`,
      );
    const refunded = await pick(
      sql`EXISTS (SELECT 1 FROM wh_refunds r WHERE r.workspace_id = o.workspace_id AND r.order_id = o.order_id)`,
    );
    const withCampaign = await pick(sql`o.utm_campaign IS NOT NULL AND o.landing_page LIKE '%/products/%'`);
    expect(refunded.length).toBe(3);
    expect(withCampaign.length).toBe(3);
    const ids = (rows: { order_id: string }[]) => `{${rows.map((r) => r.order_id).join(',')}}`;
    // Cancelled: its sales, landing, line revenue and refunds leave the facts.
    await db.execute(
      sql`UPDATE wh_orders SET cancelled_at = now() WHERE workspace_id = ${workspaceId} AND order_id = ${refunded[0]!.order_id}::bigint`,
    );
    // A refund grows, another is deleted.
    await db.execute(
      sql`UPDATE wh_refunds SET amount_minor = amount_minor + 123 WHERE workspace_id = ${workspaceId} AND order_id = ${refunded[1]!.order_id}::bigint`,
    );
    await db.execute(
      sql`DELETE FROM wh_refunds WHERE workspace_id = ${workspaceId} AND order_id = ${refunded[2]!.order_id}::bigint`,
    );
    // A line's quantity changes, another line is deleted; a journey and an order's day move.
    await db.execute(
      sql`UPDATE wh_order_line_items SET quantity = quantity + 2
          WHERE workspace_id = ${workspaceId} AND order_id = ${withCampaign[0]!.order_id}::bigint`,
    );
    await db.execute(
      sql`DELETE FROM wh_order_line_items WHERE workspace_id = ${workspaceId} AND order_id = ${withCampaign[1]!.order_id}::bigint`,
    );
    await db.execute(
      sql`UPDATE wh_orders SET utm_campaign = 'moved-campaign', order_date = order_date - 400, total_minor = total_minor + 999
          WHERE workspace_id = ${workspaceId} AND order_id = ANY(${ids(withCampaign.slice(2))}::bigint[])`,
    );
    // An order moves to another customer.
    await db.execute(
      sql`UPDATE wh_orders o SET customer_id = (SELECT max(customer_id) FROM wh_orders WHERE workspace_id = ${workspaceId})
          WHERE o.workspace_id = ${workspaceId} AND o.order_id = ${refunded[1]!.order_id}::bigint`,
    );
    // A new order: a copy of one, with its journey, under a new id.
    for (const table of ['wh_orders', 'wh_journey_touchpoints'])
      await db.execute(
        sql`INSERT INTO ${sql.identifier(table)}
            SELECT (jsonb_populate_record(t, jsonb_build_object('order_id', t.order_id + 1000000000))).*
            FROM ${sql.identifier(table)} t
            WHERE t.workspace_id = ${workspaceId} AND t.order_id = ${withCampaign[1]!.order_id}::bigint`,
      );
    expect(await marks()).toBeGreaterThan(0);
    await expectFactsMatchWarehouse();
    expect(await marks()).toBe(0);
  }, 120_000);
});
