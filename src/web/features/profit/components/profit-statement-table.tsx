import { PROFIT_ADDITIONS, PROFIT_LINES, type ProfitReport } from '@shared/contracts/profit.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '@shared/money.ts';
import { PROFIT_LINE_DEFINITIONS } from '@shared/money-definitions.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney } from '@web/lib/money.ts';
import { Definition } from '../../../components/ui/tooltip.tsx';
import { PROFIT_LINE_LABELS, PROFIT_SUBTOTALS } from '../lib/waterfall-steps.ts';

/**
 * The P&L as a statement: each line, its share of net sales, and with a comparison the compared
 * amount and the change. Differences are taken in minor units, so they are exact.
 */
export function ProfitStatementTable({ report }: { report: ProfitReport }) {
  const digits = currencyDigitsOf(report.currency);
  const minor = (amount: string) => parseDecimalToMinor(amount, digits);
  const netSales = minor(report.totals.netSales);
  const compared = report.comparison?.totals;
  const estimatedCogs = minor(report.estimated.cogs);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="profit-statement">
        <thead>
          <tr className="border-b border-slate-700 text-left text-xs text-slate-400">
            <th className="py-2 pr-3 font-medium">Line</th>
            <th className="py-2 pr-3 text-right font-medium">Amount</th>
            <th className="py-2 pr-3 text-right font-medium">% of net sales</th>
            {compared ? <th className="py-2 pr-3 text-right font-medium">Compared</th> : null}
            {compared ? <th className="py-2 text-right font-medium">Change</th> : null}
          </tr>
        </thead>
        <tbody>
          {PROFIT_LINES.map((line) => {
            const amount = minor(report.totals[line]);
            const subtotal = PROFIT_SUBTOTALS.has(line);
            const before = compared ? minor(compared[line]) : null;
            const change = before === null ? null : amount - before;
            return (
              <tr
                key={line}
                className={cn('border-b border-slate-800', subtotal && 'font-semibold text-white')}
                data-testid={`statement-${line}`}
              >
                <td className="py-2 pr-3">
                  {subtotal ? '' : PROFIT_ADDITIONS.has(line) ? '+ ' : '− '}
                  <Definition text={PROFIT_LINE_DEFINITIONS[line]}>{PROFIT_LINE_LABELS[line]}</Definition>
                  {line === 'cogs' && estimatedCogs !== 0 ? (
                    <span
                      className="ml-2 rounded bg-amber-500/20 px-1.5 py-0.5 text-xs font-normal text-amber-200"
                      data-testid="cogs-estimated"
                    >
                      includes {formatMoney(report.estimated.cogs, report.currency)} estimated
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatMoney(report.totals[line], report.currency)}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums text-slate-400">
                  {netSales === 0 ? '—' : `${((amount / netSales) * 100).toFixed(1)}%`}
                </td>
                {compared ? (
                  <td className="py-2 pr-3 text-right tabular-nums text-slate-300">
                    {formatMoney(compared[line], report.currency)}
                  </td>
                ) : null}
                {change !== null && before !== null ? (
                  <td className="py-2 text-right tabular-nums text-slate-300">
                    {change > 0 ? '+' : ''}
                    {formatMoney(minorToDecimal(change, digits), report.currency)}
                    {before !== 0 ? (
                      <span className="ml-1 text-xs text-slate-400">
                        ({change > 0 ? '+' : ''}
                        {((change / Math.abs(before)) * 100).toFixed(1)}%)
                      </span>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
          {(['taxes', 'totalSales'] as const).map((line) => (
            <tr
              key={line}
              className="border-b border-slate-800 text-slate-400"
              data-testid={`statement-${line}`}
            >
              <td className="py-2 pr-3">
                <Definition text={PROFIT_LINE_DEFINITIONS[line]}>
                  {line === 'taxes' ? 'Taxes (not revenue)' : 'Total sales (Shopify)'}
                </Definition>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {formatMoney(report.totals[line], report.currency)}
              </td>
              <td />
              {compared ? (
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatMoney(compared[line], report.currency)}
                </td>
              ) : null}
              {compared ? <td /> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
