import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { StockImpactRowListSchema } from '../../src/shared/contracts/analytics.ts';
import { AuditLogPageSchema } from '../../src/shared/contracts/members.ts';
import { AlertListSchema } from '../../src/shared/contracts/notifications.ts';
import { OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import {
  LeadTimeSchema,
  type ProductPerformance,
  ProductPerformanceSchema,
  type ProductRow,
} from '../../src/shared/contracts/products.ts';
import { LOW_STOCK_COVER_DAYS } from '../../src/shared/metrics.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * One lead time per product (issue #36, decision 112) over the real path: the connected demo store,
 * its analysis job, the alert evaluation that follows it. The owner sets a product's lead time
 * above its current cover; /products, the stock list, the stock alert and the restock opportunity
 * all judge it Low with that lead time and say so; the audit log records who, old and new.
 */
let app: DemoTestApp;
let owner: string;

async function get<T>(path: string, parse: (body: unknown) => T): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(await response.json());
}
const products = () =>
  get('/api/products/performance?period=30', (b): ProductPerformance => ProductPerformanceSchema.parse(b));
const putLeadTime = (productId: string, body: unknown) =>
  app.request(`/api/products/${productId}/lead-time`, {
    method: 'PUT',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp());
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('a product’s lead time', () => {
  let chosen: ProductRow;
  let leadTime: number;

  it('starts at the stated default on every product', async () => {
    const before = await products();
    expect(before.products.length).toBeGreaterThan(0);
    for (const p of before.products)
      expect(p).toMatchObject({ leadTimeDays: LOW_STOCK_COVER_DAYS, leadTimeSource: 'default' });
    // A product in stock whose shortest variant covers more than the default but well under a year.
    const candidates = before.products
      .filter((p) => p.stockState === 'In stock' && p.daysOfCover !== null && p.daysOfCover < 300)
      .filter((p) => p.variants.some((v) => v.dailyDemand !== null && v.dailyDemand > 0))
      .sort((a, b) => (a.daysOfCover ?? 0) - (b.daysOfCover ?? 0));
    expect(candidates.length).toBeGreaterThan(0);
    chosen = candidates[0]!;
    expect(chosen.daysOfCover!).toBeGreaterThanOrEqual(LOW_STOCK_COVER_DAYS);
    leadTime = Math.ceil(chosen.daysOfCover!) + 1;
  });

  it('refuses a bad lead time naming the field, and an unknown product, storing nothing', async () => {
    for (const bad of [
      { leadTimeDays: 0 },
      { leadTimeDays: 2.5 },
      { leadTimeDays: 366 },
      { leadTimeDays: '9' },
      {},
    ]) {
      const response = await putLeadTime(chosen.productId, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/leadTimeDays/);
    }
    const unknown = await putLeadTime('999999999999', { leadTimeDays: 20 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/productId/);
    const after = await products();
    expect(after.products.find((p) => p.productId === chosen.productId)?.leadTimeSource).toBe('default');
  });

  it('is the owner’s once set: /products, the stock list, the alert and the opportunity agree', async () => {
    const response = await putLeadTime(chosen.productId, { leadTimeDays: leadTime });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(LeadTimeSchema.parse(await response.json())).toEqual({
      productId: chosen.productId,
      leadTimeDays: leadTime,
      leadTimeSource: 'owner',
      defaultDays: LOW_STOCK_COVER_DAYS,
    });

    // /products judges it at once.
    const row = (await products()).products.find((p) => p.productId === chosen.productId)!;
    expect(row).toMatchObject({ leadTimeDays: leadTime, leadTimeSource: 'owner', stockState: 'Low stock' });

    // The analysis the change queued, then the alert evaluation after it.
    await runJobsUntilIdle(app.server.deps);
    const variantIds = new Set(chosen.variants.map((v) => v.variantId));
    const stock = (await get('/api/analytics/stock-impact', (b) => StockImpactRowListSchema.parse(b))).filter(
      (r) => variantIds.has(r.variantId),
    );
    expect(stock.length).toBeGreaterThan(0);
    for (const r of stock) expect(r.leadTimeDays).toBe(leadTime);
    const low = stock.filter((r) => r.stockState === 'Low stock');
    expect(low.length).toBeGreaterThan(0);
    const labels = new Set(low.map((r) => r.product));

    const alerts = (await get('/api/alerts', (b) => AlertListSchema.parse(b))).alerts.filter(
      (a) => a.rule === 'stockout' && labels.has(a.subject) && a.status === 'open',
    );
    expect(alerts.length).toBeGreaterThan(0);
    for (const a of alerts) expect(a.detail).toContain(`less than the ${leadTime}-day lead time`);

    const opportunities = (await get('/api/opportunities', (b) => OpportunityListSchema.parse(b))).filter(
      (o) => o.type === 'restock_before_stockout' && [...labels].some((label) => o.title.includes(label)),
    );
    expect(opportunities.length).toBeGreaterThan(0);
    for (const o of opportunities) expect(o.description).toContain(`less than a ${leadTime}-day lead time`);
    // No page states another lead time for it.
    for (const o of opportunities)
      expect(o.description).not.toContain(`${LOW_STOCK_COVER_DAYS}-day lead time`);
  }, 300_000);

  it('records who changed it from what to what, and goes back to the default on null', async () => {
    const back = await putLeadTime(chosen.productId, { leadTimeDays: null });
    expect(back.status).toBe(200);
    expect(LeadTimeSchema.parse(await back.json())).toMatchObject({
      leadTimeDays: LOW_STOCK_COVER_DAYS,
      leadTimeSource: 'default',
    });
    const log = await get('/api/audit-log', (b) => AuditLogPageSchema.parse(b));
    const changes = log.entries.filter((e) => e.action === 'products.lead-time-changed');
    expect(changes.map((e) => [e.details.oldLeadTimeDays, e.details.newLeadTimeDays])).toEqual([
      [leadTime, null],
      [null, leadTime],
    ]);
    for (const e of changes) {
      expect(e.actor).toBe('owner@example.com');
      expect(e.target).toBe(chosen.title);
      expect(e.details.productId).toBe(chosen.productId);
    }
  });
});
