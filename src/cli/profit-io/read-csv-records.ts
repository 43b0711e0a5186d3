import { parse } from 'csv-parse/sync';
import { CliUsageError } from '../command.ts';
import { readTextFile } from './read-text-file.ts';

/** One CSV record by header name, with its line in the file (for error messages). */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

/**
 * Reads a CSV file with a header row through csv-parse (decision 015): quoted fields, CRLF and a
 * BOM are handled by the library. Requires the given columns; a malformed file is one CliUsageError
 * line naming the file and row.
 */
export function readCsvRecords(path: string, name: string, required: readonly string[]): CsvRecord[] {
  const text = readTextFile(path, name);
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  try {
    parsed = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, info: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const message = error instanceof Error ? error.message : String(error);
    throw new CliUsageError(`${name}: row ${line ?? '?'}: ${message}`);
  }
  const header = parsed[0] ? Object.keys(parsed[0].record) : [];
  for (const column of required) {
    if (parsed.length > 0 && !header.includes(column))
      throw new CliUsageError(`${name}: row 1, column '${column}': missing (header: ${header.join(',')})`);
  }
  return parsed.map((p) => ({ line: p.info.lines, values: p.record }));
}

/** A CliUsageError naming the file, row and column of a bad CSV value. */
export function csvValueError(
  name: string,
  record: CsvRecord,
  column: string,
  problem: string,
): CliUsageError {
  return new CliUsageError(
    `${name}: row ${record.line}, column '${column}': '${record.values[column] ?? ''}' ${problem}`,
  );
}
