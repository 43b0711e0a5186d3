import type { ProductRow } from '@shared/contracts/products.ts';
import { LOW_STOCK_COVER_DAYS } from '@shared/metrics.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { type FormEvent, useState } from 'react';
import { useSetLeadTime } from '../../../lib/products/product-queries.ts';

/**
 * The product's supplier lead time (decision 112): the days of cover under which its stock is
 * "Low", the same in alerts and restock opportunities. The owner's, else the stated default.
 */
export function LeadTimeEditor({ product }: { product: ProductRow }) {
  const [days, setDays] = useState(String(product.leadTimeDays));
  const save = useSetLeadTime(product.productId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(days));
  };
  const id = `lead-time-${product.productId}`;
  return (
    <form className="flex flex-wrap items-end gap-2 text-sm" onSubmit={submit} data-testid="lead-time">
      <div className="grid gap-1">
        <Label htmlFor={id}>Lead time (days)</Label>
        <Input
          id={id}
          type="number"
          min={1}
          max={365}
          step={1}
          className="w-24"
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      </div>
      <Button type="submit" size="sm" disabled={save.isPending}>
        Save
      </Button>
      {product.leadTimeSource === 'owner' ? (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={save.isPending}
          onClick={() => {
            setDays(String(LOW_STOCK_COVER_DAYS));
            save.mutate(null);
          }}
        >
          Use the default
        </Button>
      ) : null}
      <p className="w-full text-xs text-slate-400" data-testid="lead-time-source">
        {product.leadTimeSource === 'owner'
          ? `Your lead time: stock covering fewer than ${product.leadTimeDays} days is low, here and in alerts and opportunities.`
          : `The default lead time (${LOW_STOCK_COVER_DAYS} days) until you set this product's own.`}
      </p>
      {save.isError ? (
        <p className="w-full text-xs text-red-300" role="alert">
          {errorSentence(save.error, 'The lead time could not be saved.')}
        </p>
      ) : null}
    </form>
  );
}
