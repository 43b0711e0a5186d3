/**
 * Sorts one customer's slice of a ledger (`from` to `to` − 1 of `day` and `amount`, in place) by
 * day. Stable: transactions of one day keep their order, so sums over them add up as before.
 *
 * @example sortCustomerDays(Int32Array.of(5, 2), Float64Array.of(1, 2), 0, 2) // day [2, 5], amount [2, 1]
 */
export function sortCustomerDays(day: Int32Array, amount: Float64Array, from: number, to: number): void {
  const order = Array.from({ length: to - from }, (_, k) => from + k);
  order.sort((p, q) => day[p]! - day[q]! || p - q);
  const sortedDays = order.map((j) => day[j]!);
  const sortedAmounts = order.map((j) => amount[j]!);
  day.set(sortedDays, from);
  amount.set(sortedAmounts, from);
}
