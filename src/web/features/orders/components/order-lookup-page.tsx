import type { OrderLookupProfit, OrderLookupResultOrder } from '@shared/contracts/shopify.ts';
import {
  CONTRIBUTION_BEFORE_MARKETING_DEFINITION,
  PROFIT_LINE_DEFINITIONS,
} from '@shared/money-definitions.ts';
import { CostCoverage } from '@web/components/cost-coverage.tsx';
import { EstimatedBadge } from '@web/components/profit-marks.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Definition } from '@web/components/ui/tooltip.tsx';
import { errorSentence, isApiError } from '@web/lib/api-error.ts';
import { cn } from '@web/lib/cn.ts';
import { formatMoney } from '@web/lib/money.ts';
import { PackageSearch, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useOrderLookup } from '../api/use-order-lookup.ts';
import { formatOrderDate, lineTotal, negated, statusTone, TONE_CLASSES } from '../lib/order-format.ts';

function StatusBadge({ status, testId }: { status: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      data-tone={statusTone(status)}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize',
        TONE_CLASSES[statusTone(status)],
      )}
    >
      {status.replaceAll('_', ' ')}
    </span>
  );
}

function SummaryLine({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4" data-testid={testId}>
      <dt className="text-slate-400">
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="text-slate-100">{value}</dd>
    </div>
  );
}

function NotFoundHint({ name }: { name?: string }) {
  return (
    <Card data-testid="order-not-found">
      <CardHeader>
        <CardTitle>Order Not Found</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-slate-300">
        {name ? <p>No order found with the name {name}</p> : null}
        <p>
          Search works by order name (e.g. #1001), by number with # (#1001) or by number without # (1001).
        </p>
      </CardContent>
    </Card>
  );
}

/** Order Lookup (/orders, spec §2). */
export function OrderLookupPage() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const lookup = useOrderLookup(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: empty or blank input is ignored.
    if (input.trim() === '') return;
    setSearch(input.trim());
  };

  // Spec §8: an answer whose message contains 404 (an ApiError's message starts with its status)
  // shows the not-found hint.
  const notFound = isApiError(lookup.error) && lookup.error.status === 404;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white">Order Lookup</h1>
        <p className="mt-1 text-slate-300">Find any order of your Shopify store by its name or number.</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
            <div className="grid min-w-64 flex-1 gap-2">
              <Label htmlFor="order-name">Order Name/Number</Label>
              <Input
                id="order-name"
                placeholder="e.g. #1001 or 1001"
                value={input}
                onChange={(e) => setInput(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={lookup.isFetching}>
              <Search aria-hidden="true" />
              {lookup.isFetching ? 'Searching...' : 'Search'}
            </Button>
          </form>
        </CardContent>
      </Card>

      {lookup.isFetching ? null : lookup.error ? (
        notFound ? (
          <NotFoundHint />
        ) : (
          <Card>
            <CardContent className="pt-6 text-sm text-rose-300" data-testid="order-error">
              {errorSentence(lookup.error, 'Failed to fetch order details')}
            </CardContent>
          </Card>
        )
      ) : lookup.data ? (
        lookup.data.found && lookup.data.order ? (
          <OrderCard order={lookup.data.order} />
        ) : (
          <NotFoundHint name={search ?? ''} />
        )
      ) : null}
    </div>
  );
}

function OrderCard({ order }: { order: OrderLookupResultOrder }) {
  const money = (amount: string) => formatMoney(amount, order.currency);
  const customerName = order.customer
    ? [order.customer.first_name, order.customer.last_name].filter(Boolean).join(' ') || '—'
    : 'Guest';
  const address = order.shipping_address;
  return (
    <Card data-testid="order-result">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2 text-2xl">
            <PackageSearch aria-hidden="true" className="size-6 text-indigo-300" />
            <span data-testid="order-name-heading">{order.name}</span>
          </CardTitle>
          <div className="flex gap-2">
            <StatusBadge status={order.financial_status ?? 'unknown'} testId="financial-badge" />
            <StatusBadge status={order.fulfillment_status ?? 'unfulfilled'} testId="fulfillment-badge" />
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-400">Total</dt>
            <dd className="text-xl font-semibold text-white" data-testid="order-total">
              {money(order.total_price)} <span className="text-sm text-slate-400">{order.currency}</span>
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">Order Date</dt>
            <dd className="text-slate-100" data-testid="order-date">
              {formatOrderDate(order.created_at, order.timezone)}
            </dd>
            <dd className="text-xs text-slate-400">Shop time ({order.timezone})</dd>
          </div>
          <div>
            <dt className="text-slate-400">Order Number</dt>
            <dd className="text-slate-100" data-testid="order-number">
              {order.order_number}
            </dd>
          </div>
          <div>
            <dt className="text-slate-400">Customer</dt>
            <dd className="text-slate-100">{customerName}</dd>
            {order.customer?.email ? <dd className="text-slate-400">{order.customer.email}</dd> : null}
          </div>
        </dl>

        <div className="overflow-x-auto">
          <h4 className="mb-2 font-semibold text-slate-100">Line Items</h4>
          <table className="w-full text-left text-sm">
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 font-medium">Item</th>
                <th className="py-1 text-right font-medium">Qty</th>
                <th className="py-1 text-right font-medium">Price</th>
                <th className="py-1 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.line_items.map((item) => (
                <tr key={item.id} className="border-t border-slate-700/70">
                  <td className="py-2 text-slate-100">{item.title}</td>
                  <td className="py-2 text-right text-slate-200">{item.quantity}</td>
                  <td className="py-2 text-right text-slate-200">{money(item.price)}</td>
                  <td className="py-2 text-right text-slate-100">
                    {money(lineTotal(item.price, item.quantity))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          {address ? (
            <div className="text-sm">
              <h4 className="mb-2 font-semibold text-slate-100">Shipping Address</h4>
              <address className="grid gap-0.5 text-slate-300 not-italic">
                <span>{[address.first_name, address.last_name].filter(Boolean).join(' ')}</span>
                {address.address1 ? <span>{address.address1}</span> : null}
                <span>{[address.city, address.province, address.zip].filter(Boolean).join(', ')}</span>
                {address.country ? <span>{address.country}</span> : null}
              </address>
            </div>
          ) : (
            <div />
          )}
          <dl className="grid content-start gap-1 text-sm" data-testid="order-totals">
            {Number(order.total_discounts) > 0 ? (
              <SummaryLine
                label={`Discounts${order.discount_codes.length > 0 ? ` (${order.discount_codes.join(', ')})` : ''}`}
                value={money(negated(order.total_discounts))}
                hint="already taken off the subtotal"
              />
            ) : null}
            <SummaryLine label="Subtotal" value={money(order.subtotal_price)} />
            <SummaryLine label="Shipping" value={money(order.total_shipping)} />
            <SummaryLine label="Tax" value={money(order.total_tax)} />
            <div className="flex justify-between border-t border-slate-700 pt-1 font-semibold">
              <dt className="text-slate-200">Total</dt>
              <dd className="text-white">{money(order.total_price)}</dd>
            </div>
            {order.refunds.map((refund) => (
              <SummaryLine
                key={refund.id}
                label={`Refund${refund.created_at ? `, ${formatOrderDate(refund.created_at, order.timezone)}` : ''}`}
                value={money(negated(refund.amount))}
                hint={refund.note ?? undefined}
                testId="order-refund"
              />
            ))}
            {Number(order.total_refunded) > 0 ? (
              <div className="flex justify-between border-t border-slate-700 pt-1 font-semibold">
                <dt className="text-slate-200">Net after refunds</dt>
                <dd className="text-white" data-testid="order-net">
                  {money(order.current_total_price)}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        <OrderProfit order={order} />
      </CardContent>
    </Card>
  );
}

const ESTIMATED_TITLES: Record<OrderLookupProfit['estimated'][number], string> = {
  cogs: 'Some lines have no known cost: their cost comes from your default margin or is missing.',
  shipping_cost:
    'No shipping profile or import covers this order: the carrier cost is taken equal to the shipping charged.',
};

/** The order's profit (issue #13), below the spec's fields: decision 010 per order, before marketing. */
function OrderProfit({ order }: { order: OrderLookupResultOrder }) {
  const profit = order.profit;
  if (!profit)
    return (
      <p className="text-sm text-slate-400" data-testid="order-profit-unavailable">
        {order.profit_unavailable}
      </p>
    );
  const money = (amount: string) => formatMoney(amount, order.currency);
  const mark = (part: OrderLookupProfit['estimated'][number]) =>
    profit.estimated.includes(part) ? <EstimatedBadge title={ESTIMATED_TITLES[part]} /> : null;
  const rate = profit.contribution_margin_rate;
  return (
    <section className="grid gap-2 border-t border-slate-700 pt-4 text-sm" data-testid="order-profit">
      <h4 className="font-semibold text-slate-100">Profit</h4>
      <dl className="grid gap-1 sm:max-w-md">
        <ProfitLine
          label="Net sales"
          definition={PROFIT_LINE_DEFINITIONS.netSales}
          value={money(profit.net_sales)}
          testId="order-profit-net-sales"
        />
        <ProfitLine
          label="Cost of goods"
          definition={PROFIT_LINE_DEFINITIONS.cogs}
          value={money(negated(profit.cogs))}
          mark={mark('cogs')}
          testId="order-profit-cogs"
        />
        <ProfitLine
          label="Shipping charged"
          definition={PROFIT_LINE_DEFINITIONS.shippingCharges}
          value={money(profit.shipping_charged)}
          testId="order-profit-shipping-charged"
        />
        <ProfitLine
          label="Shipping cost"
          definition={PROFIT_LINE_DEFINITIONS.shipping}
          value={money(negated(profit.shipping_cost))}
          mark={mark('shipping_cost')}
          testId="order-profit-shipping"
        />
        <ProfitLine
          label="Payment fees"
          definition={PROFIT_LINE_DEFINITIONS.paymentFees}
          value={money(negated(profit.payment_fees))}
          testId="order-profit-fees"
        />
        <div className="flex justify-between border-t border-slate-700 pt-1 font-semibold">
          <dt className="text-slate-200">
            <Definition text={CONTRIBUTION_BEFORE_MARKETING_DEFINITION}>Contribution margin</Definition>
          </dt>
          <dd className="text-white" data-testid="order-profit-contribution">
            {money(profit.contribution_margin)}
            {rate === null ? null : (
              <span className="ml-2 text-xs font-normal text-slate-400">
                {(rate * 100).toFixed(1)}% of net sales
              </span>
            )}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-400">
        Net sales (products after discounts and returns, without shipping and taxes, as Shopify counts them)
        minus the cost of the goods kept, plus the shipping charged, minus the carrier's shipping cost and the
        payment fees; before marketing.
      </p>
      <CostCoverage
        coverage={{
          unitsSold: profit.cost_coverage.units_sold,
          unitsWithCost: profit.cost_coverage.units_with_cost,
        }}
      />
    </section>
  );
}

function ProfitLine({
  label,
  definition,
  value,
  mark,
  testId,
}: {
  label: string;
  /** What is in the figure, on hover and focus. */
  definition: string;
  value: string;
  mark?: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="flex items-center gap-2 text-slate-400">
        <Definition text={definition}>{label}</Definition>
        {mark}
      </dt>
      <dd className="text-slate-100" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
