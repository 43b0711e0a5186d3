import { PROFIT_LINE_NAMES, type ProfitLines } from './types.ts';

/** Σ of each of the lines over days (or periods); the subtotal identities still hold exactly. */
export function sumProfitLines(rows: readonly ProfitLines[]): ProfitLines {
  const totals = Object.fromEntries(PROFIT_LINE_NAMES.map((name) => [name, 0])) as unknown as ProfitLines;
  for (const row of rows) for (const name of PROFIT_LINE_NAMES) totals[name] += row[name];
  return totals;
}
