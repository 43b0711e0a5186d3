import { addDays, HOUR_MS } from '../../../shared/calendar.ts';
import type { Db } from '../../db/client.ts';
import { foldPending } from '../../domain/tracking/fold-events.ts';
import { applyTrackingRetention, ensureEventPartition, utcDayOf } from '../../domain/tracking/partitions.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { enqueueUnlessQueuedSince } from '../../jobs/enqueue-unless-queued-since.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import type { FoldStoredFunnels } from '../../platform/ports/fold-stored-funnels.ts';
import { recordDemoStorefrontJob } from './demo/demo-storefront-job.ts';
import { foldHeatmapTiles } from './ingest/heatmap-fold.ts';

/**
 * Queues the hourly tracking upkeep (`maintain-tracking`) unless one was queued since the start of
 * this UTC hour; returns whether a job was added. Runs whether or not events arrive.
 */
export async function enqueueDueMaintenance(db: Db, now: Date): Promise<boolean> {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return enqueueUnlessQueuedSince(db, catalogue.maintainTracking, {}, hourStart, now);
}

/**
 * Cursor tracking's jobs (decision 180). `maintain-tracking`, hourly whether or not events arrive:
 * today's and tomorrow's raw-event partitions, raw-first's fold of raw rows into the rollups
 * (decision 125), raw-event retention (TRACKING_RETENTION_DAYS), the fold of finished hours into
 * heatmap tiles, and the fold of new events into every funnel's pre-aggregates (decision 134,
 * through the port the funnels feature provides). Each step is idempotent, so a second run in the
 * same hour (another process, a retry) changes nothing. On the schedule: that job, and the fold
 * of raw rows a killed web process wrote but never folded.
 */
export const trackingJobs = (ports: { foldStoredFunnels: FoldStoredFunnels }): FeatureJobs<AppDeps> => ({
  handlers: [
    handleJob(catalogue.maintainTracking, async ({ deps }) => {
      const now = deps.clock();
      const today = utcDayOf(now);
      await ensureEventPartition(deps.db, today);
      await ensureEventPartition(deps.db, addDays(today, 1));
      // Raw-first (decision 125): raw rows not rolled up yet, before retention drops their partitions
      // and before their finished hours become tiles.
      await foldPending(deps.db);
      const droppedPartitions = await applyTrackingRetention(deps.db, now, deps.env.trackingRetentionDays);
      const foldedThrough = await foldHeatmapTiles(deps.db, now);
      const foldedFunnels = await ports.foldStoredFunnels(deps.db);
      return { droppedPartitions, foldedThrough: foldedThrough?.toISOString() ?? null, foldedFunnels };
    }),
    recordDemoStorefrontJob,
  ],
  schedules: [
    { name: 'tracking upkeep', tick: (deps, now) => enqueueDueMaintenance(deps.db, now) },
    // Raw rows a killed web process (or a raw-first run before the switch was turned off) wrote but
    // never folded (decision 125); a no-op when none.
    { name: 'pending raw events', tick: (deps) => foldPending(deps.db) },
  ],
});
