/** The linear part of the model given one setting of every channel's adstock and saturation. */
export interface ConjugatePosterior {
  /** Saturated media column of each channel over all n periods (values in [0, 1)). */
  media: number[][];
  /** Posterior mean of the coefficients: baseline columns, then one per channel. */
  mean: number[];
  /** Cholesky factor of the posterior precision Λₙ (coefficient covariance = σ²·Λₙ⁻¹). */
  precisionFactor: number[][];
  /** σ² ~ Inverse-Gamma(shape, rate). */
  shape: number;
  rate: number;
  /** log p(y | hyperparameters) with the coefficients and σ² integrated out. */
  logMarginal: number;
  /** log P(every channel coefficient ≥ 0 | y, hyperparameters), each marginal taken as normal. */
  logNonNegative: number;
  /**
   * Each channel effect's prior N(mean, σ²/precision) before the truncation at 0: the Gaussian a
   * log-normal effect prior re-weights (decision 178), and whether a lift test set it.
   */
  mediaPrior: { mean: number; precision: number; lift: boolean }[];
}
