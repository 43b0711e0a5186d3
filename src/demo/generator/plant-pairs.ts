/**
 * The two product pairs the demo plants (issue #44, decision 123): when an order holds product A,
 * with a planted probability its partner B is added as one more line — decided by a PRNG stream of
 * its own, so every other draw of the order (and of the store) is the one it was without planting.
 */
import type { DemoOrder } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import type { PlantedPairTruth } from '../truth-model.ts';
import type { Ctx } from './context.ts';

/**
 * A and B by catalogue title, and the chance B joins an order holding A. Both are everyday
 * add-ons in the same room (textiles; coffee), neither is planted out of stock nor advertised,
 * and B is cheaper than A, so a planted basket stays a plausible one.
 */
export const PLANTED_PAIRS = [
  { a: 'Linen Apron', b: 'Tea Towel Pair', probability: 0.45 },
  { a: 'Pour-Over Coffee Kit', b: 'Espresso Cup Set', probability: 0.35 },
] as const;

const PAIR_STREAM = hashString('planted-pairs');

interface ResolvedPair {
  a: number;
  b: number;
  probability: number;
  /** B's variants by popularity (the added line's variant is drawn from them). */
  bWeights: number[];
}

const resolved = new WeakMap<Ctx, ResolvedPair[]>();

/** The planted pairs as product indexes of this store's catalogue (every preset holds both titles). */
function pairsOf(ctx: Ctx): ResolvedPair[] {
  const known = resolved.get(ctx);
  if (known) return known;
  const indexOf = (title: string) => {
    const index = ctx.products.findIndex((p) => p.title === title);
    if (index < 0) throw new Error(`the demo catalogue has no product "${title}"`);
    return index;
  };
  const pairs = PLANTED_PAIRS.map((pair) => {
    const b = indexOf(pair.b);
    const bWeights = ctx.products[b]!.variantIndexes.map((v) => ctx.variants[v]!.popularity);
    return { a: indexOf(pair.a), b, probability: pair.probability, bWeights };
  });
  resolved.set(ctx, pairs);
  return pairs;
}

/**
 * Appends the planted partners to an order's lines (variant indexes and quantities, after the
 * stock-out split) and returns how many were added. A partner already in the basket, or out of
 * stock that day, is not added. One draw per planted pair per order, whether or not A is in it,
 * from a stream seeded by the order's own seed.
 */
export function plantPartners(
  ctx: Ctx,
  orderSeed: number,
  dayIndex: number,
  lines: { variantIndex: number; quantity: number }[],
): number {
  const rng = new Rng(mixSeeds(orderSeed, PAIR_STREAM));
  const has = (productIndex: number) =>
    lines.some((line) => ctx.variants[line.variantIndex]!.productIndex === productIndex);
  let added = 0;
  for (const pair of pairsOf(ctx)) {
    const joins = rng.chance(pair.probability);
    const b = ctx.products[pair.b]!;
    const variantIndex = b.variantIndexes[rng.weightedIndex(pair.bWeights)]!;
    if (!joins || !has(pair.a) || has(pair.b)) continue;
    const out = ctx.stockoutWindows.get(variantIndex)?.some((w) => dayIndex >= w.start && dayIndex <= w.end);
    if (out) continue;
    lines.push({ variantIndex, quantity: 1 });
    added += 1;
  }
  return added;
}

/**
 * The planted lift of each pair over the store's sale orders (not test, not cancelled): the
 * expected lift over the planting draw, given each order's own basket before planting — an order
 * holding A and not B gains B with the pair's probability, every other order keeps its basket.
 * E[orders with both] = Σ [A ∧ B] + p · Σ [A ∧ ¬B], E[orders with B] = Σ [B] + p · Σ [A ∧ ¬B],
 * lift = orders · E[both] ÷ (orders with A · E[with B]).
 */
export class PairTruthBuilder {
  private orders = 0;
  private readonly counts = PLANTED_PAIRS.map(() => ({ a: 0, b: 0, both: 0 }));

  constructor(private readonly ctx: Ctx) {}

  /** One sale order and how many planted lines its line list ends with. */
  addOrder(order: DemoOrder, plantedLines: number): void {
    this.orders += 1;
    const natural = new Set(
      order.lineItems
        .slice(0, order.lineItems.length - plantedLines)
        .map((line) => this.ctx.variants[line.variantIndex]!.productIndex),
    );
    pairsOf(this.ctx).forEach((pair, k) => {
      const count = this.counts[k]!;
      const a = natural.has(pair.a);
      const b = natural.has(pair.b);
      if (a) count.a += 1;
      if (b) count.b += 1;
      if (a && b) count.both += 1;
    });
  }

  finish(): PlantedPairTruth[] {
    return pairsOf(this.ctx).map((pair, k) => {
      const count = this.counts[k]!;
      const aOnly = count.a - count.both;
      const both = count.both + pair.probability * aOnly;
      const withB = count.b + pair.probability * aOnly;
      const a = this.ctx.products[pair.a]!;
      const b = this.ctx.products[pair.b]!;
      return {
        a: { productId: a.id, legacyId: a.legacyId, title: a.title },
        b: { productId: b.id, legacyId: b.legacyId, title: b.title },
        probability: pair.probability,
        lift:
          count.a > 0 && withB > 0 ? Math.round(((this.orders * both) / (count.a * withB)) * 1000) / 1000 : 0,
      };
    });
  }
}
