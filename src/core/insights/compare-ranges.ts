import { toDayNumber } from '../dates/to-day-number.ts';
import type { PeriodMover } from './types.ts';

/** An inclusive range of days 'YYYY-MM-DD'. */
interface Days {
  from: string;
  to: string;
}

/**
 * Totals per key over a range of days and over the range it is compared with (the days just
 * before it, or the same weekdays a year back), largest absolute change first (ties by key, so
 * the order is stable).
 *
 * Definition: current = Σ value over the days of `current`; previous = Σ over the days of
 * `previous` (both inclusive); rows outside both are ignored, and a row in both (overlapping
 * ranges) counts in each. The label is the last one seen for the key.
 */
export function compareRanges(
  rows: readonly { key: string; label: string; date: string; value: number }[],
  current: Days,
  previous: Days,
): PeriodMover[] {
  const [from, to] = [toDayNumber(current.from), toDayNumber(current.to)];
  const [before, beforeEnd] = [toDayNumber(previous.from), toDayNumber(previous.to)];
  const totals = new Map<string, PeriodMover>();
  for (const row of rows) {
    const day = toDayNumber(row.date);
    const inCurrent = day >= from && day <= to;
    const inPrevious = day >= before && day <= beforeEnd;
    if (!inCurrent && !inPrevious) continue;
    const entry = totals.get(row.key) ?? { key: row.key, label: row.label, current: 0, previous: 0 };
    if (inCurrent) entry.current += row.value;
    if (inPrevious) entry.previous += row.value;
    entry.label = row.label;
    totals.set(row.key, entry);
  }
  return [...totals.values()].sort(
    (a, b) => Math.abs(b.current - b.previous) - Math.abs(a.current - a.previous) || (a.key < b.key ? -1 : 1),
  );
}
