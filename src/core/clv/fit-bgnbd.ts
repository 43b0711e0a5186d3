import { digamma } from '../stats/digamma.ts';
import { logGamma } from '../stats/log-gamma.ts';
import { minimizeBfgs } from '../stats/minimize-bfgs.ts';
import { minimizeNelderMead } from '../stats/minimize-nelder-mead.ts';
import { compressCustomers } from './compress-customers.ts';
import type { BgNbdParams, FitResult, WeightedLifetimeCustomer } from './types.ts';

/** BG/NBD (Fader, Hardie & Lee 2005) or MBG/NBD (Batislam, Denizel & Filiztekin 2007). */
export type BetaGeometricVariant = 'bgnbd' | 'mbgnbd';

/**
 * Maximum-likelihood fit of the BG/NBD model, or of its MBG/NBD modification.
 *
 * Definition: argmax over r, α, a, b > 0 of Σ log L(r, α, a, b | x, tx, T) (FHL 2005, eq. 6; the
 * same likelihood as {@link bgnbdLogLikelihood}, which the tests check against this fit's value).
 * Reference: Fader, Hardie & Lee (2005), Marketing Science 24(2); CDNOW gives r = 0.2426,
 * α = 4.4136, a = 0.7929, b = 2.4259, LL = −9582.43 (weeks).
 * Method: customers compressed by identical (x, tx, T); every term that depends on one of x, tx
 * or T alone (the gamma functions, ln(b + x − 1), ln(α + tx), ln(α + T)) is computed once per
 * distinct value per evaluation, leaving one log-sum-exp per group — this is what makes 100k
 * customers fit in well under a second. Nelder–Mead with restarts on the log-parameters (so
 * positivity is automatic and the scale is even), started at r = a = b = 1 and α = mean age / 10;
 * above WARM_START_GROUPS distinct histories, Nelder–Mead on a subsample and then BFGS on all
 * groups with the exact gradient (digamma terms per distinct x, one softmax weight per group).
 * Variant `mbgnbd` (MBG/NBD): a customer may also drop out right after the first purchase, so
 *   L = B(a, b + x + 1)/B(a, b) · Γ(r + x)α^r/(Γ(r)(α + T)^(r+x))
 *     + B(a + 1, b + x)/B(a, b) · Γ(r + x)α^r/(Γ(r)(α + tx)^(r+x))   for every x, x = 0 included
 * (Batislam, Denizel & Filiztekin 2007; BTYDplus fits CDNOW at r 0.525, α 6.183, a 0.891, b 1.614).
 *
 * @throws RangeError when there are no customers or nobody made a repeat purchase (the model is
 * then not identified and the optimiser would run off to a boundary).
 */
export function fitBgnbd(
  customers: readonly WeightedLifetimeCustomer[],
  variant: BetaGeometricVariant = 'bgnbd',
): FitResult<BgNbdParams> {
  const groups = compressCustomers(customers);
  const total = groups.reduce((s, g) => s + g.count, 0);
  if (total === 0) throw new RangeError('BG/NBD needs at least one customer');
  if (!groups.some((g) => g.x > 0)) throw new RangeError('BG/NBD needs customers with repeat purchases');
  const meanT = groups.reduce((s, g) => s + g.count * g.T, 0) / total;
  const toParams = (v: number[]): BgNbdParams => ({
    r: Math.exp(v[0]!),
    alpha: Math.exp(v[1]!),
    a: Math.exp(v[2]!),
    b: Math.exp(v[3]!),
  });
  let start = [0, Math.log(Math.max(meanT / 10, 1e-3)), 0, 0];
  let step = 0.5;
  let evaluations = 0;
  if (groups.length > WARM_START_GROUPS) {
    // Warm start: fit every k-th group first (counts scaled up), then polish on all groups from
    // there by quasi-Newton — the full-data likelihood is then evaluated far fewer times.
    // The groups in a fixed order (x, tx, T) first, so the sample, and with it the fit, does not
    // depend on the order the customers came in (a database's grouping order is not stable).
    const k = Math.ceil(groups.length / WARM_START_GROUPS);
    const ordered = [...groups].sort((p, q) => p.x - q.x || p.tx - q.tx || p.T - q.T);
    const sample = ordered.filter((g, i) => i % k === 0 && (g.x > 0 || i % (2 * k) === 0));
    const sampleLikelihood = compileLogLikelihood(sample.some((g) => g.x > 0) ? sample : ordered, variant);
    const warm = minimizeNelderMead((v) => -sampleLikelihood(toParams(v)), start, {
      tolerance: 1e-8,
      restarts: 1,
    });
    start = warm.x;
    step = 0.05;
    evaluations = warm.evaluations;
  }
  const logLikelihood = compileLogLikelihood(groups, variant);
  const result =
    step < 0.5
      ? // From the warm start the optimum is near and the surface smooth: quasi-Newton on the exact
        // gradient takes tens of full-data evaluations where the simplex took hundreds.
        minimizeBfgs(
          (v) => {
            const gradient = [0, 0, 0, 0];
            const value = -logLikelihood(toParams(v), gradient);
            return { value, gradient: gradient.map((g) => -g) };
          },
          start,
          { tolerance: 1e-12 },
        )
      : minimizeNelderMead((v) => -logLikelihood(toParams(v)), start, {
          step,
          tolerance: 1e-12,
          maxEvaluations: 3000,
          restarts: 4,
        });
  evaluations += result.evaluations;
  return {
    params: toParams(result.x),
    logLikelihood: -result.value,
    customers: total,
    evaluations,
    converged: result.converged,
  };
}

/** The BG/NBD log-likelihood over fixed groups, with per-value terms hoisted out of the group loop. */
/** Above this many distinct histories the fit starts from a fit on a subsample. */
const WARM_START_GROUPS = 4000;

/**
 * The returned function gives Σ log L at p; given `gradient` (length 4), it also adds there the
 * derivatives of Σ log L with respect to ln r, ln α, ln a and ln b.
 */
function compileLogLikelihood(
  groups: readonly Required<WeightedLifetimeCustomer>[],
  variant: BetaGeometricVariant,
): (p: BgNbdParams, gradient?: number[]) => number {
  const modified = variant === 'mbgnbd';
  const distinct = (values: number[]) => [...new Set(values)];
  const xs = distinct(groups.map((g) => g.x));
  const txs = distinct(groups.map((g) => g.tx));
  const Ts = distinct(groups.map((g) => g.T));
  const index = (values: number[]) => new Map(values.map((v, i) => [v, i]));
  const [xIndex, txIndex, TIndex] = [index(xs), index(txs), index(Ts)];
  const n = groups.length;
  const gx = new Int32Array(n);
  const gtx = new Int32Array(n);
  const gT = new Int32Array(n);
  const count = new Float64Array(n);
  groups.forEach((g, i) => {
    gx[i] = xIndex.get(g.x)!;
    gtx[i] = txIndex.get(g.tx)!;
    gT[i] = TIndex.get(g.T)!;
    count[i] = g.count;
  });
  const gammaTerm = new Float64Array(xs.length);
  const repeatTerm = new Float64Array(xs.length);
  const aliveTerm = new Float64Array(xs.length);
  const logTx = new Float64Array(txs.length);
  const logT = new Float64Array(Ts.length);
  // Per distinct x, for the gradient: ∂/∂r, ∂/∂a and ∂/∂b of the gamma term, and ∂/∂b of the
  // alive (modified) or repeat (plain) term.
  const dGammaR = new Float64Array(xs.length);
  const dGammaA = new Float64Array(xs.length);
  const dGammaB = new Float64Array(xs.length);
  const dTermB = new Float64Array(xs.length);
  return ({ r, alpha, a, b }, gradient) => {
    // A step of the optimiser can overflow a parameter (exp of a large log-parameter): no likelihood.
    if (!(r > 0 && alpha > 0 && a > 0 && b > 0) || !Number.isFinite(r + alpha + a + b))
      return Number.NEGATIVE_INFINITY;
    const common = r * Math.log(alpha) - logGamma(r) + logGamma(a + b) - logGamma(b);
    const logA = Math.log(a);
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i]!;
      if (modified) {
        gammaTerm[i] = common + logGamma(r + x) + logGamma(b + x) - logGamma(a + b + x + 1);
        aliveTerm[i] = Math.log(b + x);
        repeatTerm[i] = logA;
      } else {
        gammaTerm[i] = common + logGamma(r + x) + logGamma(b + x) - logGamma(a + b + x);
        aliveTerm[i] = 0;
        repeatTerm[i] = x > 0 ? logA - Math.log(b + x - 1) : Number.NEGATIVE_INFINITY;
      }
    }
    for (let i = 0; i < txs.length; i += 1) logTx[i] = Math.log(alpha + txs[i]!);
    for (let i = 0; i < Ts.length; i += 1) logT[i] = Math.log(alpha + Ts[i]!);
    let total = 0;
    if (!gradient) {
      for (let i = 0; i < n; i += 1) {
        const xi = gx[i]!;
        const x = xs[xi]!;
        const a3 = aliveTerm[xi]! - (r + x) * logT[gT[i]!]!;
        let ll = a3;
        if (x > 0 || modified) {
          const a4 = repeatTerm[xi]! - (r + x) * logTx[gtx[i]!]!;
          ll = a3 > a4 ? a3 + Math.log1p(Math.exp(a4 - a3)) : a4 + Math.log1p(Math.exp(a3 - a4));
        }
        total += count[i]! * (gammaTerm[xi]! + ll);
      }
      return Number.isNaN(total) ? Number.NEGATIVE_INFINITY : total;
    }
    const commonR = Math.log(alpha) - digamma(r);
    const commonAB = digamma(a + b);
    const commonB = commonAB - digamma(b);
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i]!;
      const last = digamma(a + b + x + (modified ? 1 : 0));
      dGammaR[i] = commonR + digamma(r + x);
      dGammaA[i] = commonAB - last;
      dGammaB[i] = commonB + digamma(b + x) - last;
      dTermB[i] = modified ? 1 / (b + x) : x > 0 ? -1 / (b + x - 1) : 0;
    }
    let dR = 0;
    let dAlpha = 0;
    let dA = 0;
    let dB = 0;
    for (let i = 0; i < n; i += 1) {
      const xi = gx[i]!;
      const x = xs[xi]!;
      const a3 = aliveTerm[xi]! - (r + x) * logT[gT[i]!]!;
      let ll = a3;
      // Weights of the two terms in L: w3 + w4 = 1.
      let w4 = 0;
      let a4 = 0;
      if (x > 0 || modified) {
        a4 = repeatTerm[xi]! - (r + x) * logTx[gtx[i]!]!;
        ll = a3 > a4 ? a3 + Math.log1p(Math.exp(a4 - a3)) : a4 + Math.log1p(Math.exp(a3 - a4));
        w4 = Math.exp(a4 - ll);
      }
      const w3 = 1 - w4;
      const c = count[i]!;
      total += c * (gammaTerm[xi]! + ll);
      const T = Ts[gT[i]!]!;
      const tx = txs[gtx[i]!]!;
      dR += c * (dGammaR[xi]! - w3 * logT[gT[i]!]! - w4 * logTx[gtx[i]!]!);
      dAlpha += c * (r / alpha - (r + x) * (w3 / (alpha + T) + w4 / (alpha + tx)));
      dA += c * (dGammaA[xi]! + w4 / a);
      dB += c * (dGammaB[xi]! + (modified ? w3 : w4) * dTermB[xi]!);
    }
    // Chain rule to the log-parameters: ∂/∂ln p = p · ∂/∂p.
    gradient[0] = (gradient[0] ?? 0) + r * dR;
    gradient[1] = (gradient[1] ?? 0) + alpha * dAlpha;
    gradient[2] = (gradient[2] ?? 0) + a * dA;
    gradient[3] = (gradient[3] ?? 0) + b * dB;
    return Number.isNaN(total) ? Number.NEGATIVE_INFINITY : total;
  };
}
