import { z } from 'zod';
import { MoneySchema } from '../money.ts';

/**
 * Predictive Models: what the latest analysis run's models say and how far to trust them
 * (GET /api/models/diagnostics), and the run history (GET /api/models/runs).
 */

export const ModelRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Last day of data the run analysed (shop-local). */
  asOf: z.string().nullable(),
  /** Opportunity candidates the run detected; null when it did not get that far. */
  opportunities: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ModelRun = z.infer<typeof ModelRunSchema>;
export const ModelRunListSchema = z.array(ModelRunSchema);

export const AccuracySchema = z.object({ mase: z.number(), smape: z.number(), wape: z.number() });

/** Accuracy on the holdout, with the share (percent) of days inside the 80 % / 95 % intervals. */
export const HoldoutAccuracySchema = AccuracySchema.extend({
  coverage80: z.number().nullable(),
  coverage95: z.number().nullable(),
});

export const HoldoutPointSchema = z.object({
  date: z.string(),
  actual: z.number(),
  predicted: z.number(),
  lo80: z.number(),
  hi80: z.number(),
  lo95: z.number(),
  hi95: z.number(),
  closed: z.boolean(),
});

export const ForecastHoldoutSchema = z.object({
  /** Rolling origins (7 days apart) evaluated; the chart shows the last one. */
  origins: z.number().int(),
  horizon: z.number().int(),
  /** Last day the charted forecast knew. */
  origin: z.string(),
  points: z.array(HoldoutPointSchema),
  model: HoldoutAccuracySchema,
  seasonalNaive: HoldoutAccuracySchema,
  weekdayMean: HoldoutAccuracySchema,
});

export const FitSchema = z.object({
  logLikelihood: z.number(),
  converged: z.boolean(),
  customers: z.number().int(),
});
export const BgNbdFitSchema = FitSchema.extend({
  r: z.number(),
  alpha: z.number(),
  a: z.number(),
  b: z.number(),
});
export const ParetoNbdFitSchema = FitSchema.extend({
  r: z.number(),
  alpha: z.number(),
  s: z.number(),
  beta: z.number(),
});
export const GammaGammaFitSchema = FitSchema.extend({
  p: z.number(),
  q: z.number(),
  gamma: z.number(),
  /**
   * Population mean spend per repeat order p·γ/(q − 1) (null when q ≤ 1), shop currency: an estimate
   * rounded to the minor unit (decision 146).
   */
  meanSpend: MoneySchema.nullable(),
});

/** Customers by number of repeat purchases: observed beside the BG/NBD expectation (last row = that many or more). */
export const FrequencyRowSchema = z.object({
  repeatPurchases: z.number().int(),
  orMore: z.boolean(),
  observed: z.number().int(),
  expected: z.number(),
});

/** BG/NBD fitted on a calibration period, its prediction of the holdout's repeat purchases against what happened. */
export const LifetimeCalibrationSchema = z.object({
  calibrationEnd: z.string(),
  holdoutDays: z.number().int(),
  customers: z.number().int(),
  repeatCustomers: z.number().int(),
  params: z.object({ r: z.number(), alpha: z.number(), a: z.number(), b: z.number() }),
  predictedTotal: z.number(),
  actualTotal: z.number().int(),
  rows: z.array(
    z.object({
      calibrationPurchases: z.number().int(),
      orMore: z.boolean(),
      customers: z.number().int(),
      /** Mean repeat purchases per customer in the holdout. */
      predicted: z.number(),
      actual: z.number(),
    }),
  ),
});

/** Checks computed once per run from the warehouse (they take seconds, so not on the request path). */
export const ModelChecksSchema = z.object({
  status: z.enum(['computing', 'ready', 'failed']),
  error: z.string().nullable(),
  computedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  holdout: ForecastHoldoutSchema.nullable(),
  /** Why there is no holdout (too little history), when there is none. */
  holdoutNote: z.string().nullable(),
  paretoNbd: ParetoNbdFitSchema.nullable(),
  frequency: z.array(FrequencyRowSchema).nullable(),
  calibration: LifetimeCalibrationSchema.nullable(),
  calibrationNote: z.string().nullable(),
});
export type ModelChecks = z.infer<typeof ModelChecksSchema>;

export const ModelDiagnosticsSchema = z.object({
  /** no_run: never analysed; no_data: the last run found no orders; ready: models below. */
  state: z.enum(['no_run', 'no_data', 'ready']),
  run: ModelRunSchema.nullable(),
  currency: z.string().nullable(),
  forecast: z
    .object({
      model: z.string(),
      /** Rolling-origin backtest the run chose the model on, beside the baselines. */
      backtest: z.object({
        origins: z.number().int(),
        horizon: z.number().int(),
        model: AccuracySchema.nullable(),
        seasonalNaive: AccuracySchema.nullable(),
        weekdayMean: AccuracySchema.nullable(),
      }),
    })
    .nullable(),
  lifetime: z
    .object({
      status: z.enum(['fitted', 'insufficient_data']),
      customers: z.number().int().nullable(),
      repeatCustomers: z.number().int(),
      /** Repeat customers the models need (design §6). */
      minimum: z.number().int(),
      timeUnit: z.string().nullable(),
      horizonMonths: z.number().nullable(),
      monthlyDiscountRate: z.number().nullable(),
      bgnbd: BgNbdFitSchema.nullable(),
      gammaGamma: GammaGammaFitSchema.nullable(),
    })
    .nullable(),
  checks: ModelChecksSchema.nullable(),
});
export type ModelDiagnostics = z.infer<typeof ModelDiagnosticsSchema>;
