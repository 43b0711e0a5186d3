/**
 * Shared shapes of the lifetime models. Times (tx, T, t) are in one time unit chosen by the
 * caller (weeks for the published CDNOW fits; see `TimeUnit`), never mixed.
 */

/** Unit in which tx, T and horizons are measured. */
export type TimeUnit = 'day' | 'week';

/** Repeat-purchase summary of one customer: x repeat transactions, last one at tx, age T. */
export interface LifetimeCustomer {
  /** Repeat transactions (all transactions after the first purchase day). */
  x: number;
  /** Time of the last repeat transaction since the first purchase (0 when x = 0). */
  tx: number;
  /** Age: time from the first purchase to the end of the calibration period. */
  T: number;
}

/** A customer summary that may stand for `count` identical customers (compression). */
export interface WeightedLifetimeCustomer extends LifetimeCustomer {
  count?: number;
}

/** BG/NBD parameters (Fader, Hardie & Lee 2005): purchase rate Gamma(r, α), dropout Beta(a, b). */
export interface BgNbdParams {
  r: number;
  alpha: number;
  a: number;
  b: number;
}

/** Pareto/NBD parameters (Schmittlein, Morrison & Colombo 1987): rate Gamma(r, α), death Gamma(s, β). */
export interface ParetoNbdParams {
  r: number;
  alpha: number;
  s: number;
  beta: number;
}

/** Gamma-Gamma spend parameters (Fader & Hardie 2013 note): p, q and γ (scale). */
export interface GammaGammaParams {
  p: number;
  q: number;
  gamma: number;
}

/** One customer's spend input: x repeat transactions with mean value `meanValue`. */
export interface SpendCustomer {
  x: number;
  meanValue: number;
  count?: number;
}

/** Outcome of a maximum-likelihood fit. */
export interface FitResult<P> {
  params: P;
  /** Log-likelihood at `params` (published constant-free form). */
  logLikelihood: number;
  /** Number of customers the fit used. */
  customers: number;
  /** Optimiser evaluations used. */
  evaluations: number;
  converged: boolean;
}
