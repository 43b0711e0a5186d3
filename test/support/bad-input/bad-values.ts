import fc from 'fast-check';
import type { z } from 'zod';
import { defOf, isOptional, type Json, sampleOf, typeOf, unwrap } from './zod-samples.ts';

/**
 * fast-check arbitraries of wrong input for one zod contract: the contract's own sample with one to
 * three mutations — a field of the wrong type, a boundary or huge value, deep nesting, a NUL or a
 * lone surrogate in a string, a required field missing, an unknown field added — anywhere in the
 * tree (nested objects and array items too), or the whole input replaced.
 */
type AnySchema = z.core.$ZodType;
type Path = Array<string | number>;

const DEPTH = 1_000;
const deepArray = (): Json => {
  let value: Json = 1;
  for (let level = 0; level < DEPTH; level += 1) value = [value];
  return value;
};
const deepObject = (): Json => {
  let value: Json = 1;
  for (let level = 0; level < DEPTH; level += 1) value = { a: value };
  return value;
};

/** Values of the wrong type or shape for anything. */
const wrongTypes: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, '', 'x', [], {}, [null], { a: 1 }, '1', 'true', 'null'),
  fc.constant(null).map(deepArray),
  fc.constant(null).map(deepObject),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

const boundaryNumbers = fc.constantFrom<Json>(
  -1,
  -0,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
);

const nastyStrings = fc.oneof(
  fc.constantFrom<Json>(
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDFFFy',
    ' ',
    '\u202E\u0000',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '9999-12-31',
    '0000-00-00',
    '2026-02-30',
    '1969-12-31T23:59:60Z',
  ),
  fc.constantFrom(10_000, 200_000).map((length) => 'x'.repeat(length)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hugeArrays = fc.constantFrom<Json>(
  Array.from({ length: 10_000 }, () => 1),
  Array.from({ length: 2_000 }, () => ({ a: 'x' })),
);

/** Values just outside the schema's own bounds (min − 1, max + 1, one character too many…). */
function boundariesOf(schema: AnySchema): Json[] {
  const inner = unwrap(schema);
  const type = typeOf(inner);
  if (type === 'number') {
    const { minValue, maxValue, isInt } = inner as unknown as {
      minValue: number | null;
      maxValue: number | null;
      isInt: boolean;
    };
    const values: Json[] = [];
    if (minValue !== null && Number.isFinite(minValue)) values.push(minValue - 1, minValue - 1e-9);
    if (maxValue !== null && Number.isFinite(maxValue)) values.push(maxValue + 1, maxValue * 10);
    if (isInt) values.push(1.5);
    return values;
  }
  if (type === 'string') {
    const { minLength, maxLength } = inner as unknown as {
      minLength: number | null;
      maxLength: number | null;
    };
    const values: Json[] = [];
    if (maxLength !== null && maxLength < 1e6) values.push('y'.repeat(maxLength + 1));
    if (minLength !== null && minLength > 0) values.push('y'.repeat(minLength - 1));
    return values;
  }
  if (type === 'array') {
    const bag = (inner as unknown as { _zod: { bag: { maximum?: number; minimum?: number } } })._zod.bag;
    const item = sampleOf(defOf(inner).element as AnySchema);
    const values: Json[] = [];
    if (bag.maximum !== undefined && bag.maximum < 1e5)
      values.push(Array.from({ length: bag.maximum + 1 }, () => item));
    if (bag.minimum !== undefined && bag.minimum > 0) values.push([]);
    return values;
  }
  if (type === 'enum') return ['not-one-of-them', ''];
  return [];
}

/** The schema of the value at `path` inside a value of `schema` (undefined where unknown). */
function schemaAt(schema: AnySchema, path: Path): AnySchema | undefined {
  let current: AnySchema | undefined = schema;
  for (const step of path) {
    if (!current) return undefined;
    const inner = unwrap(current);
    const def = defOf(inner);
    if (def.type === 'object') current = (def.shape as Record<string, AnySchema>)[String(step)];
    else if (def.type === 'array') current = def.element as AnySchema;
    else if (def.type === 'tuple') current = (def.items as AnySchema[])[Number(step)];
    else if (def.type === 'union') current = schemaAt((def.options as AnySchema[])[0] as AnySchema, [step]);
    else return undefined;
  }
  return current;
}

/** Every path of a JSON tree (objects and arrays), the root excluded. */
function pathsOf(value: Json, prefix: Path = [], into: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      into.push([...prefix, index]);
      pathsOf(item, [...prefix, index], into);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push([...prefix, key]);
      pathsOf(item, [...prefix, key], into);
    }
  }
  return into;
}

const clone = (value: Json): Json => structuredClone(value);

function setAt(root: Json, path: Path, value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const copy = clone(root);
  let parent: Json = copy;
  for (const step of path.slice(0, -1)) {
    parent = (parent as Record<string, Json>)[step as string] as Json;
    if (parent === null || typeof parent !== 'object') return copy;
  }
  const last = path.at(-1) as string | number;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, Json>)[last];
  } else (parent as Record<string, Json>)[last] = value;
  return copy;
}

export interface Mutation {
  label: string;
  apply(input: Json): Json;
}

/** One mutation of a value shaped by `schema`, chosen by fast-check. */
function mutationArb(schema: AnySchema, base: Json): fc.Arbitrary<Mutation> {
  const paths = pathsOf(base);
  const pathArb = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant<Path>([]);
  const replace = (kind: string, values: fc.Arbitrary<Json>) =>
    fc.tuple(pathArb, values).map(
      ([path, value]): Mutation => ({
        label: `${kind} at ${path.join('.') || '(root)'}`,
        apply: (input) => setAt(input, path, value),
      }),
    );
  const boundary = pathArb.chain((path) => {
    const at = schemaAt(schema, path);
    const values = at ? boundariesOf(at) : [];
    return values.length > 0
      ? fc.constantFrom(...values).map(
          (value): Mutation => ({
            label: `boundary at ${path.join('.')}`,
            apply: (i) => setAt(i, path, value),
          }),
        )
      : fc.constant<Mutation>({
          label: `wrong type at ${path.join('.')}`,
          apply: (i) => setAt(i, path, null),
        });
  });
  const required = paths.filter((path) => {
    const at = schemaAt(schema, path);
    return at !== undefined && !isOptional(at) && typeof path.at(-1) === 'string';
  });
  const missing =
    required.length > 0
      ? fc.constantFrom(...required).map(
          (path): Mutation => ({
            label: `missing ${path.join('.')}`,
            apply: (i) => setAt(i, path, undefined),
          }),
        )
      : fc.constant<Mutation>({ label: 'missing (whole input)', apply: () => ({}) });
  const extra = fc
    .tuple(fc.constantFrom('unexpected', 'constructor', 'toString', 'x'.repeat(300), ''), wrongTypes)
    .map(
      ([key, value]): Mutation => ({
        label: `extra field "${key.slice(0, 20)}"`,
        apply: (input) =>
          input && typeof input === 'object' && !Array.isArray(input) ? { ...input, [key]: value } : input,
      }),
    );
  const whole = wrongTypes.map((value): Mutation => ({ label: 'whole input replaced', apply: () => value }));
  return fc.oneof(
    { weight: 4, arbitrary: replace('wrong type', wrongTypes) },
    { weight: 3, arbitrary: boundary },
    { weight: 2, arbitrary: replace('boundary number', boundaryNumbers) },
    { weight: 3, arbitrary: replace('nasty string', nastyStrings) },
    { weight: 1, arbitrary: replace('huge array', hugeArrays) },
    { weight: 2, arbitrary: missing },
    { weight: 2, arbitrary: extra },
    { weight: 1, arbitrary: whole },
  );
}

export interface GeneratedInput {
  label: string;
  value: Json;
}

/** One to three mutations of the schema's sample (a JSON body, or a query's values before encoding). */
export function badInputArb(schema: AnySchema): fc.Arbitrary<GeneratedInput> {
  const base = sampleOf(schema);
  return fc.array(mutationArb(schema, base), { minLength: 1, maxLength: 3 }).map((mutations) => ({
    label: mutations.map((mutation) => mutation.label).join(' + '),
    value: mutations.reduce<Json>((value, mutation) => mutation.apply(value), base),
  }));
}
