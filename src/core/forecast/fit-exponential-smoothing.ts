import { minimizeNelderMead } from '../stats/minimize-nelder-mead.ts';

/** One open trading day: its value and ISO weekday (0 = Monday). */
export interface OpenDayObservation {
  value: number;
  weekday: number;
}

/** The exponential-smoothing variants: trend none or damped, weekday seasonality added or multiplied. */
export interface ExponentialSmoothingSpec {
  trend: 'none' | 'damped';
  seasonal: 'additive' | 'multiplicative';
}

export interface FittedExponentialSmoothing {
  spec: ExponentialSmoothingSpec;
  params: { alpha: number; beta: number; gamma: number; phi: number };
  /** Mean absolute one-step-ahead error on the fitted data. */
  meanAbsoluteError: number;
  /** Point forecasts for future open days with the given weekdays, from the end of `observations` (≥ 0). */
  forecast(observations: readonly OpenDayObservation[], weekdays: readonly number[]): number[];
}

/**
 * Fits an exponential-smoothing model with weekday seasonality on the open-day index.
 *
 * Definition (Hyndman et al. 2008, "Forecasting with Exponential Smoothing", ch. 2, ETS(A,Ad,A)
 * and ETS(A,Ad,M) error-correction form), with one seasonal state per weekday updated only when
 * that weekday trades, and level/trend stepping once per open day (closed days are skipped, so a
 * closed Saturday neither drags the level down nor breaks the weekly phase):
 *   ŷ = (ℓ + φb) + s_w  or  (ℓ + φb)·s_w;  e = y − ŷ;
 *   ℓ ← ℓ + φb + αe (÷ s_w when multiplicative);  b ← φb + βe (÷ s_w);  s_w ← s_w + γe (÷ (ℓ + φb)).
 *   h steps ahead: ℓ + (φ + … + φʰ)b combined with s_w.
 * Method: parameters by Nelder–Mead on logistic transforms minimising the mean absolute one-step
 * error (absolute, not squared: daily shop revenue has order-sized outliers), α, γ ∈ (0, 1),
 * β ∈ (0, α), φ ∈ (0.8, 0.98). Initial level and seasonals from the first two weeks of open days.
 */
export function fitExponentialSmoothing(
  observations: readonly OpenDayObservation[],
  spec: ExponentialSmoothingSpec,
): FittedExponentialSmoothing {
  const hasTrend = spec.trend === 'damped';
  const toParams = (u: number[]) => {
    const alpha = 0.001 + 0.998 * logistic(u[0]!);
    return {
      alpha,
      gamma: 0.001 + (0.998 - alpha) * logistic(u[1]!),
      beta: hasTrend ? alpha * logistic(u[2]!) * 0.5 : 0,
      phi: hasTrend ? 0.8 + 0.18 * logistic(u[3]!) : 0,
    };
  };
  const start = hasTrend ? [-1.5, -2, -2, 1] : [-1.5, -2];
  const result = minimizeNelderMead(
    (u) => runFilter(observations, spec, toParams(u)).meanAbsoluteError,
    start,
    {
      step: 1,
      tolerance: 1e-7,
      maxEvaluations: 400,
      restarts: 1,
    },
  );
  const params = toParams(result.x);
  return {
    spec,
    params,
    meanAbsoluteError: result.value,
    forecast(history, weekdays) {
      const state = runFilter(history, spec, params);
      let damping = 0;
      let power = 1;
      return weekdays.map((w) => {
        power *= params.phi;
        damping += power;
        const base = state.level + damping * state.trend;
        const value = spec.seasonal === 'additive' ? base + state.seasonals[w]! : base * state.seasonals[w]!;
        return Number.isFinite(value) ? Math.max(0, value) : 0;
      });
    },
  };
}

function logistic(u: number): number {
  return 1 / (1 + Math.exp(-u));
}

interface FilterState {
  level: number;
  trend: number;
  seasonals: number[];
  meanAbsoluteError: number;
}

function runFilter(
  observations: readonly OpenDayObservation[],
  spec: ExponentialSmoothingSpec,
  { alpha, beta, gamma, phi }: { alpha: number; beta: number; gamma: number; phi: number },
): FilterState {
  const multiplicative = spec.seasonal === 'multiplicative';
  const warmup = Math.min(observations.length, 14);
  let level = 0;
  for (let i = 0; i < warmup; i += 1) level += observations[i]!.value / warmup;
  const sums = new Array<number>(7).fill(0);
  const counts = new Array<number>(7).fill(0);
  for (let i = 0; i < warmup; i += 1) {
    sums[observations[i]!.weekday]! += observations[i]!.value;
    counts[observations[i]!.weekday]! += 1;
  }
  const seasonals = sums.map((sum, w) => {
    if (counts[w] === 0) return multiplicative ? 1 : 0;
    const mean = sum / counts[w]!;
    return multiplicative ? (level > 0 ? mean / level : 1) : mean - level;
  });
  let trend = 0;
  let absolute = 0;
  let counted = 0;
  for (let i = 0; i < observations.length; i += 1) {
    const { value, weekday } = observations[i]!;
    const base = level + phi * trend;
    const season = seasonals[weekday]!;
    const predicted = multiplicative ? base * season : base + season;
    const error = value - predicted;
    if (i >= warmup) {
      absolute += Math.abs(value - Math.max(0, predicted));
      counted += 1;
    }
    if (multiplicative) {
      const divisor = Math.abs(season) > 1e-6 ? season : 1e-6;
      level = base + (alpha * error) / divisor;
      trend = phi * trend + (beta * error) / divisor;
      if (Math.abs(base) > 1e-9) seasonals[weekday] = season + (gamma * error) / base;
    } else {
      level = base + alpha * error;
      trend = phi * trend + beta * error;
      seasonals[weekday] = season + gamma * error;
    }
  }
  const meanAbsoluteError = counted > 0 ? absolute / counted : 0;
  return {
    level,
    trend,
    seasonals,
    meanAbsoluteError: Number.isFinite(meanAbsoluteError) ? meanAbsoluteError : Number.POSITIVE_INFINITY,
  };
}
