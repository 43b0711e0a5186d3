import type { Opportunity } from '@shared/contracts/opportunities.ts';
import { shopDayOf } from '@web/components/date-range.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { useActiveTimeZone } from '@web/lib/stores/store-queries.ts';
import { Link } from 'wouter';

/**
 * Implemented opportunities read as before/after experiments: the tracked 30-day metric when the
 * owner implemented the change (baseline), its value at the latest analysis run, the measured
 * change beside the estimate. No control group: the change includes everything else that moved.
 */
export function ImplementedChanges({ opportunities }: { opportunities: readonly Opportunity[] }) {
  // The day it was implemented is the shop's day, like every other day in the app.
  const timeZone = useActiveTimeZone();
  const implemented = opportunities
    .filter((o) => o.status === 'implemented')
    .sort((a, b) => (b.implementedAt ?? '').localeCompare(a.implementedAt ?? ''));
  return (
    <Card data-testid="implemented-changes">
      <CardHeader>
        <CardTitle>Implemented changes: before and after</CardTitle>
        <CardDescription>
          Opportunities you implemented, measured by later analysis runs against the baseline recorded at
          Implement. Before/after comparisons have no control group: seasonality and other changes are in the
          difference too.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {implemented.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-400">
            Nothing implemented yet. Implement an opportunity on the{' '}
            <Link href="/opportunities" className="text-indigo-300 underline">
              Opportunities page
            </Link>{' '}
            and its measured change shows here after the next analysis run.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-slate-400">
                <tr>
                  <th className="py-2 pr-3 font-medium">Change</th>
                  <th className="py-2 pr-3 font-medium">Implemented</th>
                  <th className="py-2 pr-3 font-medium">Metric</th>
                  <th className="py-2 pr-3 text-right font-medium">Before</th>
                  <th className="py-2 pr-3 text-right font-medium">After</th>
                  <th className="py-2 pr-3 text-right font-medium">Measured change</th>
                  <th className="py-2 text-right font-medium">Estimated</th>
                </tr>
              </thead>
              <tbody>
                {implemented.map((o) => {
                  const money = (amount: string) => formatMoney(amount, o.currency);
                  // The server sends before, after and the change, each exact: the page adds nothing.
                  const change = o.measuredValue === null ? null : o.realisedImpact;
                  return (
                    <tr key={o.id} className="border-t border-slate-800" data-testid="implemented-row">
                      <td className="py-2 pr-3 font-medium text-white">{o.title}</td>
                      <td className="py-2 pr-3" data-testid="implemented-day">
                        {o.implementedAt ? shopDayOf(new Date(o.implementedAt), timeZone ?? null) : '—'}
                      </td>
                      <td className="py-2 pr-3 text-slate-300">{o.metricLabel}</td>
                      <td className="py-2 pr-3 text-right">
                        {o.baselineValue === null ? '—' : money(o.baselineValue)}
                      </td>
                      <td className="py-2 pr-3 text-right">
                        {o.measuredValue === null ? '—' : money(o.measuredValue)}
                      </td>
                      <td className="py-2 pr-3 text-right" data-testid="measured-change">
                        {change !== null ? (
                          <span className={change.startsWith('-') ? 'text-rose-300' : 'text-emerald-300'}>
                            {change.startsWith('-') ? '−' : '+'}
                            {money(change.replace(/^-/, ''))}
                          </span>
                        ) : (
                          <span className="text-slate-400">Measured after the next analysis run</span>
                        )}
                      </td>
                      <td className="py-2 text-right text-slate-300">
                        {money(o.revenueImpactMin)} – {money(o.revenueImpactMax)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
