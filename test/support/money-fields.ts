/**
 * Which numbers on the wire are amounts of money (decision 146): the rule the money contract test
 * applies to every response and request schema in `src/shared/contracts`. An amount crosses the wire
 * one way only — `MoneySchema`, an exact decimal string in major units beside the response's
 * `currency` (decision 009) — so a field that holds money and is typed as a number is a defect.
 *
 * A field holds money when its name says so (revenue, spend, cost, contribution, profit, price, fee,
 * refund, discount, tax, shipping, LTV, CAC, AOV, budget, CPC/CPA/CPM, loss, "…Minor") and nothing in
 * its name makes it a ratio or a count (rate, share, ROAS, orders, sessions…; "count" and "version"
 * only as words of the camelCase name, so `discount`, `spendInAccountCurrency` and
 * `platformConversionValue` are money, decision 171). A generic name (`current`, `value`, `min`,
 * `low`…) takes its meaning from the key it sits under: `revenue: { current, previous }`. An evidence
 * fact `{ label, value, unit }` whose unit may be 'currency' holds money in `value`.
 */
import type { z } from 'zod';

const MONEY_NAME =
  /(revenue|spend|cost|contribution|profit|amount|price|aov|fee|sales|refund|discount|tax|shipping|cogs|ltv|clv|cac|budget|earned|income|impact|minor|potential|savings|purchasevalue|conversionvalue|value$|cpc|cpa|cpm|loss)/i;
const NOT_MONEY_NAME =
  /(rate|share|ratio|roas|poas|mer$|percent|pct|orders|sessions|days|quantity|units|customers|users|visitors|clicks|events|lines|weeks|index|score|lift|multiple|elasticity|seconds|ms$|id$|pvalue|confidence|digits|^margin$)/i;
/** "count" and "version" as words of a camelCase name, not inside "discount", "Account" or "conversion". */
const NOT_MONEY_WORD = /(^count|Count|^version|Version)/;
/** "ltvToCac", "revenueToSpend": a quotient of two amounts is a ratio. */
const QUOTIENT_NAME = /[a-z]To[A-Z]/;
const GENERIC_NAME =
  /^(current|previous|total|value|min|max|low|high|lo95|hi95|mean|median|p\d+|amount|actual|expected)$/;

/** One numeric field found under a money name, as `<file>: <Schema>.<path>`. */
export interface NumericMoneyField {
  file: string;
  path: string;
}

type AnyDef = { type?: string } & Record<string, unknown>;

function defOf(schema: unknown): AnyDef | undefined {
  const zod = (schema as { _zod?: { def?: AnyDef } } | null)?._zod;
  return zod?.def;
}

function isMoneyName(name: string, parent: string | undefined): boolean {
  if (NOT_MONEY_NAME.test(name) || NOT_MONEY_WORD.test(name) || QUOTIENT_NAME.test(name)) return false;
  // `revenueDays: [{ actual, expected }]`: the list's name without its "per day" names the amount.
  if (GENERIC_NAME.test(name))
    return (
      parent !== undefined &&
      isMoneyName(parent.replace(/(Days|Weeks|Series|Points|History)$/, ''), undefined)
    );
  return MONEY_NAME.test(name);
}

/** The schemas a wrapper or container holds (optional, nullable, array, union, record, pipe…). */
function childrenOf(def: AnyDef): unknown[] {
  const children: unknown[] = [];
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'valueType', 'schema'])
    if (def[key]) children.push(def[key]);
  if (Array.isArray(def.options)) children.push(...def.options);
  if (Array.isArray(def.items)) children.push(...def.items);
  if (typeof def.getter === 'function') children.push((def.getter as () => unknown)());
  return children;
}

/** A `unit` field that accepts 'currency' (an enum holding it, or the literal). */
function acceptsCurrency(schema: unknown): boolean {
  const parse = (schema as { safeParse?: (value: unknown) => { success: boolean } } | undefined)?.safeParse;
  return parse?.call(schema, 'currency').success === true;
}

function isNumeric(schema: unknown): boolean {
  const def = defOf(schema);
  if (!def) return false;
  if (def.type === 'number' || def.type === 'bigint') return true;
  if (def.type === 'union') return (def.options as unknown[]).some(isNumeric);
  const wrapped = def.innerType ?? (def.type === 'pipe' ? def.out : undefined);
  return wrapped !== undefined && isNumeric(wrapped);
}

/**
 * Every number under a money name in `schema` (named `name`, from contract file `file`). Paths read
 * as `Schema.key[].key`; each schema object is visited once per path so shared parts are named where
 * they are used.
 */
export function numericMoneyFields(file: string, name: string, schema: z.ZodType): NumericMoneyField[] {
  const found: NumericMoneyField[] = [];
  const visit = (
    node: unknown,
    path: string,
    key: string | undefined,
    parent: string | undefined,
    depth: number,
  ) => {
    const def = defOf(node);
    if (!def || depth > 40) return;
    if (key !== undefined && isNumeric(node) && isMoneyName(key, parent)) {
      found.push({ file, path });
      return;
    }
    if (def.type === 'object') {
      const shape = def.shape as Record<string, unknown>;
      // `{ label, value, unit }`: a numeric value whose unit may be 'currency' is an amount (decision 171).
      const unitMayBeMoney = acceptsCurrency(shape.unit);
      for (const [child, value] of Object.entries(shape)) {
        if (child === 'value' && unitMayBeMoney && isNumeric(value))
          found.push({ file, path: `${path}.value` });
        else visit(value, `${path}.${child}`, child, key, depth + 1);
      }
      return;
    }
    const suffix = def.type === 'array' ? '[]' : '';
    for (const child of childrenOf(def)) visit(child, `${path}${suffix}`, key, parent, depth + 1);
  };
  visit(schema, name, undefined, undefined, 0);
  return found;
}
