import { stat } from 'node:fs/promises';
import { CliUsageError } from '../command.ts';
import { readCsvFile } from './read-csv-file.ts';

/**
 * The shipping region of each order id. `regions` is either a CSV file `order_id,region` or the
 * name of a column of the orders file itself (a Shopify orders export's 'Shipping Province' or
 * 'Shipping Country', read from the order's first row). Errors name the file, row and column.
 */
export async function readOrderRegions(ordersPath: string, regions: string): Promise<Map<string, string>> {
  const isFile = await stat(regions).then(
    (s) => s.isFile(),
    () => false,
  );
  const path = isFile ? regions : ordersPath;
  const records = readCsvFile(path, isFile ? 'regions' : 'orders');
  const first = await records.next();
  if (first.done) throw new CliUsageError(`${path} is empty`);
  const header = first.value.cells.map((h) => h.trim());
  const lower = header.map((h) => h.toLowerCase());
  const idIndex = isFile
    ? lower.indexOf('order_id')
    : Math.max(lower.indexOf('order_id'), header.indexOf('Name'));
  const regionIndex = isFile ? lower.indexOf('region') : header.indexOf(regions);
  if (idIndex < 0) throw new CliUsageError(`${path}: row 1: missing column 'order_id'`);
  if (regionIndex < 0)
    throw new CliUsageError(
      isFile
        ? `${path}: row 1: missing column 'region' (expected order_id,region)`
        : `--regions '${regions}' is neither a file nor a column of ${ordersPath} (its columns are ${header.join(', ')})`,
    );
  const out = new Map<string, string>();
  for await (const { cells } of records) {
    const id = (cells[idIndex] ?? '').trim();
    const region = (cells[regionIndex] ?? '').trim();
    if (id !== '' && region !== '' && !out.has(id)) out.set(id, region);
  }
  return out;
}
