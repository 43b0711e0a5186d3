/**
 * Checks of the public ingestion endpoint that need no database: the origin allow-list and bot
 * detection. Kept pure so the rules are unit-tested on their own.
 */

/** The origin a website URL allows, or null when the URL cannot be parsed. */
export function originOfWebsite(websiteUrl: string): string | null {
  const url = URL.parse(websiteUrl);
  return url ? url.origin : null;
}

/**
 * Whether a browser request from `origin` may post events for a site configured as `websiteUrl`.
 * The site's own origin is allowed, plus its `www.` twin (shops are reached both ways). Requests
 * without an Origin header (sendBeacon from some browsers, server-side tools) are judged by the
 * key alone; a present but foreign origin is refused.
 */
export function isOriginAllowed(origin: string | undefined, websiteUrl: string): boolean {
  if (origin === undefined) return true;
  const site = URL.parse(websiteUrl);
  const from = URL.parse(origin);
  if (!site || !from) return false;
  if (site.origin === from.origin) return true;
  const bare = (host: string) => host.replace(/^www\./, '');
  return (
    site.protocol === from.protocol && site.port === from.port && bare(site.hostname) === bare(from.hostname)
  );
}

/**
 * Origins of a Shopify custom pixel's requests (issue 40): Shopify's sandbox may strip the Origin
 * header or send `null` (a sandboxed frame), and checkout may run on the shop's myshopify.com or a
 * Shopify host; otherwise the site's own origins as for the tracker. The write-only key still
 * decides which site the events belong to.
 */
export function isPixelOriginAllowed(origin: string | undefined, websiteUrl: string): boolean {
  if (origin === 'null') return true;
  const host = origin === undefined ? null : URL.parse(origin)?.hostname;
  if (host && /(^|\.)(myshopify\.com|shopify\.com|shopifycdn\.com)$/.test(host)) return true;
  return isOriginAllowed(origin, websiteUrl);
}

const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|crawling|slurp|phantomjs|lighthouse|pingdom|uptime|facebookexternalhit|preview|curl\/|wget\/|python-requests|go-http-client|java\/|okhttp/i;

/**
 * Bots and link previewers: their events are dropped silently (answered 2xx so they learn nothing).
 * Headless browsers are not refused here: the tracker already skips automated browsers unless the
 * site's snippet opts in (our own browser tests do).
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || BOT_PATTERN.test(userAgent);
}
