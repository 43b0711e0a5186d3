import { KPI_DEFINITIONS } from '@shared/money-definitions.ts';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { type PeriodDays, PeriodSelect } from '@web/components/period-select.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Definition } from '@web/components/ui/tooltip.tsx';
import { formatMinorMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { useAllStoresDashboard } from '../api/all-stores-queries.ts';
import { AllStoresHeader } from './all-stores-header.tsx';
import { RatesPanel } from './rates-panel.tsx';

const formatChange = (change: number | null) =>
  change === null ? 'no earlier figure' : `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;

/** The dashboard's All-stores view (issue #17 item 1): sales KPIs of every store, in the reporting currency. */
export function AllStoresDashboard({ title }: { title: string }) {
  const [period, setPeriod] = useState<PeriodDays>('30');
  const query = useAllStoresDashboard(Number(period));
  const data = query.data;
  return (
    <div className="space-y-6" data-testid="all-stores-dashboard">
      <AllStoresHeader title={title}>
        <PeriodSelect value={period} onChange={setPeriod} />
      </AllStoresHeader>
      {query.error ? <ReadError error={query.error} /> : null}
      {!data ? (
        <LoadingCards count={4} />
      ) : (
        <>
          {data.current ? (
            <p className="text-sm text-slate-400">
              {data.current.start} – {data.current.end}, compared with {data.previous?.start} –{' '}
              {data.previous?.end}
            </p>
          ) : (
            <p className="text-sm text-slate-400">No store has synced orders yet.</p>
          )}
          {data.kpis ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {(
                [
                  ['Revenue', data.kpis.revenue, true, KPI_DEFINITIONS.revenue],
                  // Order totals, not Shopify's gross sales (products only, decision 088).
                  ['Order totals', data.kpis.grossSales, true, KPI_DEFINITIONS.grossSales],
                  ['Refunds', data.kpis.refunds, true, KPI_DEFINITIONS.refunds],
                  ['Orders', data.kpis.orders, false, KPI_DEFINITIONS.orders],
                  [
                    'Average order value',
                    data.kpis.averageOrderValue,
                    true,
                    KPI_DEFINITIONS.averageOrderValue,
                  ],
                ] as const
              ).map(([label, kpi, money, definition]) => (
                <Card key={label} data-testid="all-stores-kpi">
                  <CardHeader className="pb-2">
                    <CardTitle className="text-sm font-medium text-slate-300">
                      <Definition text={definition}>{label}</Definition>
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-xl font-bold text-white" data-testid="kpi-value">
                      {money
                        ? formatMinorMoney(kpi.current, data.reportingCurrency, data.currencyDigits)
                        : kpi.current.toLocaleString('en-US')}
                    </p>
                    <p className="text-xs text-slate-400">{formatChange(kpi.changePercent)}</p>
                  </CardContent>
                </Card>
              ))}
            </div>
          ) : null}
          {data.byStore.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">By store</CardTitle>
              </CardHeader>
              <CardContent>
                <table className="w-full text-sm" data-testid="all-stores-by-store">
                  <tbody>
                    {data.byStore.map((row) => (
                      <tr key={row.storeId} className="border-t border-slate-800">
                        <td className="py-1 text-white">
                          {data.stores.find((s) => s.storeId === row.storeId)?.name ?? row.storeId}
                        </td>
                        <td className="py-1 text-right tabular-nums">
                          {formatMinorMoney(row.revenueMinor, data.reportingCurrency, data.currencyDigits)}
                        </td>
                        <td className="py-1 text-right text-slate-400">{row.orders} orders</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          ) : null}
          <RatesPanel {...data} />
        </>
      )}
    </div>
  );
}
