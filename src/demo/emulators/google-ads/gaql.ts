/**
 * The GAQL subset the Google Ads emulator answers (contracts/external-apis-2.md §1.8):
 * `SELECT a.b, … FROM customer|campaign|ad_group [WHERE segments.date BETWEEN 'x' AND 'y'] [LIMIT n]`,
 * and `FROM click_view WHERE segments.date = 'x'` (Google accepts click_view for one day only).
 * Rows are projected onto the selected fields, snake_case → lowerCamelCase, int64 as strings,
 * zero metrics left out (as Google does).
 */

export interface GaqlQuery {
  fields: string[];
  resource: 'customer' | 'campaign' | 'ad_group' | 'click_view';
  since: string | null;
  until: string | null;
  limit: number | null;
}

const QUERY =
  /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+segments\.date\s+(?:BETWEEN\s+'(\d{4}-\d{2}-\d{2})'\s+AND\s+'(\d{4}-\d{2}-\d{2})'|=\s*'(\d{4}-\d{2}-\d{2})'))?(?:\s+LIMIT\s+(\d+))?\s*$/is;

/** Parses a query, or returns the reason it is not one the emulator (and Google) accepts. */
export function parseGaql(text: string): GaqlQuery | { error: string } {
  const match = QUERY.exec(text);
  if (!match) return { error: `Error in query: unexpected input ${text.slice(0, 40)}` };
  const [, select = '', resource = '', between, and, day, limit] = match;
  if (
    resource !== 'customer' &&
    resource !== 'campaign' &&
    resource !== 'ad_group' &&
    resource !== 'click_view'
  )
    return { error: `Error in FROM clause: invalid resource name ${resource}.` };
  if (resource === 'click_view' && !day)
    return { error: 'Error in query: click_view must be filtered to a single day (segments.date = ...).' };
  const since = between ?? day;
  const until = and ?? day;
  const fields = select.split(',').map((f) => f.trim());
  const bad = fields.find((f) => !/^[a-z_]+(\.[a-z_]+)+$/.test(f));
  if (bad !== undefined) return { error: `Error in SELECT clause: invalid field name '${bad}'.` };
  if (resource !== 'customer' && !since)
    return { error: 'Error in query: segments.date must be filtered with a finite range.' };
  return {
    fields,
    resource,
    since: since ?? null,
    until: until ?? null,
    limit: limit ? Number(limit) : null,
  };
}

const camel = (part: string) => part.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A projector of full rows (camelCase keys) onto the selected fields, paths resolved once per query. */
export function projector(fields: string[]) {
  const paths = fields.map((field) => {
    const [resource = '', ...rest] = field.split('.').map(camel);
    return { resource, leaf: rest.join('.'), metric: resource === 'metrics' };
  });
  return (full: Record<string, Record<string, unknown>>) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const { resource, leaf, metric } of paths) {
      const value = full[resource]?.[leaf];
      if (value === undefined || (metric && (value === 0 || value === '0'))) continue;
      const target = out[resource] ?? {};
      target[leaf] = value;
      out[resource] = target;
    }
    return out;
  };
}
