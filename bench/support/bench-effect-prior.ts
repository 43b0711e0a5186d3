import { ROAS_PRIOR_MERIDIAN } from '../../src/core/measurement/reweight-to-roas-prior.ts';
import type { RoasHierarchicalPrior, RoasLogNormalPrior } from '../../src/core/measurement/types.ts';

/**
 * BENCH_EFFECT=lognormal: fit with a log-normal ROAS prior (decision 178), Meridian's
 * LogNormal(0.2, 0.9) unless BENCH_EFFECT_LOG_MEAN / BENCH_EFFECT_LOG_SD say otherwise.
 * BENCH_EFFECT=hierarchical: the channels' log ROAS share a hierarchical prior (decision 184),
 * level N(BENCH_EFFECT_LOG_MEAN = 0.2, BENCH_EFFECT_LOG_MEAN_SD = 1) and spread
 * half-normal(BENCH_EFFECT_SPREAD = 1).
 */
export function benchEffectPrior(): { effectPrior?: RoasLogNormalPrior | RoasHierarchicalPrior } {
  const logMean = Number(process.env.BENCH_EFFECT_LOG_MEAN ?? ROAS_PRIOR_MERIDIAN.logMean);
  if (process.env.BENCH_EFFECT === 'hierarchical')
    return {
      effectPrior: {
        logMean,
        logMeanSd: Number(process.env.BENCH_EFFECT_LOG_MEAN_SD ?? 1),
        spreadScale: Number(process.env.BENCH_EFFECT_SPREAD ?? 1),
      },
    };
  if (process.env.BENCH_EFFECT !== 'lognormal') return {};
  return {
    effectPrior: { logMean, logSd: Number(process.env.BENCH_EFFECT_LOG_SD ?? ROAS_PRIOR_MERIDIAN.logSd) },
  };
}
