import type { AnalysisSnapshot } from '../../../core/pipeline/types.ts';

type Customer = AnalysisSnapshot['customers'][number];

/** Customers per INSERT: batches run concurrently on the pool's connections. */
const CUSTOMER_BATCH = 25_000;

/** One batch of customer rows as PostgreSQL array literals, one per column of analysis_customers. */
export interface CustomerColumnBatch {
  customerId: string;
  recencyDays: string;
  frequency: string;
  monetary: string;
  r: string;
  f: string;
  m: string;
  /** 1-based positions in the snapshot's `segmentNames`. */
  segment: string;
  probabilityAlive: string;
  expectedOrders12m: string;
  clv12m: string;
}

/** A run's customer snapshot (100k rows at the large preset) ready for `unnest`. */
export interface CustomerSnapshotColumns {
  /** Text array literal of the segment names the batches' `segment` positions point into. */
  segmentNames: string;
  batches: CustomerColumnBatch[];
}

const finite = (value: number | null): number | null =>
  value === null || !Number.isFinite(value) ? null : value;

/** A PostgreSQL array literal of numbers, ids or null (elements need no quoting). */
const numberArray = (values: readonly (number | string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * The customer rows as column literals, built where they are computed (the analysis worker), so
 * the main thread only hands a few strings to the database: rebuilding 100k customer objects and
 * formatting their arrays on the main thread held up HTTP requests (issue 18). Why arrays: one
 * text parameter per column and batch, unpacked by unnest, is the cheapest bulk insert both
 * PostgreSQL and PGlite accept (cheaper than JSON, parsed into a document first); segments travel
 * as positions in the run's list of segment names. Non-finite scores are stored as null.
 */
export function customerSnapshotColumns(customers: readonly Customer[]): CustomerSnapshotColumns {
  const names = [...new Set(customers.map((c) => c.segment))];
  const position = new Map(names.map((name, i) => [name, i + 1]));
  const batches: CustomerColumnBatch[] = [];
  for (let i = 0; i < customers.length; i += CUSTOMER_BATCH) {
    const batch = customers.slice(i, i + CUSTOMER_BATCH);
    const column = (pick: (c: Customer) => number | string | null) => numberArray(batch.map(pick));
    batches.push({
      customerId: column((c) => c.customerId),
      recencyDays: column((c) => c.recencyDays),
      frequency: column((c) => c.frequency),
      monetary: column((c) => c.monetary),
      r: column((c) => c.r),
      f: column((c) => c.f),
      m: column((c) => c.m),
      segment: column((c) => position.get(c.segment)!),
      probabilityAlive: column((c) => finite(c.probabilityAlive)),
      expectedOrders12m: column((c) => finite(c.expectedOrders12m)),
      clv12m: column((c) => finite(c.clv12m)),
    });
  }
  return {
    segmentNames: `{${names.map((name) => `"${name.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    batches,
  };
}
