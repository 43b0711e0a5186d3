/** Rounds to a number of decimals (half away from zero for positives), for amounts shown to people. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
