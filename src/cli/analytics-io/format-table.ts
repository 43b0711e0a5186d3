/**
 * A plain-text table: a one-line explanation, a header, a rule and rows; numbers right-aligned.
 *
 * @example formatTable('Totals', ['a', 'b'], [['x', 1]]) // 'Totals\na  b\n-  -\nx  1\n'
 */
export function formatTable(
  title: string,
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => (row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number'));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[title, line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n')}\n`;
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
