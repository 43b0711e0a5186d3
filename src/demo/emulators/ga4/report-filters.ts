/** Dimension and metric filter expressions (and/or/not groups; string, in-list and numeric filters). */
import { invalid } from './report-error.ts';

export interface FilterExpression {
  andGroup?: { expressions?: FilterExpression[] };
  orGroup?: { expressions?: FilterExpression[] };
  notExpression?: FilterExpression;
  filter?: {
    fieldName?: string;
    stringFilter?: { matchType?: string | number; value?: string; caseSensitive?: boolean };
    inListFilter?: { values?: string[]; caseSensitive?: boolean };
    numericFilter?: {
      operation?: string | number;
      value?: { int64Value?: string | number; doubleValue?: number };
    };
  };
}

const MATCH_TYPES: Record<string, string> = {
  '1': 'EXACT',
  '2': 'BEGINS_WITH',
  '3': 'ENDS_WITH',
  '4': 'CONTAINS',
  '5': 'FULL_REGEXP',
  '6': 'PARTIAL_REGEXP',
};
const NUMERIC_OPS: Record<string, string> = {
  '1': 'EQUAL',
  '2': 'LESS_THAN',
  '3': 'LESS_THAN_OR_EQUAL',
  '4': 'GREATER_THAN',
  '5': 'GREATER_THAN_OR_EQUAL',
};

export function matchString(filter: NonNullable<FilterExpression['filter']>, actual: string): boolean {
  if (filter.inListFilter) {
    const cs = filter.inListFilter.caseSensitive ?? false;
    const values = filter.inListFilter.values ?? [];
    return values.some((v) => (cs ? v === actual : v.toLowerCase() === actual.toLowerCase()));
  }
  const sf = filter.stringFilter;
  if (!sf) return true;
  const cs = sf.caseSensitive ?? false;
  const a = cs ? actual : actual.toLowerCase();
  const v = cs ? (sf.value ?? '') : (sf.value ?? '').toLowerCase();
  const type = MATCH_TYPES[String(sf.matchType)] ?? String(sf.matchType ?? 'EXACT');
  switch (type) {
    case 'BEGINS_WITH':
      return a.startsWith(v);
    case 'ENDS_WITH':
      return a.endsWith(v);
    case 'CONTAINS':
      return a.includes(v);
    case 'FULL_REGEXP':
    case 'PARTIAL_REGEXP': {
      let re: RegExp;
      try {
        re = new RegExp(type === 'FULL_REGEXP' ? `^(?:${sf.value ?? ''})$` : (sf.value ?? ''), cs ? '' : 'i');
      } catch {
        throw invalid(`Invalid regular expression: ${sf.value ?? ''}`);
      }
      return re.test(actual);
    }
    default:
      return a === v;
  }
}

export function matchNumber(filter: NonNullable<FilterExpression['filter']>, actual: number): boolean {
  const nf = filter.numericFilter;
  if (!nf) return true;
  const expected = Number(nf.value?.int64Value ?? nf.value?.doubleValue ?? 0);
  const op = NUMERIC_OPS[String(nf.operation)] ?? String(nf.operation ?? 'EQUAL');
  if (op === 'LESS_THAN') return actual < expected;
  if (op === 'LESS_THAN_OR_EQUAL') return actual <= expected;
  if (op === 'GREATER_THAN') return actual > expected;
  if (op === 'GREATER_THAN_OR_EQUAL') return actual >= expected;
  return actual === expected;
}

export function evaluate(
  expr: FilterExpression | undefined,
  test: (filter: NonNullable<FilterExpression['filter']>) => boolean,
): boolean {
  if (!expr) return true;
  if (expr.andGroup) return (expr.andGroup.expressions ?? []).every((e) => evaluate(e, test));
  if (expr.orGroup) return (expr.orGroup.expressions ?? []).some((e) => evaluate(e, test));
  if (expr.notExpression) return !evaluate(expr.notExpression, test);
  if (expr.filter) return test(expr.filter);
  return true;
}
