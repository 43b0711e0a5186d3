/**
 * The GAQL subset the Google Ads emulator answers (contracts/external-apis-2.md §1.8):
 * `SELECT a.b, … FROM customer|campaign|ad_group|ad_group_ad [WHERE segments.date BETWEEN 'x' AND 'y'] [LIMIT n]`,
 * `FROM click_view WHERE segments.date = 'x'` (Google accepts click_view for one day only), and
 * `FROM asset` or `FROM ad_group_ad` without a date when no metric or segment is selected (attributes).
 * Rows are projected onto the selected fields, snake_case → lowerCamelCase, int64 as strings,
 * zero metrics left out (as Google does).
 */

export interface GaqlQuery {
  fields: string[];
  resource: 'customer' | 'campaign' | 'ad_group' | 'ad_group_ad' | 'click_view' | 'asset';
  since: string | null;
  until: string | null;
  limit: number | null;
}

const RESOURCES = new Set(['customer', 'campaign', 'ad_group', 'ad_group_ad', 'click_view', 'asset']);

const QUERY =
  /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+segments\.date\s+(?:BETWEEN\s+'(\d{4}-\d{2}-\d{2})'\s+AND\s+'(\d{4}-\d{2}-\d{2})'|=\s*'(\d{4}-\d{2}-\d{2})'))?(?:\s+LIMIT\s+(\d+))?\s*$/is;

/** Parses a query, or returns the reason it is not one the emulator (and Google) accepts. */
export function parseGaql(text: string): GaqlQuery | { error: string } {
  const match = QUERY.exec(text);
  if (!match) return { error: `Error in query: unexpected input ${text.slice(0, 40)}` };
  const [, select = '', resource = '', between, and, day, limit] = match;
  if (!RESOURCES.has(resource)) return { error: `Error in FROM clause: invalid resource name ${resource}.` };
  if (resource === 'click_view' && !day)
    return { error: 'Error in query: click_view must be filtered to a single day (segments.date = ...).' };
  const since = between ?? day;
  const until = and ?? day;
  const fields = select.split(',').map((f) => f.trim());
  const bad = fields.find((f) => !/^[a-z_]+(\.[a-z0-9_]+)+$/.test(f));
  if (bad !== undefined) return { error: `Error in SELECT clause: invalid field name '${bad}'.` };
  const attributesOnly = fields.every((f) => !f.startsWith('metrics.') && !f.startsWith('segments.'));
  const undated =
    resource === 'customer' || resource === 'asset' || (resource === 'ad_group_ad' && attributesOnly);
  if (!undated && !since)
    return { error: 'Error in query: segments.date must be filtered with a finite range.' };
  return {
    fields,
    resource: resource as GaqlQuery['resource'],
    since: since ?? null,
    until: until ?? null,
    limit: limit ? Number(limit) : null,
  };
}

const camel = (part: string) => part.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A projector of full rows (camelCase keys, nested as Google nests them) onto the selected fields. */
export function projector(fields: string[]) {
  const paths = fields.map((field) => field.split('.').map(camel));
  return (full: Record<string, Record<string, unknown>>) => {
    const out: Record<string, unknown> = {};
    for (const path of paths) {
      let value: unknown = full;
      for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
      if (value === undefined || (path[0] === 'metrics' && (value === 0 || value === '0'))) continue;
      let target = out;
      for (const key of path.slice(0, -1)) {
        target[key] ??= {};
        target = target[key] as Record<string, unknown>;
      }
      target[path[path.length - 1]!] = value;
    }
    return out;
  };
}
