import { dayToIso } from '../calendar.ts';
import type { InventoryHistory } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import type { Ctx } from './context.ts';

/**
 * Daily end-of-day available stock per variant: start with ~5 weeks of cover, reorder at ~2
 * weeks of cover with a 5-day lead time. Only the planted windows ever reach zero (a late
 * restock); their level tapers to zero over the 10 days before.
 */
export function buildInventory(ctx: Ctx, units: Int32Array, seed: number): InventoryHistory {
  const { days } = ctx;
  const rng = new Rng(mixSeeds(seed, hashString('inventory')));
  const levels: Int32Array[] = [];
  const restocks: InventoryHistory['restocks'] = [];
  for (const variant of ctx.variants) {
    const row = new Int32Array(days);
    let total = 0;
    for (let d = 0; d < days; d += 1) total += units[variant.index * days + d]!;
    const avg = Math.max(0.2, total / days);
    let stock = Math.ceil(avg * 35) + 5;
    let pending: { day: number; qty: number } | null = null;
    const windows = ctx.stockoutWindows.get(variant.index) ?? [];
    for (let d = 0; d < days; d += 1) {
      const inWindow = windows.find((w) => d >= w.start && d <= w.end);
      const taper = windows.find((w) => d >= w.start - 10 && d < w.start);
      if (pending && pending.day === d && !inWindow && !taper) {
        stock += pending.qty;
        restocks.push({
          variantIndex: variant.index,
          day: dayToIso(ctx.startDay + d),
          quantity: pending.qty,
        });
        pending = null;
      }
      const after = windows.find((w) => d === w.end + 1);
      if (after) {
        const qty = Math.ceil(avg * 45) + 10;
        stock = qty;
        pending = null;
        restocks.push({ variantIndex: variant.index, day: dayToIso(ctx.startDay + d), quantity: qty });
      }
      const sold = units[variant.index * days + d]!;
      if (inWindow) {
        stock = 0;
      } else if (taper) {
        let remaining = 0;
        for (let k = d + 1; k < taper.start; k += 1) remaining += units[variant.index * days + k]!;
        stock = remaining;
      } else {
        stock -= sold;
        if (stock <= 0) {
          // Emergency transfer: outside planted windows demand is always served.
          const qty = Math.ceil(avg * 20) + 5;
          stock += qty;
          restocks.push({ variantIndex: variant.index, day: dayToIso(ctx.startDay + d), quantity: qty });
        }
        if (!pending && stock < avg * 14)
          pending = { day: d + 5, qty: Math.ceil(avg * rng.uniform(35, 50)) + 5 };
      }
      row[d] = stock;
    }
    levels.push(row);
  }
  return { startDate: dayToIso(ctx.startDay), days, levels, restocks };
}
