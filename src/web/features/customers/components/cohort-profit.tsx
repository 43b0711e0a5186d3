import type { CohortFigures, CohortProfit } from '@shared/contracts/customers.ts';
import { CostCoverage, formatCoverageShare } from '@web/components/cost-coverage.tsx';
import { ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';
import { channelLabel } from '@web/lib/format/format-kpi.ts';
import { formatMoney } from '@web/lib/money.ts';
import { useCohortProfit } from '../../../lib/customers/customer-queries.ts';
import { formatLtvToCac, formatPayback } from '../../../lib/customers/format-customers.ts';

type Row = Omit<CohortFigures, 'cohort'> & { key: string; label: string };

function CohortTable({
  rows,
  first,
  currency,
  minimum,
  testId,
}: {
  rows: Row[];
  first: string;
  currency: string | null;
  minimum: number;
  testId: string;
}) {
  const money = (amount: string | null) => formatMoney(amount, currency);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-slate-400">
            <th className="py-2 pr-3 font-medium">{first}</th>
            <th className="py-2 pr-3 font-medium">Customers</th>
            <th className="py-2 pr-3 font-medium">CAC</th>
            <th className="py-2 pr-3 font-medium">LTV (contribution)</th>
            <th className="py-2 pr-3 font-medium">LTV:CAC</th>
            <th className="py-2 pr-3 font-medium">CAC payback</th>
            <th className="py-2 font-medium">Cost coverage</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.key}
              className="border-t border-slate-800"
              data-testid={`${testId}-row`}
              data-key={r.key}
            >
              <td className="py-2 pr-3 font-medium text-white">{r.label}</td>
              <td className="py-2 pr-3">{r.customers.toLocaleString('en-US')}</td>
              {r.payback === 'too_few_customers' ? (
                <td colSpan={4} className="py-2 pr-3 text-slate-400" data-testid="cohort-too-few">
                  Too few customers for an average (under {minimum})
                </td>
              ) : (
                <>
                  <td className="py-2 pr-3" data-testid="cohort-cac">
                    {r.cac === null ? 'No spend data' : money(r.cac)}
                  </td>
                  <td className="py-2 pr-3" data-testid="cohort-ltv">
                    {money(r.ltv)}
                  </td>
                  <td
                    className={cn(
                      'py-2 pr-3',
                      r.ltvToCac !== null && (r.ltvToCac >= 1 ? 'text-emerald-300' : 'text-red-300'),
                    )}
                    data-testid="cohort-ltv-cac"
                  >
                    {formatLtvToCac(r.ltvToCac)}
                  </td>
                  <td className="py-2 pr-3" data-testid="cohort-payback">
                    {formatPayback(r)}
                  </td>
                </>
              )}
              <td className="py-2">{formatCoverageShare(r.coverage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "2026-03" as "Mar 2026". */
function cohortLabel(cohort: string): string {
  const [year, month] = cohort.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month) - 1] ?? month} ${year}`;
}

function CohortReport({ data }: { data: CohortProfit }) {
  const tables = {
    currency: data.currency,
    minimum: data.minimumCustomers,
  };
  return (
    <>
      <p className="text-sm text-slate-300" data-testid="lifetime-contribution">
        {data.lifetime.customers.toLocaleString('en-US')} customers brought{' '}
        {formatMoney(data.lifetime.contribution, data.currency)} of contribution to date:{' '}
        {formatMoney(data.lifetime.ltv, data.currency)} per customer.
      </p>
      {data.guests.orders > 0 ? (
        <p className="text-sm text-slate-400" data-testid="guest-contribution">
          {data.guests.orders.toLocaleString('en-US')} guest checkout
          {data.guests.orders === 1 ? '' : 's'} (no customer record) brought{' '}
          {formatMoney(data.guests.contribution, data.currency)} more; they are not counted as customers, here
          or in the segments.
        </p>
      ) : null}
      <h3 className="text-sm font-semibold text-white">By acquisition cohort (month of the first order)</h3>
      <CohortTable
        {...tables}
        first="Cohort"
        testId="cohort-table"
        rows={data.cohorts.map((c) => ({ ...c, key: c.cohort, label: cohortLabel(c.cohort) }))}
      />
      <h3 className="text-sm font-semibold text-white">By first channel (all cohorts)</h3>
      <CohortTable
        {...tables}
        first="First channel"
        testId="channel-cohort-table"
        rows={data.channels.map((c) => ({ ...c, key: c.channel, label: channelLabel(c.channel) }))}
      />
      <CostCoverage coverage={data.lifetime.coverage} />
      <p className="text-xs text-slate-400" data-testid="cohort-rule">
        {data.rule}
      </p>
    </>
  );
}

/**
 * Lifetime value in contribution margin (issue #13): what each acquisition cohort and each first
 * channel has brought in after the cost of goods, shipping and fees, set against what it cost to
 * acquire (CAC), with LTV:CAC and the months to pay the CAC back; thin groups say so.
 */
export function CohortProfitSection() {
  const query = useCohortProfit();
  return (
    <Card data-testid="cohort-profit">
      <CardHeader>
        <CardTitle>Lifetime value in contribution margin</CardTitle>
        <CardDescription>
          Contribution to date per customer beside what acquiring them cost
          {query.data?.asOf ? `, orders up to ${query.data.asOf}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isError ? <ReadError error={query.error} /> : null}
        {query.isPending ? <p className="text-sm text-slate-400">Loading…</p> : null}
        {query.data && !query.data.hasData ? (
          <p className="text-sm text-slate-400">No customer orders synced yet.</p>
        ) : null}
        {query.data?.hasData ? <CohortReport data={query.data} /> : null}
      </CardContent>
    </Card>
  );
}
