import { referrerOf } from '../../../shared/campaign-url.ts';
import {
  type CursorEvent,
  HEATMAP_EVENT_TYPES,
  type HeatmapEventType,
  type ViewportBucket,
  viewportBucketOf,
} from '../../../shared/contracts/cursor-tracking.ts';

/** Height of one heatmap row in document px (PostHog's grid; ≤ the 16 px alignment target). */
export const Y_BIN_PX = 16;
/** Columns are 1 % of the viewport width, so layouts that scale with the width line up. */
export const X_BINS = 100;

/**
 * The page an event counts for: origin and path only. Query strings and fragments are dropped,
 * so personal data in them (e-mails, tokens) never reaches the rollups, and `?utm=…` variants of
 * one page count as one page.
 */
export function pageKeyOf(pageUrl: string): string {
  const url = URL.parse(pageUrl);
  return url ? `${url.origin}${url.pathname}` : pageUrl;
}

/** Column of an x position: 0–99, in 1 % steps of the viewport width. */
export function xBinOf(x: number, viewportWidth: number): number {
  return Math.min(X_BINS - 1, Math.max(0, Math.floor((x / viewportWidth) * X_BINS)));
}

/** Row of a y position in document px: 16 px steps. */
export function yBinOf(y: number): number {
  return Math.max(0, Math.floor(y / Y_BIN_PX));
}

/** Centre of a column in percent of the viewport width, and of a row in px. */
export const xCentreOf = (xBin: number) => xBin + 0.5;
export const yCentreOf = (yBin: number) => yBin * Y_BIN_PX + Y_BIN_PX / 2;

/** Milliseconds since the epoch of an event's client timestamp. */
export function eventTimeOf(event: CursorEvent): number {
  return typeof event.timestamp === 'number' ? event.timestamp : Date.parse(event.timestamp);
}

export interface CellKey {
  configurationId: string;
  pageUrl: string;
  day: string;
  viewportBucket: ViewportBucket;
  eventType: HeatmapEventType;
  xBin: number;
  yBin: number;
}

/**
 * How a session started (issue 16), from its earliest event in the batch: the landing page (the
 * earliest page view's URL, else the earliest event's), its campaign parameters, the referrer,
 * the device (viewport bucket), and the visitor, cart token and e-mail hash of any of its events.
 * The writer stores each field only where the session has none yet.
 */
export interface SessionStart {
  landingUrl: string;
  landingAt: number;
  landingIsPageView: boolean;
  referrer: string | null;
  device: ViewportBucket;
  visitorId: string | null;
  cartToken: string | null;
  emailHash: string | null;
}

export interface SessionRollup extends SessionStart {
  configurationId: string;
  sessionId: string;
  startedAt: number;
  endedAt: number;
  eventCount: number;
  clickCount: number;
  lastPageUrl: string;
  lastPageAt: number;
}

const HEATMAP_TYPES = new Set<string>(HEATMAP_EVENT_TYPES);

/** Folds one event into its session's start: an earlier page view (or first event) moves the landing. */
function noteStart(start: SessionStart, event: CursorEvent, at: number): void {
  const isPageView = event.eventType === 'page_view';
  if (
    (isPageView && (!start.landingIsPageView || at < start.landingAt)) ||
    (!start.landingIsPageView && at < start.landingAt)
  ) {
    start.landingUrl = event.pageUrl;
    start.landingAt = at;
    start.landingIsPageView = isPageView;
    start.device = viewportBucketOf(event.viewportWidth);
    if (event.referrer !== undefined) start.referrer = referrerOf(event.referrer);
  }
  start.visitorId ??= event.visitorId ?? null;
  start.cartToken ??= event.cartToken ?? null;
  start.emailHash ??= event.emailHash ?? null;
}

export interface CountRow<K> {
  key: K;
  count: number;
}

export interface Rollups {
  cells: CountRow<CellKey>[];
  sessions: SessionRollup[];
  pages: CountRow<{ configurationId: string; pageUrl: string; day: string }>[];
  elements: CountRow<{ configurationId: string; pageUrl: string; selector: string; day: string }>[];
}

export interface OwnedEvents {
  configurationId: string;
  events: CursorEvent[];
}

/**
 * Aggregates a group of accepted batches into the rows the dashboard reads: heatmap cells,
 * sessions, page counts and clicked elements. Each list is sorted by key, so concurrent writers
 * lock rows in the same order and cannot deadlock. `day` is the UTC day the batch was received.
 */
export function rollUpEvents(batches: OwnedEvents[], day: string): Rollups {
  const cells = new Map<string, CountRow<CellKey>>();
  const sessions = new Map<string, SessionRollup>();
  const pages = new Map<string, CountRow<{ configurationId: string; pageUrl: string; day: string }>>();
  const elements = new Map<
    string,
    CountRow<{ configurationId: string; pageUrl: string; selector: string; day: string }>
  >();
  const bump = <K>(map: Map<string, CountRow<K>>, id: string, key: () => K) => {
    const row = map.get(id);
    if (row) row.count += 1;
    else map.set(id, { key: key(), count: 1 });
  };
  const pageKeys = new Map<string, string>();
  for (const { configurationId, events } of batches) {
    for (const event of events) {
      let pageUrl = pageKeys.get(event.pageUrl);
      if (pageUrl === undefined) {
        pageUrl = pageKeyOf(event.pageUrl);
        pageKeys.set(event.pageUrl, pageUrl);
      }
      const at = eventTimeOf(event);
      bump(pages, `${configurationId}\u0000${pageUrl}`, () => ({ configurationId, pageUrl, day }));
      if (HEATMAP_TYPES.has(event.eventType)) {
        const viewportBucket = viewportBucketOf(event.viewportWidth);
        const xBin = xBinOf(event.x, event.viewportWidth);
        const yBin = yBinOf(event.y);
        const eventType = event.eventType as HeatmapEventType;
        bump(cells, [configurationId, pageUrl, viewportBucket, eventType, xBin, yBin].join('\u0000'), () => ({
          configurationId,
          pageUrl,
          day,
          viewportBucket,
          eventType,
          xBin,
          yBin,
        }));
      }
      if (event.eventType === 'click' && event.elementSelector) {
        const selector = event.elementSelector;
        bump(elements, `${configurationId}\u0000${pageUrl}\u0000${selector}`, () => ({
          configurationId,
          pageUrl,
          selector,
          day,
        }));
      }
      const sessionKey = `${configurationId}\u0000${event.sessionId}`;
      const session = sessions.get(sessionKey);
      const isClick = event.eventType === 'click' ? 1 : 0;
      if (!session) {
        sessions.set(sessionKey, {
          configurationId,
          sessionId: event.sessionId,
          startedAt: at,
          endedAt: at,
          eventCount: 1,
          clickCount: isClick,
          lastPageUrl: pageUrl,
          lastPageAt: at,
          landingUrl: event.pageUrl,
          landingAt: at,
          landingIsPageView: event.eventType === 'page_view',
          referrer: event.referrer === undefined ? null : referrerOf(event.referrer),
          device: viewportBucketOf(event.viewportWidth),
          visitorId: event.visitorId ?? null,
          cartToken: event.cartToken ?? null,
          emailHash: event.emailHash ?? null,
        });
      } else {
        noteStart(session, event, at);
        session.startedAt = Math.min(session.startedAt, at);
        session.endedAt = Math.max(session.endedAt, at);
        session.eventCount += 1;
        session.clickCount += isClick;
        if (at >= session.lastPageAt) {
          session.lastPageUrl = pageUrl;
          session.lastPageAt = at;
        }
      }
    }
  }
  const sorted = <T>(map: Map<string, T>) =>
    [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  return {
    cells: sorted(cells),
    sessions: sorted(sessions),
    pages: sorted(pages),
    elements: sorted(elements),
  };
}
