import type { AppDeps } from '../../http/deps.ts';
import { describeJobError, PermanentJobError } from '../../jobs/job-error.ts';
import { claimDelivery, finishDelivery } from './delivery-store.ts';
import { sendDeliveryMessage } from './send-message.ts';

export type AttemptOutcome = 'sent' | 'already-done' | 'in-progress' | 'missing';

/** Thrown when another process holds the delivery: try again later (it may still fail). */
export class DeliveryBusyError extends Error {
  override name = 'DeliveryBusyError';
}

/**
 * One send attempt of a delivery (decision 028): claim the row (only one claimer can), send the
 * kept message, record sent — or record the error, pending again when `final` is false and a
 * retry can help, failed otherwise, and rethrow it for the queue's backoff.
 */
export async function attemptDelivery(
  deps: AppDeps,
  deliveryId: string,
  claimer: string,
  options: { final: boolean },
): Promise<AttemptOutcome> {
  const claim = await claimDelivery(
    deps.db,
    deliveryId,
    claimer,
    deps.clock(),
    deps.env.jobLeaseSeconds * 1000,
  );
  if (claim.state === 'missing') return 'missing';
  if (claim.state === 'done') return 'already-done';
  if (claim.state === 'busy') return 'in-progress';
  const { row } = claim;
  try {
    await sendDeliveryMessage(deps, {
      id: row.id,
      workspaceId: row.workspace_id,
      kind: row.kind,
      channelId: row.channel_id,
      message: row.message,
    });
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    await finishDelivery(
      deps.db,
      row.id,
      claimer,
      { status: permanent || options.final ? 'failed' : 'pending', error: describeJobError(error) },
      deps.clock(),
    );
    throw error;
  }
  await finishDelivery(deps.db, row.id, claimer, { status: 'sent', error: null }, deps.clock());
  return 'sent';
}
