/** The non-empty, trimmed items of a comma-separated flag value ('a, b,' → ['a', 'b']). */
export function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A number rounded to `digits` decimals for printing (4 by default). */
export const roundTo = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
