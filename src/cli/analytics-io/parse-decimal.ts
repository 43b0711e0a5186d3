const DECIMAL = /^-?(\d+)(\.(\d{1,4}))?$/;

/**
 * Parses a decimal amount ('12', '-3.5', '1234.5678') exactly into ten-thousandths (integer), so
 * money sums never drift; null when the text is not such a number (no thousands separators, at
 * most 4 decimals, which covers every ISO 4217 currency).
 *
 * @example parseDecimal('12.34') // 123400
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  const match = DECIMAL.exec(trimmed);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[3] ?? '').padEnd(4, '0'));
  const value = whole * 10_000 + fraction;
  if (!Number.isSafeInteger(value)) return null;
  return trimmed.startsWith('-') ? -value : value;
}
