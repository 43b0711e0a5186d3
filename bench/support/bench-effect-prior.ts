import { ROAS_PRIOR_MERIDIAN } from '../../src/core/measurement/reweight-to-roas-prior.ts';
import type { RoasLogNormalPrior } from '../../src/core/measurement/types.ts';

/**
 * BENCH_EFFECT=lognormal: fit with a log-normal ROAS prior (decision 178), Meridian's
 * LogNormal(0.2, 0.9) unless BENCH_EFFECT_LOG_MEAN / BENCH_EFFECT_LOG_SD say otherwise.
 */
export function benchEffectPrior(): { effectPrior?: RoasLogNormalPrior } {
  if (process.env.BENCH_EFFECT !== 'lognormal') return {};
  return {
    effectPrior: {
      logMean: Number(process.env.BENCH_EFFECT_LOG_MEAN ?? ROAS_PRIOR_MERIDIAN.logMean),
      logSd: Number(process.env.BENCH_EFFECT_LOG_SD ?? ROAS_PRIOR_MERIDIAN.logSd),
    },
  };
}
