import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AttributionModel, ChannelCredit } from '../../../core/attribution/types.ts';
import {
  type CampaignCredit,
  creditFirstPartyJourneys,
} from '../../../core/journeys/credit-first-party-journeys.ts';
import { keptAnswer } from '../../caches.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { foldFirst } from '../tracking/fold-events.ts';
import { readFirstPartyJourneys } from './read-first-party-journeys.ts';

/** A model's credit over a window's first-party journeys, and the joined orders it covers. */
export interface FirstPartyCredit {
  channels: ChannelCredit[];
  campaigns: CampaignCredit[];
  joinedOrders: number;
  joinedRevenueMinor: number;
}

const TrackingVersionRow = z.object({ version: z.string() });

/**
 * What the journeys depend on besides the synced orders (decision 078): when the tracker's sessions
 * last received an event (every ingested batch sets its sessions' `last_received_at`; with the
 * number of sessions at that instant, so two batches of one millisecond still differ), the joined
 * orders (the join job only inserts), and the tracked websites (deleting one cascades its sessions
 * and joins). Index probes, not a read of the sessions.
 */
async function trackingVersion(reads: CachedReads, workspaceId: string): Promise<string> {
  const [row] = await queryRows(
    reads.db,
    TrackingVersionRow,
    sql`SELECT concat_ws('|',
          (SELECT m.at::text || ':' || (SELECT count(*) FROM tracking_sessions
              WHERE workspace_id = ${workspaceId}::uuid AND last_received_at = m.at)
            FROM (SELECT max(last_received_at) AS at FROM tracking_sessions
              WHERE workspace_id = ${workspaceId}::uuid) m),
          (SELECT count(*) || ':' || coalesce(max(joined_at)::text, '') FROM tracking_order_journeys
            WHERE workspace_id = ${workspaceId}::uuid),
          (SELECT count(*) || ':' || coalesce(max(created_at)::text, '') FROM tracking_configurations
            WHERE workspace_id = ${workspaceId}::uuid)) AS version`,
  );
  return row?.version ?? '';
}

/**
 * The model's credit over the window's first-party journeys, kept per warehouse version and
 * tracking version (decision 078): a repeat read (the page's model picker, a 90-day Markov that
 * reads every non-converting visitor) answers from memory, and any new event, joined order or sync
 * makes a new key, so an answer is never stale. Without a warehouse version nothing is kept.
 * Callers must not mutate what this returns.
 */
export async function keptFirstPartyCredit(
  reads: CachedReads,
  workspaceId: string,
  window: { start: string; end: string; timeZone: string; version: string | null },
  model: AttributionModel,
): Promise<FirstPartyCredit> {
  await foldFirst(reads.db);
  const load = async (): Promise<FirstPartyCredit> => {
    const journeys = await readFirstPartyJourneys(reads.db, workspaceId, window, model === 'markov');
    return {
      ...creditFirstPartyJourneys(journeys, model),
      joinedOrders: journeys.reduce((s, j) => s + j.conversions, 0),
      joinedRevenueMinor: Math.round(journeys.reduce((s, j) => s + j.value, 0)),
    };
  };
  if (window.version === null) return load();
  const tracking = await trackingVersion(reads, workspaceId);
  const key = `first-party/${workspaceId}|${window.start}|${window.end}|${window.timeZone}|${model}|${window.version}|${tracking}`;
  return keptAnswer(reads.caches.answers, key, load);
}
