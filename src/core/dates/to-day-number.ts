import { DAY_MS } from '../../shared/calendar.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MEMO_LIMIT = 100_000;
const memo = new Map<string, number>();

/**
 * Whole days since 1970-01-01 of a calendar date 'YYYY-MM-DD'.
 *
 * Definition: the proleptic Gregorian day number, so differences are exact day counts with no
 * time zone or DST involved (core dates are already shop-local calendar dates).
 * Method: Date.UTC on the parsed parts; the date is validated by a round trip. Results are
 * remembered per text (a store's million orders fall on a few thousand days, and an analysis run
 * converts each of them several times); the memo is cleared when it outgrows MEMO_LIMIT entries.
 *
 * @throws RangeError when the text is not a real calendar date.
 * @example toDayNumber('1970-01-02') // 1
 */
export function toDayNumber(date: string): number {
  const known = memo.get(date);
  if (known !== undefined) return known;
  const result = parseDayNumber(date);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(date, result);
  return result;
}

function parseDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: '${date}'`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: '${date}'`);
  }
  return Math.round(ms / DAY_MS);
}
