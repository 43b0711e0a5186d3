import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client.ts';
import type { CsvValue, ExportContext, ExportDataset } from './export-dataset.ts';

/** Rows per keyset page: one page is all an export holds in memory (decision 020). */
export const EXPORT_PAGE_ROWS = 2000;

async function* recordsOf<Row>(db: Db, dataset: ExportDataset<Row>, context: ExportContext) {
  let after: Row | null = null;
  for (;;) {
    const rows = await dataset.page(db, context, after, EXPORT_PAGE_ROWS);
    for (const row of rows) yield dataset.record(row);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows.at(-1) ?? null;
  }
}

/**
 * The dataset as an RFC 4180 CSV stream (csv-stringify): the header row at once, before any row
 * is read, then the rows page by page as the client reads them (stream backpressure stops the
 * reads while the client is behind). A database error mid-way ends the stream with that error.
 */
export function streamExport<Row>(
  db: Db,
  dataset: ExportDataset<Row>,
  context: ExportContext,
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({ cast: { boolean: (value) => (value ? 'true' : 'false') } });
  csv.write([...dataset.columns] satisfies CsvValue[]);
  pipeline(Readable.from(recordsOf(db, dataset, context)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
