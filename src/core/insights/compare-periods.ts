import { toDayNumber } from '../dates/to-day-number.ts';
import type { PeriodMover } from './types.ts';

/**
 * Totals per key in the last `periodDays` days up to asOf and in the `periodDays` before them,
 * largest absolute change first (ties by key, so the order is stable).
 *
 * Definition: current = Σ value over (asOf − periodDays, asOf]; previous = Σ over
 * (asOf − 2·periodDays, asOf − periodDays]; rows outside both windows are ignored. The label is
 * the last one seen for the key.
 */
export function comparePeriods(
  rows: readonly { key: string; label: string; date: string; value: number }[],
  asOf: string,
  periodDays: number,
): PeriodMover[] {
  const end = toDayNumber(asOf);
  const totals = new Map<string, PeriodMover>();
  for (const row of rows) {
    const age = end - toDayNumber(row.date);
    if (age < 0 || age >= 2 * periodDays) continue;
    const entry = totals.get(row.key) ?? { key: row.key, label: row.label, current: 0, previous: 0 };
    if (age < periodDays) entry.current += row.value;
    else entry.previous += row.value;
    entry.label = row.label;
    totals.set(row.key, entry);
  }
  return [...totals.values()].sort(
    (a, b) => Math.abs(b.current - b.previous) - Math.abs(a.current - a.previous) || (a.key < b.key ? -1 : 1),
  );
}
