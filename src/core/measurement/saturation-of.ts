import { hillSaturation } from './hill-saturation.ts';
import { logisticSaturation } from './logistic-saturation.ts';
import type { MmmSaturation } from './types.ts';

/**
 * One channel's saturation at (adstocked) spend x under the model's family for it (decision 234):
 * Hill, or pymc-marketing's logistic, both parameterised by the spend K that reaches half the
 * maximum effect, so response curves, the planner and the budget move read either the same way.
 *
 * Definition: 'hill' — Hill(x; K, S) = 1 / (1 + (x/K)^(−S)) (hillSaturation); 'logistic' —
 * logistic(x/M; λ) with λ = ln 3 · M / K for any scale M, i.e. logistic(x/K; ln 3), which is ½ at
 * x = K (logisticSaturation). `shape` is the Hill shape and is not used by the logistic family.
 *
 * @example saturationOf(2, 2, 1.5, 'logistic') // 0.5
 */
export function saturationOf(
  x: number,
  halfSaturation: number,
  shape: number,
  family: MmmSaturation = 'hill',
): number {
  return family === 'logistic'
    ? logisticSaturation(x / halfSaturation, Math.log(3))
    : hillSaturation(x, halfSaturation, shape);
}
