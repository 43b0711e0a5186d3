import type { RfmCustomer } from '../rfm/compute-rfm.ts';
import type { LifetimeScoring } from './score-lifetime-customers.ts';
import type { CustomerSnapshotRow } from './types.ts';

/** Each customer's RFM scores with their lifetime-model scores (null when not fitted). */
export function joinCustomerScores(
  rfmCustomers: readonly RfmCustomer[],
  lifetime: LifetimeScoring,
): CustomerSnapshotRow[] {
  return rfmCustomers.map((c) => {
    const model = lifetime.perCustomer.get(c.customerId);
    return {
      customerId: c.customerId,
      recencyDays: c.recencyDays,
      frequency: c.frequency,
      monetary: c.monetary,
      r: c.r,
      f: c.f,
      m: c.m,
      segment: c.segment,
      probabilityAlive: model?.probabilityAlive ?? null,
      expectedOrders12m: model?.expectedOrders12m ?? null,
      clv12m: model?.clv12m ?? null,
    };
  });
}
