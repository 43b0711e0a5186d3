import type { JourneyPath } from '../../core/types.ts';
import { CliUsageError } from '../command.ts';
import { readCsvFile } from './read-csv-file.ts';

const COLUMNS = ['path', 'conversions', 'value', 'nulls'] as const;
const NUMBER = /^\d+(\.\d+)?$/;

/**
 * Reads a journey paths CSV with columns `path,conversions,value,nulls` (comma or semicolon
 * delimited; channels in a path joined by '>' with optional spaces, e.g. 'google > email').
 * Conversions, value and nulls are non-negative numbers. Errors name the row and column.
 */
export async function readPaths(path: string): Promise<JourneyPath[]> {
  const records = readCsvFile(path, 'paths');
  const first = await records.next();
  if (first.done) throw new CliUsageError(`${path} is empty: expected a header ${COLUMNS.join(',')}`);
  const lower = first.value.cells.map((h) => h.trim().toLowerCase());
  const unknown = lower.find((h) => !(COLUMNS as readonly string[]).includes(h));
  if (unknown !== undefined)
    throw new CliUsageError(`${path}: row 1: unknown column '${unknown}' (expected ${COLUMNS.join(',')})`);
  const missing = COLUMNS.find((c) => !lower.includes(c));
  if (missing)
    throw new CliUsageError(`${path}: row 1: missing column '${missing}' (expected ${COLUMNS.join(',')})`);
  const index = Object.fromEntries(COLUMNS.map((c) => [c, lower.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const paths: JourneyPath[] = [];
  for await (const { line, cells } of records) {
    const cell = (c: (typeof COLUMNS)[number]) => (cells[index[c]] ?? '').trim();
    const number = (c: 'conversions' | 'value' | 'nulls') => {
      const text = cell(c);
      if (!NUMBER.test(text))
        throw new CliUsageError(
          `${path}: row ${line}, column '${c}': '${text}' is not a non-negative number`,
        );
      return Number(text);
    };
    const channels = cell('path')
      .split('>')
      .map((c) => c.trim());
    if (channels.some((c) => c === ''))
      throw new CliUsageError(`${path}: row ${line}, column 'path': empty channel name in '${cell('path')}'`);
    paths.push({
      path: channels,
      conversions: number('conversions'),
      value: number('value'),
      nulls: number('nulls'),
    });
  }
  if (paths.length === 0)
    throw new CliUsageError(`${path}: no paths (the file has a header but no data rows)`);
  return paths;
}
