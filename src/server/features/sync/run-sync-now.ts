import {
  SYNC_SOURCE_LABELS,
  SYNC_SOURCES,
  type SyncRunRequest,
  type SyncRunResponse,
  type SyncSource,
} from '../../../shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { enqueueSpendSheetsOf } from '../../domain/ad-spend/enqueue-spend-sheets-of.ts';
import { badRequest } from '../../errors.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';

/**
 * POST /api/sync/run ("Sync now"): queues a sync of one connected source, or of every connected
 * source, for the caller's workspace only. Asking again while one is queued or running returns
 * that job (no duplicates); the worker picks it up within a second.
 */
export async function runSyncNow(
  db: Db,
  workspaceId: string,
  request: SyncRunRequest,
  now: Date,
): Promise<SyncRunResponse> {
  const connected = (await listCredentialSummaries(db, workspaceId))
    .map((summary) => summary.provider)
    .filter((provider): provider is SyncSource => (SYNC_SOURCES as readonly string[]).includes(provider));
  if (request.source && !connected.includes(request.source)) {
    throw badRequest(
      `${SYNC_SOURCE_LABELS[request.source]} is not connected. Add its credentials in Profile & Integrations first.`,
      'source_not_connected',
    );
  }
  const sources = request.source ? [request.source] : connected;
  if (sources.length === 0) {
    throw badRequest(
      'No data source is connected yet. Connect Shopify, Google Analytics or Meta in Profile & Integrations.',
      'no_sources_connected',
    );
  }
  const queued: SyncRunResponse['queued'] = [];
  for (const source of sources) {
    const { job, created } = await enqueue(db, SYNC_JOBS[source], { workspaceId, reason: 'manual' }, { now });
    queued.push({ source, jobId: job.id, alreadyQueued: !created });
  }
  // Published spend sheets (issue #39 step 4) are read with every source.
  if (!request.source) await enqueueSpendSheetsOf(db, workspaceId, now);
  const names = sources.map((source) => SYNC_SOURCE_LABELS[source]).join(', ');
  return { message: `Sync started for ${names}.`, queued };
}
