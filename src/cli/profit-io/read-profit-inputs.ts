/*
 * The owner's inputs `upside profit` reads beside the orders, whatever their source: the costs CSV
 * and the rules file (shipping profiles, gateway fee rules, custom expenses).
 */
import { z } from 'zod';
import type { CostPeriod } from '../../core/profit/cost-in-force.ts';
import type { ProfitExpense } from '../../core/profit/expense-on-day.ts';
import { DemoProfitSetupSchema } from '../../shared/contracts/demo-profit.ts';
import { parseDecimalToMinor } from '../../shared/money.ts';
import { CliUsageError } from '../command.ts';
import { csvValueError, readCsvRecords } from './read-csv-records.ts';
import { parseOrFail } from './read-jsonl.ts';
import { readTextFile } from './read-text-file.ts';

const Day = z.iso.date();
const RulesSchema = DemoProfitSetupSchema.omit({ costs: true });
export type ProfitRules = z.infer<typeof RulesSchema>;

/**
 * The cost periods of a costs CSV (`sku` or `variant_id`, `cost`, `effective_from`) by SKU. A row
 * with only a `variant_id` needs `skuOfVariant` (the store's variants); without it the SKU is
 * required. Every bad value is a CliUsageError naming the file, row and column.
 */
export function readCostPeriods(
  path: string,
  skuOfVariant: ReadonlyMap<number, string> | null,
  digits: number,
): Map<string, CostPeriod[]> {
  const name = path.split(/[\\/]/).pop() ?? path;
  const periods = new Map<string, CostPeriod[]>();
  for (const record of readCsvRecords(path, name, ['cost', 'effective_from'])) {
    const {
      sku: skuText = '',
      variant_id: variantText = '',
      cost = '',
      effective_from: from = '',
    } = record.values;
    let sku = skuText;
    if (sku === '') {
      if (skuOfVariant === null)
        throw csvValueError(name, record, 'sku', 'is empty (a SKU is required here)');
      if (!/^\d+$/.test(variantText))
        throw csvValueError(name, record, 'variant_id', 'is not a variant id (and sku is empty)');
      sku = skuOfVariant.get(Number(variantText)) ?? '';
      if (sku === '') throw csvValueError(name, record, 'variant_id', 'is not a variant of this store');
    }
    if (!/^\d+(\.\d+)?$/.test(cost))
      throw csvValueError(name, record, 'cost', 'is not a non-negative amount');
    if (!Day.safeParse(from).success || from < '2000-01-01' || from > '2100-12-31')
      throw csvValueError(name, record, 'effective_from', 'is not a date YYYY-MM-DD in 2000–2100');
    const list = periods.get(sku) ?? [];
    list.push({ effectiveFrom: from, costMinor: parseDecimalToMinor(cost, digits) });
    periods.set(sku, list);
  }
  return periods;
}

/** The rules file (profit-rules.json's shape): shipping profiles, fee rules, expenses. */
export function readProfitRules(path: string): ProfitRules {
  const name = path.split(/[\\/]/).pop() ?? path;
  let json: unknown;
  try {
    json = JSON.parse(readTextFile(path, name));
  } catch (error) {
    if (error instanceof CliUsageError) throw error;
    throw new CliUsageError(`${name}: row 1: not valid JSON`);
  }
  return parseOrFail(RulesSchema, json, `${name}: row 1`);
}

/** The rules' custom expenses in the core's shape (money in minor units, percents as text). */
export function expensesOf(rules: ProfitRules, digits: number): ProfitExpense[] {
  return rules.expenses.map((e) => {
    const money = e.kind === 'monthly' || e.kind === 'per_order';
    return {
      ...e,
      amountMinor: money ? parseDecimalToMinor(e.amount, digits) : null,
      percent: money ? null : e.amount,
    };
  });
}
