import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { type PeriodDays, PeriodSelect } from '@web/components/period-select.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { useAllStoresProducts } from '../api/all-stores-queries.ts';
import { AllStoresHeader } from './all-stores-header.tsx';
import { RatesPanel } from './rates-panel.tsx';

/** The products page's All-stores view: every store's best sellers, sales in the reporting currency. */
export function AllStoresProducts({ title }: { title: string }) {
  const [period, setPeriod] = useState<PeriodDays>('30');
  const query = useAllStoresProducts(period);
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="all-stores-products">
      <AllStoresHeader title={title}>
        <PeriodSelect value={period} onChange={setPeriod} />
      </AllStoresHeader>
      {query.error ? <ReadError error={query.error} /> : null}
      {!data ? (
        <LoadingCards count={2} />
      ) : (
        <>
          <Card>
            <CardContent className="overflow-x-auto pt-6">
              <table className="w-full text-sm" data-testid="all-stores-product-table">
                <thead className="text-left text-slate-400">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Product</th>
                    <th className="py-1 pr-3 font-medium">Store</th>
                    <th className="py-1 pr-3 text-right font-medium">Units</th>
                    <th className="py-1 text-right font-medium">Sales</th>
                  </tr>
                </thead>
                <tbody>
                  {data.products.map((product) => (
                    <tr key={`${product.storeId}/${product.productId}`} className="border-t border-slate-800">
                      <td className="py-1 pr-3 text-white">{product.title}</td>
                      <td className="py-1 pr-3 text-slate-400">
                        {data.stores.find((s) => s.storeId === product.storeId)?.name}
                      </td>
                      <td className="py-1 pr-3 text-right tabular-nums">{product.units}</td>
                      <td className="py-1 text-right tabular-nums">
                        {formatMoney(product.revenue, data.reportingCurrency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.products.length === 0 ? (
                <p className="py-3 text-slate-400">No sales in this period.</p>
              ) : null}
            </CardContent>
          </Card>
          <RatesPanel {...data} />
        </>
      )}
    </div>
  );
}
