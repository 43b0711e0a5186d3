import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CliUsageError } from '../command.ts';
import { command } from './demo.ts';

const root = mkdtempSync(join(tmpdir(), 'upside-demo-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('upside demo generate', () => {
  it('writes the same bytes twice for the same flags, with a ground-truth file', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const flags = ['--preset', 'custom', '--customers', '150', '--days', '90', '--seed', '7'];
      expect(await command.run(['generate', ...flags, '--out', join(root, 'a')])).toBe(0);
      expect(await command.run(['generate', ...flags, '--out', join(root, 'b')])).toBe(0);
    } finally {
      write.mockRestore();
    }
    const files = readdirSync(join(root, 'a')).sort();
    expect(files).toEqual(
      [
        'customers.jsonl',
        'exchange-rates.jsonl',
        'ga4.jsonl',
        'google_ads_daily.jsonl',
        'ground-truth.json',
        'inventory.jsonl',
        'meta-campaigns.jsonl',
        'meta-daily.jsonl',
        'orders.jsonl',
        'products.jsonl',
        'shop.json',
        'tiktok_ads_daily.jsonl',
        'transactions.jsonl',
        'refunds.jsonl',
        'costs.csv',
        'variant-weights.csv',
        'profit-rules.json',
      ].sort(),
    );
    for (const file of files)
      expect(readFileSync(join(root, 'b', file)).equals(readFileSync(join(root, 'a', file)))).toBe(true);
    const truth = JSON.parse(readFileSync(join(root, 'a', 'ground-truth.json'), 'utf8')) as {
      bgnbd: { r: number };
      stockouts: unknown[];
    };
    expect(truth.bgnbd.r).toBeGreaterThan(0);
    expect(truth.stockouts.length).toBeGreaterThan(0);
    const firstOrder = JSON.parse(readFileSync(join(root, 'a', 'orders.jsonl'), 'utf8').split('\n')[0]!) as {
      name: string;
      createdAt: string;
    };
    expect(firstOrder.name).toBe('#1001');
    expect(firstOrder.createdAt).toMatch(/[-+]\d{2}:\d{2}$/);
  });

  it('rejects bad flags with a usage error', async () => {
    await expect(command.run(['generate', '--out', join(root, 'c'), '--seed', 'abc'])).rejects.toBeInstanceOf(
      CliUsageError,
    );
    await expect(
      command.run(['generate', '--preset', 'huge', '--out', join(root, 'c')]),
    ).rejects.toBeInstanceOf(CliUsageError);
    await expect(command.run(['generate'])).rejects.toBeInstanceOf(CliUsageError);
    await expect(command.run(['explode'])).rejects.toBeInstanceOf(CliUsageError);
  });
});
