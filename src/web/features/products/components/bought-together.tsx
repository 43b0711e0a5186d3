import type { ProductAffinity } from '@shared/contracts/product-affinity.ts';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { formatMoney } from '@web/lib/money.ts';
import { formatCount } from '../../../lib/format/format-campaign.ts';
import { useProductAffinity } from '../../../lib/products/product-queries.ts';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Bought together (issue #44, decision 116): the product pairs bought in the same order, strongest
 * lift first, with the contribution of the orders holding both, and which first product brings
 * customers back — repeat rate and 180-day contribution — over the page's range of shop days.
 */
export function BoughtTogetherSection() {
  const dates = useDateRange();
  const { range } = dates;
  const query = useProductAffinity(range, dates.ready);
  return (
    <Card data-testid="bought-together">
      <CardHeader>
        <CardTitle>Bought together</CardTitle>
        <CardDescription data-testid="bought-together-range">
          Products in the same order and first products that bring customers back, in contribution before
          marketing, orders placed {range.from} to {range.to}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isError ? <ReadError error={query.error} /> : null}
        {query.isPending ? <LoadingCards count={1} /> : null}
        {query.data ? <AffinityTables data={query.data} /> : null}
      </CardContent>
    </Card>
  );
}

function AffinityTables({ data }: { data: ProductAffinity }) {
  const money = (amount: string) => formatMoney(amount, data.currency);
  const t = data.thresholds;
  return (
    <>
      {data.pairs.length === 0 ? (
        <p className="py-2 text-center text-sm text-slate-400" data-testid="bought-together-empty">
          No pair bought together often enough in this range.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                <th className="py-2 pr-3 font-medium">Customers who buy</th>
                <th className="py-2 pr-3 font-medium">also buy</th>
                <th className="py-2 pr-3 font-medium">Orders</th>
                <th className="py-2 pr-3 font-medium">Confidence</th>
                <th className="py-2 pr-3 font-medium">Lift</th>
                <th className="py-2 font-medium">Contribution</th>
              </tr>
            </thead>
            <tbody>
              {data.pairs.slice(0, 10).map((p) => (
                <tr
                  key={`${p.a.productId}-${p.b.productId}`}
                  className="border-t border-slate-800"
                  data-testid="affinity-pair"
                >
                  <td className="py-2 pr-3 font-medium text-white">{p.a.title}</td>
                  <td className="py-2 pr-3 text-white">{p.b.title}</td>
                  <td className="py-2 pr-3">{formatCount(p.orders)}</td>
                  <td className="py-2 pr-3">{percent(p.confidence)}</td>
                  <td className="py-2 pr-3" data-testid="affinity-lift">
                    {p.lift.toFixed(2)}×
                  </td>
                  <td className="py-2">{money(p.contribution)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.firstProduct.length === 0 ? (
        <p className="py-2 text-center text-sm text-slate-400" data-testid="first-product-empty">
          Too few first-time customers in this range.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                <th className="py-2 pr-3 font-medium">First product</th>
                <th className="py-2 pr-3 font-medium">New customers</th>
                <th className="py-2 pr-3 font-medium">Came back</th>
                <th className="py-2 font-medium">180-day contribution per customer</th>
              </tr>
            </thead>
            <tbody>
              {data.firstProduct.slice(0, 10).map((r) => (
                <tr
                  key={r.product.productId}
                  className="border-t border-slate-800"
                  data-testid="first-product-row"
                >
                  <td className="py-2 pr-3 font-medium text-white">{r.product.title}</td>
                  <td className="py-2 pr-3">{formatCount(r.customers)}</td>
                  <td className="py-2 pr-3">{percent(r.repeatRate)}</td>
                  <td className="py-2">
                    {r.contribution180d === null
                      ? '—'
                      : `${money(r.contribution180d)} (${formatCount(r.customers180d)} customers)`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-slate-400" data-testid="affinity-rule">
        Lift: how much more often two products share an order than chance would have it (1 = no link).
        Contribution: the pair's lines net of discounts and refunds, less their cost of goods. Pairs need{' '}
        {t.minPairOrders} orders together and {percent(t.minPairSupport)} of orders; first products{' '}
        {t.minFirstCustomers} new customers. The 180-day figure counts only customers whose first order is at
        least {t.horizonDays} days before {data.to ?? 'the range end'}.
      </p>
    </>
  );
}
