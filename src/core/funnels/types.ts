/** A funnel step (issue 40): a standard event name, a URL pattern, or a clicked element's selector. */
export interface FunnelStep {
  kind: 'event' | 'url' | 'element';
  value: string;
}

/** One event of a session as the funnel sees it: when, what, on which page, which element. */
export interface FunnelEvent {
  /** Milliseconds since the epoch. */
  at: number;
  /** Event name: a Shopify standard event (`checkout_started`) or a tracker event (`page_view`, `click`). */
  name: string;
  pageUrl: string | null;
  /** CSS selector of a clicked element (tracker clicks only). */
  selector: string | null;
}
