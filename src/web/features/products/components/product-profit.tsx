import type { ProductProfit, ProductProfitRow } from '@shared/contracts/products.ts';
import {
  CONTRIBUTION_BEFORE_MARKETING_DEFINITION,
  PROFIT_LINE_DEFINITIONS,
} from '@shared/money-definitions.ts';
import { CostCoverage, formatCoverageShare } from '@web/components/cost-coverage.tsx';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { EstimatedBadge } from '@web/components/profit-marks.tsx';
import { ProfitRangePicker } from '@web/components/profit-range-picker.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Definition } from '@web/components/ui/tooltip.tsx';
import { useDateRange } from '@web/components/use-date-range.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney } from '@web/lib/money.ts';
import { formatCount } from '../../../lib/format/format-campaign.ts';
import { useProductProfit } from '../../../lib/products/product-queries.ts';

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** The money columns, each with its "what is in it" on hover and focus (decision 109). */
const MONEY_COLUMNS = [
  ['Net sales', PROFIT_LINE_DEFINITIONS.netSales],
  ['COGS', PROFIT_LINE_DEFINITIONS.cogs],
  ['Gross profit', PROFIT_LINE_DEFINITIONS.grossProfit],
  ['Gross margin', 'Gross profit ÷ net sales.'],
  ['Shipping charged', PROFIT_LINE_DEFINITIONS.shippingCharges],
  ['Shipping cost', PROFIT_LINE_DEFINITIONS.shipping],
  ['Payment fees', PROFIT_LINE_DEFINITIONS.paymentFees],
  ['Contribution', CONTRIBUTION_BEFORE_MARKETING_DEFINITION],
] as const;

const ESTIMATE_TITLES = {
  cogs: 'Part of the cost of goods comes from your default margin',
  shipping_cost: 'Part of the shipping cost is taken equal to the shipping charged',
} as const;

/**
 * Profit per product (issue #13): units, net sales, cost of goods, gross profit and margin, and
 * the contribution after the product's share of its orders' shipping cost and payment fees, over
 * any range of shop days, with each product's cost coverage and the rule that shares the orders'
 * amounts. The products add up to the Profit page's figures for the same range.
 */
export function ProductProfitSection() {
  const dates = useDateRange();
  const { range } = dates;
  const query = useProductProfit(range, dates.ready);
  return (
    <Card data-testid="product-profit">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle>Profit by product</CardTitle>
          <CardDescription data-testid="product-profit-range">
            Gross margin and contribution before marketing, {range.from} to {range.to}
          </CardDescription>
        </div>
        <ProfitRangePicker state={dates} />
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isError ? <ReadError error={query.error} /> : null}
        {query.isPending ? <LoadingCards count={1} /> : null}
        {query.data ? <ProductProfitTable data={query.data} /> : null}
      </CardContent>
    </Card>
  );
}

function ProductProfitTable({ data }: { data: ProductProfit }) {
  const money = (amount: string) => formatMoney(amount, data.currency);
  const { totals } = data;
  return (
    <>
      <p className="text-sm text-slate-300" data-testid="product-profit-totals">
        Net sales {money(totals.netSales)} · gross profit {money(totals.grossProfit)} (
        {percent(totals.grossMargin)}) · contribution {money(totals.contribution)} (
        {percent(totals.contributionMargin)})
      </p>
      {data.products.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-400" data-testid="product-profit-empty">
          No sales in this range.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[66rem] text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                <th className="py-2 pr-3 font-medium">Product</th>
                <th className="py-2 pr-3 font-medium">Units</th>
                {MONEY_COLUMNS.map(([label, definition]) => (
                  <th key={label} className="py-2 pr-3 font-medium">
                    <Definition text={definition}>{label}</Definition>
                  </th>
                ))}
                <th className="py-2 font-medium">Cost coverage</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => (
                <ProductProfitTableRow key={p.productId ?? 'none'} product={p} money={money} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CostCoverage coverage={totals.coverage} />
      <p className="text-xs text-slate-400" data-testid="product-allocation-rule">
        {data.allocationRule}
      </p>
    </>
  );
}

function ProductProfitTableRow({
  product: p,
  money,
}: {
  product: ProductProfitRow;
  money: (amount: string) => string;
}) {
  const contribution = Number(p.contribution);
  return (
    <tr
      className="border-t border-slate-800"
      data-testid="product-profit-row"
      data-product-id={p.productId ?? ''}
    >
      <td className="py-2 pr-3 font-medium text-white">
        {p.title}
        {p.estimated.map((part) => (
          <span key={part} className="ml-2">
            <EstimatedBadge title={ESTIMATE_TITLES[part]} />
          </span>
        ))}
      </td>
      <td className="py-2 pr-3">{formatCount(p.units)}</td>
      <td className="py-2 pr-3">{money(p.netSales)}</td>
      <td className="py-2 pr-3">{money(p.cogs)}</td>
      <td className="py-2 pr-3">{money(p.grossProfit)}</td>
      <td className="py-2 pr-3" data-testid="product-gross-margin">
        {percent(p.grossMargin)}
      </td>
      <td className="py-2 pr-3">{money(p.shippingCharges)}</td>
      <td className="py-2 pr-3">{money(p.shippingCost)}</td>
      <td className="py-2 pr-3">{money(p.paymentFees)}</td>
      <td
        className={cn('py-2 pr-3 font-medium', contribution < 0 ? 'text-red-300' : 'text-emerald-300')}
        data-testid="product-contribution"
      >
        {money(p.contribution)}
      </td>
      <td className="py-2" data-testid="product-coverage">
        {formatCoverageShare(p.coverage)}
      </td>
    </tr>
  );
}
