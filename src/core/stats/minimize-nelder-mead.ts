/** Result of {@link minimizeNelderMead}. */
export interface NelderMeadResult {
  /** Best point found. */
  x: number[];
  /** Objective at `x`. */
  value: number;
  /** Objective evaluations used (over all restarts). */
  evaluations: number;
  /** True when the last restart stopped on the tolerance rather than the evaluation budget. */
  converged: boolean;
}

export interface NelderMeadOptions {
  /** Initial simplex step per coordinate (default 0.5; on log-parameters that is a factor e^0.5). */
  step?: number;
  /** Stop when the simplex values differ by less than this (default 1e-10, absolute + relative). */
  tolerance?: number;
  /** Evaluation budget per restart (default 4000). */
  maxEvaluations?: number;
  /** Restarts from the best point with a fresh simplex (default 3); guards against early collapse. */
  restarts?: number;
}

/**
 * Minimises f over ℝⁿ without derivatives.
 *
 * Definition: the downhill simplex method; reflection ρ = 1, expansion χ = 2, contraction
 * γ = 0.5, shrink σ = 0.5.
 * Reference: Nelder & Mead (1965), Computer Journal 7(4); Lagarias et al. (1998), SIAM J. Optim. 9(1)
 * for the exact update rules used here.
 * Method: restart from the best vertex with a fresh simplex after convergence, which recovers from
 * a simplex that collapsed onto a subspace (a known failure of plain Nelder–Mead). Non-finite
 * objective values count as +∞, so the likelihoods may return NaN/∞ outside their domain.
 *
 * @example minimizeNelderMead(([x, y]) => (x! - 1) ** 2 + (y! + 2) ** 2, [0, 0]).x // ≈ [1, −2]
 */
export function minimizeNelderMead(
  f: (x: number[]) => number,
  start: readonly number[],
  options: NelderMeadOptions = {},
): NelderMeadResult {
  const step = options.step ?? 0.5;
  const tolerance = options.tolerance ?? 1e-10;
  const maxEvaluations = options.maxEvaluations ?? 4000;
  const restarts = options.restarts ?? 3;
  let evaluations = 0;
  const evaluate = (x: number[]): number => {
    evaluations += 1;
    const value = f(x);
    return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
  };

  let best = { x: [...start], value: evaluate([...start]) };
  let converged = false;
  for (let round = 0; round <= restarts; round += 1) {
    const result = runSimplex(evaluate, best.x, best.value, step, tolerance, maxEvaluations);
    const improved = result.value < best.value - tolerance * (1 + Math.abs(best.value));
    best = result.value <= best.value ? { x: result.x, value: result.value } : best;
    converged = result.converged;
    if (round > 0 && !improved) break;
  }
  return { x: best.x, value: best.value, evaluations, converged };
}

function runSimplex(
  evaluate: (x: number[]) => number,
  start: number[],
  startValue: number,
  step: number,
  tolerance: number,
  maxEvaluations: number,
): { x: number[]; value: number; converged: boolean } {
  const n = start.length;
  const points: number[][] = [start];
  const values: number[] = [startValue];
  for (let i = 0; i < n; i += 1) {
    const point = [...start];
    point[i] = point[i]! + step;
    points.push(point);
    values.push(evaluate(point));
  }
  let used = n;
  const order = points.map((_, i) => i);
  while (used < maxEvaluations) {
    order.sort((i, j) => values[i]! - values[j]!);
    const bestIndex = order[0]!;
    const worstIndex = order[n]!;
    const secondWorstIndex = order[n - 1]!;
    const spread = Math.abs(values[worstIndex]! - values[bestIndex]!);
    if (spread <= tolerance * (1 + Math.abs(values[bestIndex]!)) && Number.isFinite(values[worstIndex]!)) {
      return { x: points[bestIndex]!, value: values[bestIndex]!, converged: true };
    }
    // Centroid of all vertices but the worst.
    const centroid = new Array<number>(n).fill(0);
    for (const i of order.slice(0, n)) for (let d = 0; d < n; d += 1) centroid[d]! += points[i]![d]! / n;
    const along = (t: number) => centroid.map((c, d) => c + t * (points[worstIndex]![d]! - c));
    const reflected = along(-1);
    const reflectedValue = evaluate(reflected);
    used += 1;
    if (reflectedValue < values[bestIndex]!) {
      const expanded = along(-2);
      const expandedValue = evaluate(expanded);
      used += 1;
      if (expandedValue < reflectedValue) {
        points[worstIndex] = expanded;
        values[worstIndex] = expandedValue;
      } else {
        points[worstIndex] = reflected;
        values[worstIndex] = reflectedValue;
      }
      continue;
    }
    if (reflectedValue < values[secondWorstIndex]!) {
      points[worstIndex] = reflected;
      values[worstIndex] = reflectedValue;
      continue;
    }
    const outside = reflectedValue < values[worstIndex]!;
    const contracted = along(outside ? -0.5 : 0.5);
    const contractedValue = evaluate(contracted);
    used += 1;
    if (contractedValue < (outside ? reflectedValue : values[worstIndex]!)) {
      points[worstIndex] = contracted;
      values[worstIndex] = contractedValue;
      continue;
    }
    // Shrink towards the best vertex.
    for (const i of order.slice(1)) {
      points[i] = points[i]!.map((v, d) => points[bestIndex]![d]! + 0.5 * (v - points[bestIndex]![d]!));
      values[i] = evaluate(points[i]!);
      used += 1;
    }
  }
  order.sort((i, j) => values[i]! - values[j]!);
  return { x: points[order[0]!]!, value: values[order[0]!]!, converged: false };
}
