import type { z } from 'zod';

/**
 * A plausible valid value for a zod contract, read from the schema's own definition (type, bounds,
 * formats, patterns): the base that the bad-input test mutates one field at a time, so most cases
 * are wrong in exactly one place. It need not always be valid: the contract itself is the oracle.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type AnySchema = z.core.$ZodType;

export const defOf = (schema: AnySchema) => schema._zod.def as unknown as Record<string, unknown>;
export const typeOf = (schema: AnySchema) => schema._zod.def.type;

/** Candidate strings tried in order against a string schema's patterns and formats. */
const STRING_CANDIDATES = [
  'x',
  'abc',
  '2026-01-15',
  '2026-01-15T00:00:00.000Z',
  '1001',
  '1',
  'owner@example.com',
  'https://example.com/',
  '00000000-0000-4000-8000-000000000000',
  '#1001',
  'AB',
  'act_1',
  'gid://shopify/Product/1',
  'day',
  'shopify',
  'USD',
  'SKU-1',
];

/** Patterns of a string schema: its own (z.uuid(), z.iso.date()…) and those of its checks. */
function patternsOf(schema: AnySchema): RegExp[] {
  const def = defOf(schema);
  const checks = (def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? [];
  return [def.pattern, ...checks.map((check) => check._zod.def.pattern)].filter(
    (pattern): pattern is RegExp => pattern instanceof RegExp,
  );
}

function stringSample(schema: AnySchema): string {
  const bounds = schema as unknown as { minLength: number | null; maxLength: number | null };
  const min = bounds.minLength ?? 0;
  const max = bounds.maxLength ?? Number.POSITIVE_INFINITY;
  const patterns = patternsOf(schema);
  const fits = (text: string) =>
    text.length >= min && text.length <= max && patterns.every((pattern) => pattern.test(text));
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, Math.min(min, 64)));
}

function numberSample(schema: AnySchema): number {
  const bounds = schema as unknown as { minValue: number | null; maxValue: number | null };
  const low = bounds.minValue ?? Number.NEGATIVE_INFINITY;
  const high = bounds.maxValue ?? Number.POSITIVE_INFINITY;
  const preferred = [1, 0, 10, low, high].filter((value) => Number.isFinite(value));
  return preferred.find((value) => value >= low && value <= high && value > -1e15) ?? 1;
}

/** The children of wrappers (optional, default, pipe, …) down to the schema that has the shape. */
export function unwrap(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def.innerType as AnySchema);
    case 'pipe':
      return unwrap(def.in as AnySchema);
    case 'lazy':
      return unwrap((def.getter as () => AnySchema)());
    default:
      return schema;
  }
}

export function isOptional(schema: AnySchema): boolean {
  return schema._zod.optin === 'optional';
}

/** A value the schema most likely accepts, as JSON (as a request body or query would carry it). */
export function sampleOf(schema: AnySchema, depth = 0): Json {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (depth > 6) return null;
  switch (def.type) {
    case 'object': {
      const result: Record<string, Json> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, AnySchema>))
        result[key] = sampleOf(child, depth + 1);
      return result;
    }
    case 'string':
      return stringSample(inner);
    case 'number':
      return numberSample(inner);
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2026-01-15';
    case 'enum':
      return Object.values(def.entries as Record<string, string | number>)[0] ?? 'x';
    case 'literal':
      return ((def.values as unknown[])[0] ?? null) as Json;
    case 'array': {
      const bounds = inner as unknown as { _zod: { bag: { minimum?: number } } };
      const count = Math.max(1, bounds._zod.bag.minimum ?? 1);
      return Array.from({ length: Math.min(count, 3) }, () => sampleOf(def.element as AnySchema, depth + 1));
    }
    case 'tuple':
      return (def.items as AnySchema[]).map((item) => sampleOf(item, depth + 1));
    case 'union':
      return sampleOf((def.options as AnySchema[])[0] as AnySchema, depth + 1);
    case 'record':
      return {};
    case 'null':
      return null;
    default:
      return 'x';
  }
}
