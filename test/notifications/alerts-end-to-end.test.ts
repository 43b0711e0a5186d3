import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type SlackWebhookEmulator,
  startSlackWebhookEmulator,
} from '../../src/demo/emulators/slack/slack-webhook-emulator.ts';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { type Alert, AlertListSchema } from '../../src/shared/contracts/notifications.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { dropDemoStorefrontJob, UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './receivers.ts';

/**
 * An alert end to end: the demo store with the scenario knob that halves the orders of its last
 * day is connected and synced; the analysis run's alert evaluation opens "orders unusually low",
 * e-mails the owner (real SMTP server) and posts to Slack (the Slack emulator). A second
 * evaluation sends nothing more; an owner threshold that stops holding is resolved with a notice.
 */

let demo: DemoEmulators;
let app: TestApp;
let smtp: TestSmtpServer;
let slack: SlackWebhookEmulator;
let owner: string;
let workspaceId: string;

const alerts = async (): Promise<Alert[]> => {
  const response = await app.request('/api/alerts', { cookie: owner });
  expect(response.status).toBe(200);
  return AlertListSchema.parse(await response.json()).alerts;
};

const postJson = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function evaluateNow(): Promise<void> {
  await enqueue(app.db, catalogue.evaluateAlerts, { workspaceId }, { now: new Date() });
  await runJobsUntilIdle(app.server.deps);
}

const MemberRow = z.object({ workspace_id: z.string() });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  slack = await startSlackWebhookEmulator();
  demo = await startDemoEmulators({
    preset: 'small',
    seed: 42,
    scenario: { orderDropDay: '2026-10-31' },
    shopifyBucket: UNTHROTTLED_BUCKET,
  });
  app = await startTestApp({ SMTP_URL: smtp.url }, { demo });
  owner = await app.signIn('owner@example.com', 'Olive');
  const [member] = await queryRows(app.db, MemberRow, sql`SELECT id AS workspace_id FROM workspaces`);
  workspaceId = member!.workspace_id;
  const channel = await postJson('/api/notifications/channels', {
    type: 'slack',
    target: slack.webhookUrl,
    name: '#shop-alerts',
  });
  expect(channel.status).toBe(201);
  expect((await app.request('/api/demo/connect', { method: 'POST', cookie: owner })).status).toBe(200);
  // The storefront's tracker history (80,000 events) and the second analysis it queues read no
  // order the alert counts: dropped as a `-bare` template drops it (decisions 211, 230).
  await dropDemoStorefrontJob(app);
  await runJobsUntilIdle(app.server.deps);
}, 600_000);

afterAll(async () => {
  await app?.close();
  await demo?.close();
  await smtp?.close();
  await slack?.close();
});

describe('a planted anomaly', () => {
  it('opens its alert after the analysis run and delivers it by e-mail and Slack', async () => {
    const list = await alerts();
    const drop = list.find((alert) => alert.rule === 'forecast:orders');
    expect(drop, JSON.stringify(list.map((a) => a.title))).toBeDefined();
    expect(drop).toMatchObject({
      status: 'open',
      subject: '2026-10-31',
      link: '/insights',
      resolvedAt: null,
    });
    expect(drop!.title).toMatch(/Orders on .* were unusually low/);
    expect(drop!.deliveries.map((d) => [d.kind, d.status]).sort()).toEqual([
      ['email', 'sent'],
      ['slack', 'sent'],
    ]);
    const mail = smtp.messages.find((m) => m.subject?.includes(drop!.title));
    expect(mail?.subject).toContain('Upside Demo Goods');
    expect(mail?.text).toContain('/insights');
    expect(slack.received.some((m) => m.text?.includes(drop!.title))).toBe(true);
  });

  it('is not sent again while it stays open', async () => {
    const mails = smtp.messages.length;
    const posts = slack.received.length;
    await evaluateNow();
    expect(smtp.messages.length).toBe(mails);
    expect(slack.received.length).toBe(posts);
    expect((await alerts()).filter((a) => a.rule === 'forecast:orders')).toHaveLength(1);
  });
});

describe("an owner's threshold", () => {
  it('opens while it holds and sends a resolved notice when it clears', async () => {
    const created = await postJson('/api/notifications/rules', {
      metric: 'orders',
      comparator: 'above',
      threshold: '0',
      windowDays: 1,
    });
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: string };
    await evaluateNow();
    const open = (await alerts()).find((a) => a.rule === `rule:${rule.id}`);
    expect(open).toMatchObject({ status: 'open', title: 'Orders above 0 yesterday' });

    expect(
      (await app.request(`/api/notifications/rules/${rule.id}`, { method: 'DELETE', cookie: owner })).status,
    ).toBe(204);
    await evaluateNow();
    const closed = (await alerts()).find((a) => a.id === open!.id);
    expect(closed?.status).toBe('resolved');
    expect(closed?.resolvedAt).not.toBeNull();
    expect(closed!.deliveries.filter((d) => d.source.endsWith(':resolved')).map((d) => d.status)).toEqual([
      'sent',
      'sent',
    ]);
    expect(smtp.messages.some((m) => m.subject?.includes('Resolved: Orders above 0 yesterday'))).toBe(true);
  });

  it('refuses a bad rule naming the field', async () => {
    const response = await postJson('/api/notifications/rules', {
      metric: 'orders',
      comparator: 'above',
      threshold: 'ten',
      windowDays: 1,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/threshold/);
  });
});
