import type { FunnelEvent, FunnelStep } from './types.ts';
import { urlPatternSource } from './url-pattern-source.ts';

/** Compiled URL patterns (urlPatternSource), one per step value. */
const patternCache = new Map<string, RegExp>();
function urlPattern(value: string): RegExp {
  let pattern = patternCache.get(value);
  if (!pattern) {
    pattern = new RegExp(urlPatternSource(value));
    patternCache.set(value, pattern);
  }
  return pattern;
}

/**
 * Whether one event passes one funnel step (issue 40).
 *
 * Definition: `event` steps match the event's name exactly (a Shopify standard event such as
 * `checkout_completed`, or a tracker event such as `page_view`); `url` steps match the page URL of
 * any event against a pattern where `*` is any run of characters, the query string and fragment
 * ignored, and a pattern without an origin matches the path on any origin (`/products/*`); `element`
 * steps match a click whose CSS selector equals the value or ends with it as its last parts
 * (`button.add` matches `form>button.add`).
 * Method: string comparison and a cached regular expression per pattern.
 *
 * @example matchesFunnelStep({ kind: 'url', value: '/checkouts/*' }, { at: 0, name: 'page_view', pageUrl: 'https://s.example/checkouts/1?x', selector: null }) // true
 */
export function matchesFunnelStep(step: FunnelStep, event: FunnelEvent): boolean {
  switch (step.kind) {
    case 'event':
      return event.name === step.value;
    case 'url':
      return event.pageUrl !== null && urlPattern(step.value).test(event.pageUrl);
    case 'element':
      return (
        event.selector !== null &&
        (event.name === 'click' || event.name === 'dead_click') &&
        (event.selector === step.value || event.selector.endsWith(`>${step.value}`))
      );
  }
}
