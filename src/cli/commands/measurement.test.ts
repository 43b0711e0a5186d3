import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { simulateGeoLift } from '../../core/measurement/simulate-geo-lift.ts';
import { type MmmSimulation, simulateMmmData } from '../../core/measurement/simulate-mmm-data.ts';
import { CliUsageError } from '../command.ts';
import { command as lift } from './lift.ts';
import { command as mmm } from './mmm.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'upside-measurement-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
};

const SIM: MmmSimulation = {
  start: '2024-01-01',
  periods: 104,
  periodDays: 7,
  baseline: 20_000,
  trend: 0.05,
  seasonality: 0.1,
  noise: 0.03,
  channels: [
    {
      name: 'meta',
      decayPerWeek: 0.4,
      halfSaturationShare: 0.5,
      shape: 1.2,
      maxEffect: 8000,
      meanSpend: 3000,
      offShare: 0,
    },
    {
      name: 'google',
      decayPerWeek: 0.2,
      halfSaturationShare: 0.4,
      shape: 1,
      maxEffect: 5000,
      meanSpend: 2000,
      offShare: 0.1,
    },
  ],
};
const { input, truth } = simulateMmmData(SIM, 5);
const csv = (rows: (string | number)[][]) => `${rows.map((r) => r.join(',')).join('\n')}\n`;
const weekly = file(
  'weekly.csv',
  csv([
    ['week', 'revenue', 'meta', 'google', 'black_friday'],
    ...input.dates.map((d, t) => [
      d,
      input.target[t]!.toFixed(2),
      input.channels[0]!.spend[t]!,
      input.channels[1]!.spend[t]!,
      d.slice(5, 7) === '11' ? 1 : 0,
    ]),
  ]),
);

async function run(cmd: typeof mmm, args: string[]): Promise<{ code: number | Error; out: string }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await cmd.run(args), out };
  } catch (error) {
    return { code: error as Error, out };
  } finally {
    write.mockRestore();
  }
}

const mmmArgs = [
  '--input',
  weekly,
  '--date-column',
  'week',
  '--target',
  'revenue',
  '--channels',
  'meta,google',
  '--json',
];

describe('upside mmm', () => {
  it('prints the documented JSON with the true ROAS inside each 90 % interval of the Hill model this store was made with', async () => {
    // The store's curves are Hill's: named here, the intervals hold its truth. By default the command
    // also weighs the logistic curve (next test); on this one store that puts Meta's interval just
    // below its truth (decision 236: 88 % of 300 channel-fits of Hill stores covered, 86 % of
    // pymc-marketing's logistic example against 71 % with Hill alone).
    const { code, out } = await run(mmm, [
      ...mmmArgs,
      '--controls',
      'black_friday',
      '--draws',
      '200',
      '--saturation',
      'hill',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.fit).toMatchObject({
      r2: expect.any(Number),
      mape: expect.any(Number),
      coverage90: expect.any(Number),
    });
    expect(json.channels.map((c: { name: string }) => c.name)).toEqual(['meta', 'google']);
    // 104 weeks: below decision 214's 156, so the output names Jin et al.'s Beta(3, 3) and says why.
    expect(json.decayPrior).toMatchObject({ source: 'default', kind: 'fixed', beta: [3, 3] });
    expect(json.decayPrior.summary).toMatch(/below 156 weeks of data \(104\)/);
    for (const [i, c] of json.channels.entries()) {
      expect(Object.keys(c).slice(0, 8)).toEqual([
        'name',
        'contribution',
        'contributionShare',
        'roas',
        'roasLow',
        'roasHigh',
        'adstock',
        'saturation',
      ]);
      expect(c.roasLow).toBeLessThanOrEqual(truth[i]!.roas);
      expect(c.roasHigh).toBeGreaterThanOrEqual(truth[i]!.roas);
      expect(c.adstock.type).toBe('geometric');
      expect(c.saturation.type).toBe('hill');
    }
    expect(out).not.toMatch(/NaN|Infinity/);
  });

  it('by default weighs both curve families and says so; a bad --saturation names the flag', async () => {
    const { code, out } = await run(mmm, [...mmmArgs, '--draws', '100']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.saturation.candidates.map((c: { family: string }) => c.family)).toEqual(['hill', 'logistic']);
    expect(json.saturation.summary).toMatch(/chosen by the data/);
    expect(json.saturation.source).toBe('default');
    const bad = await run(mmm, [...mmmArgs, '--saturation', 'tanh']);
    expect(bad.code).toBeInstanceOf(CliUsageError);
    expect(String(bad.code)).toMatch(/--saturation must be hill, logistic or data, got 'tanh'/);
  });

  it('bad input: a clear error naming the column and row, or "too thin to say"', async () => {
    const missing = await run(mmm, [...mmmArgs.slice(0, 7), 'meta,tiktok']);
    expect(missing.code).toBeInstanceOf(CliUsageError);
    expect(String(missing.code)).toMatch(/row 1: missing column 'tiktok' \(--channels\)/);
    const rows = csv([
      ['week', 'revenue', 'meta', 'google'],
      ...input.dates.map((d, t) => [
        d,
        input.target[t]!,
        input.channels[0]!.spend[t]!,
        t === 9 ? 'abc' : input.channels[1]!.spend[t]!,
      ]),
    ]);
    const text = await run(mmm, [
      '--input',
      file('text.csv', rows),
      '--date-column',
      'week',
      '--target',
      'revenue',
      '--channels',
      'meta,google',
    ]);
    expect(String(text.code)).toMatch(/row 11, column 'google': 'abc' is not a number/);
    const negative = await run(mmm, [
      '--input',
      file('neg.csv', rows.replace(',abc', ',-5')),
      '--date-column',
      'week',
      '--target',
      'revenue',
      '--channels',
      'meta,google',
    ]);
    expect(String(negative.code)).toMatch(/row 11, column 'google': spend -5 is negative/);
    const short = file(
      'short.csv',
      csv([
        ['week', 'revenue', 'meta'],
        ...input.dates.slice(0, 12).map((d, t) => [d, input.target[t]!, input.channels[0]!.spend[t]!]),
      ]),
    );
    const thin = await run(mmm, [
      '--input',
      short,
      '--date-column',
      'week',
      '--target',
      'revenue',
      '--channels',
      'meta',
      '--json',
    ]);
    expect(String(thin.code)).toMatch(/too thin to say: only 12 weeks/);
    expect(JSON.parse(thin.out)).toMatchObject({ status: 'too_thin', channels: [], fit: null });
    const flat = file(
      'flat.csv',
      csv([['week', 'revenue', 'meta'], ...input.dates.map((d, t) => [d, input.target[t]!, 250])]),
    );
    const constant = await run(mmm, [
      '--input',
      flat,
      '--date-column',
      'week',
      '--target',
      'revenue',
      '--channels',
      'meta',
      '--json',
    ]);
    expect(String(constant.code)).toMatch(/'meta' never moved/);
  });

  it('the real binary exits with code 2 and one line on stderr', async () => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['bin/upside.js', 'mmm', ...mmmArgs.slice(0, 7), 'meta,tv'],
        { cwd: root },
        (error, _stdout, stderr) =>
          resolve({ code: error && typeof error.code === 'number' ? error.code : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^upside mmm: .*missing column 'tv' \(--channels\)/);
  }, 60_000);
});

describe('upside lift', () => {
  const sim = simulateGeoLift(
    {
      start: '2025-01-01',
      preDays: 112,
      testDays: 28,
      regions: 16,
      testRegions: 5,
      ordersPerDay: 12,
      averageOrderValue: 50,
      lift: 0.1,
      regionalNoise: 0.02,
    },
    4,
  );
  const orders = file(
    'orders.csv',
    csv([
      ['order_id', 'customer_id', 'created_at', 'total'],
      ...sim.orders.map((o, i) => [`#${i}`, '', o.date, o.total.toFixed(2)]),
    ]),
  );
  const regions = file(
    'regions.csv',
    csv([['order_id', 'region'], ...sim.orders.map((o, i) => [`#${i}`, o.region])]),
  );
  const args = [
    '--orders',
    orders,
    '--regions',
    regions,
    '--test-regions',
    sim.testRegions.join(','),
    '--start',
    sim.start,
    '--end',
    sim.end,
    '--json',
  ];

  it('reads out the planted 10 % lift with its interval, p-value and incremental revenue', async () => {
    const { code, out } = await run(lift, [...args, '--margin', '0.4', '--spend', '8000']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json).slice(0, 5)).toEqual([
      'lift',
      'liftLow',
      'liftHigh',
      'pValue',
      'incrementalRevenue',
    ]);
    expect(json.liftLow).toBeLessThanOrEqual(0.1);
    expect(json.liftHigh).toBeGreaterThanOrEqual(0.1);
    expect(json.pValue).toBeGreaterThan(0);
    expect(json.pValue).toBeLessThan(0.1);
    expect(json.incrementalRevenue).toBeGreaterThan(0);
    expect(json.incrementalContribution.mean).toBeCloseTo(json.incrementalRevenue * 0.4, 0);
  });

  it('bad input: unknown test region, a test too short for its pre-period, bad dates', async () => {
    expect(String((await run(lift, [...args.slice(0, 5), 'Atlantis', ...args.slice(6)])).code)).toMatch(
      /no orders shipped to 'Atlantis'/,
    );
    expect(String((await run(lift, [...args.slice(0, 7), '2025-01-20', ...args.slice(8)])).code)).toMatch(
      /too thin to say: .*days of orders before the test/,
    );
    expect(String((await run(lift, [...args.slice(0, 7), '2025-13-01', ...args.slice(8)])).code)).toMatch(
      /--start must be a date/,
    );
    expect(String((await run(lift, [...args.slice(0, 3), 'shipping_zone', ...args.slice(4)])).code)).toMatch(
      /neither a file nor a column/,
    );
  });
});
