import { z } from 'zod';
import { attemptDelivery, DeliveryBusyError } from '../../platform/notifications/deliver.ts';
import { defineJob } from '../job-definition.ts';

/**
 * Sends one notification delivery (issue #14, decision 028). The delivery row, not the job, is
 * what makes a message go out once: the job claims the row, so a duplicate job, a second
 * instance or a retry after a crash finds it sent and stops. Failed attempts go back to the queue
 * with its backoff; the last one marks the delivery failed with the reason.
 */
export const deliverNotificationJob = defineJob({
  type: 'deliver-notification',
  payloadSchema: z.object({ workspaceId: z.uuid(), deliveryId: z.uuid() }),
  maxAttempts: 6,
  priority: 60,
  concurrencyKey: (payload) => `deliver:${payload.deliveryId}`,
  async run({ deps, job, payload }) {
    const outcome = await attemptDelivery(deps, payload.deliveryId, `job:${job.id}:${job.attempts}`, {
      final: job.attempts >= job.maxAttempts,
    });
    // Another process is sending it right now: look again later, it may still fail.
    if (outcome === 'in-progress')
      throw new DeliveryBusyError('the delivery is being sent by another process');
    return { outcome };
  },
});
