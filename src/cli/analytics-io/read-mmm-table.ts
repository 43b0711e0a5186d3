import { CliUsageError } from '../command.ts';
import { parseShopDate } from './parse-shop-date.ts';
import { readCsvFile } from './read-csv-file.ts';

export interface MmmTableColumns {
  date: string;
  target: string;
  channels: readonly string[];
  controls: readonly string[];
}

/** The columns of a weekly or daily marketing-mix table, in date order. */
export interface MmmTable {
  dates: string[];
  target: number[];
  channels: { name: string; spend: number[] }[];
  controls: { name: string; values: number[] }[];
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * Reads a marketing-mix table (one row per week or day: a date column, the target, one spend
 * column per channel, optional control columns). Every problem is one CliUsageError naming the
 * file, row (line, header = 1) and column: a missing column, a date that is not a date or appears
 * twice, a value that is not a number, a negative spend. Rows are returned sorted by date.
 */
export async function readMmmTable(path: string, columns: MmmTableColumns): Promise<MmmTable> {
  const records = readCsvFile(path, 'input');
  const first = await records.next();
  if (first.done) throw new CliUsageError(`${path} is empty: expected a header row`);
  const header = first.value.cells.map((h) => h.trim());
  const index = (name: string, flag: string) => {
    const i = header.indexOf(name);
    if (i < 0)
      throw new CliUsageError(
        `${path}: row 1: missing column '${name}' (${flag}); the columns are ${header.join(', ')}`,
      );
    return i;
  };
  const dateIndex = index(columns.date, '--date-column');
  const targetIndex = index(columns.target, '--target');
  const channelIndex = columns.channels.map((c) => index(c, '--channels'));
  const controlIndex = columns.controls.map((c) => index(c, '--controls'));
  const rows: { date: string; target: number; spend: number[]; controls: number[] }[] = [];
  const seen = new Map<string, number>();
  for await (const { line, cells } of records) {
    const cell = (i: number) => (cells[i] ?? '').trim();
    const number = (i: number, what: string) => {
      const text = cell(i);
      if (!NUMBER.test(text))
        throw new CliUsageError(
          `${path}: row ${line}, column '${header[i]}': '${text}' is not a number (${what})`,
        );
      return Number(text);
    };
    const date = parseShopDate(cell(dateIndex));
    if (date === null)
      throw new CliUsageError(
        `${path}: row ${line}, column '${columns.date}': '${cell(dateIndex)}' is not a date (YYYY-MM-DD)`,
      );
    if (seen.has(date))
      throw new CliUsageError(
        `${path}: row ${line}, column '${columns.date}': ${date} already appears on row ${seen.get(date)}`,
      );
    seen.set(date, line);
    const spend = channelIndex.map((i) => {
      const value = number(i, 'spend');
      if (value < 0)
        throw new CliUsageError(`${path}: row ${line}, column '${header[i]}': spend ${value} is negative`);
      return value;
    });
    rows.push({
      date,
      target: number(targetIndex, 'target'),
      spend,
      controls: controlIndex.map((i) => number(i, 'control')),
    });
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : 1));
  return {
    dates: rows.map((r) => r.date),
    target: rows.map((r) => r.target),
    channels: columns.channels.map((name, c) => ({ name, spend: rows.map((r) => r.spend[c]!) })),
    controls: columns.controls.map((name, c) => ({ name, values: rows.map((r) => r.controls[c]!) })),
  };
}
