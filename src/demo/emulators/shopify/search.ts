/**
 * Shopify search syntax for the `query:` argument (contract §1.7): `field:value` terms with
 * implicit AND, explicit OR, `-`/NOT negation, comparators `:<`, `:>`, `:<=`, `:>=`, and quoted
 * values (`created_at:>='2026-10-01T00:00:00Z'`). Bare words are free text.
 */

export type Comparator = ':' | ':<' | ':>' | ':<=' | ':>=';

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

/** Disjunction of conjunctions: [[a AND b] OR [c]]. An empty query matches everything. */
export type SearchQuery = SearchTerm[][];

function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')') {
      // Grouping is flattened (the emulator's queries are flat); parentheses are ignored.
      i += 1;
      continue;
    }
    let token = '';
    while (
      i < input.length &&
      input[i] !== ' ' &&
      input[i] !== '\t' &&
      input[i] !== ')' &&
      input[i] !== '('
    ) {
      const c = input[i]!;
      if (c === "'" || c === '"') {
        const close = input.indexOf(c, i + 1);
        const end = close === -1 ? input.length : close;
        token += input.slice(i, end + 1);
        i = end + 1;
      } else {
        token += c;
        i += 1;
      }
    }
    if (token) tokens.push(token);
  }
  return tokens;
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === "'" || value[0] === '"') && value.at(-1) === value[0]) {
    return value.slice(1, -1);
  }
  return value.replace(/^['"]|['"]$/g, '');
}

export function parseSearchQuery(input: string | null | undefined): SearchQuery {
  if (!input?.trim()) return [];
  const groups: SearchQuery = [[]];
  let negateNext = false;
  for (const token of tokenize(input)) {
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'AND') continue;
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    let raw = token;
    let negated = negateNext;
    negateNext = false;
    if (raw.startsWith('-') && raw.length > 1) {
      negated = !negated;
      raw = raw.slice(1);
    }
    const match = /^([a-zA-Z_][a-zA-Z0-9_.]*)(:<=|:>=|:<|:>|:)(.*)$/.exec(raw);
    const term: SearchTerm = match
      ? {
          field: match[1]!.toLowerCase(),
          comparator: match[2] as Comparator,
          value: unquote(match[3]!),
          negated,
        }
      : { field: null, comparator: ':', value: unquote(raw), negated };
    groups[groups.length - 1]!.push(term);
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * Parses a search date value: ISO instants with zone, or local dates/date-times interpreted in
 * the shop time zone (`toShopInstant`). Returns NaN when the value is not a date.
 */
export function parseSearchDate(
  value: string,
  toShopInstant: (day: string, secondOfDay: number) => number,
): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return toShopInstant(value, 0);
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (local)
    return toShopInstant(local[1]!, Number(local[2]) * 3600 + Number(local[3]) * 60 + Number(local[4] ?? 0));
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value))
    return Date.parse(value);
  return Number.NaN;
}

/** Compares with a comparator; ':' means equality. */
export function compareWith(comparator: Comparator, actual: number, expected: number): boolean {
  switch (comparator) {
    case ':':
      return actual === expected;
    case ':<':
      return actual < expected;
    case ':>':
      return actual > expected;
    case ':<=':
      return actual <= expected;
    case ':>=':
      return actual >= expected;
  }
}
