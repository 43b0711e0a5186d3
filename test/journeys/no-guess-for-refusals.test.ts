import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { trackingSessions } from '../../src/server/db/schema/tracking.ts';
import { joinOrderJourneys } from '../../src/server/domain/journeys/join-order-journeys.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { createOrder } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, postEvents, workspaceOfSite } from '../tracking/ingest-helpers.ts';

/** Events of one pixel batch, as the pixel sends them (id, name, timestamp, page, tokens). */
type PixelEvents = Record<string, string>[];

/**
 * Decision 164 over real HTTP and PostgreSQL: while the Shopify pixel is live (it stored an event
 * in the week before the order), an online order it did not see is a consent refusal and gets no
 * guessed join (landing + UTM, e-mail hash), though a session matches; before the pixel's first
 * event, and for a point-of-sale order, the guesses join as they always did.
 */
describe('no guessed join for an order the live pixel did not see', () => {
  let app: TestApp;
  let site: TrackingConfiguration;
  let workspaceId: string;
  const shop = 'https://refusal-shop.example';

  beforeAll(async () => {
    app = await startTestApp();
    const owner = await app.signIn('refusal-owner@example.com', 'Rae');
    site = await addWebsite(app, owner, shop, 'Refusal shop');
    workspaceId = await workspaceOfSite(app.db, site.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A tracker session of the site started at `iso`, carrying the keys a guess matches on. */
  const session = async (
    sessionId: string,
    iso: string,
    keys: Partial<typeof trackingSessions.$inferInsert>,
  ) => {
    const at = new Date(iso);
    await app.db.insert(trackingSessions).values({
      workspaceId,
      configurationId: site.id,
      sessionId,
      startedAt: at,
      endedAt: at,
      eventCount: 1,
      clickCount: 0,
      lastPageUrl: `${shop}/sale`,
      lastPageAt: at,
      firstReceivedAt: at,
      lastReceivedAt: at,
      ...keys,
    });
  };
  /** An online order placed at `iso` whose landing page, UTM source and e-mail hash a guess can match. */
  const order = (orderId: number, iso: string, keys: Partial<Parameters<typeof createOrder>[1]>) =>
    createOrder(app.db, {
      workspaceId,
      orderId,
      orderDate: iso.slice(0, 10),
      totalMinor: 900,
      createdAt: new Date(iso),
      ...keys,
    });
  const journeyOf = async (orderId: number) => {
    const [row] = await queryRows(
      app.db,
      z.object({ method: z.string(), session_id: z.string() }),
      sql`SELECT method, session_id FROM tracking_order_journeys WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  };

  /** A batch of the Shopify pixel's events of one consenting visitor (analytics only). */
  const postPixelEvents = (client: string, visitor: string, events: PixelEvents) =>
    postEvents(app.baseUrl, {
      trackingId: site.trackingId,
      apiKey: site.apiKey,
      pixel: {
        clientId: `client-${client}`,
        visitorId: `vid-${visitor}`,
        sessionId: `sid-${visitor}`,
        consent: { analytics: true, marketing: false, preferences: false, saleOfData: false },
      },
      events,
    });

  it('skips the guesses for an unseen online order while the pixel is live, and keeps them elsewhere', async () => {
    // The pixel is installed: another buyer's checkout on 2026-11-27 at 10:00, with consent.
    const response = await postPixelEvents('1', 'other', [
      {
        id: 'sh-other-1',
        name: 'checkout_started',
        timestamp: '2026-11-27T10:00:00.000Z',
        pageUrl: `${shop}/checkouts/cn/other`,
        checkoutToken: 'ck-other',
      },
    ]);
    expect(response.status).toBe(200);
    const landing = { landingUrl: `${shop}/sale?utm_source=news`, utmSource: 'news' };
    const guessKeys = (hash: string) => ({
      landingPage: '/sale?utm_source=news',
      utmSource: 'news',
      emailHash: hash,
    });
    // 9300: both guesses would match (another visitor's landing + UTM session, the buyer's e-mail
    // on an earlier visit), an hour after the pixel's event, and no pixel event names it.
    await session('landing-live', '2026-11-27T10:30:00Z', landing);
    await session('email-live', '2026-11-20T09:00:00Z', { emailHash: 'b'.repeat(64) });
    await order(9300, '2026-11-27T11:00:00Z', guessKeys('b'.repeat(64)));
    // 9301 and 9302: the same keys months before the pixel's first event.
    await session('landing-before', '2026-06-01T10:30:00Z', landing);
    await order(9301, '2026-06-01T11:00:00Z', guessKeys('c'.repeat(64)));
    await session('email-before', '2026-06-10T09:00:00Z', { emailHash: 'd'.repeat(64) });
    await order(9302, '2026-06-12T11:00:00Z', { emailHash: 'd'.repeat(64) });
    // 9303: a point-of-sale order while the pixel is live — no online checkout for it to see.
    await session('email-pos', '2026-11-26T09:00:00Z', { emailHash: 'e'.repeat(64) });
    await order(9303, '2026-11-27T11:30:00Z', { sourceName: 'pos', emailHash: 'e'.repeat(64) });

    const summary = await joinOrderJourneys(app.db, workspaceId);
    expect({ landing_utm: summary.landing_utm, email_hash: summary.email_hash }).toEqual({
      landing_utm: 1,
      email_hash: 2,
    });
    expect(await journeyOf(9300)).toBeNull();
    expect(await journeyOf(9301)).toEqual({ method: 'landing_utm', session_id: 'landing-before' });
    expect(await journeyOf(9302)).toEqual({ method: 'email_hash', session_id: 'email-before' });
    expect(await journeyOf(9303)).toEqual({ method: 'email_hash', session_id: 'email-pos' });
    // A second run adds nothing: the refusal stays unjoined.
    expect((await joinOrderJourneys(app.db, workspaceId)).landing_utm).toBe(0);
    expect(await journeyOf(9300)).toBeNull();
  });

  it('takes the pixel table’s statistics when the workspace’s events outnumber them (decision 254)', async () => {
    // 60 more events in one batch, uncounted by the table's statistics (never analyzed): planned as
    // a few rows, the live-pixel probe would read every event of the workspace once per order.
    const response = await postPixelEvents(
      '2',
      'many',
      Array.from({ length: 60 }, (_, i) => ({
        id: `sh-many-${i}`,
        name: 'page_viewed',
        timestamp: new Date(Date.UTC(2026, 10, 28, 10, i)).toISOString(),
        pageUrl: `${shop}/page-${i}`,
      })),
    );
    expect(response.status).toBe(200);
    await joinOrderJourneys(app.db, workspaceId);
    const [table] = await queryRows(
      app.db,
      z.object({ planned: z.coerce.number(), stored: z.coerce.number() }),
      sql`SELECT (SELECT reltuples FROM pg_class WHERE oid = 'tracking_pixel_events'::regclass) AS planned,
        (SELECT count(*) FROM tracking_pixel_events) AS stored`,
    );
    expect(table?.stored).toBe(61);
    expect(table?.planned).toBe(table?.stored);
  });
});
