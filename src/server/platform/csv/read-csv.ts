import { CsvError, parse } from 'csv-parse/sync';
import { isShopDay } from '../../../shared/calendar.ts';
import type { CsvRowError } from '../../../shared/contracts/costs.ts';
import { parseDecimalToMinor } from '../../../shared/money.ts';

/**
 * CSV reading shared by the cost and shipping imports (csv-parse, decision 016): a header row,
 * columns matched case-insensitively, every cell checked, and every problem collected so the
 * owner sees all bad rows at once. `row` numbers are the file's lines (the header is row 1).
 */

export const MAX_REPORTED_ERRORS = 50;
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2100-12-31';

export interface CsvRecord {
  row: number;
  cells: Record<string, string>;
}

/** A CSV refused whole: nothing was stored. */
export class CsvRejectedError extends Error {
  override name = 'CsvRejectedError';
  constructor(readonly errors: readonly CsvRowError[]) {
    const shown = errors.slice(0, MAX_REPORTED_ERRORS);
    const list = shown.map((error) => `row ${error.row}, ${error.column}: ${error.message}`).join('; ');
    const more = errors.length > shown.length ? `; and ${errors.length - shown.length} more` : '';
    super(
      `The CSV has ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, so nothing was imported: ${list}${more}.`,
    );
  }
}

/** Parses `text`; refuses it when a column in `required` (each an alternative set) is missing. */
export function readCsv(text: string, required: readonly (readonly string[])[]): CsvRecord[] {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      // A row may leave its last cells (e.g. an optional currency) out.
      relax_column_count: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new CsvRejectedError([{ row: line, column: '(file)', message: error.message }]);
    }
    throw error;
  }
  const header = parsed[0] ? Object.keys(parsed[0].record) : [];
  const missing = required.filter((names) => !names.some((name) => header.includes(name)));
  if (parsed.length === 0)
    throw new CsvRejectedError([{ row: 1, column: '(file)', message: 'the file has no data rows' }]);
  if (missing.length > 0)
    throw new CsvRejectedError(
      missing.map((names) => ({
        row: 1,
        column: names.join(' or '),
        message: `the header has no ${names.map((name) => `"${name}"`).join(' or ')} column`,
      })),
    );
  return parsed.map(({ record, info }) => ({ row: info.lines, cells: record }));
}

/** A non-negative amount with at most `digits` decimals → minor units; else an error message. */
export function readAmount(value: string | undefined, digits: number): number | string {
  const text = (value ?? '').trim();
  if (text === '') return 'is empty; expected an amount such as 12.50';
  if (/^-\s*\d+(\.\d+)?$/.test(text)) return `"${text}" is negative; costs must be 0 or more`;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `"${text}" is not a number; expected an amount such as 12.50`;
  if ((match[2] ?? '').length > digits)
    return `"${text}" has more than ${digits} decimal ${digits === 1 ? 'place' : 'places'}`;
  const minor = parseDecimalToMinor(text, digits);
  if (!Number.isSafeInteger(minor)) return `"${text}" is too large`;
  return minor;
}

/** A shop day between 2000-01-01 and 2100-12-31; else an error message. */
export function readDay(value: string | undefined): string | { error: string } {
  const text = (value ?? '').trim();
  if (!isShopDay(text)) return { error: `"${text}" is not a date; expected YYYY-MM-DD` };
  if (text < FIRST_DAY || text > LAST_DAY) return { error: `${text} is outside 2000-01-01 to 2100-12-31` };
  return text;
}

/** The row's currency cell, when present, must be the shop's. */
export function currencyError(value: string | undefined, shopCurrency: string): string | null {
  const text = (value ?? '').trim().toUpperCase();
  if (text === '' || text === shopCurrency) return null;
  return `the currency is ${text}, but the shop's currency is ${shopCurrency}; convert the amount first`;
}
