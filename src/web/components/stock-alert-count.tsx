import { metricAttributes } from '@web/lib/metric-attributes.ts';

/** "N out · M low" (products, decision 034), each number named for the cross-page check. */
export function StockAlertCount({
  totals,
}: {
  totals: { outOfStockProducts: number; lowStockProducts: number };
}) {
  return (
    <>
      <span {...metricAttributes('stock.outProducts', 'now', totals.outOfStockProducts)}>
        {totals.outOfStockProducts}
      </span>{' '}
      out ·{' '}
      <span {...metricAttributes('stock.lowProducts', 'now', totals.lowStockProducts)}>
        {totals.lowStockProducts}
      </span>{' '}
      low
    </>
  );
}
