import { setImmediate } from 'node:timers/promises';
import {
  type PixelIngestRequest,
  PixelIngestRequestSchema,
} from '../../../../shared/contracts/pixel-events.ts';
import type { Db } from '../../../db/client.ts';
import type { DemoRuntime } from '../../../http/demo-runtime.ts';
import { customPixelOf, EVENTS_PATH } from '../custom-pixel.ts';
import { writePixelEvents } from '../ingest/write-pixel-events.ts';

/** Batches stored per statement. */
const CHUNK = 500;

/**
 * Demo mode (issue 40, decision 113): the demo storefront's planted checkouts reach our ingestion
 * as the site's own custom pixel sends them. The pixel code the owner would paste (GET
 * /api/tracking/sites/:id/pixel) runs in the demo's Shopify-shaped sandbox over each checkout; every
 * beacon must be addressed to our ingestion endpoint with the site's tracking id and key, and is
 * validated by the endpoint's own contract before the pixel writer stores it. The rate limit and the
 * join-on-arrival of the live endpoint are left out: the orders are not synced yet, and the first
 * sync's join finds them. Returns the events stored.
 */
export async function recordDemoCheckouts(
  db: Db,
  site: { workspaceId: string; configurationId: string; trackingId: string; apiKey: string },
  checkoutBeacons: NonNullable<NonNullable<DemoRuntime['storefront']>['checkoutBeacons']>,
  publicUrl: string,
): Promise<number> {
  const { code } = await customPixelOf(db, site.workspaceId, site.configurationId, publicUrl);
  const endpoint = new URL(EVENTS_PATH, publicUrl).href;
  let pending: PixelIngestRequest[] = [];
  let stored = 0;
  const flush = async () => {
    stored += (await writePixelEvents(db, site, pending)).stored;
    pending = [];
    // A job beside the owner's requests (decision 204): the sandbox and PGlite resolve in
    // microtasks, so a macrotask turn lets a waiting request in.
    await setImmediate();
  };
  for await (const beacons of checkoutBeacons(code)) {
    for (const beacon of beacons) {
      const batch = PixelIngestRequestSchema.parse(JSON.parse(beacon.body));
      if (beacon.url !== endpoint || batch.trackingId !== site.trackingId || batch.apiKey !== site.apiKey)
        throw new Error(`The demo pixel sent a batch to ${beacon.url} that our ingestion would refuse.`);
      pending.push(batch);
    }
    if (pending.length >= CHUNK) await flush();
  }
  if (pending.length > 0) await flush();
  return stored;
}
