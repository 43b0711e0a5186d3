import { z } from 'zod';
import type { SyncSource } from '../../db/schema/jobs.ts';

export const SyncPayloadSchema = z.object({
  workspaceId: z.uuid(),
  /** Why the sync was queued: owner-initiated ones (connect, manual) go before scheduled ones. */
  reason: z.enum(['connect', 'schedule', 'manual']).optional(),
});
export type SyncPayload = z.infer<typeof SyncPayloadSchema>;

/** What every source's sync job shares: payload, retry budget, priority, one at a time per workspace. */
export function syncJobOptions(source: SyncSource) {
  return {
    type: `sync-${source}`,
    payloadSchema: SyncPayloadSchema,
    maxAttempts: 6,
    priority: (payload: SyncPayload) => (payload.reason === 'schedule' ? 100 : 50),
    concurrencyKey: (payload: SyncPayload) => `sync:${source}:${payload.workspaceId}`,
  };
}
