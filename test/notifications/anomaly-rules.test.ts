import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type AlertList, AlertListSchema } from '../../src/shared/contracts/notifications.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './receivers.ts';

/**
 * The built-in anomaly rules beyond revenue/orders/AOV, on the demo store synced through its
 * emulators: the last day (2026-10-31, orders halved by the scenario knob) has an unusually low
 * contribution margin; the planted out-of-stock campaign keeps spending on its sold-out product.
 * Then the warehouse is changed the way a later sync would change it — GA4 reports no key events
 * for that day, one campaign brings in a $5,000 order that day — and the next evaluation
 * opens the GA4 conversion-rate and the campaign ROAS/POAS alerts, which were not open before. A
 * tracked website that stopped sending opens an alert and resolves when events arrive again;
 * a rule with too little history says so instead of judging.
 */

const DAY = '2026-10-31';
let demo: DemoEmulators;
let app: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let workspaceId: string;

const list = async (): Promise<AlertList> => {
  const response = await app.request('/api/alerts', { cookie: owner });
  expect(response.status).toBe(200);
  return AlertListSchema.parse(await response.json());
};
const open = async (rule: string) =>
  (await list()).alerts.filter((alert) => alert.rule === rule && alert.status === 'open');

/** What a sync does after writing the warehouse: a new version, so cached reads are refreshed. */
async function afterSync(): Promise<void> {
  await app.db.execute(
    sql`UPDATE sync_states SET updated_at = updated_at + interval '1 second' WHERE workspace_id = ${workspaceId}`,
  );
  await enqueue(app.db, catalogue.evaluateAlerts, { workspaceId }, { now: new Date() });
  await runJobsUntilIdle(app.server.deps);
}

const MemberRow = z.object({ workspace_id: z.string() });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  demo = await startDemoEmulators({
    preset: 'small',
    seed: 42,
    scenario: { orderDropDay: DAY },
    shopifyBucket: UNTHROTTLED_BUCKET,
  });
  app = await startTestApp({ SMTP_URL: smtp.url }, { demo });
  owner = await app.signIn('owner@example.com', 'Olive');
  const [member] = await queryRows(app.db, MemberRow, sql`SELECT id AS workspace_id FROM workspaces`);
  workspaceId = member!.workspace_id;
  expect((await app.request('/api/demo/connect', { method: 'POST', cookie: owner })).status).toBe(200);
  await runJobsUntilIdle(app.server.deps);
}, 600_000);

afterAll(async () => {
  await app?.close();
  await demo?.close();
  await smtp?.close();
});

describe('built-in anomaly rules', () => {
  it("flags the day's contribution margin from the profit rollup", async () => {
    const [margin] = await open('forecast:contribution-margin');
    expect(margin, JSON.stringify((await list()).alerts.map((a) => a.title))).toBeDefined();
    expect(margin).toMatchObject({ subject: DAY, link: '/profit' });
    expect(margin!.title).toMatch(/^Contribution margin on .* was unusually low$/);
    expect(margin!.detail).toMatch(/expected \(95 % interval .* weekday baseline\)/);
  });

  it('flags ad spend on the product its campaign advertises while it is out of stock', async () => {
    const planted = demo.groundTruth.plantedCampaigns.outOfStockTraffic;
    const alerts = await open('ad-spend-out-of-stock');
    expect(alerts.map((a) => a.subject)).toEqual([planted.id]);
    expect(alerts[0]!.title).toBe(
      `"${planted.name}" is spending on ${planted.productTitle}, which is out of stock`,
    );
    expect(alerts[0]!.link).toBe('/campaigns');
    // The in-stock campaigns are not flagged.
    const highRoas = demo.groundTruth.plantedCampaigns.highRoas;
    expect(alerts.some((a) => a.subject === highRoas.id)).toBe(false);
  });

  it('flags the GA4 conversion rate once GA4 reports a day without key events', async () => {
    expect(await open('forecast:ga4-conversion-rate')).toEqual([]);
    await app.db.execute(
      sql`UPDATE wh_ga4_daily_channels SET key_events = 0 WHERE workspace_id = ${workspaceId} AND date = ${DAY}::date`,
    );
    await afterSync();
    const [rate] = await open('forecast:ga4-conversion-rate');
    expect(rate).toMatchObject({ subject: DAY, link: '/analytics' });
    expect(rate!.title).toMatch(/^GA4 conversion rate on .* was unusually low$/);
    expect(rate!.detail).toMatch(/^0\.00 % against \d+\.\d\d % expected/);
  });

  it("flags a campaign's ROAS and POAS when a day brings it a hundred times its usual sales", async () => {
    const campaign = demo.groundTruth.plantedCampaigns.highRoas;
    const subject = `${campaign.id}:${DAY}`;
    const flagged = async () =>
      [...(await open('forecast:campaign-roas')), ...(await open('forecast:campaign-poas'))]
        .filter((a) => a.subject === subject)
        .map((a) => a.title);
    expect(await flagged()).toEqual([]);
    // A $5,000 order the campaign brought in (its UTM names it), as a sync would store it.
    await app.db.execute(
      sql`INSERT INTO wh_orders (workspace_id, order_id, name, currency_code, total_minor, created_at, updated_at,
            order_date, utm_source, utm_medium, utm_campaign, source_type, moments_count)
          VALUES (${workspaceId}, 999999001, '#BIG', 'USD', 500000, ${`${DAY}T15:00:00Z`}, ${`${DAY}T15:00:00Z`},
            ${DAY}::date, 'facebook', 'paid_social', ${campaign.name}, 'SOCIAL', 1)`,
    );
    await app.db.execute(
      sql`INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, title, quantity,
            unit_price_minor, currency_code)
          VALUES (${workspaceId}, 999999001, 999999001, ${DAY}::date, 'Big basket', 1, 500000, 'USD')`,
    );
    await afterSync();
    expect((await flagged()).sort()).toEqual([
      expect.stringMatching(new RegExp(`^POAS of "${campaign.name}" on .* was unusually high$`)),
      expect.stringMatching(new RegExp(`^ROAS of "${campaign.name}" on .* was unusually high$`)),
    ]);
  });

  it('says so, instead of judging, when history is too thin', async () => {
    await app.db.execute(
      sql`DELETE FROM wh_ga4_daily_channels WHERE workspace_id = ${workspaceId} AND date < ${DAY}::date - 14`,
    );
    await afterSync();
    const { notes } = await list();
    expect(notes).toContainEqual({
      rule: 'forecast:ga4-conversion-rate',
      subject: DAY,
      note: expect.stringMatching(
        /^GA4 conversion rate on .* not judged: history too thin \(2 earlier same weekdays with data, 4 needed\)\.$/,
      ),
    });
    // No verdict without an interval: the alert opened before is resolved, not kept.
    expect(await open('forecast:ga4-conversion-rate')).toEqual([]);
  });
});

const ConfigRow = z.object({ id: z.string() });

describe('a tracked site that stopped sending', () => {
  it('opens after 24 hours without events and resolves when events arrive again', async () => {
    const [config] = await queryRows(
      app.db,
      ConfigRow,
      sql`INSERT INTO tracking_configurations (workspace_id, website_name, website_url, website_origin, tracking_id, api_key)
          VALUES (${workspaceId}, 'Demo Goods shop', 'https://shop.example', 'https://shop.example', 'trk_alerts', 'key')
          RETURNING id`,
    );
    const session = (id: string, hoursAgo: number) =>
      app.db.execute(
        sql`INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at, ended_at, event_count,
              click_count, last_page_url, last_page_at, first_received_at, last_received_at)
            SELECT ${workspaceId}, ${config!.id}, ${id}, t, t, 3, 1, '/', t, t, t
            FROM (SELECT now() - make_interval(hours => ${hoursAgo}) AS t) x`,
      );
    await session('recent', 2);
    await afterSync();
    expect(await open('tracking-silent')).toEqual([]);

    await app.db.execute(sql`DELETE FROM tracking_sessions WHERE configuration_id = ${config!.id}`);
    await session('old', 30);
    await afterSync();
    const [silent] = await open('tracking-silent');
    expect(silent).toMatchObject({
      subject: config!.id,
      title: 'Demo Goods shop stopped sending cursor events',
      link: '/cursor-tracking',
    });

    await session('back', 0);
    await afterSync();
    const after = (await list()).alerts.find((a) => a.id === silent!.id);
    expect(after?.status).toBe('resolved');
  });
});
