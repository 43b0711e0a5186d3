/**
 * How much of what an ad platform claims the store can verify, in percent.
 *
 * Definition (design §6): matchRate = 100 · min(platform, store) / max(platform, store); 100 when
 * both are 0 (nothing claimed, nothing to verify); never NaN. Negative inputs count as 0.
 *
 * @example computeMatchRate(900, 1000) // 90
 */
export function computeMatchRate(platformRevenue: number, storeRevenue: number): number {
  const platform = Math.max(0, platformRevenue);
  const store = Math.max(0, storeRevenue);
  const high = Math.max(platform, store);
  return high === 0 ? 100 : (100 * Math.min(platform, store)) / high;
}
