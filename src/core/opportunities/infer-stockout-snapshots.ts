import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { InventorySnapshot, ProductSale } from '../types.ts';

/** Probability below which a run of no-sale days is taken for a stock-out rather than chance. */
export const STOCKOUT_RUN_P = 0.0001;
/** Days on each side of a run that the product's sale rate is fitted on. */
const BASELINE_DAYS = 112;
const MIN_RUN_DAYS = 3;

/**
 * Completes a product's inventory history with stock-outs inferred from its sales, for the days
 * before the first real snapshot.
 *
 * Why: Shopify only reports the current level, so snapshots accrue one day per day of syncing; a
 * store connected today has no history of its stock-outs, yet its sales show them.
 * Definition: for each product with at least one real snapshot, a run of consecutive no-sale days
 * is judged against how often the product sells for the store's volume. On a day when the other
 * products sell o units, the product sells at least once with probability 1 − e^(−λo), so a run
 * goes without a sale by chance with probability e^(−λ·Σo); {@link fitSaleRate} fits λ to the
 * product's sale days over the 112 days before the run and the 112 after it, and the chance is
 * averaged over λ's uncertainty. Judging by the store's volume rather than by a flat share of
 * days with a sale keeps a quiet January from looking like a stock-out and lets a short gap in a
 * holiday peak, when the product would have sold nearly every day, count; as seasonality is in
 * the volume, both sides can be pooled (more sale days, a steadier λ: its noise, not chance,
 * made most false alarms). A run of L ≥ 3 days is a stock-out when that chance is below 0.0001
 * (a store has a few thousand such runs); a run that ends at a first real snapshot showing
 * nothing available is that stock-out whatever its length (the days before it alone give λ).
 * The days bounding a run and the product's first sale are sale days by construction, so they
 * are left out of the fit (they raised λ and made slow sellers' gaps look like stock-outs), as
 * are earlier inferred stock-outs.
 * Edges: the run starts after the last sale, but the product may have stayed in stock a few days
 * without selling; each edge is moved inward by the expected number of such days (rounded),
 * given the fitted rate (posterior mean for a start, or end, anywhere in the run), so a slow
 * seller's stock-out does not start at its last sale weeks earlier.
 * Emitted snapshots: in stock (1 unit, a placeholder) from the first sale, 0 on the stock-out's
 * first day, back in stock (1) the day after its last; real snapshots always win on and after their
 * first date. Feed the result to core/stockout (findOutOfStockPeriods, estimateStockoutLoss).
 * Method: one pass over each product's days, a Newton fit per run of at least 3 days;
 * O(days · products).
 */
export function inferStockoutSnapshots(
  snapshots: readonly InventorySnapshot[],
  sales: readonly ProductSale[],
  asOf: string,
): InventorySnapshot[] {
  const end = toDayNumber(asOf);
  const firstReal = new Map<string, number>();
  const firstRealLevel = new Map<string, number>();
  for (const s of snapshots) {
    const day = toDayNumber(s.date);
    if (day < (firstReal.get(s.productId) ?? Number.POSITIVE_INFINITY)) {
      firstReal.set(s.productId, day);
      firstRealLevel.set(s.productId, s.available);
    }
  }
  const storeUnits = new Map<number, number>();
  const unitsByProduct = new Map<string, Map<number, number>>();
  for (const s of sales) {
    if (s.units <= 0) continue;
    const day = toDayNumber(s.date);
    storeUnits.set(day, (storeUnits.get(day) ?? 0) + s.units);
    if (!firstReal.has(s.productId)) continue;
    const days = unitsByProduct.get(s.productId) ?? new Map<number, number>();
    days.set(day, (days.get(day) ?? 0) + s.units);
    unitsByProduct.set(s.productId, days);
  }
  const inferred: InventorySnapshot[] = [];
  for (const [productId, days] of unitsByProduct) {
    const real = firstReal.get(productId)!;
    const first = Math.min(...days.keys());
    const last = Math.min(real - 1, end);
    if (first > last) continue;
    inferred.push({ productId, date: fromDayNumber(first), available: 1 });
    const other = (d: number) => (storeUnits.get(d) ?? 0) - (days.get(d) ?? 0);
    const out = new Set<number>();
    // The sale rate per unit of other products' sales over the days around a run [from, to]: up to
    // BASELINE_DAYS before it and, unless it reaches the first real snapshot, after it.
    const rateAround = (from: number, to: number) => {
      const volumes: number[] = [];
      let saleDays = 0;
      const bounds = [first, from - 1, to + 1];
      const add = (d: number) => {
        if (out.has(d) || bounds.includes(d) || other(d) <= 0) return;
        volumes.push(other(d));
        if (days.has(d)) saleDays += 1;
      };
      for (let d = Math.max(first, from - BASELINE_DAYS); d < from; d += 1) add(d);
      if (to + 1 < real) for (let d = to + 1; d <= Math.min(last, to + BASELINE_DAYS); d += 1) add(d);
      return { rate: fitSaleRate(volumes, saleDays), saleDays };
    };
    let day = first;
    while (day <= last) {
      if (days.has(day)) {
        day += 1;
        continue;
      }
      let runEnd = day;
      while (runEnd + 1 <= last && !days.has(runEnd + 1)) runEnd += 1;
      const length = runEnd - day + 1;
      // A run that ends where the first real snapshot shows nothing available is that stock-out.
      const confirmed = runEnd === real - 1 && (firstRealLevel.get(productId) ?? 1) <= 0;
      if (!confirmed && length < MIN_RUN_DAYS) {
        day = runEnd + 1;
        continue;
      }
      const { rate, saleDays } = rateAround(day, runEnd);
      let exposure = 0;
      for (let d = day; d <= runEnd; d += 1) exposure += other(d);
      // e^(−rate·exposure) averaged over the rate's uncertainty: a Gamma with the fit as its mean and
      // the sale days as its shape (a rate fitted on few sale days proves little).
      const chance = saleDays > 0 ? (1 + (rate * exposure) / saleDays) ** -saleDays : 1;
      if (confirmed || (rate > 0 && chance < STOCKOUT_RUN_P)) {
        let start = day + expectedQuietDays(rate, other, day, runEnd, 1);
        let stop = confirmed ? runEnd : runEnd - expectedQuietDays(rate, other, runEnd, day, -1);
        if (start > stop) start = stop = Math.round((start + stop) / 2);
        for (let d = start; d <= stop; d += 1) out.add(d);
        inferred.push({ productId, date: fromDayNumber(start), available: 0 });
        if (stop + 1 < real) inferred.push({ productId, date: fromDayNumber(stop + 1), available: 1 });
      }
      day = runEnd + 1;
    }
  }
  return [...inferred, ...snapshots];
}

/**
 * λ such that Σ (1 − e^(−λ·o)) over the days' volumes o equals the days with a sale (maximum
 * likelihood of "sold at least once" per day). A product that sold on every day gets half a day
 * less, so λ stays finite; no sale gives 0. Newton's method from below converges monotonically
 * (the left side is concave in λ).
 */
function fitSaleRate(volumes: readonly number[], saleDays: number): number {
  if (saleDays <= 0 || volumes.length === 0) return 0;
  const target = Math.min(saleDays, volumes.length - 0.5);
  let rate = target / volumes.reduce((sum, o) => sum + o, 0);
  for (let i = 0; i < 100; i += 1) {
    let value = -target;
    let slope = 0;
    for (const o of volumes) {
      const miss = Math.exp(-rate * o);
      value += 1 - miss;
      slope += o * miss;
    }
    if (value >= -1e-9 * target || slope <= 0) break;
    rate -= value / slope;
  }
  return rate;
}

/**
 * Expected in-stock days without a sale at one edge of a run, rounded: with the stock-out starting
 * k days in (k = 0 … length − 1, from `from` towards `to`), the first k days went unsold by chance
 * with probability e^(−rate · their volume); a flat prior over k gives the posterior mean.
 */
function expectedQuietDays(
  rate: number,
  other: (day: number) => number,
  from: number,
  to: number,
  step: 1 | -1,
): number {
  let weight = 1;
  let total = 0;
  let weighted = 0;
  for (let k = 0, d = from; k <= Math.abs(to - from); k += 1, d += step) {
    total += weight;
    weighted += k * weight;
    weight *= Math.exp(-rate * other(d));
  }
  return total > 0 ? Math.round(weighted / total) : 0;
}
