import { and, eq } from 'drizzle-orm';
import type { TrackingConfiguration } from '../../../../shared/contracts/tracking-configurations.ts';
import type { Db } from '../../../db/client.ts';
import { trackingConfigurations } from '../../../db/schema/tracking.ts';
import type { DemoTracking } from '../../../platform/ports/demo-tracking.ts';
import { createTrackingConfiguration, presentConfiguration } from '../manage-tracking-configurations.ts';

/** The workspace's website for the live demo storefront (our own origin), created on first visit. */
async function storefrontSite(
  db: Db,
  workspaceId: string,
  publicOrigin: string,
  path: string,
): Promise<TrackingConfiguration> {
  const [existing] = await db
    .select()
    .from(trackingConfigurations)
    .where(
      and(
        eq(trackingConfigurations.workspaceId, workspaceId),
        eq(trackingConfigurations.kind, 'website'),
        eq(trackingConfigurations.websiteOrigin, publicOrigin),
      ),
    )
    .limit(1);
  if (existing) return presentConfiguration(existing);
  return createTrackingConfiguration(db, workspaceId, {
    websiteName: 'Demo storefront (your visits)',
    websiteUrl: `${publicOrigin}${path}`,
  });
}

/**
 * The demo-tracking port (decision 166): the live storefront page's website, created by this
 * feature's own configurations. The composition root hands it to the demo routes; the planted
 * history is this feature's `record-demo-storefront` job (decision 204).
 */
export const demoTracking: DemoTracking = { storefrontSite };
