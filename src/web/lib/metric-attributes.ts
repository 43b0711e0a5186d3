/**
 * The attributes that name a figure on screen for what it is (decision 011): the metric
 * (`meta.roas`, `store.orders`…), its window in days ('now' for a state such as stock) and its exact
 * value (money in major units, ratios unrounded). Two pages showing the same metric over the same
 * window must show the same value; the cross-page browser test reads these to check it.
 */
export function metricAttributes(
  metric: string,
  window: number | 'now',
  value: number | null,
): { 'data-metric': string; 'data-window': string; 'data-value': string } {
  return {
    'data-metric': metric,
    'data-window': String(window),
    'data-value': value === null ? '' : String(value),
  };
}
