/** Shapes of the marketing-mix model, lift tests and budget planner (`src/core/measurement`). */

/** One paid channel's spend per period, aligned with `MmmInput.dates`. */
export interface MmmChannelInput {
  name: string;
  spend: readonly number[];
}

/** A control column (holiday/event dummy, price index, …) aligned with `MmmInput.dates`. */
export interface MmmControlInput {
  name: string;
  values: readonly number[];
}

/** An incremental ROAS measured outside the model (a finished lift test), used as a prior. */
export interface ChannelRoasPrior {
  roas: number;
  /** Standard deviation of that ROAS (> 0). */
  roasSd: number;
}

export interface MmmInput {
  /** Period start dates 'YYYY-MM-DD', ascending, all 7 days apart (weekly) or all 1 day apart (daily). */
  dates: readonly string[];
  /** Revenue (or contribution) per period, in major units. */
  target: readonly number[];
  channels: readonly MmmChannelInput[];
  controls?: readonly MmmControlInput[];
  /** Lift-test calibration per channel name. */
  roasPriors?: Readonly<Record<string, ChannelRoasPrior>>;
}

/** A log-normal prior on a channel's ROAS: ln ROAS ~ N(logMean, logSd²) (decision 178). */
export interface RoasLogNormalPrior {
  logMean: number;
  logSd: number;
}

/**
 * A hierarchical prior shared by the channels' ROAS (decision 184): ln ROAS_c ~ N(μ, τ²) with the
 * shop's typical log ROAS μ ~ N(logMean, logMeanSd²) and the spread τ ~ half-normal(spreadScale).
 */
export interface RoasHierarchicalPrior {
  logMean: number;
  logMeanSd: number;
  spreadScale: number;
}

export type MmmMethod = 'laplace' | 'importance' | 'metropolis';

/** A Beta(a, b) prior on each channel's decay per week, or 'estimated': its mean chosen by the data. */
export type MmmDecayPriorSetting = readonly [number, number] | 'estimated';

/** Which decay prior a fit used, and why (decision 214): the model output says so. */
export interface MmmDecayPriorUsed {
  /** 'named' by the caller, or the 'default' for this history (defaultDecayPrior). */
  source: 'named' | 'default';
  /** 'fixed': one stated Beta; 'estimated': the shared Beta's mean chosen by the data. */
  kind: 'fixed' | 'estimated';
  /** The Beta(a, b) used; when estimated, the most probable one (the out-of-sample refit's). */
  beta: readonly [number, number];
  /** When estimated: each candidate mean a week and its posterior probability p(μ | y); else empty. */
  candidates: { mean: number; probability: number }[];
  /** One sentence for the owner. */
  summary: string;
}

/**
 * The saturation curve's family (decision 234): Hill (Jin et al., Meridian) or pymc-marketing's
 * logistic. 'data': both are fitted and their draws pooled in proportion to their evidence (what
 * every product surface fits, PRODUCT_SATURATION, decision 243).
 */
export type MmmSaturation = 'hill' | 'logistic';
export type MmmSaturationSetting = MmmSaturation | 'data';

/** Which saturation family a fit used (decision 234): the model output says so. */
export interface MmmSaturationUsed {
  /** 'named' by the caller, or the 'default' (Hill, decision 234). */
  source: 'named' | 'default';
  /** The most probable family: the channels' reported curve parameters and the out-of-sample refit's. */
  family: MmmSaturation;
  /** Each family fitted with its posterior probability p(family | y) (one entry: not compared). */
  candidates: { family: MmmSaturation; probability: number }[];
  /** One sentence for the owner. */
  summary: string;
}

/** Carry-over: geometric (the effect peaks at once) or Weibull with shape 2 (it peaks later). */
export type MmmAdstock = 'geometric' | 'weibull';

export interface MmmOptions {
  /** Posterior draws (default 400). */
  draws?: number;
  seed?: number;
  /**
   * 'importance' (default, decision 129: Laplace-t proposals re-weighted by the exact collapsed
   * posterior), 'laplace' (the plain Gaussian, decision 096) or 'metropolis' (the reference sampler).
   */
  method?: MmmMethod;
  /** Last periods held out for the out-of-sample check (default 8 weeks' worth; 0 skips the check). */
  holdoutPeriods?: number;
  /** Yearly Fourier order (default 3). */
  fourierOrder?: number;
  /** 'geometric' (default) or 'weibull' (delayed peak; weibullAdstock with shape 2). */
  adstock?: MmmAdstock;
  /**
   * Beta(a, b) prior on each channel's decay per week; the budget move's sensitivity refit uses
   * DECAY_PRIOR_ALTERNATIVE (decision 163). 'estimated': the shared prior's mean chosen by the data
   * over DECAY_PRIOR_GRID (decision 162; about 2–4× the fit time). Unset: defaultDecayPrior —
   * 'estimated' from 156 weeks of data with the 'importance' method, Jin et al.'s Beta(3, 3) below
   * (decision 214).
   */
  decayPrior?: MmmDecayPriorSetting;
  /**
   * A log-normal prior on each channel's ROAS (Meridian's parameterisation) instead of the
   * half-normal on its effect; channels with a lift-test prior keep theirs. An opt-in experiment
   * (decision 178): the half-normal draws are re-weighted to it (reweightToRoasPrior). A
   * RoasHierarchicalPrior instead pools the channels' log ROAS (decision 184, opt-in, not adopted).
   */
  effectPrior?: RoasLogNormalPrior | RoasHierarchicalPrior;
  /**
   * The saturation family (decision 234): 'hill', 'logistic', or 'data' — both fitted, the draws
   * pooled by each family's evidence p(y | family) under equal prior odds (needs 'importance').
   * Unset: 'hill' — the data's choice made Hill-generated data's ROAS intervals miss more often
   * beyond the sampler's noise (decision 234); the product's surfaces name 'data' (PRODUCT_SATURATION,
   * decisions 236 and 243).
   */
  saturation?: MmmSaturationSetting;
}

/** One channel's carry-over and saturation parameters on the model's internal scales. */
export interface ChannelHyper {
  /** Geometric decay per week, in (0, 1). */
  decayPerWeek: number;
  /**
   * Half-saturation spend as a share of the channel's largest period spend: in (0, 1) for Hill; for
   * the logistic family ln 3 / λ (λ on max-scaled spend), which may exceed 1.
   */
  halfSaturationShare: number;
  /** Hill shape S > 0 (1 and unused for the logistic family). */
  shape: number;
  /** The saturation family (absent: 'hill'). */
  saturation?: MmmSaturation;
}

/** One posterior draw of a channel's steady-state response: effect per period at spend x per period. */
export interface ResponseCurveDraw {
  /** Effect at full saturation, target units per period. */
  maxEffect: number;
  /** Spend per period that reaches half of it. */
  halfSaturation: number;
  /** Hill shape (unused by the logistic family). */
  shape: number;
  /** The draw's saturation family (absent: 'hill'); saturationOf evaluates either. */
  saturation?: MmmSaturation;
}

export interface Interval {
  mean: number;
  low: number;
  high: number;
}

export interface MmmChannelResult {
  name: string;
  spend: number;
  contribution: Interval;
  /** Share of the paid channels' summed contribution (0–1). */
  contributionShare: Interval;
  roas: Interval;
  /** Revenue of the next unit of spend at the fitted spend level. */
  marginalRoas: Interval;
  adstock: {
    type: MmmAdstock;
    decayPerPeriod: number;
    decayPerWeek: number;
    maxLag: number;
    /** Weibull adstock only: its shape and its scale in periods (−1/ln decayPerPeriod). */
    weibullShape?: number;
    weibullScale?: number;
  };
  /**
   * The most probable family's curve at its mode (decision 234): Hill's half-saturation spend and
   * shape, or the logistic's half-saturation spend and λ (per the channel's largest period spend,
   * pymc-marketing's scale).
   */
  saturation:
    | { type: 'hill'; halfSaturation: number; shape: number }
    | { type: 'logistic'; halfSaturation: number; lambda: number };
  /** Mean spend per period over the last 13 weeks: where the planner starts. */
  currentSpendPerPeriod: number;
  /**
   * The largest spend of any one fitted period (decision 248): the top of the spend range the
   * response curve is identified over; beyond it the curve is extrapolated, not measured.
   */
  maxSpendPerPeriod: number;
  curve: ResponseCurveDraw[];
}

export interface MmmPeriod {
  date: string;
  actual: number;
  fitted: number;
  baseline: number;
  /** Posterior-mean contribution of each channel, in the order of `channels`. */
  channels: number[];
}

export interface MmmFitChecks {
  r2: number;
  mape: number;
  /** Share of periods whose actual lies inside the 90 % posterior predictive interval. */
  coverage90: number;
  /** MAPE of the last `holdoutPeriods` periods predicted by a fit that did not see them. */
  outOfSampleMape: number | null;
  holdoutPeriods: number;
}

export type MmmResult =
  | { status: 'too_thin'; reasons: string[] }
  | {
      status: 'fitted';
      timeUnit: 'week' | 'day';
      method: MmmMethod;
      draws: number;
      channels: MmmChannelResult[];
      baseline: Interval;
      fit: MmmFitChecks;
      decayPrior: MmmDecayPriorUsed;
      saturation: MmmSaturationUsed;
      periods: MmmPeriod[];
    };
