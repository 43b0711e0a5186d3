import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client.ts';
import { type Redaction, redactPayload } from '../../http/visibility/redact-payload.ts';
import type { CsvValue, ExportContext, ExportDataset } from './export-dataset.ts';

/** Rows per keyset page: one page is all an export holds in memory (decision 020). */
export const EXPORT_PAGE_ROWS = 2000;

/**
 * A record as a member without a visibility switch gets it (issue #17): the columns are named like
 * the API's fields, so the API's redaction rules apply to them by name.
 */
function redactRecord(columns: readonly string[], record: CsvValue[], redaction: Redaction): CsvValue[] {
  const named = Object.fromEntries(columns.map((column, index) => [column, record[index] ?? null]));
  const redacted = redactPayload(named, redaction) as Record<string, CsvValue>;
  return columns.map((column) => redacted[column] ?? null);
}

async function* recordsOf<Row>(
  db: Db,
  dataset: ExportDataset<Row>,
  context: ExportContext,
  redaction: Redaction | null,
) {
  let after: Row | null = null;
  for (;;) {
    const rows = await dataset.page(db, context, after, EXPORT_PAGE_ROWS);
    for (const row of rows) {
      const record = dataset.record(row);
      yield redaction ? redactRecord(dataset.columns, record, redaction) : record;
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows.at(-1) ?? null;
  }
}

/**
 * The dataset as an RFC 4180 CSV stream (csv-stringify): the header row at once, before any row
 * is read, then the rows page by page as the client reads them (stream backpressure stops the
 * reads while the client is behind). A database error mid-way ends the stream with that error.
 * `redaction` masks or withholds what the caller may not see.
 */
export function streamExport<Row>(
  db: Db,
  dataset: ExportDataset<Row>,
  context: ExportContext,
  redaction: Redaction | null,
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({ cast: { boolean: (value) => (value ? 'true' : 'false') } });
  csv.write([...dataset.columns] satisfies CsvValue[]);
  pipeline(Readable.from(recordsOf(db, dataset, context, redaction)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
