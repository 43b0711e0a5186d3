import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOnDay } from '../../src/demo/profit/plan.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { PROFIT_LINES, type ProfitLines, type ProfitReport } from '../../src/shared/contracts/profit.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue #36 item 6 on the connected demo store (real PostgreSQL or PGlite, real HTTP): the daily
 * P&L export adds up to GET /api/profit to the cent over several windows, day by day and in total;
 * the order lines export carries each line's planted unit cost, its cost of goods and contribution.
 */

let app: DemoTestApp;
let owner: string;

const LINES: ReadonlyArray<keyof ProfitLines> = [...PROFIT_LINES, 'taxes', 'totalSales'];
const snake = (line: string) =>
  line === 'shipping' ? 'shipping_cost' : line.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function csv(path: string) {
  const response = await app.request(path, { cookie: owner });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const [header = [], ...records] = parse(await response.text()) as string[][];
  return records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])));
}

async function profit(query: string): Promise<ProfitReport> {
  const response = await app.request(`/api/profit?${query}`, { cookie: owner });
  expect(response.status).toBe(200);
  return (await response.json()) as ProfitReport;
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
}, 300_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/export/daily-pnl.csv', () => {
  it('adds up to /api/profit to the cent, day by day and in total, over several windows', async () => {
    const store = app.demo.store;
    const first = store.getOrder(0).day;
    const last = store.getOrder(store.orders.count - 1).day;
    const windows = [
      [addDays(last, -6), last],
      [addDays(last, -29), last],
      [addDays(last, -89), addDays(last, -40)],
      [addDays(first, -10), addDays(first, 20)],
      [addDays(last, -400), last],
    ] as const;
    for (const [from, to] of windows) {
      const rows = await csv(`/api/export/daily-pnl.csv?from=${from}&to=${to}`);
      const byDay = await profit(`from=${from}&to=${to}&granularity=day`);
      const byMonth = await profit(`from=${from}&to=${to}&granularity=month`);
      const digits = currencyDigitsOf(byDay.currency);
      const minor = (value: string) => parseDecimalToMinor(value, digits);
      // One row per day of the window, each equal to that day of /api/profit.
      expect(rows.map((row) => row.day)).toEqual(byDay.series.map((point) => point.period));
      rows.forEach((row, i) => {
        const point = byDay.series[i]!;
        expect(row.currency).toBe(byDay.currency);
        for (const line of LINES)
          expect([row.day, line, row[snake(line)]]).toEqual([row.day, line, point[line]]);
      });
      // The column sums equal the window's totals (read by month, a different bucketing).
      for (const line of LINES) {
        const sum = rows.reduce((total, row) => total + minor(row[snake(line)]!), 0);
        expect([from, to, line, sum]).toEqual([from, to, line, minor(byMonth.totals[line])]);
      }
      expect(
        rows.some((row) => minor(row.net_sales!) !== 0),
        `${from}..${to} has sales`,
      ).toBe(true);
    }
  });

  it('answers 400 naming the field for a bad window, and needs both days', async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=2026-03-10&to=2026-03-01', /to: must be on or after from/],
      ['from=2026-02-30&to=2026-03-01', /from: expected a date YYYY-MM-DD/],
      ['from=2020-01-01&to=2026-01-01', /to: the range from from to to may span at most/],
      ['from=2026-03-01', /to/],
    ];
    for (const [query, message] of cases) {
      const response = await app.request(`/api/export/daily-pnl.csv?${query}`, { cookie: owner });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await app.request('/api/export/daily-pnl.csv?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });
});

describe('GET /api/export/order-lines.csv', () => {
  it("carries each line's planted unit cost, its cost of goods and contribution", async () => {
    const store = app.demo.store;
    const last = store.getOrder(store.orders.count - 1).day;
    const from = addDays(last, -59);
    const indexOf = new Map(store.variants.map((variant) => [String(variant.legacyId), variant.index]));
    const rows = await csv(`/api/export/order-lines.csv?from=${from}&to=${last}`);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const digits = currencyDigitsOf(row.currency!);
      const minor = (column: string) => parseDecimalToMinor(row[column]!, digits);
      const unitCost = costOnDay(store.profit, indexOf.get(row.variant_id!)!, row.order_day!);
      expect([row.line_item_id, minor('unit_cost')]).toEqual([row.line_item_id, unitCost]);
      expect(row.cost_estimated).toBe('false');
      expect(minor('cogs')).toBe(unitCost * Number(row.quantity));
      expect(minor('contribution')).toBe(minor('line_total') - minor('cogs'));
      expect(minor('line_total')).toBe(minor('unit_price') * Number(row.quantity) - minor('discount'));
    }
  });
});
