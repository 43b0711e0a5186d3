import type { AppDeps } from '../../http/deps.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { type FeatureJobs, handleJob } from '../../jobs/job-handler.ts';
import { attemptDelivery, DeliveryBusyError } from './deliver.ts';

/**
 * Notification delivery's job (issue #14, decisions 028 and 180): `deliver-notification` sends one
 * delivery. The delivery row, not the job, is what makes a message go out once: the job claims the
 * row, so a duplicate job, a second instance or a retry after a crash finds it sent and stops.
 * Failed attempts go back to the queue with its backoff; the last one marks the delivery failed
 * with the reason.
 */
export const notificationDeliveryJobs: FeatureJobs<AppDeps> = {
  handlers: [
    handleJob(catalogue.deliverNotification, async ({ deps, job, payload }) => {
      const outcome = await attemptDelivery(deps, payload.deliveryId, `job:${job.id}:${job.attempts}`, {
        final: job.attempts >= job.maxAttempts,
      });
      // Another process is sending it right now: look again later, it may still fail.
      if (outcome === 'in-progress')
        throw new DeliveryBusyError('the delivery is being sent by another process');
      return { outcome };
    }),
  ],
  schedules: [],
};
