import type { TrackingConfiguration } from '../../../shared/contracts/tracking-configurations.ts';
import type { Db } from '../../db/client.ts';

/**
 * A port (decisions 155, 166): what demo mode asks of the tracking feature — the website of its live
 * storefront page (the planted history is the tracking feature's own job, decision 204). The tracking feature provides it (`tracking/demo/demo-tracking.ts`); the
 * composition root (`main.ts`) passes it to the demo feature, so the demo does not
 * import the tracking feature.
 */
export interface DemoTracking {
  /** The workspace's website for the live storefront at `publicOrigin` + `path`, created on first visit. */
  storefrontSite(
    db: Db,
    workspaceId: string,
    publicOrigin: string,
    path: string,
  ): Promise<TrackingConfiguration>;
}
