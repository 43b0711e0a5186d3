import { minimizeBfgs } from '../stats/minimize-bfgs.ts';
import type { MmmSaturation } from './types.ts';

/** Shared starting values tried for every channel: (decay per week, half-saturation share, shape). */
const GRID: readonly (readonly [number, number, number])[] = [0.2, 0.5, 0.8].flatMap((decay) =>
  [0.3, 0.7].flatMap((half) => [1, 2.5].map((shape) => [decay, half, shape] as const)),
);
/** The logistic family's starting values (decision 234): (decay per week, λ on max-scaled spend). */
const LOGISTIC_GRID: readonly (readonly [number, number])[] = [0.2, 0.5, 0.8].flatMap((decay) =>
  [1, 3, 6].map((lambda) => [decay, lambda] as const),
);
const logit = (p: number) => Math.log(p / (1 - p));

/**
 * The posterior mode of the adstock and saturation parameters.
 *
 * Definition: argmin over u ∈ ℝ³ᶜ (Hill) or ℝ²ᶜ (logistic saturation) of the negative log posterior
 * `objective` (unconstrained scale of hyperFromVector).
 * Reference: Nocedal & Wright (2006), Numerical Optimization, algorithm 6.1 (BFGS), with central
 * differences for the gradient (§8.1); the coarse grid start follows Robyn's practice of searching
 * hyperparameter ranges before refining.
 * Method: the 12 grid settings (9 for the logistic family; the same for every channel) are evaluated and BFGS refines the
 * best; a few hundred evaluations even for 6 channels.
 */
export function findMmmMode(
  objective: (u: number[]) => number,
  channels: number,
  saturation: MmmSaturation = 'hill',
): { u: number[]; value: number } {
  let start: number[] = [];
  let best = Number.POSITIVE_INFINITY;
  const starts =
    saturation === 'logistic'
      ? LOGISTIC_GRID.map(([decay, lambda]) => [logit(decay), Math.log(lambda)])
      : GRID.map(([decay, half, shape]) => [logit(decay), logit(half), Math.log(shape)]);
  for (const setting of starts) {
    const u = Array.from({ length: channels }, () => setting).flat();
    const value = objective(u);
    if (value < best) {
      best = value;
      start = u;
    }
  }
  const step = 1e-5;
  const result = minimizeBfgs(
    (u) => {
      const value = objective(u);
      const gradient = u.map((_, i) => {
        const up = [...u];
        const down = [...u];
        up[i]! += step;
        down[i]! -= step;
        return (objective(up) - objective(down)) / (2 * step);
      });
      return { value, gradient };
    },
    start,
    { tolerance: 1e-9, maxIterations: 300 },
  );
  return result.value <= best ? { u: result.x, value: result.value } : { u: start, value: best };
}
