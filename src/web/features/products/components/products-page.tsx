import type { ProductPerformance, ProductRow } from '@shared/contracts/products.ts';
import { STOCK_ALERTS_RULE } from '@shared/metrics.ts';
import { LoadingCards, ProfilePrompt, ReadError, SummaryStat } from '@web/components/page-states.tsx';
import { PeriodSelect } from '@web/components/period-select.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatAmountIn } from '@web/lib/money.ts';
import { useMemo, useState } from 'react';
import { StockAlertCount } from '../../../components/stock-alert-count.tsx';
import { formatCount } from '../../../lib/format/format-campaign.ts';
import { type ProductPeriod, useProductPerformance } from '../../../lib/products/product-queries.ts';
import {
  filterAndSortProducts,
  formatCover,
  formatTrend,
  formatVelocity,
  type ProductSort,
  type ProductSortKey,
  stockVariant,
} from '../lib/product-table.ts';
import { BoughtTogetherSection } from './bought-together.tsx';
import { ProductDetailDialog } from './product-detail-dialog.tsx';
import { ProductProfitSection } from './product-profit.tsx';

/**
 * Product Analysis: per product revenue, units and sales velocity (with the trend against the
 * previous period), stock on hand, days of cover and stock state, the revenue stock-outs cost and the
 * Meta spend landing on the product; a searchable, sortable table and a detail panel per product.
 */
export function ProductsPage() {
  const [period, setPeriod] = useState<ProductPeriod>('30');
  const query = useProductPerformance(period);
  const data = query.data;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Product Analysis</h1>
          <p className="text-slate-300">What each product sells, how fast, and how long its stock lasts</p>
          {data?.startDate && data.endDate ? (
            <p className="mt-1 text-xs text-slate-400" data-testid="product-range">
              {data.startDate} to {data.endDate} (shop days; the period ends on the last day with synced
              orders)
            </p>
          ) : null}
        </div>
        <PeriodSelect value={period} onChange={setPeriod} />
      </header>
      {query.isPending ? (
        <LoadingCards count={4} />
      ) : query.isError ? (
        <ReadError error={query.error} />
      ) : !query.data.hasData || query.data.products.length === 0 ? (
        query.data.connected ? (
          <ProfilePrompt
            testId="products-empty"
            title="No product data yet"
            text="Shopify is connected, but no products or orders have been synced yet. They appear after the first sync; check the connection on your profile page if this lasts."
            action="Check the Shopify connection"
          />
        ) : (
          <ProfilePrompt
            testId="products-empty"
            title="Shopify is not connected"
            text="Connect your Shopify store (or the demo store) on your profile page to see what each product sells, how fast, and how long its stock lasts."
            action="Connect Shopify"
          />
        )
      ) : (
        <ProductReport data={query.data} period={period} />
      )}
    </div>
  );
}

function ProductReport({ data, period }: { data: ProductPerformance; period: ProductPeriod }) {
  const { totals, currency } = data;
  const [openId, setOpenId] = useState<string | null>(null);
  const open = data.products.find((p) => p.productId === openId) ?? null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryStat
          testId="total-revenue"
          title="Product Revenue"
          value={formatAmountIn(totals.revenue, currency)}
          hint={`${data.products.filter((p) => p.units > 0).length} of ${data.products.length} products sold`}
        />
        <SummaryStat
          testId="total-units"
          title="Units Sold"
          value={formatCount(totals.units)}
          hint={`${formatVelocity(totals.units / data.period)} a day · ${formatTrend(
            totals.previousUnits > 0
              ? (100 * (totals.units - totals.previousUnits)) / totals.previousUnits
              : null,
            totals.units,
          )} vs the previous ${data.period} days`}
        />
        <SummaryStat
          testId="stock-alerts"
          title="Stock Alerts"
          value={<StockAlertCount totals={totals} />}
          hint={STOCK_ALERTS_RULE}
        />
        <SummaryStat
          testId="lost-revenue"
          title="Lost to Stock-outs"
          value={formatAmountIn(totals.lostRevenue, currency)}
          hint={
            data.stockAsOf
              ? `Gross sales missed in the 90 days to ${data.stockAsOf}; 33–58 % of it is lost to the store`
              : 'Appears after the first analysis run'
          }
        />
      </div>
      <ProductTable data={data} onOpen={setOpenId} />
      <ProductProfitSection />
      <BoughtTogetherSection />
      <Card>
        <CardContent className="grid gap-2 pt-6 text-xs text-slate-400" data-testid="product-rules">
          <p>{data.rules}</p>
          <p>
            Ad spend is the Meta spend in the period of campaigns whose store-verified orders mostly land on
            the product's page.
          </p>
        </CardContent>
      </Card>
      <ProductDetailDialog product={open} data={data} period={period} onClose={() => setOpenId(null)} />
    </>
  );
}

const COLUMNS: { key: ProductSortKey; label: string; numeric: boolean }[] = [
  { key: 'title', label: 'Product', numeric: false },
  { key: 'revenue', label: 'Revenue', numeric: true },
  { key: 'units', label: 'Units', numeric: true },
  { key: 'velocity', label: 'Units/day', numeric: true },
  { key: 'velocityChange', label: 'Trend', numeric: true },
  { key: 'available', label: 'On hand', numeric: true },
  { key: 'daysOfCover', label: 'Cover', numeric: true },
  { key: 'lostRevenue', label: 'Lost to stock-outs', numeric: true },
  { key: 'adSpend', label: 'Ad spend', numeric: true },
];

function ProductTable({ data, onOpen }: { data: ProductPerformance; onOpen: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ProductSort>({ key: 'revenue', direction: 'desc' });
  const rows = useMemo(
    () => filterAndSortProducts(data.products, search, sort),
    [data.products, search, sort],
  );
  const { currency, adCurrency } = data;
  const sortBy = (key: ProductSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'title' ? 'asc' : 'desc' },
    );
  return (
    <Card data-testid="product-table">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle>Products</CardTitle>
          <CardDescription>Click a column to sort, a product to see its days and variants</CardDescription>
        </div>
        <Input
          aria-label="Search products"
          placeholder="Search by product, variant or SKU"
          className="w-72"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="product-search"
        />
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400" data-testid="no-match">
            No product matches “{search}”.
          </p>
        ) : (
          <table className="w-full min-w-[64rem] text-sm">
            <thead>
              <tr className="text-left text-slate-400">
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    className="py-2 pr-3 font-medium"
                    aria-sort={
                      sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                  >
                    <button
                      type="button"
                      className={cn('hover:text-white', sort.key === c.key && 'text-white')}
                      onClick={() => sortBy(c.key)}
                      data-testid={`sort-${c.key}`}
                    >
                      {c.label}
                      {sort.key === c.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
                <th className="py-2 font-medium">Stock</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <ProductTableRow key={p.productId} product={p} data={data} onOpen={onOpen} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
      {adCurrency && currency && adCurrency.code !== currency.code ? (
        <p className="px-6 pb-4 text-xs text-amber-200">
          Ad spend is in {adCurrency.code}, the ad account's currency.
        </p>
      ) : null}
    </Card>
  );
}

function ProductTableRow({
  product: p,
  data,
  onOpen,
}: {
  product: ProductRow;
  data: ProductPerformance;
  onOpen: (id: string) => void;
}) {
  // Rounded as shown: a change under half a percent reads ±0 % and stays neutral.
  const trend = p.velocityChange === null ? 0 : Math.round(p.velocityChange);
  return (
    <tr
      className="border-t border-slate-800 hover:bg-slate-800/40"
      data-testid="product-row"
      data-product-id={p.productId}
    >
      <td className="py-2 pr-3">
        <button
          type="button"
          className="text-left font-medium text-white hover:underline"
          onClick={() => onOpen(p.productId)}
        >
          {p.title}
        </button>
        <p className="text-xs text-slate-400">
          {p.variants.length === 1 ? '1 variant' : `${p.variants.length} variants`}
        </p>
      </td>
      <td className="py-2 pr-3">{formatAmountIn(p.revenue, data.currency)}</td>
      <td className="py-2 pr-3">{formatCount(p.units)}</td>
      <td className="py-2 pr-3">{formatVelocity(p.velocity)}</td>
      <td className={cn('py-2 pr-3', trend > 0 && 'text-emerald-300', trend < 0 && 'text-red-300')}>
        {formatTrend(p.velocityChange, p.units)}
      </td>
      <td className="py-2 pr-3">{p.available === null ? '—' : formatCount(p.available)}</td>
      <td className="py-2 pr-3">{formatCover(p.daysOfCover, p.available, p.dailyDemand)}</td>
      <td className={cn('py-2 pr-3', Number(p.lostRevenue) > 0 && 'text-red-300')}>
        {Number(p.lostRevenue) > 0 ? formatAmountIn(p.lostRevenue, data.currency) : '—'}
      </td>
      <td className="py-2 pr-3">{formatAmountIn(p.adSpend, data.adCurrency)}</td>
      <td className="py-2">
        <Badge variant={stockVariant(p.stockState)}>{p.stockState}</Badge>
      </td>
    </tr>
  );
}
