import { posteriorInterval } from './posterior-interval.ts';
import { saturationOf } from './saturation-of.ts';
import type { Interval, ResponseCurveDraw } from './types.ts';

export interface BudgetPlanChannel {
  name: string;
  /** Spend per period now. */
  current: number;
  /** Posterior draws of the channel's steady-state response curve (MmmChannelResult.curve). */
  curve: readonly ResponseCurveDraw[];
  min?: number;
  max?: number;
}

export interface BudgetPlan {
  channels: { name: string; current: number; planned: number; change: number }[];
  /** Budget left unspent because no channel's next unit earns back its cost in contribution. */
  unspent: number;
  expectedRevenueChange: Interval;
  expectedContributionChange: Interval;
  /** The reallocation as "move `amount` from `from` to `to`" steps, largest first. */
  moves: { from: string; to: string; amount: number }[];
}

const STEPS = 400;

/**
 * The split of a budget per period across channels that maximises expected contribution (margin ×
 * incremental revenue − spend) under the fitted response curves, and what it changes.
 *
 * Definition: maximise E[Σ_c m·R_c(x_c)] − Σ_c x_c subject to min_c ≤ x_c ≤ max_c, Σ x_c ≤ budget,
 * R_c(x) = maxEffect·Hill(x; K, S) per posterior draw (steady state: a normalised adstock of a
 * constant spend is that spend); the change of revenue and contribution against the current
 * spend is computed per draw and reported as mean and 5–95 % quantiles.
 * Reference: Jin et al. (2017) §6 "Optimal media budget allocation"; Robyn's budget allocator
 * (maximise response under channel bounds); the marginal-analysis (greedy) algorithm of Gross
 * (1956) / Ibaraki & Katoh (1988), "Resource Allocation Problems", ch. 4, exact for concave curves.
 * Method: start every channel at its minimum, give the budget away in 400 equal steps to the channel
 * whose next step adds the most expected contribution (stopping when none adds any), then move
 * single steps between channels, or out of one into the unspent budget, while that helps. S-shaped
 * curves are not concave, so the same search is also started from the current split (decision
 * 129: a channel at its minimum may never earn back its first step) and the better plan is kept.
 *
 * @throws RangeError when the bounds are inconsistent or their minimums exceed the budget.
 */
export function planBudget(
  channels: readonly BudgetPlanChannel[],
  budget: number,
  margin: number,
): BudgetPlan {
  if (!(budget >= 0 && Number.isFinite(budget)))
    throw new RangeError(`budget must be a non-negative number, got ${budget}`);
  if (!(margin > 0 && margin <= 1)) throw new RangeError(`margin must be in (0, 1], got ${margin}`);
  const mins = channels.map((c) => c.min ?? 0);
  const maxs = channels.map((c) => c.max ?? budget);
  channels.forEach((c, i) => {
    if (!(mins[i]! >= 0 && maxs[i]! >= mins[i]!))
      throw new RangeError(`bounds of '${c.name}' must satisfy 0 ≤ min ≤ max, got ${mins[i]}…${maxs[i]}`);
  });
  const floor = mins.reduce((a, b) => a + b, 0);
  if (floor > budget) throw new RangeError(`the channels' minimums (${floor}) exceed the budget (${budget})`);
  const meanResponse = (c: number, x: number) => {
    const curve = channels[c]!.curve;
    let s = 0;
    for (const d of curve) s += d.maxEffect * saturationOf(x, d.halfSaturation, d.shape, d.saturation);
    return s / curve.length;
  };
  const step = (budget - floor) / STEPS;
  const objective = (x: readonly number[]) => x.reduce((s, v, c) => s + margin * meanResponse(c, v) - v, 0);
  const x = improve(mins, floor);
  if (step > 0) {
    // From the current split as well (clipped to the bounds and, if over, scaled into the budget):
    // with S-shaped curves a channel started at its minimum may never earn its first step back.
    const clipped = channels.map((c, i) => Math.min(maxs[i]!, Math.max(mins[i]!, c.current)));
    const over = clipped.reduce((a, b) => a + b, 0) - budget;
    const room = clipped.reduce((s, v, i) => s + v - mins[i]!, 0);
    const start = over > 0 ? clipped.map((v, i) => v - ((v - mins[i]!) * over) / room) : clipped;
    const fromCurrent = improve(
      start,
      Math.min(
        budget,
        start.reduce((a, b) => a + b, 0),
      ),
    );
    if (objective(fromCurrent) > objective(x) + 1e-9) x.splice(0, x.length, ...fromCurrent);
  }
  const spent = x.reduce((a, b) => a + b, 0);

  /**
   * Greedy marginal allocation from `start` (each step to the channel whose next step adds the most
   * expected contribution, while any adds some), then single-step moves between channels, or out of
   * a channel into the unspent budget, while one helps.
   */
  function improve(start: readonly number[], already: number): number[] {
    const x = [...start];
    const value = x.map((v, c) => meanResponse(c, v));
    const gain = (c: number, delta: number) =>
      x[c]! + delta < mins[c]! - 1e-9 || x[c]! + delta > maxs[c]! + 1e-9
        ? Number.NEGATIVE_INFINITY
        : margin * (meanResponse(c, x[c]! + delta) - value[c]!) - delta;
    if (!(step > 0)) return x;
    let spent = already;
    const up = x.map((_, c) => gain(c, step));
    while (spent + step <= budget + 1e-9) {
      let best = -1;
      for (let c = 0; c < x.length; c += 1) if (up[c]! > 0 && (best < 0 || up[c]! > up[best]!)) best = c;
      if (best < 0) break;
      x[best]! += step;
      value[best] = meanResponse(best, x[best]!);
      up[best] = gain(best, step);
      spent += step;
    }
    for (let round = 0; round < 2 * STEPS; round += 1) {
      let bestPair: [number, number] | null = null;
      let bestGain = 1e-9;
      for (let from = 0; from < x.length; from += 1) {
        const loss = gain(from, -step);
        if (loss === Number.NEGATIVE_INFINITY) continue;
        if (loss > bestGain) {
          bestGain = loss;
          bestPair = [from, -1];
        }
        for (let to = 0; to < x.length; to += 1) {
          if (to === from) continue;
          const total = loss + gain(to, step);
          if (total > bestGain) {
            bestGain = total;
            bestPair = [from, to];
          }
        }
      }
      if (!bestPair) break;
      const [from, to] = bestPair;
      x[from]! -= step;
      value[from] = meanResponse(from, x[from]!);
      if (to >= 0) {
        x[to]! += step;
        value[to] = meanResponse(to, x[to]!);
      }
    }
    return x;
  }
  const draws = Math.min(...channels.map((c) => c.curve.length));
  const revenueChange: number[] = [];
  const contributionChange: number[] = [];
  for (let d = 0; d < draws; d += 1) {
    let revenue = 0;
    let cost = 0;
    channels.forEach((channel, c) => {
      const draw = channel.curve[d]!;
      const response = (spend: number) =>
        draw.maxEffect * saturationOf(spend, draw.halfSaturation, draw.shape, draw.saturation);
      revenue += response(x[c]!) - response(channel.current);
      cost += x[c]! - channel.current;
    });
    revenueChange.push(revenue);
    contributionChange.push(margin * revenue - cost);
  }
  const changes = channels.map((c, i) => ({
    name: c.name,
    current: c.current,
    planned: x[i]!,
    change: x[i]! - c.current,
  }));
  const givers = changes
    .filter((c) => c.change < 0)
    .map((c) => ({ name: c.name, left: -c.change }))
    .sort((a, b) => b.left - a.left);
  const takers = changes
    .filter((c) => c.change > 0)
    .map((c) => ({ name: c.name, left: c.change }))
    .sort((a, b) => b.left - a.left);
  const moves: BudgetPlan['moves'] = [];
  for (const giver of givers) {
    for (const taker of takers) {
      const amount = Math.min(giver.left, taker.left);
      if (amount <= 1e-9) continue;
      moves.push({ from: giver.name, to: taker.name, amount });
      giver.left -= amount;
      taker.left -= amount;
    }
  }
  return {
    channels: changes,
    unspent: budget - spent,
    expectedRevenueChange: posteriorInterval(revenueChange),
    expectedContributionChange: posteriorInterval(contributionChange),
    moves: moves.sort((a, b) => b.amount - a.amount),
  };
}
