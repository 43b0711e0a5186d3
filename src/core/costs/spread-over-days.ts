/**
 * A manual cost line's amount spread over its days (issue #39 step 4, decision 106), exactly:
 * every day gets ⌊amount / days⌋ minor units and the first (amount mod days) days one unit more,
 * so the days always sum to the amount to the minor unit, no day differs from another by more than
 * one unit, and the same line always spreads the same way (re-saving it changes nothing).
 * 100.00 over 3 days → 33.34, 33.33, 33.33.
 */
export function spreadOverDays(amountMinor: number, days: number): number[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`not a non-negative whole number of minor units: ${amountMinor}`);
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`not a positive number of days: ${days}`);
  const base = Math.floor(amountMinor / days);
  const extra = amountMinor - base * days;
  return Array.from({ length: days }, (_, index) => base + (index < extra ? 1 : 0));
}
