/**
 * JSON for stdout that can never contain NaN or Infinity (JSON.stringify would print null for them
 * silently; here a non-finite number is a bug and is refused loudly).
 */
export function toJson(value: unknown): string {
  return `${JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === 'number' && !Number.isFinite(v))
        throw new Error('refusing to print a non-finite number');
      return v;
    },
    2,
  )}\n`;
}
