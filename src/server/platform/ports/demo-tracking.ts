import type { TrackingConfiguration } from '../../../shared/contracts/tracking-configurations.ts';
import type { Db } from '../../db/client.ts';
import type { DemoRuntime } from '../../http/demo-runtime.ts';

/** How the demo storefront's planted sessions are written (the event writer's settings). */
export interface RecordDemoStorefrontOptions {
  clock: () => Date;
  retentionDays: number;
  /** TRACKING_RAW_FIRST (decision 125): the writer's drain folds what it wrote. */
  rawFirst?: boolean;
  onMaintenanceError: (error: unknown) => void;
  publicUrl: string;
}

/**
 * A port (decisions 155, 166): what demo mode asks of the tracking feature — its storefront as a
 * tracked website. The tracking feature provides it (`tracking/demo/demo-tracking.ts`); the
 * composition root (`main.ts`) passes it to the demo feature, so the demo does not
 * import the tracking feature.
 */
export interface DemoTracking {
  /**
   * Records the demo storefront's planted sessions, then its checkouts through the site's custom
   * pixel, as a tracked website of the workspace (once); answers the events stored.
   */
  recordStorefront(
    db: Db,
    workspaceId: string,
    storefront: NonNullable<DemoRuntime['storefront']>,
    options: RecordDemoStorefrontOptions,
  ): Promise<number>;
  /** The workspace's website for the live storefront at `publicOrigin` + `path`, created on first visit. */
  storefrontSite(
    db: Db,
    workspaceId: string,
    publicOrigin: string,
    path: string,
  ): Promise<TrackingConfiguration>;
}
