import type { MoneyKpi } from '@shared/contracts/dashboard.ts';
import { KPI_DEFINITIONS } from '@shared/money-definitions.ts';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { type PeriodDays, PeriodSelect } from '@web/components/period-select.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Definition } from '@web/components/ui/tooltip.tsx';
import { formatMoney } from '@web/lib/money.ts';
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
  // An amount KPI shown in the reporting currency (the wire's decimal string, formatted once).
  const amount = (kpi: MoneyKpi) => ({ ...kpi, text: formatMoney(kpi.current, data?.reportingCurrency) });
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
                  ['Revenue', amount(data.kpis.revenue), KPI_DEFINITIONS.revenue],
                  // Order totals, not Shopify's gross sales (products only, decision 088).
                  ['Order totals', amount(data.kpis.grossSales), KPI_DEFINITIONS.grossSales],
                  ['Refunds', amount(data.kpis.refunds), KPI_DEFINITIONS.refunds],
                  [
                    'Orders',
                    { ...data.kpis.orders, text: data.kpis.orders.current.toLocaleString('en-US') },
                    KPI_DEFINITIONS.orders,
                  ],
                  [
                    'Average order value',
                    amount(data.kpis.averageOrderValue),
                    KPI_DEFINITIONS.averageOrderValue,
                  ],
                ] as const
              ).map(([label, kpi, definition]) => (
                <Card key={label} data-testid="all-stores-kpi">
                  <CardHeader className="pb-2">
                    <CardTitle className="text-sm font-medium text-slate-300">
                      <Definition text={definition}>{label}</Definition>
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-xl font-bold text-white" data-testid="kpi-value">
                      {kpi.text}
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
                          {formatMoney(row.revenue, data.reportingCurrency)}
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
