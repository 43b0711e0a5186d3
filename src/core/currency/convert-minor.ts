/**
 * One currency's standing against the euro on a day, as the European Central Bank publishes it:
 * `perEuro` units of the currency buy one euro (an exact decimal string, "1.0856"; the euro's own is
 * "1"), and `digits` is the currency's minor-unit digits (USD 2, JPY 0, KWD 3).
 */
export interface EuroRate {
  perEuro: string;
  digits: number;
}

/** "1.0856" → { units: 10856n, scale: 4 }: the decimal as an integer over 10^scale. */
function decimalParts(text: string): { units: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a positive decimal rate: "${text}"`);
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

const TEN = 10n;

/**
 * Converts an amount in minor units of one currency into minor units of another through their
 * euro rates (issue #17 item 1, decision 067), exactly:
 *
 *   target minor = amount minor × to.perEuro × 10^to.digits / (from.perEuro × 10^from.digits)
 *
 * computed as one fraction of integers (BigInt), then rounded once, half away from zero — the
 * rounding the profit lines already use (decision 010). No floating point touches the amount or the
 * rate, so 1,000,000.01 USD at 1.0856 per euro gives the same cent on every machine. Cross rates
 * (USD → GBP) go through the euro inside the one fraction, never through a rounded euro amount.
 */
export function convertMinor(amountMinor: number, from: EuroRate, to: EuroRate): number {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`not a whole number of minor units: ${amountMinor}`);
  const source = decimalParts(from.perEuro);
  const target = decimalParts(to.perEuro);
  if (source.units === 0n || target.units === 0n) throw new RangeError('a rate must be positive');
  // amount × (t.units / 10^t.scale) × 10^to.digits / ((s.units / 10^s.scale) × 10^from.digits)
  let numerator = BigInt(amountMinor) * target.units * TEN ** BigInt(source.scale + to.digits);
  let denominator = source.units * TEN ** BigInt(target.scale + from.digits);
  const negative = numerator < 0n;
  if (negative) numerator = -numerator;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  denominator -= remainder;
  // Half away from zero: round up when the remainder is at least half the denominator.
  const rounded = remainder >= denominator ? quotient + 1n : quotient;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError('converted amount is too large');
  return result;
}
