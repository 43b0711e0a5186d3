import { z } from 'zod';
import { addDays } from '../../../shared/calendar.ts';
import { foldPending } from '../../domain/tracking/fold-events.ts';
import { applyTrackingRetention, ensureEventPartition, utcDayOf } from '../../domain/tracking/partitions.ts';
import { foldStoredFunnels } from '../../features/funnels/fold-stored-funnels.ts';
import { foldHeatmapTiles } from '../../features/tracking/ingest/heatmap-fold.ts';
import { defineJob } from '../job-definition.ts';

/**
 * Cursor-tracking upkeep, hourly whether or not events arrive (the scheduler queues it): today's
 * and tomorrow's raw-event partitions, raw-first's fold of raw rows into the rollups (decision
 * 125), raw-event retention (TRACKING_RETENTION_DAYS), the fold of finished hours into heatmap
 * tiles, and the fold of new events into every funnel's pre-aggregates (decision 134). Each step
 * is idempotent, so a second run in the same hour
 * (another process, a retry) changes nothing.
 */
export const maintainTrackingJob = defineJob({
  type: 'maintain-tracking',
  payloadSchema: z.object({}),
  maxAttempts: 3,
  // After syncs and analyses: nobody waits for it.
  priority: 150,
  concurrencyKey: () => 'maintain-tracking',
  async run({ deps }) {
    const now = deps.clock();
    const today = utcDayOf(now);
    await ensureEventPartition(deps.db, today);
    await ensureEventPartition(deps.db, addDays(today, 1));
    // Raw-first (decision 125): raw rows not rolled up yet, before retention drops their partitions
    // and before their finished hours become tiles.
    await foldPending(deps.db);
    const droppedPartitions = await applyTrackingRetention(deps.db, now, deps.env.trackingRetentionDays);
    const foldedThrough = await foldHeatmapTiles(deps.db, now);
    const foldedFunnels = await foldStoredFunnels(deps.db);
    return { droppedPartitions, foldedThrough: foldedThrough?.toISOString() ?? null, foldedFunnels };
  },
});
