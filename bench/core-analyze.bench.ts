// `upside analyze` over the whole Online Retail file (goal < 10 s). The file is first rewritten in
// the orders CSV format (one row per invoice line, cancellations and adjustments dropped), then the
// real CLI runs on it in a child process.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsvFile } from '../src/cli/analytics-io/read-csv-file.ts';
import { ONLINE_RETAIL } from '../test/datasets/online-retail.ts';
import { datasetsDir, hasDataset } from '../test/datasets/shared-datasets.ts';

if (!hasDataset(ONLINE_RETAIL)) process.exit(0);
const root = fileURLToPath(new URL('../', import.meta.url));
const records = readCsvFile(`${datasetsDir}${ONLINE_RETAIL}`, 'Online Retail');
const header = (await records.next()).value?.cells ?? [];
const col = (name: string) => header.indexOf(name);
const [invoice, quantity, date, price, customer] = [
  'InvoiceNo',
  'Quantity',
  'InvoiceDate',
  'UnitPrice',
  'CustomerID',
].map(col) as [number, number, number, number, number];
const lines = ['order_id,customer_id,created_at,total'];
for await (const { cells } of records) {
  const id = cells[invoice]!;
  if (id.startsWith('C') || id.startsWith('A')) continue;
  const total = Number(cells[quantity]) * Number(cells[price]);
  const customerId = cells[customer] ? String(Math.round(Number(cells[customer]))) : '';
  lines.push(`${id},${customerId},${cells[date]!.replace(' ', 'T')},${total.toFixed(4)}`);
}
const dir = mkdtempSync(join(tmpdir(), 'upside-bench-'));
const file = join(dir, 'online-retail-orders.csv');
writeFileSync(file, `${lines.join('\n')}\n`);

const start = performance.now();
const run = spawnSync(process.execPath, ['bin/upside.js', 'analyze', '--orders', file, '--json'], {
  cwd: root,
  encoding: 'utf8',
});
const elapsed = performance.now() - start;
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0) {
  console.log(`upside analyze failed (exit ${run.status}): ${run.stderr.trim()}`);
  process.exit(1);
}
const result = JSON.parse(run.stdout) as {
  customers: number;
  orders: number;
  revenue: number;
  clv: { params: Record<string, number>; logLikelihood: number };
};
console.log(
  `upside analyze on Online Retail: ${lines.length - 1} order lines → ${result.orders} orders, ${result.customers} customers`,
);
console.log(`  wall time ${(elapsed / 1000).toFixed(2)} s including node/tsx start-up (goal < 10 s)`);
console.log(
  `  BG/NBD ${Object.entries(result.clv.params)
    .map(([k, v]) => `${k}=${v.toFixed(4)}`)
    .join(' ')}, LL ${result.clv.logLikelihood.toFixed(2)}`,
);
console.log(
  `  machine load average ${loadavg()[0]!.toFixed(1)} (timings are inflated when it exceeds the core count)`,
);
