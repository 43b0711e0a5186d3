/** Sum of `pick(row)` over the rows dated from `since` to `asOf` (both included). */
export function sumInWindow<T extends { date: string }>(
  rows: readonly T[],
  since: string,
  asOf: string,
  pick: (row: T) => number,
): number {
  let total = 0;
  for (const row of rows) if (row.date >= since && row.date <= asOf) total += pick(row);
  return total;
}
