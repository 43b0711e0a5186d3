import { setImmediate } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { trackingConfigurations } from '../../../db/schema/tracking.ts';
import type { DemoRuntime } from '../../../http/demo-runtime.ts';
import { createEventWriter } from '../ingest/event-writer.ts';
import { createTrackingConfiguration } from '../manage-tracking-configurations.ts';
import { recordDemoCheckouts } from './record-demo-checkouts.ts';

/**
 * Events generated and committed before the next are generated, and the writer's commit size (one
 * commit in flight): an owner's request waits for one small commit, not a 20,000-event one
 * (decision 204 measured 1,000 and 5,000).
 */
const EVENTS_PER_TURN = 1_000;

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
 * Demo mode (issue 16): the demo storefront becomes a tracked website of the workspace and its
 * planted shopper sessions are written through the same event writer as live tracker requests,
 * so the join, the attribution rate and the heatmaps have first-party data with no setup. Runs
 * once per workspace (a second connect finds the website and records nothing). The planted
 * checkouts follow, sent by the site's own Shopify custom pixel (recordDemoCheckouts, issue 40).
 */
export async function recordDemoStorefront(
  db: Db,
  workspaceId: string,
  storefront: NonNullable<DemoRuntime['storefront']>,
  options: RecordDemoStorefrontOptions,
): Promise<number> {
  const [existing] = await db
    .select({ id: trackingConfigurations.id })
    .from(trackingConfigurations)
    .where(
      and(
        eq(trackingConfigurations.workspaceId, workspaceId),
        eq(trackingConfigurations.websiteOrigin, storefront.origin),
      ),
    );
  if (existing) return 0;
  const site = await createTrackingConfiguration(db, workspaceId, {
    websiteName: 'Demo storefront',
    websiteUrl: storefront.origin,
  });
  const writer = createEventWriter(db, {
    ...options,
    maxEventsPerCommit: EVENTS_PER_TURN,
    concurrentCommits: 1,
  });
  let writes: Promise<void>[] = [];
  let events = 0;
  let queued = 0;
  for (const batch of storefront.eventBatches()) {
    events += batch.length;
    queued += batch.length;
    writes.push(writer.write({ workspaceId, configurationId: site.id, events: batch }));
    // A job now, beside the owner's requests (decision 204): a commit's worth at a time, so
    // their reads get the database between two commits, not after all 80,000 events.
    if (queued >= EVENTS_PER_TURN) {
      await Promise.all(writes);
      // PGlite answers in microtasks: without a macrotask turn no waiting request is even read.
      await setImmediate();
      writes = [];
      queued = 0;
    }
  }
  await Promise.all(writes);
  await writer.drain();
  // The checkouts after the storefront sessions: the pixel's events then land in those sessions.
  if (storefront.checkoutBeacons)
    events += await recordDemoCheckouts(
      db,
      { ...site, workspaceId, configurationId: site.id },
      storefront.checkoutBeacons,
      options.publicUrl,
    );
  return events;
}
