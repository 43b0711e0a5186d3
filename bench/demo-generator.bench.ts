/**
 * Demo-store generator throughput: orders generated per second for each preset, and the time of
 * the large preset (budget: < 60 s). `BENCH_PRESETS=small,medium` limits the presets run.
 * Prints figures only; never asserts timings.
 */
import { generateStore } from '../src/demo/generate-store.ts';
import type { PresetName } from '../src/demo/model-terms.ts';

const presets = (process.env.BENCH_PRESETS ?? 'small,medium,large')
  .split(',')
  .filter(Boolean) as PresetName[];

for (const preset of presets) {
  const started = performance.now();
  const store = generateStore({ seed: 42, preset });
  const seconds = (performance.now() - started) / 1000;
  const materialiseStart = performance.now();
  const sample = Math.min(store.orders.count, 20_000);
  for (let i = 0; i < sample; i += 1) store.getOrder(i);
  const materialisePerSecond = sample / ((performance.now() - materialiseStart) / 1000);
  const rssMb = Math.round(process.memoryUsage().rss / 1e6);
  process.stdout.write(
    `${preset.padEnd(7)} ${String(store.customers.length).padStart(7)} customers ${String(store.orders.count).padStart(9)} orders  ` +
      `generated in ${seconds.toFixed(1)} s = ${Math.round(store.orders.count / seconds)} orders/s; ` +
      `materialised ${Math.round(materialisePerSecond)} orders/s; rss ${rssMb} MB\n`,
  );
}
