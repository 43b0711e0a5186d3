import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatDay } from '../../src/core/insights/format-day.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { queueDueDigests } from '../../src/server/features/notifications/digest/queue-due-digests.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { type Delivery, SendResultSchema } from '../../src/shared/contracts/notifications.ts';
import type { Opportunity } from '../../src/shared/contracts/opportunities.ts';
import { formatMoney, minorToDecimal } from '../../src/shared/money.ts';
import { expectedFigures } from '../dashboard/store-figures.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';
import {
  startHttpReceiver,
  startTestSmtpServer,
  type TestHttpReceiver,
  type TestSmtpServer,
} from './receivers.ts';

/**
 * The test digest and the channels over the real path: the demo store is connected and synced
 * through the emulators, then the digest goes through nodemailer to an SMTP server this test
 * runs, and channel tests reach real HTTP receivers (the webhook's HMAC checked here).
 */

let app: DemoTestApp;
let smtp: TestSmtpServer;
let receiver: TestHttpReceiver;
let owner: string;

const post = (path: string, body: unknown, cookie = owner) =>
  app.request(path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function sent(response: Response): Promise<Delivery> {
  expect(response.status, await response.clone().text()).toBe(200);
  return SendResultSchema.parse(await response.json()).delivery;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  receiver = await startHttpReceiver();
  ({ app, owner } = await startConnectedDemoApp(7, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Upside <digests@upside.test>',
  }));
}, 600_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await receiver?.close();
});

const SettingRow = z.object({ daily_digest: z.boolean(), weekly_digest: z.boolean() });

describe('POST /api/notifications/digests/test', () => {
  it('asks for a session, and takes a POST with no body as the daily digest', async () => {
    expect((await app.request('/api/notifications/digests/test', { method: 'POST' })).status).toBe(401);
    const response = await app.request('/api/notifications/digests/test', { method: 'POST', cookie: owner });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      delivery: { status: 'sent', subject: expect.stringContaining('Daily digest') },
    });
  });

  it('sends the daily digest, multipart, naming the store, with revenue and the top opportunity', async () => {
    const before = smtp.messages.length;
    const delivery = await sent(await post('/api/notifications/digests/test', {}));
    expect(delivery).toMatchObject({ status: 'sent', kind: 'email', recipient: 'owner@example.com' });
    const [mail] = (await smtp.waitFor(before + 1, 30_000)).slice(before);
    const store = app.demo.store;
    expect(mail!.subject).toContain(store.shop.name);
    expect(mail!.subject).toContain('Daily digest');
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toContain('owner@example.com');
    expect(typeof mail!.html).toBe('string');
    expect(mail!.text?.length ?? 0).toBeGreaterThan(0);
    const html = mail!.html as string;
    expect(html).not.toMatch(/<script/i);

    // Revenue of the digest's day, computed straight from the generated store.
    const day = delivery.period;
    const figures = expectedFigures(store, day, day);
    const revenue = formatMoney(minorToDecimal(figures.gross - figures.refunds, 2), store.shop.currencyCode);
    expect(html).toContain('Revenue');
    expect(html).toContain(revenue);
    expect(mail!.text).toContain(`Revenue: ${revenue}`);
    expect(mail!.text).toContain(`Orders: ${figures.orders.toLocaleString('en-US')}`);
    // What "vs previous" and "vs last year" are: the day before and the same weekday 52 weeks back.
    expect(mail!.text).toContain(
      `Compared with the day before (${formatDay(addDays(day, -1))}) and the same weekday a year earlier (${formatDay(addDays(day, -364))}).`,
    );

    const opportunities = (await (
      await app.request('/api/opportunities', { cookie: owner })
    ).json()) as Opportunity[];
    expect(opportunities.length).toBeGreaterThan(0);
    expect(mail!.text).toContain(opportunities[0]!.title);
    expect(html).toContain(
      opportunities[0]!.title.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;'),
    );

    // One-click unsubscribe: the header and the link in the body.
    const raw = smtp.raw.at(-1)!.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // The test digest is the real one (issue #36): the scheduled digest to the same member, sent
    // through the same SMTP server, has the same subject, body, unsubscribe link and headers.
    await app.db.execute(
      sql`INSERT INTO notification_settings (workspace_id, user_id, digest_hour, updated_at)
          SELECT w.id, u.id, 0, now() FROM workspaces w JOIN team_members m ON m.team_id = w.team_id
            JOIN users u ON u.id = m.user_id WHERE u.email = 'owner@example.com'
          ON CONFLICT (workspace_id, user_id) DO UPDATE SET digest_hour = 0, daily_digest = true`,
    );
    const beforeScheduled = smtp.messages.length;
    expect(await queueDueDigests(app.server.deps)).toBeGreaterThanOrEqual(1);
    await runJobsUntilIdle(app.server.deps);
    const scheduled = (await smtp.waitFor(beforeScheduled + 1, 30_000))
      .slice(beforeScheduled)
      .find((m) => (m.to && 'text' in m.to ? m.to.text : '').includes('owner@example.com'));
    expect(scheduled?.subject).toBe(mail!.subject);
    expect(scheduled?.text).toBe(mail!.text);
    const headerOf = (message: string, name: string) =>
      new RegExp(`^${name}: (.*)$`, 'm').exec(message.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    const scheduledRaw = smtp.raw.find(
      (message, index) => index >= beforeScheduled && message.includes('owner@example.com'),
    )!;
    for (const name of ['List-Unsubscribe', 'List-Unsubscribe-Post'])
      expect(headerOf(scheduledRaw, name), name).toBe(headerOf(smtp.raw[before]!, name));
  }, 60_000);

  it('refuses a tampered unsubscribe link and honours the genuine one', async () => {
    const link = /List-Unsubscribe: <([^>]+)>/.exec(smtp.raw.at(-1)!.replace(/\r?\n[ \t]+/g, ' '))![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        r: `user:${'0'.repeat(8)}-0000-4000-8000-000000000000`,
      }),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature!.slice(0, -2)}xx`, 'nonsense']) {
      const response = await app.request(`/api/notifications/unsubscribe?token=${bad}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_unsubscribe_link');
    }
    const page = await app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe');
    // The one-click POST as a mail provider sends it: from another origin, no session.
    const done = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    const [settings] = await queryRows(
      app.db,
      SettingRow,
      sql`SELECT s.daily_digest, s.weekly_digest FROM notification_settings s JOIN users u ON u.id = s.user_id
          WHERE u.email = 'owner@example.com'`,
    );
    expect(settings).toEqual({ daily_digest: false, weekly_digest: false });
  });
});

describe('channels', () => {
  it.each([
    [{ type: 'email', target: 'not-an-address', name: 'Me' }, /target: target must be an e-mail address/],
    [{ type: 'slack', target: 'hooks.slack.com/services/x', name: 'Ops' }, /target: target must be a URL/],
    [
      { type: 'webhook', target: 'ftp://example.com/hook', name: 'Hook' },
      /target: target must be an http or https URL/,
    ],
    [{ type: 'slack', target: 'https://hooks.slack.com/other', name: 'Ops' }, /Slack incoming webhook URL/],
    [{ type: 'pager', target: 'x', name: 'P' }, /type/],
    [{ type: 'email', target: 'me@example.com', name: '' }, /name/],
  ])('refuses %j with a 400 naming the reason', async (body, reason) => {
    const response = await post('/api/notifications/channels', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(reason);
    const list = (await (await app.request('/api/notifications/channels', { cookie: owner })).json()) as {
      channels: unknown[];
    };
    expect(list.channels).toEqual([]);
  });

  it('creates a webhook channel and sends a test signed with HMAC-SHA256 over timestamp and body', async () => {
    const created = await post('/api/notifications/channels', {
      type: 'webhook',
      target: `${receiver.url}/hooks/upside?key=secret-part`,
      name: 'Ops hook',
    });
    expect(created.status).toBe(201);
    const channel = (await created.json()) as { id: string; target: string; signingSecret: string };
    expect(channel.signingSecret).toMatch(/^whsec_/);
    expect(channel.target).not.toContain('secret-part');
    const listed = (await (await app.request('/api/notifications/channels', { cookie: owner })).json()) as {
      channels: Array<Record<string, unknown>>;
    };
    expect(listed.channels).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const delivery = await sent(await post(`/api/notifications/channels/${channel.id}/test`, {}));
    expect(delivery).toMatchObject({ status: 'sent', kind: 'webhook', recipient: 'Ops hook' });
    const request = receiver.received.at(-1)!;
    expect(request.path).toBe('/hooks/upside?key=secret-part');
    const timestamp = request.headers['x-upside-timestamp'] as string;
    const expected = `v1=${createHmac('sha256', channel.signingSecret).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers['x-upside-signature']).toBe(expected);
    expect(JSON.parse(request.body)).toMatchObject({ id: delivery.id, type: 'test' });
  });

  it('sends a Slack test as Block Kit and reports a refusal as failed with the reason', async () => {
    const created = await post('/api/notifications/channels', {
      type: 'slack',
      target: `${receiver.url}/services/T1/B1/x`,
      name: 'Slack',
    });
    const channel = (await created.json()) as { id: string };
    const ok = await sent(await post(`/api/notifications/channels/${channel.id}/test`, {}));
    expect(ok.status).toBe('sent');
    const body = JSON.parse(receiver.received.at(-1)!.body) as {
      text: string;
      blocks: Array<{ type: string }>;
    };
    expect(body.text).toContain('test message');
    expect(body.blocks.map((b) => b.type)).toEqual(['header', 'section']);

    receiver.answer = () => ({ status: 404, body: 'no_service' });
    const refused = await sent(await post(`/api/notifications/channels/${channel.id}/test`, {}));
    receiver.answer = () => ({ status: 200, body: 'ok' });
    expect(refused).toMatchObject({ status: 'failed', lastError: expect.stringContaining('404 no_service') });
  });
});
