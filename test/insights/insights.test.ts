import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { startTestApp } from '../support/start-app.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * GET /api/insights on the demo store after the real connect → sync → analyze path. Every number
 * checked here is recomputed from the warehouse tables with SQL, not hard-coded.
 */
let app: DemoTestApp;
let owner: string;
let workspaceId: string;

interface Insight {
  id: string;
  kind: string;
  severity: string;
  tone: string;
  narrative: string;
  impact: number;
  evidence: { label: string; value: number | string; unit: string }[];
  link: { href: string };
}

const get = async (path: string) => {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, path).toBe(200);
  return response.json();
};
const evidence = (insight: Insight, label: string) => insight.evidence.find((e) => e.label === label)?.value;

// The demo store connected, synced and analysed: a copy of the run's template (decision 092).
beforeAll(async () => {
  ({ app, owner, workspaceId } = await startConnectedDemoApp(7));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('before any data', () => {
  it('answers an empty page, 401 without a session and 400 for an unknown period', async () => {
    const fresh = await startTestApp();
    try {
      const cookie = await fresh.signIn('owner@example.com', 'Olive');
      const empty = await fresh.request('/api/insights', { cookie });
      expect(empty.status).toBe(200);
      expect(await empty.json()).toMatchObject({ period: 30, insights: [], revenueDays: [], revenue: null });
      expect((await fresh.request('/api/insights')).status).toBe(401);
      const bad = await fresh.request('/api/insights?period=5', { cookie });
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe('validation_failed');
    } finally {
      await fresh.close();
    }
  });
});

const ShopRow = z.object({
  currency_code: z.string(),
  currency_digits: z.number(),
  iana_timezone: z.string(),
});

const TotalRow = z.object({ current: z.number(), previous: z.number() });

const NetRow = z.object({ amount: z.number() });

const SumRow = z.object({ product_id: z.string(), current: z.number(), previous: z.number() });

describe('after the demo store is connected and analysed', () => {
  beforeAll(async () => {
    expect((await get('/api/analysis/status')).hasData).toBe(true);
  });

  it('states the period, the shop currency and time zone, and the net revenue from the warehouse', async () => {
    const page = await get('/api/insights?period=30');
    const [shop] = await queryRows(
      app.db,
      ShopRow,
      sql`SELECT currency_code, currency_digits, iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}`,
    );
    expect(page).toMatchObject({ period: 30, currency: shop!.currency_code, timeZone: shop!.iana_timezone });
    const [totals] = await queryRows(
      app.db,
      TotalRow,
      sql`WITH valid AS (
            SELECT order_date AS day, total_minor AS amount FROM wh_orders
            WHERE workspace_id = ${workspaceId} AND NOT test AND cancelled_at IS NULL
            UNION ALL
            SELECT refund_date, -amount_minor FROM wh_refunds WHERE workspace_id = ${workspaceId})
          SELECT
            coalesce(sum(amount) FILTER (WHERE day BETWEEN ${page.periodStart}::date AND ${page.asOf}::date), 0)::float8 AS current,
            coalesce(sum(amount) FILTER (WHERE day BETWEEN ${page.periodStart}::date - 30 AND ${page.periodStart}::date - 1), 0)::float8 AS previous
          FROM valid`,
    );
    // Exact to the minor unit (decision 146).
    const digits = Number(shop!.currency_digits);
    expect(parseDecimalToMinor(page.revenue.current, digits)).toBe(Number(totals!.current));
    expect(parseDecimalToMinor(page.revenue.previous, digits)).toBe(Number(totals!.previous));
    expect(Number(totals!.current)).toBeGreaterThan(0);
  });

  it('checks each day of the period against the 95 % band and reports the days outside it', async () => {
    for (const period of [7, 30, 90]) {
      const page = await get(`/api/insights?period=${period}`);
      expect(page.revenueDays).toHaveLength(period);
      expect(page.revenueDays[0].date).toBe(page.periodStart);
      expect(page.revenueDays.at(-1).date).toBe(page.asOf);
      const outside = page.revenueDays
        .filter(
          (d: { actual: string; lo95: string; hi95: string }) =>
            Number(d.actual) < Number(d.lo95) || Number(d.actual) > Number(d.hi95),
        )
        .map((d: { date: string }) => `revenue_anomaly:${d.date}`)
        .sort();
      const anomalies = page.insights.filter((i: Insight) => i.kind === 'revenue_anomaly');
      expect(anomalies.map((i: Insight) => i.id).sort()).toEqual(outside);
      // Each day's actual is the warehouse's net revenue of that day.
      const [day] = page.revenueDays;
      const [net] = await queryRows(
        app.db,
        NetRow,
        sql`SELECT (coalesce((SELECT sum(total_minor) FROM wh_orders WHERE workspace_id = ${workspaceId}
                     AND NOT test AND cancelled_at IS NULL AND order_date = ${day.date}::date), 0)
                  - coalesce((SELECT sum(amount_minor) FROM wh_refunds WHERE workspace_id = ${workspaceId}
                     AND refund_date = ${day.date}::date), 0))::float8 AS amount`,
      );
      expect(parseDecimalToMinor(day.actual, 2)).toBe(Number(net!.amount));
    }
  });

  it('names the biggest product movers with their revenue from the order lines', async () => {
    const page = await get('/api/insights?period=90');
    const movers: Insight[] = page.insights.filter((i: Insight) => i.kind === 'product_mover');
    expect(movers.length).toBeGreaterThan(0);
    // One aggregate per product over both periods, from the order lines of valid orders.
    const sums = await queryRows(
      app.db,
      SumRow,
      sql`SELECT v.product_id::text AS product_id,
            coalesce(sum(li.unit_price_minor * li.quantity - li.discount_minor)
              FILTER (WHERE li.order_date >= ${page.periodStart}::date), 0)::float8 AS current,
            coalesce(sum(li.unit_price_minor * li.quantity - li.discount_minor)
              FILTER (WHERE li.order_date < ${page.periodStart}::date), 0)::float8 AS previous
          FROM wh_order_line_items li
          JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
          JOIN wh_variants v ON v.workspace_id = li.workspace_id AND v.variant_id = li.variant_id
          WHERE li.workspace_id = ${workspaceId} AND NOT o.test AND o.cancelled_at IS NULL
            AND li.order_date BETWEEN ${page.periodStart}::date - 90 AND ${page.asOf}::date
          GROUP BY v.product_id`,
    );
    const byProduct = new Map(sums.map((row) => [row.product_id, row]));
    for (const mover of movers) {
      const row = byProduct.get(mover.id.split(':')[1]!)!;
      const totals = { current: Number(row.current), previous: Number(row.previous) };
      expect(evidence(mover, 'Last 90 days')).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(evidence(mover, 'Last 90 days'))).toBeCloseTo(totals.current / 100, 2);
      expect(Number(evidence(mover, 'Previous 90 days'))).toBeCloseTo(totals.previous / 100, 2);
      expect(mover.tone).toBe(totals.current > totals.previous ? 'positive' : 'negative');
      expect(mover.link.href).toBe('/products');
      expect(mover.narrative).toMatch(
        /^.+ brought in \$[\d,]+\.\d\d in the last 90 days, (up|down) \$[\d,]+\.\d\d/,
      );
    }
  }, 180_000);

  it('reports the stock-outs under way and ranks every insight by severity', async () => {
    const page = await get('/api/insights?period=30');
    const stockouts: Insight[] = page.insights.filter((i: Insight) => i.kind === 'stockout');
    const stock: { product: string; available: number }[] = await get('/api/analytics/stock-impact');
    const out = stock.filter((s) => s.available <= 0).map((s) => `${s.product} is out of stock`);
    expect(stockouts.map((s) => /^.+ is out of stock/.exec(s.narrative)?.[0]).sort()).toEqual(out.sort());
    const order = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    const severities = page.insights.map((i: Insight) => order[i.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(new Set(page.insights.map((i: Insight) => i.kind)).size).toBeGreaterThan(2);
  });
});
