import type { VariantCosts } from '@shared/contracts/costs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { useCostLedger, useEnterCost } from '../api/cost-queries.ts';
import { inForceText } from '../lib/in-force-text.ts';

const SOURCE_LABEL = {
  manual: 'Entered',
  import: 'Imported',
  shopify: 'Shopify',
  default_margin: 'Default margin',
} as const;

function EditCost({ variant, today }: { variant: VariantCosts; today: string }) {
  const [cost, setCost] = useState('');
  const [day, setDay] = useState(today);
  const enter = useEnterCost();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        enter.mutate(
          { variantId: variant.variantId, cost, effectiveFrom: day },
          { onSuccess: () => setCost('') },
        );
      }}
    >
      <Input
        aria-label={`New cost for ${variant.sku ?? variant.variantTitle}`}
        className="w-28"
        placeholder="Cost"
        value={cost}
        onChange={(e) => setCost(e.target.value)}
      />
      <Input
        aria-label="Effective from"
        type="date"
        className="w-40"
        value={day}
        onChange={(e) => setDay(e.target.value)}
      />
      <Button size="sm" type="submit" disabled={enter.isPending || cost === ''}>
        Save
      </Button>
      {enter.error ? (
        <span className="text-xs text-rose-300">{errorSentence(enter.error, 'Not saved.')}</span>
      ) : null}
    </form>
  );
}

export function CostLedgerCard() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const ledger = useCostLedger(page, q);
  const data = ledger.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-white">Cost ledger</h2>
        <Input
          aria-label="Search products"
          className="w-64"
          placeholder="Product, variant or SKU"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {ledger.error ? (
        <p className="text-sm text-rose-300">
          {errorSentence(ledger.error, 'The ledger could not be read.')}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="text-xs text-slate-400">
            When periods overlap, your entries and imports beat Shopify's cost, and the latest effective date
            wins; each period shows the days it is actually in force. Variants with no cost use the default
            margin (estimated).
          </p>
          <div className="overflow-x-auto">
            <table
              className="w-full text-left text-sm text-slate-200 [&_td]:pr-4 [&_th]:pr-4"
              data-testid="cost-ledger"
            >
              <thead className="text-xs uppercase text-slate-400">
                <tr>
                  <th className="py-2">Product / variant</th>
                  <th>SKU</th>
                  <th>Price</th>
                  <th>Cost now</th>
                  <th>Periods</th>
                  <th>Change cost</th>
                </tr>
              </thead>
              <tbody>
                {data.variants.map((variant) => (
                  <tr key={variant.variantId} className="border-t border-slate-800 align-top">
                    <td className="py-2">
                      {variant.productTitle}
                      <div className="text-xs text-slate-400">{variant.variantTitle}</div>
                    </td>
                    <td className="whitespace-nowrap">{variant.sku ?? '—'}</td>
                    <td className="whitespace-nowrap">
                      {variant.price ? `${variant.price} ${data.currency}` : '—'}
                    </td>
                    <td className="whitespace-nowrap">
                      {variant.current ? `${variant.current.cost} ${data.currency}` : 'none'}
                      {variant.current ? (
                        <div className="text-xs text-slate-400">
                          {SOURCE_LABEL[variant.current.source]}
                          {variant.current.estimated ? ' · estimated' : ''}
                        </div>
                      ) : null}
                    </td>
                    <td className="text-xs">
                      {variant.periods.map((period) => (
                        <div
                          key={period.id}
                          className={
                            period.id === variant.current?.periodId ? 'text-emerald-300' : 'text-slate-400'
                          }
                        >
                          {period.cost} · {SOURCE_LABEL[period.source]}
                          {period.createdBy ? ` by ${period.createdBy}` : ''} · {inForceText(period)}
                        </div>
                      ))}
                    </td>
                    <td>
                      <EditCost variant={variant} today={data.today} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-2 text-sm text-slate-400">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            Page {page} of {pages} · {data.total} variants
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}
