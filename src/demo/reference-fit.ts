/**
 * A small, independent BG/NBD maximum-likelihood fit (Fader, Hardie & Lee 2005) used to check
 * that the generator's orders really carry the parameters the ground truth claims. It is a test
 * reference, deliberately separate from the product's analytics core (src/core/clv), so the two
 * can check each other.
 */
import type { BgNbdParams } from './model-terms.ts';

/** Lanczos approximation of ln Γ(x) for x > 0 (|error| < 1e-14 over the range used here). */
export function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < g + 2; i += 1) sum += c[i]! / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Per-customer summary: repeat purchases x, recency t_x and age T (same time unit). */
export interface RfmSummary {
  x: number;
  tx: number;
  T: number;
}

/** Total BG/NBD log-likelihood (constants included, as in the published −9582.43 for CDNOW). */
export function bgnbdLogLikelihood(params: BgNbdParams, data: readonly RfmSummary[]): number {
  const { r, alpha, a, b } = params;
  const lbAB = logBeta(a, b);
  const base = -logGamma(r) + r * Math.log(alpha) - lbAB;
  // Terms that depend only on x are computed once per distinct x.
  const perX = new Map<number, { t1: number; t2: number }>();
  let total = 0;
  for (const { x, tx, T } of data) {
    let terms = perX.get(x);
    if (!terms) {
      const lg = logGamma(r + x) + base;
      terms = { t1: lg + logBeta(a, b + x), t2: x > 0 ? lg + logBeta(a + 1, b + x - 1) : 0 };
      perX.set(x, terms);
    }
    const a1 = terms.t1 - (r + x) * Math.log(alpha + T);
    if (x === 0) {
      total += a1;
      continue;
    }
    const a2 = terms.t2 - (r + x) * Math.log(alpha + tx);
    const m = Math.max(a1, a2);
    total += m + Math.log(Math.exp(a1 - m) + Math.exp(a2 - m));
  }
  return total;
}

/** Nelder–Mead minimiser (log-parameter space keeps the parameters positive). */
function nelderMead(f: (v: number[]) => number, start: number[], iterations = 2_000): number[] {
  const n = start.length;
  let simplex = [start, ...start.map((_, i) => start.map((v, j) => (i === j ? v + 0.5 : v)))];
  let values = simplex.map(f);
  for (let it = 0; it < iterations; it += 1) {
    const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0]);
    simplex = order.map(([, i]) => simplex[i]!);
    values = order.map(([v]) => v);
    if (Math.abs(values[n]! - values[0]!) < 1e-10 * (1 + Math.abs(values[0]!))) break;
    const centroid = Array.from(
      { length: n },
      (_, j) => simplex.slice(0, n).reduce((s, p) => s + p[j]!, 0) / n,
    );
    const worst = simplex[n]!;
    const at = (t: number) => centroid.map((c, j) => c + t * (worst[j]! - c));
    const reflected = at(-1);
    const fr = f(reflected);
    if (fr < values[0]!) {
      const expanded = at(-2);
      const fe = f(expanded);
      if (fe < fr) {
        simplex[n] = expanded;
        values[n] = fe;
      } else {
        simplex[n] = reflected;
        values[n] = fr;
      }
    } else if (fr < values[n - 1]!) {
      simplex[n] = reflected;
      values[n] = fr;
    } else {
      const contracted = at(fr < values[n]! ? -0.5 : 0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, values[n]!)) {
        simplex[n] = contracted;
        values[n] = fc;
      } else {
        const best = simplex[0]!;
        simplex = simplex.map((p, i) => (i === 0 ? p : p.map((v, j) => best[j]! + 0.5 * (v - best[j]!))));
        values = simplex.map(f);
      }
    }
  }
  const bestIndex = values.indexOf(Math.min(...values));
  return simplex[bestIndex]!;
}

/** Maximum-likelihood BG/NBD parameters for the summaries. */
export function fitBgNbd(data: readonly RfmSummary[]): BgNbdParams & { logLikelihood: number } {
  const toParams = (v: number[]): BgNbdParams => ({
    r: Math.exp(v[0]!),
    alpha: Math.exp(v[1]!),
    a: Math.exp(v[2]!),
    b: Math.exp(v[3]!),
  });
  const objective = (v: number[]) => -bgnbdLogLikelihood(toParams(v), data);
  let best = nelderMead(objective, [0, Math.log(5), 0, 0]);
  best = nelderMead(objective, best);
  const params = toParams(best);
  return { ...params, logLikelihood: bgnbdLogLikelihood(params, data) };
}
