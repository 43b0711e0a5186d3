/**
 * Months until a cohort's contribution pays back what it cost to acquire.
 *
 * Definition (decision 025): with `contributionByMonth[k]` the cohort's contribution margin per
 * customer (before marketing) in its k-th month since the first order (k = 0 is the month of the
 * first order), the payback is the first k + 1 at which the running sum reaches the CAC: 1 means
 * the first order's month already paid it back. Null when it has not been paid back in the months
 * observed so far, or when there is no CAC to pay back.
 *
 * @example cacPaybackMonths(3_000, [1_800, 500, 900]) // 3
 */
export function cacPaybackMonths(
  cacMinor: number | null,
  contributionByMonth: readonly number[],
): number | null {
  if (cacMinor === null) return null;
  let running = 0;
  for (let k = 0; k < contributionByMonth.length; k += 1) {
    running += contributionByMonth[k]!;
    if (running >= cacMinor) return k + 1;
  }
  return null;
}
