import { readCsvFile } from '../../src/cli/analytics-io/read-csv-file.ts';
import type { DailyPoint } from '../../src/core/types.ts';
import { datasetsDir } from './shared-datasets.ts';

export const ONLINE_RETAIL = 'online-retail/online_retail.csv.gz';

/**
 * Daily revenue of UCI Online Retail as analytics.md §3 defines it: Σ Quantity × UnitPrice per
 * day, dropping invoices starting with 'C' (cancellations) and the last, partial day (2011-12-09).
 * Days without sales are present with value 0.
 */
export async function readOnlineRetailDaily(): Promise<DailyPoint[]> {
  const records = readCsvFile(`${datasetsDir}${ONLINE_RETAIL}`, 'Online Retail');
  const header = (await records.next()).value?.cells ?? [];
  const col = (name: string) => header.indexOf(name);
  const [invoice, quantity, date, price] = [
    col('InvoiceNo'),
    col('Quantity'),
    col('InvoiceDate'),
    col('UnitPrice'),
  ];
  const cents = new Map<string, number>();
  for await (const { cells } of records) {
    if (cells[invoice]!.startsWith('C')) continue;
    const day = cells[date]!.slice(0, 10);
    cents.set(day, (cents.get(day) ?? 0) + Math.round(Number(cells[quantity]) * Number(cells[price]) * 100));
  }
  const days = [...cents.keys()].sort();
  const last = days[days.length - 1]!;
  const out: DailyPoint[] = [];
  for (let d = new Date(`${days[0]}T00:00:00Z`); ; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    if (iso >= last) break;
    out.push({ date: iso, value: (cents.get(iso) ?? 0) / 100 });
  }
  return out;
}
