import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfitTruth } from '../../src/demo/profit/model.ts';
import { orderProfit } from '../../src/demo/profit/order-profit.ts';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import {
  CostSettingsResponseSchema,
  CsvImportResponseSchema,
  CsvRejectedSchema,
} from '../../src/shared/contracts/costs.ts';
import { ProfitReportSchema } from '../../src/shared/contracts/profit.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Editing the owner's cost rules through /api/costs/*: bad values are refused with a 400 naming
 * the field and change nothing; fee rules and expenses reach GET /api/profit at once (exactly);
 * shipping profiles reach it through a recalculation; the default margin is stored.
 */

let app: DemoTestApp;
let owner: string;
let truth: ProfitTruth;
let first: string;
let last: string;

async function call(method: string, path: string, body?: unknown) {
  return app.request(path, {
    method,
    cookie: owner,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

async function settings() {
  const response = await call('GET', '/api/costs/settings');
  expect(response.status).toBe(200);
  return CostSettingsResponseSchema.parse(await response.json());
}

async function totals(from = first, to = last) {
  const response = await call('GET', `/api/profit?from=${from}&to=${to}&granularity=month`);
  expect(response.status).toBe(200);
  const report = ProfitReportSchema.parse(await response.json());
  return Object.fromEntries(
    Object.entries(report.totals).map(([line, amount]) => [line, parseDecimalToMinor(amount, 2)]),
  ) as Record<keyof ProfitTruth['totals'], number>;
}

async function expectRefused(method: string, path: string, body: unknown, message: RegExp) {
  const response = await call(method, path, body);
  expect(response.status, await response.clone().text()).toBe(400);
  expect(((await response.json()) as { message: string }).message).toMatch(message);
}

beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7));
  truth = app.demo.store.groundTruth.profit;
  first = truth.days[0]!.date;
  last = truth.days.at(-1)!.date;
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('bad input', () => {
  it('refuses each bad value naming the field, storing nothing', async () => {
    const before = await settings();
    await expectRefused(
      'PUT',
      '/api/costs/fee-rules',
      { rules: [{ gateway: 'paypal', percent: 'abc', fixed: '0.30' }] },
      /rules(\.0|\[0\])\.percent/,
    );
    await expectRefused(
      'PUT',
      '/api/costs/fee-rules',
      { rules: [{ gateway: 'paypal', percent: '2', fixed: '-1' }] },
      /rules(\.0|\[0\])\.fixed/,
    );
    await expectRefused(
      'PUT',
      '/api/costs/shipping-profiles',
      { profiles: [{ country: 'usa', minGrams: 0, maxGrams: null, cost: '5.00' }] },
      /profiles(\.0|\[0\])\.country/,
    );
    await expectRefused(
      'PUT',
      '/api/costs/shipping-profiles',
      { profiles: [{ country: 'US', minGrams: 500, maxGrams: 100, cost: '5.00' }] },
      /profiles(\.0|\[0\])\.maxGrams/,
    );
    const expense = { name: 'Rent', kind: 'monthly', amount: '100.00', startsOn: '2026-05-01', endsOn: null };
    await expectRefused('POST', '/api/costs/expenses', { ...expense, kind: 'yearly' }, /kind/);
    await expectRefused('POST', '/api/costs/expenses', { ...expense, endsOn: '2026-04-01' }, /endsOn/);
    await expectRefused('POST', '/api/costs/expenses', { ...expense, amount: '1.234' }, /amount/);
    await expectRefused(
      'PUT',
      '/api/costs/default-margin',
      { defaultMarginPercent: '120' },
      /defaultMarginPercent/,
    );
    expect(await settings()).toEqual(before);
    expect((await call('PUT', '/api/costs/expenses/999999', expense)).status).toBe(404);
    expect((await call('DELETE', '/api/costs/expenses/999999')).status).toBe(404);
  });
});

describe('edits reach the profit report', () => {
  it('a fee rule applies per transaction at once, and restoring it restores the truth', async () => {
    const { paymentFeeRules } = await settings();
    expect(paymentFeeRules.length).toBeGreaterThan(0);
    const base = await totals();
    expect(base.paymentFees).toBe(truth.totals.paymentFees);
    expect((await call('PUT', '/api/costs/fee-rules', { rules: [] })).status).toBe(200);
    const without = await totals();
    expect(without.paymentFees).toBeLessThan(base.paymentFees);
    expect(without.netProfit - base.netProfit).toBe(
      base.paymentFees - without.paymentFees - (without.expenses - base.expenses),
    );
    expect((await call('PUT', '/api/costs/fee-rules', { rules: paymentFeeRules })).status).toBe(200);
    expect(await totals()).toEqual(base);
  });

  it('an expense is added, edited and deleted with its exact effect on its month', async () => {
    const month = { from: '2026-06-01', to: '2026-06-30' };
    const base = await totals(month.from, month.to);
    const expense = {
      name: 'Warehouse rent',
      kind: 'monthly',
      amount: '300.00',
      startsOn: month.from,
      endsOn: month.to,
    };
    const created = await call('POST', '/api/costs/expenses', expense);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await totals(month.from, month.to)).expenses).toBe(base.expenses + 30_000);
    expect((await call('PUT', `/api/costs/expenses/${id}`, { ...expense, amount: '450.50' })).status).toBe(
      200,
    );
    const edited = await totals(month.from, month.to);
    expect(edited.expenses).toBe(base.expenses + 45_050);
    expect(edited.netProfit).toBe(base.netProfit - 45_050);
    expect((await settings()).expenses.find((e) => e.id === id)).toMatchObject({ amount: '450.50' });
    expect((await call('DELETE', `/api/costs/expenses/${id}`)).status).toBe(200);
    expect(await totals(month.from, month.to)).toEqual(base);
  });

  it('a shipping profile reaches orders through a recalculation; the default margin is stored', async () => {
    const { shippingProfiles } = await settings();
    const base = await totals();
    const flat = [{ country: '*', minGrams: 0, maxGrams: null, cost: '1.00' }];
    expect((await call('PUT', '/api/costs/shipping-profiles', { profiles: flat })).status).toBe(200);
    expect((await settings()).shippingProfiles).toEqual(flat);
    const run = await call('POST', '/api/costs/recalculations', { from: first, to: last });
    expect(run.status).toBe(202);
    await runJobsUntilIdle(app.server.deps);
    const after = await totals();
    expect(after.shipping).not.toBe(base.shipping);
    expect(after.shipping).toBeLessThan(base.shipping);
    // Restoring the profiles and recalculating again restores the planted shipping costs exactly.
    expect((await call('PUT', '/api/costs/shipping-profiles', { profiles: shippingProfiles })).status).toBe(
      200,
    );
    expect((await call('POST', '/api/costs/recalculations', { from: first, to: last })).status).toBe(202);
    await runJobsUntilIdle(app.server.deps);
    expect(await totals()).toEqual(base);

    expect((await call('PUT', '/api/costs/default-margin', { defaultMarginPercent: '35.5' })).status).toBe(
      200,
    );
    expect((await settings()).defaultMarginPercent).toBe('35.5');
  });
});

describe('per-order shipping cost CSV', () => {
  async function importShipping(csv: string) {
    return app.request('/api/costs/shipping-import?fileName=shipping.csv', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
  }

  it('refuses a file with bad rows whole, naming each row and column (first 50), storing nothing', async () => {
    const before = await settings();
    const base = await totals();
    const bad = Array.from({ length: 60 }, (_, i) => `#${1001 + i},twelve`);
    const response = await importShipping(['order_name,cost', '#1001,-1', ',5.00', ...bad].join('\n'));
    expect(response.status).toBe(400);
    const refused = CsvRejectedSchema.parse(await response.json());
    expect(refused.errorCount).toBe(62);
    expect(refused.errors).toHaveLength(50);
    expect(refused.errors[0]).toMatchObject({ column: 'cost' });
    expect(refused.errors[1]).toMatchObject({ column: 'order_id' });
    expect(refused.errors.slice(2).every((error) => error.column === 'cost')).toBe(true);
    const rows = refused.errors.map((error) => error.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(await settings()).toEqual(before);
    expect(await totals()).toEqual(base);
  });

  it('beats the shipping profile for the orders it names, on their order day, and lists unknown orders', async () => {
    const store = app.demo.store;
    let index = 0;
    while (store.getOrder(index).test || store.getOrder(index).cancelledAtMs !== null) index += 1;
    const order = store.getOrder(index);
    const planted = orderProfit(store.profit, order).shippingCostMinor;
    const base = await totals(order.day, order.day);
    const response = await importShipping(`order_name,cost\n${order.name},12.34\n#999999,1.00\n`);
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = CsvImportResponseSchema.parse(await response.json());
    expect(answer.stored).toBe(1);
    expect(answer.unknown).toEqual([{ row: expect.any(Number), value: 'order #999999', stored: false }]);
    const after = await totals(order.day, order.day);
    expect(after.shipping - base.shipping).toBe(1234 - planted);
    expect(after.contributionMargin - base.contributionMargin).toBe(planted - 1234);
  });
});
