import type { z } from 'zod';
import { defOf, type Json, sampleOf, unwrap } from './zod-samples.ts';

/**
 * Valid extremes of a zod contract: the contract's sample with one field at a time set to a value
 * at the edge of what the contract accepts — the shortest and longest strings (of mixed-script
 * unicode, astral characters, combining marks, quotes and LIKE wildcards), the smallest and largest
 * numbers, empty and longest arrays, null where allowed, and for patterned strings (money, percent,
 * days, ids) the most extreme of a list of candidates the pattern takes. The contract is the
 * oracle: a case is kept only if the whole input parses.
 */
type AnySchema = z.core.$ZodType;

export interface ExtremeCase {
  label: string;
  body: Json;
  /** Free-text strings the input carries (no pattern to normalise them): they must be stored as sent. */
  texts: string[];
}

const UNICODE = `Zoë’s “café” — 東京 ∑ עברית 👩🏽‍💻🛒 é ' " \\ % _ <b>&amp; `;
/** Unbounded strings are tried this long (a 1 MB body limit leaves room). */
const UNBOUNDED_LENGTH = 5_000;
/** Unbounded or long arrays are tried with at most this many elements. */
const ARRAY_CAP = 500;

/** Candidates for patterned strings: edges of money, percentages, days, instants and ids. */
const PATTERNED = [
  '0',
  '0.00',
  '0.01',
  '-0.01',
  '100',
  '100.00',
  '-100',
  '999999999.99',
  '9999999999999.99',
  '-9999999999999.99',
  '99999999999999999999',
  '0.000001',
  '1970-01-01',
  '2000-02-29',
  '9999-12-31',
  '0001-01-01',
  '1970-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '9007199254740991',
  '1',
  'a',
  'https://example.com/',
  `https://${'a'.repeat(60)}.example.com/${'p'.repeat(1_800)}`,
  'https://xn--caf-dma.example/ünïcode?q=%F0%9F%9B%92',
];

/** `length` UTF-16 units of the unicode mix, never ending inside a surrogate pair or on a space. */
function textOfLength(length: number): string {
  let text = '';
  while (text.length < length) text += UNICODE;
  text = text.slice(0, length);
  if (/[\uD800-\uDBFF]$/.test(text) || /\s$/.test(text)) text = `${text.slice(0, -1)}x`;
  return text.startsWith(' ') ? `x${text.slice(1)}` : text;
}

const hasPattern = (schema: AnySchema) => {
  const def = defOf(schema);
  const checks = (def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? [];
  return (
    def.pattern instanceof RegExp ||
    def.format !== undefined ||
    checks.some((check) => check._zod.def.pattern instanceof RegExp || check._zod.def.format !== undefined)
  );
};

/** Extreme values of one leaf (a string, number, array or nullable); `text` marks free text. */
function extremesOf(schema: AnySchema): Array<{ label: string; value: Json; text?: boolean }> {
  const values: Array<{ label: string; value: Json; text?: boolean }> = [];
  if ((schema as z.ZodType).safeParse(null).success) values.push({ label: 'null', value: null });
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'string') {
    if (hasPattern(inner)) {
      for (const candidate of PATTERNED)
        values.push({ label: `"${candidate.slice(0, 40)}"`, value: candidate });
      return values;
    }
    const bounds = inner as unknown as { minLength: number | null; maxLength: number | null };
    const min = Math.max(bounds.minLength ?? 0, 1);
    const max = bounds.maxLength ?? UNBOUNDED_LENGTH;
    values.push({ label: `shortest (${min})`, value: textOfLength(min), text: true });
    values.push({ label: 'unicode mix', value: textOfLength(Math.min(max, UNICODE.length)), text: true });
    values.push({ label: `longest (${max})`, value: textOfLength(max), text: true });
    values.push({ label: 'astral only', value: '🛒'.repeat(Math.max(1, Math.floor(max / 2))), text: true });
  } else if (def.type === 'number') {
    const bounds = inner as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
    const low = bounds.minValue ?? (bounds.isInt ? Number.MIN_SAFE_INTEGER : -1e15);
    const high = bounds.maxValue ?? (bounds.isInt ? Number.MAX_SAFE_INTEGER : 1e15);
    for (const value of [low, high, 0, bounds.isInt ? 1 : 1e-9])
      values.push({ label: String(value), value: Number.isFinite(value) ? value : 0 });
  } else if (def.type === 'array') {
    const bag = (inner as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag;
    const element = sampleOf(def.element as AnySchema);
    if ((bag.minimum ?? 0) === 0) values.push({ label: 'empty', value: [] });
    const longest = Math.min(bag.maximum ?? ARRAY_CAP, ARRAY_CAP);
    values.push({ label: `${longest} elements`, value: Array.from({ length: longest }, () => element) });
  } else if (def.type === 'enum') {
    const entries = Object.values(def.entries as Record<string, string | number>);
    values.push({ label: `last of ${entries.length}`, value: entries.at(-1) ?? null });
  }
  return values;
}

/** Leaves of an object schema (nested objects and the first element of arrays walked into). */
function leavesOf(
  schema: AnySchema,
  path: Array<string | number> = [],
): Array<{ path: Array<string | number>; schema: AnySchema }> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, child]) =>
      leavesOf(child, [...path, key]),
    );
  }
  if (def.type === 'array') return [{ path, schema }, ...leavesOf(def.element as AnySchema, [...path, 0])];
  return [{ path, schema }];
}

function withValue(base: Json, path: Array<string | number>, value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(base)) {
    const copy = [...base];
    copy[Number(head)] = withValue(copy[Number(head)] ?? null, rest, value);
    return copy;
  }
  const object = base && typeof base === 'object' ? base : {};
  return { ...object, [head]: withValue(object[String(head)] ?? null, rest, value) };
}

/**
 * The contract's sample made valid where the sample missed (a URL, an email, a refinement): each
 * field an issue points at is tried with the patterned candidates and short texts until it parses.
 */
function repaired(schema: AnySchema, sample: Json): Json {
  let base = sample;
  for (let round = 0; round < 10; round += 1) {
    const parsed = (schema as z.ZodType).safeParse(base);
    if (parsed.success) return base;
    const path = parsed.error.issues[0]?.path as Array<string | number> | undefined;
    if (!path) return base;
    const fixed = [...PATTERNED, 'Name', 'owner@example.com', textOfLength(8)].find(
      (candidate) =>
        !(schema as z.ZodType)
          .safeParse(withValue(base, path, candidate))
          .error?.issues.some((issue) => issue.path.join('.') === path.join('.')),
    );
    if (fixed === undefined) return base;
    base = withValue(base, path, fixed);
  }
  return base;
}

/**
 * Every valid extreme of a body contract, one field at a time, deduplicated; `overrides` are
 * fields set on the sample first (ids of rows that exist). A union is each of its options.
 */
export function extremeCasesOf(
  schema: AnySchema,
  overrides: Record<string, Json> = {},
): { cases: ExtremeCase[]; unusable?: string } {
  const def = defOf(unwrap(schema));
  if (def.type === 'union') {
    const options = (def.options as AnySchema[]).map((option) => extremeCasesOf(option, overrides));
    return {
      cases: options.flatMap((option) => option.cases),
      unusable: options.find((option) => option.unusable)?.unusable,
    };
  }
  const sample = sampleOf(schema);
  const base = repaired(
    schema,
    sample && typeof sample === 'object' && !Array.isArray(sample)
      ? { ...sample, ...Object.fromEntries(Object.entries(overrides).filter(([key]) => key in sample)) }
      : sample,
  );
  const parsed = (schema as z.ZodType).safeParse(base);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { cases: [], unusable: `no valid sample: ${issue?.path.join('.')}: ${issue?.message}` };
  }
  const seen = new Set<string>();
  const cases: ExtremeCase[] = [];
  for (const leaf of leavesOf(schema)) {
    for (const extreme of extremesOf(leaf.schema)) {
      const body = withValue(base, leaf.path, extreme.value);
      const key = JSON.stringify(body);
      if (seen.has(key) || !(schema as z.ZodType).safeParse(body).success) continue;
      seen.add(key);
      cases.push({
        label: `${leaf.path.join('.') || 'body'} = ${extreme.label}`,
        body,
        texts: extreme.text && typeof extreme.value === 'string' ? [extreme.value] : [],
      });
    }
  }
  return { cases };
}
