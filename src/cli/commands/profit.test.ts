import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(Object.keys(result.totals)).toHaveLength(12);
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
