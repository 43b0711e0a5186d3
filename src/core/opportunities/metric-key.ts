/** Subjects whose 30-day revenue the analysis run measures for every opportunity it tracks. */
export type MetricSubject = 'product' | 'campaign' | 'segment' | 'channel' | 'store' | 'repeat';

/**
 * Key of a tracked 30-day metric, e.g. `product:123:revenue30d`.
 *
 * Why: implementing an opportunity stores the metric's value as the baseline; the detector may stop
 * emitting the candidate once it is fixed (a restocked product), so the metric must be measurable on
 * its own, by key, in every later run.
 */
export function metricKey(subject: MetricSubject, id: string): string {
  return `${subject}:${id}:revenue30d`;
}
