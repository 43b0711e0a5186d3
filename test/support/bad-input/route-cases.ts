import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { z } from 'zod';
import type { RegisteredRoute } from '../../../src/server/http/plugins/openapi.ts';
import { badInputArb } from './bad-values.ts';
import type { RawRequest } from './raw-request.ts';
import { type Json, sampleOf } from './zod-samples.ts';

/**
 * The bad-input cases of one route, from its zod contracts (params, querystring, body) and a fixed
 * set of transport-level attacks. Each case says what the server must do:
 * - `rejected`: a 4xx `{ message, code }`, whose message names one of `fields` when given;
 * - `tolerated`: anything but a 5xx (e.g. an unknown query parameter a GET ignores).
 * Only GET routes get inputs their contract accepts; a state-changing route gets only inputs the
 * contract (or the server's global rules: no NUL in text) rejects, so no case may change data.
 */
type AnySchema = z.core.$ZodType;

export interface BadInputCase {
  label: string;
  request: RawRequest;
  expect: 'rejected' | 'tolerated';
  fields?: string[];
  /** A bad path segment may also be refused by routing: 404 (no such route), 414 (too long). */
  routing?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MEGABYTE = 1024 * 1024;
const TWENTY_MEGABYTES = Buffer.alloc(20 * MEGABYTE, 0x61);
const OVER_ONE_MEGABYTE = Buffer.from(JSON.stringify({ padding: 'x'.repeat(MEGABYTE + 10) }));

/** Paths (dotted) of strings containing NUL: the server refuses NUL in any text it is given. */
function nulPaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [prefix.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulPaths(item, [...prefix, String(index)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => nulPaths(item, [...prefix, key]));
  return [];
}

/** What the contract and the NUL rule say of an input: undefined when valid, else the fields named. */
function verdict(schema: AnySchema, value: unknown, part: string): string[] | undefined {
  const nul = nulPaths(value);
  const parsed = (schema as z.ZodType).safeParse(value);
  if (parsed.success && nul.length === 0) return undefined;
  const issues = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
  return [...nul, ...issues].map((path) => path || part);
}

/** Lone surrogates as U+FFFD, as a URL carries them (it has no bytes for them). */
const wellFormed = (text: string) => text.replace(/\p{Surrogate}/gu, '\uFFFD');

/** A query's values as the server's parser hands them over: strings, or arrays of repeated keys. */
type QueryValues = Record<string, string | string[]>;
function toQueryValues(value: Json): QueryValues | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const text = (item: Json) => wellFormed(typeof item === 'string' ? item : JSON.stringify(item));
  const values: QueryValues = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '') continue;
    values[wellFormed(key)] = Array.isArray(item) && item.length > 1 ? item.map(text) : text(item);
  }
  return values;
}

const encodeQuery = (values: QueryValues) => {
  const pairs = Object.entries(values).flatMap(([key, value]) =>
    [value].flat().map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(item)}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};

export const fillPath = (url: string, params: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? 'x'));

export const asStrings = (value: Json): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value && typeof value === 'object' && !Array.isArray(value) ? value : {}).map(
      ([key, item]) => [key, wellFormed(typeof item === 'string' ? item : JSON.stringify(item))],
    ),
  );

export interface CaseOptions {
  seed: number;
  /** Generated inputs per contract part. */
  runs: number;
  /** At most this many inputs a GET's contract accepts (they run the handler). */
  validGets: number;
  headers: Record<string, string>;
}

export function casesOf(route: RegisteredRoute, options: CaseOptions): BadInputCase[] {
  const schema = (route.schema ?? {}) as { params?: AnySchema; querystring?: AnySchema; body?: AnySchema };
  const writes = BODY_METHODS.has(route.method);
  const baseParams = schema.params ? asStrings(sampleOf(schema.params)) : {};
  const baseQuery = schema.querystring ? (toQueryValues(sampleOf(schema.querystring)) ?? {}) : {};
  const baseBody = schema.body ? sampleOf(schema.body) : undefined;
  const json = { ...options.headers, 'content-type': 'application/json' };
  const request = (over: {
    params?: Record<string, string>;
    query?: QueryValues | string;
    body?: Json;
  }): RawRequest => {
    const query = over.query ?? baseQuery;
    const body = 'body' in over ? over.body : baseBody;
    return {
      method: route.method,
      path: `${fillPath(route.url, over.params ?? baseParams)}${typeof query === 'string' ? query : encodeQuery(query)}`,
      headers: body === undefined ? options.headers : json,
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    };
  };

  const cases: BadInputCase[] = [];
  let validGets = 0;
  const add = (label: string, raw: RawRequest, fields: string[] | undefined) => {
    if (fields) cases.push({ label, request: raw, expect: 'rejected', fields });
    else if (!writes && validGets < options.validGets) {
      validGets += 1;
      cases.push({ label: `${label} (accepted by the contract)`, request: raw, expect: 'tolerated' });
    }
  };
  const generate = (part: AnySchema, partSeed: number) =>
    fc.sample(badInputArb(part), { seed: options.seed + partSeed, numRuns: options.runs });

  if (schema.params) {
    const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
    for (const input of generate(schema.params, 1)) {
      const params = asStrings(input.value);
      // A path cannot carry a missing or empty segment, nor a parameter it does not have.
      if (names.some((name) => !params[name]) || Object.keys(params).some((key) => !names.includes(key)))
        continue;
      const fields = verdict(schema.params, params, 'params');
      if (fields)
        cases.push({
          label: `params: ${input.label}`,
          request: request({ params }),
          expect: 'rejected',
          fields,
          routing: true,
        });
      else add(`params: ${input.label}`, request({ params }), undefined);
    }
  }
  if (schema.querystring) {
    for (const input of generate(schema.querystring, 2)) {
      const query = toQueryValues(input.value);
      if (!query) continue;
      add(`query: ${input.label}`, request({ query }), verdict(schema.querystring, query, 'query'));
    }
  }
  if (schema.body) {
    for (const input of generate(schema.body, 3)) {
      const body = JSON.parse(JSON.stringify(input.value)) as Json;
      add(`body: ${input.label}`, request({ body }), verdict(schema.body, body, 'body'));
    }
  }
  cases.push(...transportCases(route, request({ body: undefined }), writes, options.headers));
  return cases;
}

/** Attacks below the contract: encodings, parsers, sizes and content types. */
function transportCases(
  route: RegisteredRoute,
  base: RawRequest,
  writes: boolean,
  headers: Record<string, string>,
): BadInputCase[] {
  const path = base.path.split('?')[0] ?? base.path;
  const rejected = (
    label: string,
    contentType: string | undefined,
    body: RawRequest['body'],
  ): BadInputCase => ({
    label,
    expect: 'rejected',
    request: {
      method: route.method,
      path,
      headers: contentType ? { ...headers, 'content-type': contentType } : headers,
      body,
    },
  });
  if (!writes) {
    const tolerated = (label: string, query: string): BadInputCase => ({
      label,
      expect: 'tolerated',
      request: { method: route.method, path: `${path}${query}`, headers },
    });
    return [
      tolerated('query: invalid UTF-8 key and value', '?%FF%FE=%C0%AF&q=%ED%A0%80'),
      tolerated('query: NUL and broken escapes', '?q=%00&x=%&y=%zz'),
      tolerated('query: __proto__ and constructor keys', '?__proto__=1&constructor=2&__proto__[a]=1'),
      tolerated('query: 20 kB', `?q=${'z'.repeat(20_000)}`),
    ];
  }
  const json = 'application/json';
  return [
    rejected('malformed JSON', json, Buffer.from('{"broken": ')),
    rejected(
      'invalid UTF-8 in a JSON string',
      json,
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ),
    rejected('__proto__ key', json, Buffer.from('{"__proto__": {"polluted": true}}')),
    rejected(
      'constructor.prototype key',
      json,
      Buffer.from('{"constructor": {"prototype": {"polluted": true}}}'),
    ),
    rejected('JSON nested 100,000 deep', json, Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)),
    rejected('XML content type', 'application/xml', Buffer.from('<a>1</a>')),
    rejected('unknown content type', 'application/x-upside-fuzz', Buffer.from('hello')),
    rejected('body over 1 MB', json, OVER_ONE_MEGABYTE),
    rejected('20 MB body', json, TWENTY_MEGABYTES),
    rejected('20 MB chunked body without a length', json, () =>
      Readable.from(
        (function* () {
          for (let chunk = 0; chunk < 20; chunk += 1) yield TWENTY_MEGABYTES.subarray(0, MEGABYTE);
        })(),
      ),
    ),
  ];
}
