import { stringify } from 'csv-stringify/sync';
import { PROFIT_LINES, type ProfitLines } from '../../../shared/contracts/profit.ts';
import { readProfitReport } from '../../domain/profit/read-profit-report.ts';
import type { CachedReads } from '../../http/deps.ts';

/**
 * The daily P&L export's columns after `day` and `currency`: every line of GET /api/profit in
 * waterfall order, then taxes and total sales, named in snake case (`shipping` is the shipping
 * cost, so it is `shipping_cost`, and the redaction of cost figures applies to it by name).
 */
const LINE_COLUMNS: ReadonlyArray<readonly [keyof ProfitLines, string]> = [
  ...PROFIT_LINES.map(
    (line) =>
      [
        line,
        line === 'shipping' ? 'shipping_cost' : line.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      ] as const,
  ),
  ['taxes', 'taxes'],
  ['totalSales', 'total_sales'],
];

/**
 * `GET /api/export/daily-pnl.csv` (issue #36 item 6): one row per shop day of `from`..`to` with
 * every P&L line of that day — the very report GET /api/profit answers by day (decision 089), so
 * the rows add up to /profit's totals to the cent. RFC 4180 CSV, amounts as exact decimal strings
 * of the shop currency. A range is at most three years (1,096 rows), so it is built in memory.
 */
export async function dailyPnlCsv(
  reads: CachedReads,
  workspaceId: string,
  range: { from: string; to: string },
): Promise<string> {
  const report = await readProfitReport(reads, workspaceId, { ...range, granularity: 'day' });
  return stringify([
    ['day', 'currency', ...LINE_COLUMNS.map(([, column]) => column)],
    ...report.series.map((day) => [day.period, report.currency, ...LINE_COLUMNS.map(([line]) => day[line])]),
  ]);
}
