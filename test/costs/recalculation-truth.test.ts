import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { matchShippingProfile } from '../../src/core/costs/match-shipping-profile.ts';
import { resolveUnitCost } from '../../src/core/costs/resolve-unit-cost.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { loadCostBook } from '../../src/server/domain/costs/load-cost-book.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays } from '../../src/shared/calendar.ts';
import type { CostSettingsResponse } from '../../src/shared/contracts/costs.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The recalculation's set-based SQL (decision 037) against the per-line truth of the pure core
 * functions the sync prices with: after the owner edits costs, every line in the range carries
 * exactly `resolveUnitCost` over the ledger in precedence order (overlapping periods: the owner's
 * before Shopify's, the latest effective date, then the latest entry), every order its
 * `matchShippingProfile` cost, nothing outside the range moves, and the audit entry counts the
 * changed lines and the COGS change; a run whose process died resumes after its last recorded day.
 * Runs on PostgreSQL (steps in parallel) and PGlite (one at a time).
 */

let app: TestApp;
let owner: string;
let ws: string;

const FIRST = '2026-03-01';
const DAYS = 60;
const VARIANTS = 12;

const Line = z.object({
  id: z.number(),
  orderId: z.number(),
  variantId: z.number().nullable(),
  day: z.string(),
  price: z.number(),
  quantity: z.number(),
  cost: z.number().nullable(),
  source: z.string().nullable(),
  estimated: z.boolean(),
});

const readLines = () =>
  queryRows(
    app.db,
    Line,
    sql`SELECT line_item_id::float8 AS id, order_id::float8 AS "orderId", variant_id::float8 AS "variantId",
          order_date::text AS day, unit_price_minor::float8 AS price, quantity, unit_cost_minor::float8 AS cost,
          cost_source AS source, cost_estimated AS estimated
        FROM wh_order_line_items WHERE workspace_id = ${ws} ORDER BY line_item_id`,
  );

const ShippingRow = z.object({ orderId: z.number(), cost: z.number(), grams: z.number() });

const readShipping = () =>
  queryRows(
    app.db,
    ShippingRow,
    sql`SELECT order_id::float8 AS "orderId", cost_minor::float8 AS cost, weight_grams AS grams
        FROM wh_order_shipping_costs WHERE workspace_id = ${ws} AND source = 'profile' ORDER BY order_id`,
  );

const call = (method: string, path: string, body: unknown) =>
  app.request(path, {
    method,
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const MemberRow = z.object({ id: z.string() });

beforeAll(async () => {
  // Steps of 40 lines, three at a time: the range is cut into many steps committed out of order.
  app = await startTestApp({ COST_RECALCULATION_STEP_LINES: '40', COST_RECALCULATION_PARALLEL_STEPS: '3' });
  owner = await app.signIn('owner@example.com', 'Olive');
  const [member] = await queryRows(app.db, MemberRow, sql`SELECT id::text AS id FROM workspaces LIMIT 1`);
  ws = member!.id;
  await app.db.execute(sql`INSERT INTO wh_shops (workspace_id, shop_domain, name, currency_code, currency_digits,
      iana_timezone) VALUES (${ws}, 'truth.myshopify.com', 'Truth', 'USD', 2, 'UTC')`);
  // Variants 1…12 with weights (variant 12 has none); orders over 60 days to US, CA or nowhere.
  await app.db.execute(sql`INSERT INTO wh_variants (workspace_id, variant_id, product_id, title, sku, price_minor,
      currency_code, weight_grams)
    SELECT ${ws}, v, v, 'Variant ' || v, 'SKU-' || v, 1000, 'USD', CASE WHEN v < 12 THEN 90 * v END
    FROM generate_series(1, ${VARIANTS}) v`);
  await app.db.execute(sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at,
      updated_at, order_date, country_code)
    SELECT ${ws}, g, '#' || g, 'USD', 5000, d::timestamptz, d::timestamptz, d,
      CASE g % 3 WHEN 0 THEN 'US' WHEN 1 THEN 'CA' END
    FROM generate_series(1, 400) g, LATERAL (SELECT ${FIRST}::date + (g * 7) % ${DAYS} AS d) day`);
  // One to three lines per order, some without a variant; random frozen costs to start from.
  await app.db.execute(sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, variant_id,
      title, quantity, unit_price_minor, currency_code, unit_cost_minor, cost_source, cost_estimated)
    SELECT ${ws}, o.order_id * 10 + k, o.order_id, o.order_date,
      CASE WHEN (o.order_id + k) % 17 = 0 THEN NULL ELSE 1 + (o.order_id * 5 + k) % ${VARIANTS} END,
      'Line', 1 + (o.order_id + k) % 3, 999 + (o.order_id * 37 + k * 11) % 4000, 'USD',
      CASE WHEN o.order_id % 4 = 0 THEN NULL ELSE 100 + o.order_id % 50 END,
      CASE WHEN o.order_id % 4 = 0 THEN NULL ELSE 'shopify' END, false
    FROM wh_orders o, generate_series(0, 2) k
    WHERE o.workspace_id = ${ws} AND k <= o.order_id % 3`);
  // Cost history: Shopify periods, owner periods overlapping them (an import and a manual entry on
  // one day, entered at the same instant for one variant so the id decides), later Shopify changes
  // that the owner's earlier periods still beat; variants 10–12 have none (default margin).
  await app.db.execute(sql`INSERT INTO wh_cost_ledger (workspace_id, variant_id, sku, cost_minor, effective_from,
      source, created_at)
    VALUES
      (${ws}, 1, 'SKU-1', 400, '2000-01-01', 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 1, 'SKU-1', 450, ${addDays(FIRST, 20)}, 'shopify', '2026-01-02T00:00:00Z'),
      (${ws}, 1, 'SKU-1', 300, ${addDays(FIRST, 10)}, 'manual', '2026-01-03T00:00:00Z'),
      (${ws}, 2, 'SKU-2', 500, ${addDays(FIRST, 5)}, 'import', '2026-01-01T00:00:00Z'),
      (${ws}, 2, 'SKU-2', 510, ${addDays(FIRST, 5)}, 'manual', '2026-01-05T00:00:00Z'),
      (${ws}, 2, 'SKU-2', 520, ${addDays(FIRST, 30)}, 'import', '2026-01-01T00:00:00Z'),
      (${ws}, 3, 'SKU-3', 600, ${addDays(FIRST, 15)}, 'import', '2026-01-01T00:00:00Z'),
      (${ws}, 3, 'SKU-3', 610, ${addDays(FIRST, 15)}, 'manual', '2026-01-01T00:00:00Z'),
      (${ws}, 4, 'SKU-4', 700, '2000-01-01', 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 5, 'SKU-5', 800, ${addDays(FIRST, 40)}, 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 5, 'SKU-5', 820, ${addDays(FIRST, 25)}, 'manual', '2026-01-01T00:00:00Z'),
      (${ws}, 6, 'SKU-6', 0, ${addDays(FIRST, 1)}, 'manual', '2026-01-01T00:00:00Z'),
      (${ws}, 7, 'SKU-7', 905, ${addDays(FIRST, 59)}, 'import', '2026-01-01T00:00:00Z'),
      (${ws}, 8, 'SKU-8', 111, '2000-01-01', 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 8, 'SKU-8', 222, ${addDays(FIRST, 2)}, 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 8, 'SKU-8', 333, ${addDays(FIRST, 4)}, 'shopify', '2026-01-01T00:00:00Z'),
      (${ws}, 9, 'SKU-9', 999, ${addDays(FIRST, 45)}, 'manual', '2026-01-01T00:00:00Z')`);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const OrderRow = z.object({ orderId: z.number(), day: z.string(), country: z.string().nullable() });

describe('cost recalculation', () => {
  it('re-freezes every line in the range to the per-line truth, and nothing outside it', async () => {
    // The owner sets a default margin and shipping bands (exact country beats '*'; highest minimum wins).
    expect((await call('PUT', '/api/costs/default-margin', { defaultMarginPercent: '37.5' })).status).toBe(
      200,
    );
    const profiles = [
      { country: 'US', minGrams: 0, maxGrams: 500, cost: '4.00' },
      { country: 'US', minGrams: 500, maxGrams: null, cost: '7.50' },
      { country: '*', minGrams: 0, maxGrams: null, cost: '9.99' },
      { country: '*', minGrams: 300, maxGrams: 900, cost: '6.25' },
    ];
    expect((await call('PUT', '/api/costs/shipping-profiles', { profiles })).status).toBe(200);
    const before = await readLines();
    const shippingBefore = await readShipping();
    const from = addDays(FIRST, 3);
    const to = addDays(FIRST, 50);
    expect((await call('POST', '/api/costs/recalculations', { from, to })).status).toBe(202);
    await runJobsUntilIdle(app.server.deps);

    const book = await loadCostBook(app.db, ws);
    const after = await readLines();
    expect(after.length).toBe(before.length);
    let changed = 0;
    let delta = 0;
    for (const [index, line] of after.entries()) {
      const old = before[index]!;
      if (line.day < from || line.day > to) {
        expect(line).toEqual(old);
        continue;
      }
      const truth = resolveUnitCost(
        line.variantId === null ? undefined : book.periods.get(line.variantId),
        line.day,
        line.price,
        book.marginE4,
      ) ?? { unitCostMinor: null, source: null, estimated: false };
      expect({ id: line.id, cost: line.cost, source: line.source, estimated: line.estimated }).toEqual({
        id: line.id,
        cost: truth.unitCostMinor,
        source: truth.source,
        estimated: truth.estimated,
      });
      if (old.cost !== line.cost || old.source !== line.source || old.estimated !== line.estimated) {
        changed += 1;
        delta += ((line.cost ?? 0) - (old.cost ?? 0)) * line.quantity;
      }
    }
    // Every kind of answer occurs in the range: ledger periods of each source and the margin.
    const sources = new Set(after.filter((l) => l.day >= from && l.day <= to).map((l) => l.source));
    expect(sources).toEqual(new Set(['shopify', 'manual', 'import', 'default_margin']));

    // Profile shipping: the range's orders re-priced from their weight and country, others untouched.
    const orders = await queryRows(
      app.db,
      OrderRow,
      sql`SELECT order_id::float8 AS "orderId", order_date::text AS day, country_code AS country
          FROM wh_orders WHERE workspace_id = ${ws} ORDER BY order_id`,
    );
    const expected = orders.flatMap((order) => {
      if (order.day < from || order.day > to)
        return shippingBefore.filter((row) => row.orderId === order.orderId);
      const grams = after
        .filter((line) => line.orderId === order.orderId)
        .reduce(
          (sum, line) =>
            sum + (line.variantId === null ? 0 : (book.weights.get(line.variantId) ?? 0)) * line.quantity,
          0,
        );
      const cost = matchShippingProfile(book.profiles, order.country, grams);
      return cost === null ? [] : [{ orderId: order.orderId, cost, grams }];
    });
    expect(await readShipping()).toEqual(expected);
    expect(new Set(expected.map((row) => row.cost)).size).toBeGreaterThan(2);

    // The audit entry: the range, who asked, every line in range done, the changed lines and COGS move.
    const settings = (await (
      await app.request('/api/costs/settings', { cookie: owner })
    ).json()) as CostSettingsResponse;
    const run = settings.recalculations[0]!;
    const inRange = before.filter((line) => line.day >= from && line.day <= to).length;
    expect(changed).toBeGreaterThan(0);
    expect(run).toMatchObject({
      from,
      to,
      status: 'succeeded',
      linesTotal: inRange,
      linesDone: inRange,
      linesChanged: changed,
      costDelta: (delta / 100).toFixed(2),
      requestedBy: 'Olive',
    });
  }, 180_000);

  it('a second run over the same range changes nothing', async () => {
    const before = await readLines();
    const from = addDays(FIRST, 3);
    const to = addDays(FIRST, 50);
    expect((await call('POST', '/api/costs/recalculations', { from, to })).status).toBe(202);
    await runJobsUntilIdle(app.server.deps);
    expect(await readLines()).toEqual(before);
    const settings = (await (
      await app.request('/api/costs/settings', { cookie: owner })
    ).json()) as CostSettingsResponse;
    expect(settings.recalculations[0]).toMatchObject({
      status: 'succeeded',
      linesChanged: 0,
      costDelta: '0.00',
    });
  }, 180_000);

  it('a run whose process died resumes after its last recorded day and counts every line once', async () => {
    const from = addDays(FIRST, 3);
    const to = addDays(FIRST, 50);
    const resumeAfter = addDays(FIRST, 20);
    // A new owner cost for variant 8 over the whole range, then a run that "died" after resumeAfter.
    expect(
      (await call('POST', '/api/costs/entries', { variantId: '8', cost: '4.44', effectiveFrom: FIRST }))
        .status,
    ).toBe(200);
    const before = await readLines();
    expect((await call('POST', '/api/costs/recalculations', { from, to })).status).toBe(202);
    const inRange = before.filter((line) => line.day >= from && line.day <= to).length;
    await app.db.execute(sql`UPDATE cost_recalculations SET status = 'running', done_through_date = ${resumeAfter},
        lines_total = ${inRange}, lines_done = 7, lines_changed = 0
      WHERE workspace_id = ${ws} AND status = 'pending'`);
    await runJobsUntilIdle(app.server.deps);

    const after = await readLines();
    const variant8 = (day: (d: string) => boolean) =>
      after.filter((line) => line.variantId === 8 && day(line.day)).map((line) => line.cost);
    // Days up to the recorded one were done before the crash: left as they were.
    expect(variant8((d) => d >= from && d <= resumeAfter)).toEqual(
      before.filter((l) => l.variantId === 8 && l.day >= from && l.day <= resumeAfter).map((l) => l.cost),
    );
    const resumed = variant8((d) => d > resumeAfter && d <= to);
    expect(resumed.length).toBeGreaterThan(0);
    expect(new Set(resumed)).toEqual(new Set([444]));
    const settings = (await (
      await app.request('/api/costs/settings', { cookie: owner })
    ).json()) as CostSettingsResponse;
    expect(settings.recalculations[0]).toMatchObject({
      status: 'succeeded',
      linesTotal: inRange,
      linesDone: inRange,
      linesChanged: resumed.length,
    });
  }, 180_000);
});
