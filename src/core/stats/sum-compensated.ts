/**
 * Sum of numbers without the drift of naive floating-point accumulation.
 *
 * Definition: Σ values, exact to about one rounding of the final result.
 * Reference: Neumaier (1974), "Rundungsfehleranalyse einiger Verfahren zur Summation endlicher
 * Summen", an improved Kahan–Babuška summation.
 * Method: carry the low-order bits lost by each addition in a compensation term. Money in `core`
 * is in major units (e.g. 12.34); summing 500k order totals naively drifts by cents, this does not.
 *
 * @example sumCompensated([0.1, 0.2, 0.3]) // 0.6 (naive reduce gives 0.6000000000000001)
 */
export function sumCompensated(values: readonly number[]): number {
  let sum = 0;
  let compensation = 0;
  for (const value of values) {
    const next = sum + value;
    if (Math.abs(sum) >= Math.abs(value)) compensation += sum - next + value;
    else compensation += value - next + sum;
    sum = next;
  }
  return sum + compensation;
}
