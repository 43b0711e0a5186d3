import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restOrderOf } from '../../src/demo/emulators/shopify/live-orders.ts';
import type { DemoOrder } from '../../src/demo/model.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays, DAY_MS, localDayOf } from '../../src/shared/calendar.ts';
import type { CampaignPerformance } from '../../src/shared/contracts/campaigns.ts';
import type { CustomersSummary } from '../../src/shared/contracts/customers.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';
import type { DashboardToday } from '../../src/shared/contracts/webhooks.ts';
import { lastCompleteDay } from '../../src/shared/day-range.ts';
import { expectCampaignOpportunitiesMatch } from '../support/campaign-opportunity-figures.ts';
import { deliverShopifyWebhook } from '../support/deliver-shopify-webhook.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Complete days only (issue #36 item 3): with live orders arriving today by signed webhook, the
 * Today card counts them, while the analysis — opportunities, customers' "orders up to" — ends on
 * yesterday in the shop's zone, so a campaign opportunity's 30-day figures are /campaigns' for the
 * same 30 complete days. "Today" is the day after the demo's last day (the app's clock is set to
 * it), so the 30 days hold the demo's orders and spend.
 */

let app: DemoTestApp;
let owner: string;

async function get<T>(path: string): Promise<T> {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Posts one order as Shopify's orders/create webhook. */
async function deliverOrder(order: DemoOrder): Promise<void> {
  const response = await deliverShopifyWebhook(app.baseUrl, {
    topic: 'orders/create',
    payload: restOrderOf(app.demo.store, order),
    eventId: `complete-days-${order.legacyId}`,
    triggeredAt: new Date(order.createdAtMs),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('complete days only, with live orders today', () => {
  it("ends the analysis on yesterday: opportunities' 30 days are /campaigns' 30 days", async () => {
    const store = app.demo.store;
    const lastDay = store.getOrder(store.orders.count - 1).day;
    const zone = store.shop.ianaTimezone;
    // Noon of the day after the demo's last day, in the shop's zone (offsets are within ±14 h).
    let now = new Date(`${addDays(lastDay, 1)}T12:00:00Z`);
    while (localDayOf(now, zone) > addDays(lastDay, 1)) now = new Date(now.getTime() - 3_600_000);
    while (localDayOf(now, zone) < addDays(lastDay, 1)) now = new Date(now.getTime() + 3_600_000);
    expect(lastCompleteDay(now, zone)).toBe(lastDay);

    // Live orders today: copies of recent demo orders (their journeys and campaigns too).
    const placed: DemoOrder[] = [];
    for (let k = 0; k < 12; k += 1) {
      const template = store.getOrder(store.orders.count - 1 - k * 3);
      const legacyId = 9_300_000_000 + k;
      const at = now.getTime() - k * 60_000;
      placed.push({
        ...template,
        legacyId,
        id: `gid://shopify/Order/${legacyId}`,
        name: `#L${legacyId}`,
        createdAtMs: at,
        processedAtMs: at,
        updatedAtMs: at,
        cancelledAtMs: null,
        test: false,
        refunds: [],
        day: addDays(lastDay, 1),
        lineItems: template.lineItems.map((line, j) => ({ ...line, legacyId: legacyId * 10 + j })),
      });
    }
    for (const order of placed) await deliverOrder(order);
    // The queue's jobs are due by the real clock; the app's clock moves to "today" after them.
    await runJobsUntilIdle(app.server.deps);
    app.server.deps.clock = () => now;
    // The template's analysis ran by the real clock, after this "today": it is moved to the day
    // before, so the run below is the latest one as it would be on a clock that never goes back.
    await app.db.execute(
      sql`UPDATE analysis_runs SET started_at = ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz,
            finished_at = ${new Date(now.getTime() - DAY_MS + 60_000).toISOString()}::timestamptz`,
    );
    const today = await get<DashboardToday>('/api/dashboard/today');
    expect(today.orders).toBeGreaterThanOrEqual(placed.length);

    expect((await app.request('/api/analysis/run', { method: 'POST', cookie: owner })).status).toBe(200);
    await runJobsUntilIdle(app.server.deps);

    const campaigns = await get<CampaignPerformance>('/api/campaigns?period=30');
    expect([campaigns.from, campaigns.to]).toEqual([addDays(lastDay, -29), lastDay]);
    const customers = await get<CustomersSummary>('/api/customers/summary');
    expect(customers.asOf).toBe(lastDay);

    const opportunities = await get<Opportunity[]>('/api/opportunities');
    expectCampaignOpportunitiesMatch(opportunities, campaigns);
  });
});
