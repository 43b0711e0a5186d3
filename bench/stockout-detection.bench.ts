/**
 * Stock-out detection and loss estimation on generated stores, against their planted ground truth.
 * Inventory is known only on the last day (as after a first sync), so stock-out history comes from
 * the sales-gap inference (core/opportunities/infer-stockout-snapshots) feeding core/stockout, as in
 * an analysis run. Prints, over the seeds:
 * - found: planted stock-outs (with realised lost demand) overlapped by an inferred period of the
 *   variant; spurious: inferred periods overlapping no planted window, and their days;
 * - per planted stock-out: estimated lost units / the generator's expected lost units, with the
 *   share of found ones within ±25 % (those expected to lose ≥ 10 units; below that ±25 % is less
 *   than a unit or two).
 * Asserts nothing. Options: BENCH_SEEDS (default 12), BENCH_FIRST_SEED (default 1), BENCH_PRESET (default small),
 * BENCH_CUSTOMERS (override the preset's customer count).
 */
import { inferStockoutSnapshots } from '../src/core/opportunities/infer-stockout-snapshots.ts';
import { estimateStockoutLoss } from '../src/core/stockout/estimate-stockout-loss.ts';
import { findOutOfStockPeriods } from '../src/core/stockout/find-out-of-stock-periods.ts';
import { generateStore } from '../src/demo/generate-store.ts';
import type { PresetName } from '../src/demo/model-terms.ts';
import { buildDemoFacts } from '../test/opportunities/demo-facts.ts';

const firstSeed = Number(process.env.BENCH_FIRST_SEED ?? 1);
const seeds = Number(process.env.BENCH_SEEDS ?? 12);
const preset = (process.env.BENCH_PRESET ?? 'small') as PresetName;
const customers = process.env.BENCH_CUSTOMERS ? Number(process.env.BENCH_CUSTOMERS) : undefined;
const tail = (gid: string) => gid.split('/').pop()!;
const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs + 1;

let planted = 0;
let found = 0;
let spurious = 0;
let spuriousDays = 0;
let inferenceMs = 0;
const ratios = new Map<string, number[]>();
const missed: string[] = [];
const started = performance.now();
for (let seed = firstSeed; seed < firstSeed + seeds; seed += 1) {
  const store = generateStore({ seed, preset, ...(customers ? { customers } : {}) });
  const facts = buildDemoFacts(store);
  const sales = facts.variantSales.map((s) => ({
    date: s.date,
    productId: s.variantId,
    units: s.units,
    revenue: s.revenue,
  }));
  const t = performance.now();
  const snapshots = inferStockoutSnapshots(facts.inventory, sales, facts.asOf);
  inferenceMs += performance.now() - t;
  const periods = findOutOfStockPeriods(snapshots, facts.asOf);
  const losses = estimateStockoutLoss(snapshots, sales, facts.asOf);
  const truth = store.groundTruth;
  const windows = truth.stockouts.map((s) => ({
    s,
    id: tail(s.variantId),
    start: s.startDate,
    end: s.endDate ?? truth.endDate,
  }));
  const overlaps = (p: { productId: string; start: string; end: string }, w: (typeof windows)[number]) =>
    p.productId === w.id && p.end >= w.start && p.start <= w.end;
  for (const w of windows) {
    if (w.s.lostRevenueMinor <= 0) continue;
    planted += 1;
    const hits = losses.filter((p) => overlaps(p, w));
    if (hits.length === 0) {
      missed.push(`seed ${seed} ${w.s.productTitle} ${w.start}`);
      continue;
    }
    found += 1;
    if (w.s.expectedLostUnits < 10) continue;
    const estimate = hits.reduce((sum, p) => sum + p.lostUnits, 0);
    const key = `${w.s.productTitle} ${w.s.sku}`;
    ratios.set(key, [...(ratios.get(key) ?? []), estimate / w.s.expectedLostUnits]);
  }
  for (const p of periods) {
    if (windows.some((w) => overlaps(p, w))) continue;
    spurious += 1;
    spuriousDays += daysBetween(p.start, p.end);
  }
}

const label = `${preset}${customers ? ` (${customers} customers)` : ''}, seeds ${firstSeed}…${firstSeed + seeds - 1}`;
console.log(`stock-out detection, ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(
  `  found ${found}/${planted} planted stock-outs with lost demand; missed: ${missed.join('; ') || 'none'}`,
);
console.log(
  `  spurious periods ${spurious} (${spuriousDays} days); inference ${inferenceMs.toFixed(0)} ms in all`,
);
console.log('  estimated / expected lost units, found stock-outs expected to lose ≥ 10 units:');
let within = 0;
let all = 0;
for (const [key, list] of ratios) {
  const mean = list.reduce((a, b) => a + b, 0) / list.length;
  const inside = list.filter((r) => Math.abs(r - 1) <= 0.25).length;
  within += inside;
  all += list.length;
  console.log(
    `    ${key}: mean ${mean.toFixed(3)}, within ±25 % ${inside}/${list.length}; ${list.map((r) => r.toFixed(2)).join(' ')}`,
  );
}
console.log(`  within ±25 %: ${within}/${all}`);
