import type { CustomerSort } from '@shared/contracts/customers.ts';
import { type DateRangeValue, rangeQuery } from '@web/components/date-range.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useCustomerList } from '../../../lib/customers/customer-queries.ts';
import { formatProbability, SORT_LABELS } from '../../../lib/customers/format-customers.ts';

const PAGE_SIZE = 25;
const ALL_SEGMENTS = '__all__';

/** Waits until typing pauses before searching (one request per pause, not per key). */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The customers of the latest analysis, one page at a time: search by name or e-mail, filter by
 * segment, sort by CLV, churn risk, last order or revenue (either way).
 */
export function CustomerTable({
  currency,
  segments,
  segment,
  onSegmentChange,
  fitted,
  range,
}: {
  currency: string;
  segments: string[];
  segment: string | undefined;
  onSegmentChange: (segment: string | undefined) => void;
  fitted: boolean;
  /** Only customers with an order in this range (issue #36). */
  range: DateRangeValue;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [sort, setSort] = useState<CustomerSort>(fitted ? 'clv' : 'revenue');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const rangeKey = rangeQuery(range);
  // A new search, filter, order or range starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers
  useEffect(() => setPage(1), [q, segment, sort, direction, rangeKey]);
  const asked = Object.fromEntries(new URLSearchParams(rangeKey));
  const list = useCustomerList({
    page,
    pageSize: PAGE_SIZE,
    sort,
    direction,
    q: q || undefined,
    segment,
    period: asked.period as '7' | '30' | '90' | undefined,
    from: asked.from,
    to: asked.to,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const money = (v: string | null, digits = 0) => (v === null ? '—' : formatCurrency(v, currency, digits));

  return (
    <Card data-testid="customer-list">
      <CardHeader>
        <CardTitle>Customers</CardTitle>
        <CardDescription>
          Your store's customers with their R/F/M scores, P(alive), expected orders and 12-month CLV. Names
          and e-mails come from your connected store and are shown only in your workspace.
          {data?.from && data.to ? (
            <span className="block" data-testid="range-window">
              Customers with an order from {data.from} to {data.to} (shop days).
            </span>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label="Search customers"
            placeholder="Search by name or e-mail"
            className="w-64"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="customer-search"
          />
          <Select
            value={segment ?? ALL_SEGMENTS}
            onValueChange={(value) => onSegmentChange(value === ALL_SEGMENTS ? undefined : value)}
          >
            <SelectTrigger aria-label="Segment" className="w-48" data-testid="segment-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_SEGMENTS}>All segments</SelectItem>
              {segments.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={sort} onValueChange={(value) => setSort(value as CustomerSort)}>
            <SelectTrigger aria-label="Sort by" className="w-44" data-testid="customer-sort">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(SORT_LABELS) as CustomerSort[])
                .filter((key) => fitted || (key !== 'clv' && key !== 'churn'))
                .map((key) => (
                  <SelectItem key={key} value={key}>
                    {SORT_LABELS[key]}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
          <Button
            variant="outline"
            size="icon"
            aria-label={direction === 'desc' ? 'Highest first; reverse' : 'Lowest first; reverse'}
            onClick={() => setDirection(direction === 'desc' ? 'asc' : 'desc')}
            data-testid="customer-direction"
          >
            {direction === 'desc' ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" />}
          </Button>
        </div>
        {list.isError ? <ReadError error={list.error} /> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                <th className="py-2 pr-3 font-medium">Customer</th>
                <th className="py-2 pr-3 font-medium">Segment</th>
                <th className="py-2 pr-3 font-medium">R·F·M</th>
                <th className="py-2 pr-3 text-right font-medium">Orders</th>
                <th className="py-2 pr-3 text-right font-medium">Revenue</th>
                <th className="py-2 pr-3 font-medium">Last order</th>
                <th className="py-2 pr-3 text-right font-medium">P(alive)</th>
                <th className="py-2 pr-3 text-right font-medium">Expected orders</th>
                <th className="py-2 text-right font-medium">12-month CLV</th>
              </tr>
            </thead>
            <tbody>
              {data?.customers.map((c) => (
                <tr key={c.customerId} className="border-t border-slate-800" data-testid="customer-row">
                  <td className="py-2 pr-3">
                    <p className="font-medium">{c.name ?? `Customer ${c.customerId}`}</p>
                    {c.email ? <p className="text-xs text-slate-400">{c.email}</p> : null}
                  </td>
                  <td className="py-2 pr-3">{c.segment}</td>
                  <td className="py-2 pr-3 font-mono">
                    {c.r}·{c.f}·{c.m}
                  </td>
                  <td className="py-2 pr-3 text-right">{c.orders}</td>
                  <td className="py-2 pr-3 text-right">{money(c.revenue, 2)}</td>
                  <td className="py-2 pr-3">{c.lastOrderDate}</td>
                  <td className="py-2 pr-3 text-right">{formatProbability(c.probabilityAlive)}</td>
                  <td className="py-2 pr-3 text-right">
                    {c.expectedOrders12m === null ? '—' : c.expectedOrders12m.toFixed(2)}
                  </td>
                  <td className="py-2 text-right">{money(c.clv12m, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.customers.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-400">No customers match</p>
          ) : null}
          {list.isPending ? (
            <p className="py-6 text-center text-sm text-slate-400">Loading customers…</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-300">
          <p data-testid="customer-count">
            {data ? `${data.total.toLocaleString('en-US')} customers · page ${page} of ${pages}` : ''}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
