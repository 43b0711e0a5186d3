/** The planted stock-out windows the ground truth records. */
import { dayToIso } from '../calendar.ts';
import type { PlantedStockout } from '../truth-model.ts';
import type { Ctx } from './context.ts';

export function planStockouts(ctx: Ctx, oosProductIndex: number): PlantedStockout[] {
  const planted: PlantedStockout[] = [];
  const add = (variantIndex: number, start: number, end: number | null) => {
    const variant = ctx.variants[variantIndex]!;
    const product = ctx.products[variant.productIndex]!;
    const truth = planted.length;
    planted.push({
      productIndex: product.index,
      productTitle: product.title,
      variantIndex,
      variantId: variant.id,
      sku: variant.sku,
      startDate: dayToIso(ctx.startDay + start),
      endDate: end === null ? null : dayToIso(ctx.startDay + end),
      lostUnits: 0,
      lostRevenueMinor: 0,
      expectedLostUnits: 0,
      expectedLostRevenueMinor: 0,
      lostOrders: 0,
      currency: ctx.currency,
    });
    const list = ctx.stockoutWindows.get(variantIndex) ?? [];
    list.push({ start, end: end ?? ctx.days - 1, truth });
    ctx.stockoutWindows.set(variantIndex, list);
  };
  // A best seller, mid-window, two weeks.
  add(ctx.products[0]!.variantIndexes[0]!, Math.floor(ctx.days * 0.45), Math.floor(ctx.days * 0.45) + 13);
  // A popular item during the holiday run-up when the window covers one, else at 70 %.
  const holiday = ctx.calendar.holidays.find((h) => h.name.startsWith('Holiday gifting'));
  const start2 =
    holiday && holiday.startDay - ctx.startDay + 2 < ctx.days - 30
      ? holiday.startDay - ctx.startDay + 2
      : Math.floor(ctx.days * 0.7);
  add(ctx.products[2]!.variantIndexes[0]!, start2, start2 + 8);
  // The product the "Launch" campaign advertises: out of stock for the last 12 days, still out.
  for (const v of ctx.products[oosProductIndex]!.variantIndexes) add(v, ctx.days - 12, null);
  return planted;
}
