/**
 * `percent`% of an amount in minor units, rounded half away from zero (decision 010: percent fee
 * rules and percent expenses). Exact: the percent's decimal string is read as an integer over a
 * power of ten and the product is rounded in BigInt arithmetic, so "3.49" % of 1005 is 35.0745 → 35.
 */
export function percentOfMinor(amountMinor: number, percent: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percent);
  if (!match) throw new RangeError(`not a percent: "${percent}"`);
  const fraction = match[2] ?? '';
  const scale = 100n * 10n ** BigInt(fraction.length);
  const product = BigInt(amountMinor) * BigInt(`${match[1]}${fraction}`);
  const magnitude = product < 0n ? -product : product;
  const rounded = (2n * magnitude + scale) / (2n * scale);
  return Number(product < 0n ? -rounded : rounded);
}
