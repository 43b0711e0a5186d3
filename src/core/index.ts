/**
 * Public API of the analytics core: pure functions over plain arrays of plain objects, no I/O, no
 * clock (every "now" is an `asOf` argument). One function per file; see README.md for a one-line
 * signature of each. Grouped by topic.
 */

// Attribution
export { attributeHeuristic, DIRECT_CHANNEL } from './attribution/attribute-heuristic.ts';
export { attributeMarkov, type MarkovAttribution } from './attribution/attribute-markov.ts';
export { attributeShapley } from './attribution/attribute-shapley.ts';
export { computeMatchRate } from './attribution/compute-match-rate.ts';
export { type ChannelLabel, labelChannel } from './attribution/label-channel.ts';
export {
  type Reconciliation,
  type ReconciliationDay,
  type ReconciliationInput,
  reconcileRevenue,
} from './attribution/reconcile-revenue.ts';
export type { AttributionModel, ChannelCredit, HeuristicModel } from './attribution/types.ts';
// Lifetime value and churn
export { bgnbdConditionalExpectedTransactions } from './clv/bgnbd-conditional-expected-transactions.ts';
export { bgnbdExpectedTransactions } from './clv/bgnbd-expected-transactions.ts';
export { bgnbdLogLikelihood } from './clv/bgnbd-log-likelihood.ts';
export { bgnbdProbabilityAlive } from './clv/bgnbd-probability-alive.ts';
export { bgnbdProbabilityOfTransactions } from './clv/bgnbd-probability-of-transactions.ts';
export { compressCustomers } from './clv/compress-customers.ts';
export {
  type ClvInput,
  type ClvResult,
  computeCustomerLifetimeValue,
} from './clv/compute-customer-lifetime-value.ts';
export { fitBgnbd } from './clv/fit-bgnbd.ts';
export { fitGammaGamma } from './clv/fit-gamma-gamma.ts';
export { fitParetoNbd } from './clv/fit-pareto-nbd.ts';
export { gammaGammaExpectedSpend } from './clv/gamma-gamma-expected-spend.ts';
export { gammaGammaLogLikelihood } from './clv/gamma-gamma-log-likelihood.ts';
export { paretoNbdConditionalExpectedTransactions } from './clv/pareto-nbd-conditional-expected-transactions.ts';
export { paretoNbdExpectedTransactions } from './clv/pareto-nbd-expected-transactions.ts';
export { paretoNbdLogA0 } from './clv/pareto-nbd-log-a0.ts';
export { paretoNbdLogLikelihood } from './clv/pareto-nbd-log-likelihood.ts';
export { paretoNbdProbabilityAlive } from './clv/pareto-nbd-probability-alive.ts';
export {
  type LifetimeCustomerSummary,
  summarizeLifetimeCustomers,
} from './clv/summarize-lifetime-customers.ts';
export type {
  BgNbdParams,
  FitResult,
  GammaGammaParams,
  LifetimeCustomer,
  ParetoNbdParams,
  SpendCustomer,
  TimeUnit,
  WeightedLifetimeCustomer,
} from './clv/types.ts';
// Cohorts
export {
  type CohortPeriod,
  type CohortRow,
  type CohortTable,
  computeCohorts,
  type PooledPoint,
} from './cohorts/compute-cohorts.ts';
// Calendar dates ('YYYY-MM-DD' ⇄ day numbers)
export { fromDayNumber } from './dates/from-day-number.ts';
export { HOLIDAY_RULES, type HolidayRule, holidayRuleDay } from './dates/holiday-rule-day.ts';
export { toDayNumber } from './dates/to-day-number.ts';
export { weekdayOfDayNumber } from './dates/weekday-of-day-number.ts';
// Forecast
export { computeForecastAccuracy, type ForecastAccuracy } from './forecast/compute-forecast-accuracy.ts';
export { type ClosedDays, detectClosedDays } from './forecast/detect-closed-days.ts';
export {
  evaluateForecastProtocol,
  type ProtocolMetrics,
  type ProtocolOptions,
  type ProtocolResult,
} from './forecast/evaluate-forecast-protocol.ts';
export {
  type ExponentialSmoothingSpec,
  type FittedExponentialSmoothing,
  fitExponentialSmoothing,
  type OpenDayObservation,
} from './forecast/fit-exponential-smoothing.ts';
export { type BaselineName, forecastBaseline } from './forecast/forecast-baseline.ts';
export {
  type DailyForecast,
  type ForecastOptions,
  type ForecastPoint,
  forecastDailySeries,
} from './forecast/forecast-daily-series.ts';
export { isClosedDay } from './forecast/is-closed-day.ts';
export { seasonalNaiveScale } from './forecast/seasonal-naive-scale.ts';
// Opportunities (detectors over warehouse facts and model outputs)
export {
  type DetectorInput,
  detectOpportunities,
  MIN_IMPACT_SHARE,
} from './opportunities/detect-opportunities.ts';
export { inferStockoutSnapshots } from './opportunities/infer-stockout-snapshots.ts';
export { metricKey } from './opportunities/metric-key.ts';
export type { DetectorContext, OpportunityCandidate, OpportunityType } from './opportunities/types.ts';
// RFM
export { assignSegment, type RfmPreset, SEGMENTS_BY_PRESET } from './rfm/assign-segment.ts';
export {
  computeRfm,
  type RfmCustomer,
  type RfmOptions,
  type RfmResult,
  type RfmSegment,
} from './rfm/compute-rfm.ts';
export { type QuintileMethod, scoreQuintiles } from './rfm/score-quintiles.ts';
// Statistics and special functions
export { hypergeometric2F1 } from './stats/hypergeometric-2f1.ts';
export { logBeta } from './stats/log-beta.ts';
export { logGamma } from './stats/log-gamma.ts';
export {
  minimizeNelderMead,
  type NelderMeadOptions,
  type NelderMeadResult,
} from './stats/minimize-nelder-mead.ts';
export { quantileType7 } from './stats/quantile-type7.ts';
export { solveLinearSystem } from './stats/solve-linear-system.ts';
export { sumCompensated } from './stats/sum-compensated.ts';
// Stock-out
export { computeDaysOfCover, type StockStatus } from './stockout/compute-days-of-cover.ts';
export { estimateStockoutLoss, type StockoutLoss } from './stockout/estimate-stockout-loss.ts';
export { findOutOfStockPeriods, type OutOfStockPeriod } from './stockout/find-out-of-stock-periods.ts';
// Shared input shapes
export type { DailyPoint, InventorySnapshot, JourneyPath, ProductSale, Transaction } from './types.ts';
