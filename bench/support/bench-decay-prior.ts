import { DECAY_PRIOR } from '../../src/core/measurement/hyper-log-prior.ts';
import type { MmmOptions } from '../../src/core/measurement/types.ts';

/**
 * BENCH_DECAY=fixed: fit with Jin et al.'s Beta(3, 3) by name (the model before decision 214);
 * BENCH_DECAY=estimated: the data-chosen shared decay prior at any history (decision 162); unset:
 * the model's default (defaultDecayPrior: the data's choice from 156 weeks, decision 214).
 */
export function benchDecayPrior(): Pick<MmmOptions, 'decayPrior'> {
  const setting = process.env.BENCH_DECAY;
  if (setting === 'fixed') return { decayPrior: DECAY_PRIOR };
  if (setting === 'estimated') return { decayPrior: 'estimated' };
  if (setting) throw new Error(`BENCH_DECAY must be 'fixed' or 'estimated', got '${setting}'`);
  return {};
}
