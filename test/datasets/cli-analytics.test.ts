import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { upsideCommand } from '../support/compiled-app.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Runs the real `upside` command (compiled once per run, decision 191) and collects its exit code and output. */
async function upside(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = await upsideCommand(args);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      command,
      { cwd: root, env: { ...process.env, TZ: 'UTC' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'upside-cli-'));
function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('upside analyze / forecast / attribution end to end', () => {
  it('analyze --json prints the documented shape with finite numbers', async () => {
    const result = await upside(['analyze', '--orders', `${fixtures}orders-small.csv`, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['customers', 'orders', 'revenue', 'rfm', 'clv', 'cohorts']);
    // 40 customers; 99 rows of which 6 pairs share an order id → 93 + 5 guest orders … counted by the reader.
    expect(json.customers).toBe(40);
    expect(json.orders).toBe(94);
    expect(json.rfm.preset).toBe('A');
    expect(json.rfm.segments.reduce((s: number, x: { customers: number }) => s + x.customers, 0)).toBe(40);
    expect(Object.keys(json.rfm.segments[0])).toEqual(['segment', 'customers', 'orders', 'revenue']);
    expect(json.clv.model).toBe('bg-nbd');
    expect(json.clv.timeUnit).toBe('week');
    expect(Object.keys(json.clv.params)).toEqual(['r', 'alpha', 'a', 'b']);
    expect(Object.keys(json.clv.spend)).toEqual(['p', 'q', 'gamma', 'logLikelihood']);
    expect(result.stdout).not.toMatch(/NaN|Infinity|null/);
  });

  it('forecast and attribution --json print their documented shapes', async () => {
    const [forecast, attribution] = await Promise.all([
      upside([
        'forecast',
        '--orders',
        `${fixtures}orders-small.csv`,
        '--as-of',
        '2024-06-30',
        '--horizon',
        '7',
        '--json',
      ]),
      upside(['attribution', '--paths', `${fixtures}paths-small.csv`, '--model', 'markov', '--json']),
    ]);
    expect(forecast.code).toBe(0);
    const f = JSON.parse(forecast.stdout);
    expect(Object.keys(f)).toEqual(['model', 'points']);
    expect(f.points).toHaveLength(7);
    expect(f.points[0].date).toBe('2024-07-01');
    expect(Object.keys(f.points[0])).toEqual(['date', 'value', 'lo80', 'hi80', 'lo95', 'hi95']);
    expect(attribution.code).toBe(0);
    const a = JSON.parse(attribution.stdout);
    expect(a.model).toBe('markov');
    expect(a.channels.map((c: { channel: string }) => c.channel).sort()).toEqual(['a', 'b', 'direct']);
    expect(a.channels.reduce((s: number, c: { conversions: number }) => s + c.conversions, 0)).toBeCloseTo(
      10,
      3,
    );
  });

  it.concurrent.each([
    ['an empty file', '', /is empty/],
    [
      'a missing column',
      'order_id,customer_id,created_at\n1,a,2024-01-01\n',
      /row 1: missing column 'total'/,
    ],
    [
      'an unknown column',
      'order_id,customer_id,created_at,total,color\n1,a,2024-01-01,5,red\n',
      /row 1: unknown column 'color'/,
    ],
    [
      'a bad date',
      'order_id,customer_id,created_at,total\n1,a,2024-01-01,5\n2,b,2024-13-01,5\n',
      /row 3, column 'created_at': '2024-13-01'/,
    ],
    [
      'a bad amount',
      'order_id,customer_id,created_at,total\n1,a,2024-01-01,5\n2,b,2024-01-02,12,50\n',
      /row 3: 5 fields/,
    ],
    [
      'a non-numeric amount',
      'order_id,customer_id,created_at,total\n1,a,2024-01-01,abc\n',
      /row 2, column 'total': 'abc' is not a number/,
    ],
    [
      'one customer',
      'order_id,customer_id,created_at,total\n1,a,2024-01-01,5\n2,a,2024-01-01,5\n',
      /too few customers/,
    ],
  ])('analyze rejects %s with exit 2 and one line', async (name, text, message) => {
    const result = await upside([
      'analyze',
      '--orders',
      file(`${name.replaceAll(' ', '-')}.csv`, text),
      '--json',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('handles presets, days and degenerate files without NaN', async () => {
    const zeros = ['order_id,customer_id,created_at,total'];
    for (let c = 0; c < 12; c += 1)
      for (let k = 0; k < 3; k += 1)
        zeros.push(`${c}-${k},c${c},2024-01-${String(1 + 7 * k + c).padStart(2, '0')},0`);
    const zeroFile = file('zeros.csv', `${zeros.join('\n')}\n`);
    const [presetC, zeroAnalyze, zeroForecast] = await Promise.all([
      upside([
        'analyze',
        '--orders',
        `${fixtures}orders-small.csv`,
        '--rfm-preset',
        'C',
        '--time-unit',
        'day',
        '--as-of',
        '2024-06-15',
        '--json',
      ]),
      upside(['analyze', '--orders', zeroFile, '--json']),
      upside(['forecast', '--orders', zeroFile, '--as-of', '2024-01-31', '--horizon', '5', '--json']),
    ]);
    expect(presetC.code).toBe(0);
    const json = JSON.parse(presetC.stdout);
    expect(json.rfm.preset).toBe('C');
    expect(json.rfm.segments.map((s: { segment: string }) => s.segment)).toContain('Hibernating');
    expect(json.clv.timeUnit).toBe('day');
    expect(presetC.stdout).not.toMatch(/NaN|Infinity/);
    expect(zeroAnalyze.code).toBe(2);
    expect(zeroAnalyze.stderr).toMatch(/spend model/);
    expect(zeroForecast.code).toBe(0);
    const points = JSON.parse(zeroForecast.stdout).points as { value: number; hi95: number }[];
    expect(points.every((p) => p.value === 0 && p.hi95 === 0)).toBe(true);
  });

  it('rejects bad flags and bad paths files the same way', async () => {
    const results = await Promise.all([
      upside([
        'forecast',
        '--orders',
        `${fixtures}orders-small.csv`,
        '--as-of',
        '2024-06-30',
        '--horizon',
        'x',
      ]),
      upside([
        'attribution',
        '--paths',
        file('paths.csv', 'path,conversions,value,nulls\na>b,1,x,0\n'),
        '--model',
        'linear',
      ]),
      upside(['attribution', '--paths', `${fixtures}paths-small.csv`, '--model', 'magic']),
    ]);
    expect(results.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(results[0]!.stderr).toMatch(/--horizon/);
    expect(results[1]!.stderr).toMatch(/row 2, column 'value'/);
    expect(results[2]!.stderr).toMatch(/--model must be one of/);
  });
});
