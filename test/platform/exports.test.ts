import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '../../src/shared/contracts/api-tokens.ts';
import type { CustomersSummary } from '../../src/shared/contracts/customers.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * CSV exports over real HTTP with an API token, after the real connect → sync → analyse path on
 * the demo store: one row per order of the window (the generator's orders, their totals exact),
 * lines, customers with their analysis, and a response that starts before any row is read.
 */

let app: DemoTestApp;
let owner: string;
let token: string;

const exportCsv = async (path: string) => {
  const response = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const rows = parse(await response.text(), { relax_column_count: false }) as string[][];
  const [header, ...records] = rows;
  return { header: header ?? [], records };
};

/** The generator's orders whose shop day is in [from, to]. */
function ordersOf(from: string, to: string) {
  const store = app.demo.store;
  const orders = [];
  for (let index = 0; index < store.orders.count; index += 1) {
    const order = store.getOrder(index);
    if (order.day >= from && order.day <= to) orders.push(order);
  }
  return orders;
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
  const created = await app.request('/api/tokens', {
    method: 'POST',
    cookie: owner,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'exports' }),
  });
  token = ((await created.json()) as CreatedApiToken).token;
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/export/{dataset}.csv', () => {
  it('streams a header row and one row per order of the window, money exact', async () => {
    const store = app.demo.store;
    const from = store.getOrder(Math.floor(store.orders.count / 3)).day;
    const to = store.getOrder(Math.floor((2 * store.orders.count) / 3)).day;
    const truth = ordersOf(from, to);
    expect(truth.length).toBeGreaterThan(0);

    const { header, records } = await exportCsv(`/api/export/orders.csv?from=${from}&to=${to}`);
    expect(header.slice(0, 3)).toEqual(['order_id', 'name', 'order_day']);
    expect(records).toHaveLength(truth.length);
    const column = (name: string) => header.indexOf(name);
    const byId = new Map(records.map((record) => [record[column('order_id')], record]));
    for (const order of truth) {
      const record = byId.get(String(order.legacyId));
      expect(record, order.name).toBeDefined();
      expect(record![column('order_day')]).toBe(order.day);
      const currency = record![column('currency')]!;
      expect(parseDecimalToMinor(record![column('total')]!, currencyDigitsOf(currency))).toBe(
        order.totalMinor,
      );
      expect(record![column('test')]).toBe(String(order.test));
    }

    const lines = await exportCsv(`/api/export/order-lines.csv?from=${from}&to=${to}`);
    expect(lines.records).toHaveLength(truth.reduce((sum, order) => sum + order.lineItems.length, 0));

    const all = await exportCsv('/api/export/orders.csv');
    expect(all.records).toHaveLength(store.orders.count);
  });

  it('exports customers with the latest analysis’s segment, churn and CLV', async () => {
    const summary = (await (
      await app.request('/api/customers/summary', { cookie: owner })
    ).json()) as CustomersSummary;
    const { header, records } = await exportCsv('/api/export/customers.csv');
    expect(records).toHaveLength(app.demo.store.customers.length);
    const segment = header.indexOf('segment');
    const churn = header.indexOf('churn_probability');
    const alive = header.indexOf('probability_alive');
    const scored = records.filter((record) => record[segment] !== '');
    expect(scored).toHaveLength(summary.customers);
    for (const record of scored.filter((r) => r[alive] !== '')) {
      expect(Number(record[churn]) + Number(record[alive])).toBeCloseTo(1, 9);
    }
  });

  it('exports campaign-days and cursor sessions with their headers', async () => {
    const campaignDays = await exportCsv('/api/export/campaign-days.csv');
    expect(campaignDays.header).toContain('spend');
    expect(campaignDays.records).toHaveLength(app.demo.store.meta.daily.length);
    const sessions = await exportCsv('/api/export/cursor-sessions.csv');
    expect(sessions.header).toContain('session_id');
  });

  it('answers 404 for an unknown dataset and 400 for a bad window', async () => {
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.request('/api/export/nope.csv', { headers })).status).toBe(404);
    const reversed = await app.request('/api/export/orders.csv?from=2026-02-01&to=2026-01-01', { headers });
    expect(reversed.status).toBe(400);
    expect(await reversed.text()).toContain('from must not be after to');
    expect((await app.request('/api/export/orders.csv?from=2026-02-30', { headers })).status).toBe(400);
    expect((await app.request('/api/export/orders.csv')).status).toBe(401);
  });

  it('starts the response before any row is read', async (context) => {
    if (!app.testDatabase.url) return context.skip();
    // Another session holds wh_orders exclusively: the export's row query must wait for it.
    const blocker = new pg.Client({ connectionString: app.testDatabase.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE wh_orders IN ACCESS EXCLUSIVE MODE');
      const response = await app.request('/api/export/orders.csv', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first.split('\n')[0]).toMatch(/^order_id,name,order_day,/);
      // The header is written before the row query is sent, so the query may reach the lock a moment
      // after the header arrives: wait (up to 10 s) until it is seen waiting behind the blocker.
      const waitingQueries = async () =>
        (
          await blocker.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
             WHERE c.relname = 'wh_orders' AND NOT l.granted`,
          )
        ).rows[0]?.n ?? 0;
      const deadline = Date.now() + 10_000;
      let waiting = await waitingQueries();
      while (waiting === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        waiting = await waitingQueries();
      }
      expect(waiting).toBeGreaterThanOrEqual(1);
      await blocker.query('COMMIT');
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        rest += new TextDecoder().decode(chunk.value);
      }
      expect(parse(first + rest)).toHaveLength(app.demo.store.orders.count + 1);
    } finally {
      await blocker.end();
    }
  });
});
