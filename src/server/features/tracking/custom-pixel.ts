import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { CustomPixel } from '../../../shared/contracts/tracking-configurations.ts';
import type { Db } from '../../db/client.ts';
import { trackingConfigurations } from '../../db/schema/tracking.ts';
import { notFound } from '../../errors.ts';
import { readBuiltScript } from './built-scripts.ts';

/** The ingestion endpoint both the theme tracker and the pixel post to. */
export const EVENTS_PATH = '/api/cursor-tracking/events';

/** The placeholder string of dist/pixel.js, in whichever quotes the minifier chose. */
const PLACEHOLDER = /(["'])__UPSIDE_PIXEL_CONFIG__\1/;

/**
 * GET /api/tracking/sites/:id/pixel (issue 40, decision 107): the Shopify custom pixel of one
 * website of the workspace, its tracking id, key and our ingestion URL written into the built
 * template, with its size gzipped (zlib level 9, as the tracker's budget is measured).
 */
export async function customPixelOf(
  db: Db,
  workspaceId: string,
  id: string,
  publicUrl: string,
): Promise<CustomPixel> {
  const [site] = await db
    .select()
    .from(trackingConfigurations)
    .where(
      and(
        eq(trackingConfigurations.id, id),
        eq(trackingConfigurations.workspaceId, workspaceId),
        eq(trackingConfigurations.kind, 'website'),
      ),
    )
    .limit(1);
  if (!site) throw notFound('Tracking configuration not found.');
  const config = { t: site.trackingId, k: site.apiKey, e: new URL(EVENTS_PATH, publicUrl).href };
  // A JSON string literal holding the JSON config: JSON.parse in the template reads it back.
  const code = (await readBuiltScript('pixel.js')).replace(PLACEHOLDER, () =>
    JSON.stringify(JSON.stringify(config)),
  );
  return { code, bytesGzip: gzipSync(code, { level: 9 }).length };
}
