import { randomUUID } from 'node:crypto';
import type { Delivery } from '../../../shared/contracts/notifications.ts';
import type { AppDeps } from '../../http/deps.ts';
import { catalogue, enqueue } from '../../jobs/catalogue.ts';
import { attemptDelivery } from './deliver.ts';
import { type NewDelivery, readDelivery, recordDelivery } from './delivery-store.ts';

/**
 * Records a delivery (once per source, period and recipient) and queues its send (at `runAt`,
 * e.g. after quiet hours); a delivery that already existed is left as it is.
 */
export async function queueDelivery(
  deps: AppDeps,
  input: NewDelivery,
  options: { runAt?: Date } = {},
): Promise<{ id: string; created: boolean }> {
  const now = deps.clock();
  const recorded = await recordDelivery(deps.db, input, now);
  if (recorded.created)
    await enqueue(
      deps.db,
      catalogue.deliverNotification,
      { workspaceId: input.workspaceId, deliveryId: recorded.id },
      { now, ...(options.runAt ? { runAt: options.runAt } : {}) },
    );
  return recorded;
}

/**
 * "Send test": records the delivery, queues a job NOTIFICATION_SEND_GRACE_SECONDS (a minute by
 * default) ahead as the safety net (a crash here
 * loses nothing), then tries once at once so the owner sees the answer. A failed try is retried
 * by that job with the queue's backoff; a sent one makes the job a no-op.
 */
export async function sendNow(deps: AppDeps, input: NewDelivery): Promise<Delivery> {
  const now = deps.clock();
  const { id } = await recordDelivery(deps.db, input, now);
  await enqueue(
    deps.db,
    catalogue.deliverNotification,
    { workspaceId: input.workspaceId, deliveryId: id },
    { now, runAt: new Date(now.getTime() + deps.env.notificationSendGraceSeconds * 1000) },
  );
  await attemptDelivery(deps, id, `request:${randomUUID()}`, { final: false }).catch((error: unknown) => {
    deps.log.warn({ err: error, deliveryId: id }, 'notification send failed; the queue retries it');
  });
  return readDelivery(deps.db, id);
}
