import type { copyTrackingEvents } from './copy-tracking-events.ts';

/**
 * The ingestion benches' requests (tracking-ingest.bench.ts, tracking-fold-floor.bench.ts): tracker-shaped
 * batches of 20–50 events, one session each, with issue 16's session fields.
 */

export interface Site {
  id: string;
  trackingId: string;
  apiKey: string;
  origin: string;
}
export interface Body {
  origin: string;
  text: string;
  events: number;
  /** The site's configuration and the events, for the COPY of the same rows. */
  configurationId: string;
  payload: Parameters<typeof copyTrackingEvents>[1][number]['events'];
}

/** Tracker-shaped requests of 20–50 events, serialised once so the sender spends its CPU sending. */
export function makeBodies(sites: Site[], perSite: number): Body[] {
  const bodies: Body[] = [];
  for (let b = 0; b < perSite; b++) {
    for (const site of sites) {
      const sessionId = `bench${b.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const size = 20 + Math.floor(Math.random() * 31);
      const start = Date.now();
      const events = Array.from({ length: size }, (_, i) => {
        const type = i % 7 === 0 ? 'click' : i === size - 1 ? 'scroll' : 'cursor_move';
        return {
          eventType: type,
          x: Math.round(Math.random() * 1280),
          y: Math.round(Math.random() * 3000),
          sessionId,
          // Issue 16: a landing page with UTM parameters and a click id, the visitor id on every
          // event and the referrer on the first, as the tracker sends them.
          pageUrl: `${site.origin}/products/${b % 20}?utm_source=facebook&utm_medium=paid_social&fbclid=b${b}`,
          visitorId: `v${sessionId}`,
          ...(i === 0 ? { referrer: 'https://l.facebook.com/' } : {}),
          timestamp: start + i * 100,
          viewportWidth: 1280,
          viewportHeight: 800,
          documentWidth: 1280,
          documentHeight: 3200,
          ...(type === 'click'
            ? {
                elementSelector: `main>div.product:nth-of-type(${(i % 7) + 1})>button`,
                offsetX: 12,
                offsetY: 9,
              }
            : type === 'scroll'
              ? { scrollDepth: 60 }
              : {}),
        };
      });
      bodies.push({
        origin: site.origin,
        text: JSON.stringify({ trackingId: site.trackingId, apiKey: site.apiKey, events }),
        events: size,
        configurationId: site.id,
        payload: events,
      });
    }
  }
  return bodies;
}
