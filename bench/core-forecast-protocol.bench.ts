// The forecast protocol of shared/references/analytics.md §3 on Online Retail: MASE, sMAPE, WAPE
// and interval coverage for the model and both baselines.
import { loadavg } from 'node:os';
import { evaluateForecastProtocol } from '../src/core/forecast/evaluate-forecast-protocol.ts';
import { ONLINE_RETAIL, readOnlineRetailDaily } from '../test/datasets/online-retail.ts';
import { hasDataset } from '../test/datasets/shared-datasets.ts';

if (!hasDataset(ONLINE_RETAIL)) process.exit(0);
const series = await readOnlineRetailDaily();
const start = performance.now();
const result = evaluateForecastProtocol(series, { firstOrigin: '2011-05-31', lastOrigin: '2011-11-08' });
const elapsed = performance.now() - start;
const f = (v: number | null, digits = 3) => (v === null ? '—' : v.toFixed(digits));
console.log(
  `Online Retail protocol: ${result.origins} origins × ${result.horizon} days (${elapsed.toFixed(0)} ms)`,
);
console.log('  model                          MASE    sMAPE %  WAPE %  cover80 %  cover95 %');
for (const [name, m] of [
  ['forecaster', result.model],
  ['seasonal naive (y[t-7])', result.seasonalNaive],
  ['mean of last 4 same weekdays', result.weekdayMean],
] as const) {
  console.log(
    `  ${name.padEnd(30)} ${f(m.mase).padStart(6)}  ${f(m.smape, 2).padStart(7)}  ${f(m.wape, 2).padStart(6)}  ${f(m.coverage80, 1).padStart(9)}  ${f(m.coverage95, 1).padStart(9)}`,
  );
}
console.log(
  `  models chosen: ${Object.entries(result.chosen)
    .map(([k, v]) => `${k} ×${v}`)
    .join(', ')}`,
);
console.log(
  `  machine load average ${loadavg()[0]!.toFixed(1)} (timings are inflated when it exceeds the core count)`,
);
