import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeStore } from '../../demo/export-store.ts';
import { generateStore } from '../../demo/generate-store.ts';
import type { ProfitLines, ProfitTruth } from '../../demo/profit/model.ts';
import { minorToDecimal } from '../../shared/money.ts';
import { CliUsageError } from '../command.ts';
import { command } from './profit.ts';

const root = mkdtempSync(join(tmpdir(), 'upside-profit-cli-'));
const dir = join(root, 'store');
let truth: ProfitTruth;

beforeAll(async () => {
  const store = generateStore({ seed: 42, preset: 'small' });
  await writeStore(store, dir);
  truth = (JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as { profit: ProfitTruth })
    .profit;
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function runProfit(args: string[]): Promise<{ currency: string; totals: Record<string, string> }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    expect(await command.run(args)).toBe(0);
  } finally {
    write.mockRestore();
  }
  return JSON.parse(out) as { currency: string; totals: Record<string, string> };
}

/** The truth's lines over [from, to] as the CLI prints them (decimal strings). */
function truthOver(from: string, to: string): Record<string, string> {
  const days = truth.days.filter((d) => d.date >= from && d.date <= to);
  const names = Object.keys(truth.totals) as (keyof ProfitLines)[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      minorToDecimal(
        days.reduce((s, d) => s + d[name], 0),
        2,
      ),
    ]),
  );
}

describe('upside profit', () => {
  it('equals the ground truth profit totals to the cent over the whole range', async () => {
    const result = await runProfit(['--store', dir, '--json']);
    expect(result.currency).toBe(truth.currency);
    const expected = Object.fromEntries(
      Object.entries(truth.totals).map(([name, minor]) => [name, minorToDecimal(minor, 2)]),
    );
    expect(result.totals).toEqual(expected);
    expect(Object.keys(result.totals)).toHaveLength(13);
    // Shopify's gross sales (decision 109): no shipping in them, shipping charged on its own line.
    expect(Number(result.totals.shippingCharges)).toBeGreaterThan(0);
  });

  it('equals the ground truth over single months', async () => {
    const months = [...new Set(truth.days.map((d) => d.date.slice(0, 7)))];
    expect(months.length).toBeGreaterThanOrEqual(12);
    for (const month of [months[1]!, months[6]!, months[months.length - 1]!]) {
      const days = truth.days.filter((d) => d.date.startsWith(month));
      const from = days[0]!.date;
      const to = days[days.length - 1]!.date;
      const result = await runProfit(['--store', dir, '--from', from, '--to', to, '--json']);
      expect(result.totals, month).toEqual(truthOver(from, to));
    }
  });

  it('refuses a bad costs CSV with one line naming file, row and column', async () => {
    const bad = join(root, 'bad');
    await writeStore(generateStore({ seed: 5, preset: 'custom', customers: 60, days: 60 }), bad);
    const rows = readFileSync(join(bad, 'costs.csv'), 'utf8').split('\n');
    rows[3] = rows[3]!.replace(/,[\d.]+,(\d{4}-)/, ',-4.00,$1');
    writeFileSync(join(bad, 'costs.csv'), rows.join('\n'));
    await expect(command.run(['--store', bad, '--json'])).rejects.toThrow(
      new CliUsageError("costs.csv: row 4, column 'cost': '-4.00' is not a non-negative amount"),
    );
    copyFileSync(join(dir, 'costs.csv'), join(bad, 'costs.csv'));
    const orders = readFileSync(join(bad, 'orders.jsonl'), 'utf8').split('\n');
    orders[1] = orders[1]!.replace(/"day":"[^"]+"/, '"day":"2026-02-30"');
    writeFileSync(join(bad, 'orders.jsonl'), orders.join('\n'));
    await expect(command.run(['--store', bad])).rejects.toThrow(/^orders\.jsonl: row 2, field 'day': /);
    await expect(command.run(['--store', bad, '--from', '2026-13-01'])).rejects.toThrow(
      "--from must be a date YYYY-MM-DD, got '2026-13-01'",
    );
  }, 120_000);
});

describe('upside profit from a Shopify orders export', () => {
  const exportDir = join(root, 'export');
  const HEADER =
    'Name,Email,Financial Status,Currency,Subtotal,Shipping,Taxes,Total,Discount Amount,Created at,' +
    'Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Cancelled at,Payment Method,Refunded Amount';
  const ORDERS = [
    HEADER,
    // Two lines, shipping, a discount, paid with Shopify Payments (a fee rule: 2.9 % + 0.30).
    '#1001,a@example.com,paid,USD,40.00,5.00,0.00,43.00,2.00,2024-03-01 10:00:00 -0500,2,Mug,10.00,SKU-A,,Shopify Payments,0.00',
    '#1001,,,,,,,,,,1,Bowl,20.00,SKU-B,,,',
    // After SKU-A's cost change, partly refunded, paid by PayPal (no rule: no fee).
    '#1002,b@example.com,partially_refunded,USD,30.00,0.00,0.00,30.00,0.00,2024-03-05 09:00:00 -0500,3,Mug,10.00,SKU-A,,PayPal,15.00',
    // Cancelled: left out.
    '#1003,c@example.com,voided,USD,100.00,0.00,0.00,100.00,0.00,2024-03-04 12:00:00 -0500,5,Bowl,20.00,SKU-B,2024-03-04 13:00:00 -0500,PayPal,0.00',
  ];
  const COSTS = [
    'sku,cost,effective_from',
    'SKU-A,4.00,2024-01-01',
    'SKU-A,5.00,2024-03-03',
    'SKU-B,12.50,2024-01-01',
  ];
  const RULES = {
    shippingProfiles: [],
    paymentFeeRules: [{ gateway: 'shopify_payments', percent: '2.9', fixed: '0.30' }],
    expenses: [
      { name: 'Packaging', kind: 'per_order', amount: '1.00', startsOn: '2024-03-01', endsOn: null },
    ],
  };
  const paths = {
    orders: join(exportDir, 'orders_export.csv'),
    costs: join(exportDir, 'costs.csv'),
    rules: join(exportDir, 'rules.json'),
  };
  const args = ['--orders', paths.orders, '--costs', paths.costs, '--rules', paths.rules, '--json'];

  beforeAll(() => {
    mkdirSync(exportDir, { recursive: true });
    writeFileSync(paths.orders, `${ORDERS.join('\n')}\n`);
    writeFileSync(paths.costs, `${COSTS.join('\n')}\n`);
    writeFileSync(paths.rules, JSON.stringify(RULES));
  });

  it('adds up the P&L from the export, the costs in force on each order day and the rules', async () => {
    // #1001: 2 × 10.00 + 20.00 products (gross sales: no shipping) + 5.00 shipping charged; COGS 2 × 4.00 + 12.50; fee 43.00 × 2.9 % = 1.247
    // → 1.25, + 0.30. #1002: 30.00, refunded 15.00, COGS 3 × 5.00 (the cost from 03-03). Packaging
    // 1.00 per counted order.
    const result = await runProfit(args);
    expect(result).toEqual({
      currency: 'USD',
      totals: {
        grossSales: '70.00',
        discounts: '2.00',
        returns: '15.00',
        netSales: '53.00',
        cogs: '35.50',
        grossProfit: '17.50',
        shippingCharges: '5.00',
        shipping: '5.00',
        paymentFees: '1.55',
        marketing: '0.00',
        contributionMargin: '15.95',
        expenses: '2.00',
        netProfit: '13.95',
      },
    });
    const late = await runProfit([...args, '--from', '2024-03-04', '--to', '2024-03-05']);
    expect(late.totals).toMatchObject({
      grossSales: '30.00',
      cogs: '15.00',
      expenses: '1.00',
      netProfit: '-1.00',
    });
  });

  it('refuses bad rows naming file, row and column, and a mix of the two ways in', async () => {
    writeFileSync(
      paths.orders,
      `${[...ORDERS, ORDERS[1]!.replace('#1001', '#1004').replace(',USD,', ',EUR,')].join('\n')}\n`,
    );
    await expect(command.run(args)).rejects.toThrow(
      "orders_export.csv: row 6, column 'Currency': 'EUR' differs from the first order's USD",
    );
    writeFileSync(
      paths.orders,
      `${[...ORDERS, ORDERS[3]!.replace('#1002', '#1005').replace(',3,', ',-3,')].join('\n')}\n`,
    );
    await expect(command.run(args)).rejects.toThrow(
      "orders_export.csv: row 6, column 'Lineitem quantity': '-3' is not a positive whole number",
    );
    writeFileSync(paths.orders, `${ORDERS.join('\n')}\n`);
    await expect(command.run(['--store', dir, ...args])).rejects.toThrow(/two ways in/);
    await expect(command.run(['--orders', paths.orders, '--json'])).rejects.toThrow(/--costs COSTS\.csv/);
  });
});
