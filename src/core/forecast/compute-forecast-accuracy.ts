/** Accuracy of one forecast against what happened. */
export interface ForecastAccuracy {
  /** Mean absolute scaled error: mean|y − ŷ| / scale (scale = in-sample seasonal-naive MAE). */
  mase: number;
  /** Symmetric MAPE in percent: mean 200|y − ŷ|/(|y| + |ŷ|), a 0/0 term counting 0. */
  smape: number;
  /** Weighted absolute percentage error: 100 Σ|y − ŷ| / Σ|y| (0 when both are 0). */
  wape: number;
}

/**
 * MASE, sMAPE and WAPE of a forecast.
 *
 * Definition: shared/references/analytics.md §3; Hyndman & Koehler (2006), "Another look at
 * measures of forecast accuracy", IJF 22(4) for MASE. `scale` is the in-sample mean absolute
 * seasonal-naive (m = 7, calendar days) error of the history the forecast was made from.
 * Never NaN: a zero scale gives MASE 0 for a perfect forecast, else uses scale 1.
 *
 * @throws RangeError when the arrays differ in length or are empty.
 */
export function computeForecastAccuracy(
  actual: readonly number[],
  predicted: readonly number[],
  scale: number,
): ForecastAccuracy {
  if (actual.length !== predicted.length || actual.length === 0) {
    throw new RangeError('computeForecastAccuracy needs equally long, non-empty arrays');
  }
  let absolute = 0;
  let smape = 0;
  let total = 0;
  actual.forEach((y, i) => {
    const error = Math.abs(y - predicted[i]!);
    absolute += error;
    total += Math.abs(y);
    const denominator = Math.abs(y) + Math.abs(predicted[i]!);
    smape += denominator === 0 ? 0 : (200 * error) / denominator;
  });
  const n = actual.length;
  const mae = absolute / n;
  return {
    mase: scale > 0 ? mae / scale : mae === 0 ? 0 : mae,
    smape: smape / n,
    wape: total > 0 ? (100 * absolute) / total : absolute === 0 ? 0 : 100,
  };
}
