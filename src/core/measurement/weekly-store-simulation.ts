import type { MmmSimulation, SimulatedChannel } from './simulate-mmm-data.ts';

/**
 * The weekly store the marketing-mix model's tests and bench plant their channels in: a baseline
 * of 40,000 a week with a 5 % trend over the span, a 10 % yearly cycle and noise of 2 % of the
 * baseline — the scale of Jin et al. (2017) §5's simulations. Three years (156 weeks) unless told.
 */
export function weeklyStoreSimulation(
  channels: SimulatedChannel[],
  options: { start?: string; periods?: number } = {},
): MmmSimulation {
  return {
    start: options.start ?? '2023-01-02',
    periods: options.periods ?? 156,
    periodDays: 7,
    baseline: 40_000,
    trend: 0.05,
    seasonality: 0.1,
    noise: 0.02,
    channels,
  };
}
