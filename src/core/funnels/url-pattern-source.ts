/**
 * The regular expression of a funnel step's URL pattern (issue 40), as source text that both
 * JavaScript and PostgreSQL's advanced regular expressions read the same way (decision 118: the
 * report filters events in SQL with it, matchesFunnelStep tests them with it).
 *
 * Definition: `*` matches any run of characters, everything else is literal; the query string and
 * fragment of the URL are ignored; a pattern without an origin (`/products/*`) matches the path on
 * any origin.
 * Method: regex metacharacters escaped with a backslash (an escaped punctuation mark is literal in
 * both dialects), `*` → `.*`, anchored at both ends.
 *
 * @example urlPatternSource('/products/*') // '^(?:https?://[^/]+)?/products/.*(?:[?#].*)?$'
 */
export function urlPatternSource(value: string): string {
  const literal = value.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  const origin = /^https?:\/\//.test(value) ? '' : '(?:https?://[^/]+)?';
  return `^${origin}${literal.join('.*')}(?:[?#].*)?$`;
}
