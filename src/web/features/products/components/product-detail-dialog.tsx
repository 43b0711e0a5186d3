import type { ProductPerformance, ProductRow } from '@shared/contracts/products.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { formatAmountIn } from '@web/lib/money.ts';
import { formatCount } from '../../../lib/format/format-campaign.ts';
import { type ProductPeriod, useProductDaily } from '../../../lib/products/product-queries.ts';
import { formatCover, formatTrend, formatVelocity, stockVariant } from '../lib/product-table.ts';
import { LeadTimeEditor } from './lead-time-editor.tsx';
import { ProductDailyChart } from './product-daily-chart.tsx';

/** One product: its daily units over the period (out-of-stock days shaded), its variants and its ads. */
export function ProductDetailDialog({
  product,
  data,
  period,
  onClose,
}: {
  product: ProductRow | null;
  data: ProductPerformance;
  period: ProductPeriod;
  onClose: () => void;
}) {
  const daily = useProductDaily(product?.productId ?? null, period);
  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto" data-testid="product-detail">
        {product ? (
          <>
            <DialogHeader>
              <DialogTitle>{product.title}</DialogTitle>
              <DialogDescription>
                {formatCount(product.units)} units and {formatAmountIn(product.revenue, data.currency)} in the
                last {data.period} days · {formatVelocity(product.velocity)} a day (
                {formatTrend(product.velocityChange, product.units)} vs the {data.period} days before)
              </DialogDescription>
            </DialogHeader>
            {daily.isPending ? (
              <Skeleton className="h-56" />
            ) : daily.isError ? (
              <ReadError error={daily.error} />
            ) : (
              <ProductDailyChart daily={daily.data} currency={data.currency} />
            )}
            <div className="grid gap-2 text-sm sm:grid-cols-3">
              <p>
                <span className="text-slate-400">Stock: </span>
                <Badge variant={stockVariant(product.stockState)}>{product.stockState}</Badge>
              </p>
              <p>
                <span className="text-slate-400">Cover: </span>
                {formatCover(product.daysOfCover, product.available, product.dailyDemand)}
              </p>
              <p>
                <span className="text-slate-400">Lost to stock-outs (90 days): </span>
                {formatAmountIn(product.lostRevenue, data.currency)}
              </p>
            </div>
            <LeadTimeEditor key={`${product.productId}:${product.leadTimeDays}`} product={product} />
            {product.adCampaigns.length > 0 ? (
              <p className="text-sm" data-testid="product-ads">
                <span className="text-slate-400">Meta campaigns landing here: </span>
                {product.adCampaigns.join(', ')} · {formatAmountIn(product.adSpend, data.adCurrency)} spent in
                the period
                {product.stockState === 'Out of stock' ? (
                  <span className="text-red-300"> while the product is out of stock</span>
                ) : null}
              </p>
            ) : null}
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm" data-testid="variant-table">
                <HeadRow labels={['Variant', 'Units', 'Revenue', 'Units/day', 'On hand', 'Cover', 'Stock']} />
                <tbody>
                  {product.variants.map((v) => (
                    <tr key={v.variantId} className="border-t border-slate-800" data-testid="variant-row">
                      <td className="py-2 pr-3">
                        <p className="text-white">{v.title}</p>
                        {v.sku ? <p className="text-xs text-slate-400">{v.sku}</p> : null}
                      </td>
                      <td className="py-2 pr-3">{formatCount(v.units)}</td>
                      <td className="py-2 pr-3">{formatAmountIn(v.revenue, data.currency)}</td>
                      <td className="py-2 pr-3">{formatVelocity(v.velocity)}</td>
                      <td className="py-2 pr-3">{v.available === null ? '—' : formatCount(v.available)}</td>
                      <td className="py-2 pr-3">{formatCover(v.daysOfCover, v.available, v.dailyDemand)}</td>
                      <td className="py-2">
                        <Badge variant={stockVariant(v.stockState)}>{v.stockState}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
