import type { MmmOptions } from '../../src/core/measurement/types.ts';

/**
 * BENCH_SATURATION=data: fit both saturation families and pool them by their evidence (decision
 * 234, opt-in); =hill or =logistic: that family by name; unset: the model's default (Hill).
 */
export function benchSaturation(): Pick<MmmOptions, 'saturation'> {
  const setting = process.env.BENCH_SATURATION;
  if (setting === 'data' || setting === 'hill' || setting === 'logistic') return { saturation: setting };
  if (setting) throw new Error(`BENCH_SATURATION must be 'data', 'hill' or 'logistic', got '${setting}'`);
  return {};
}
