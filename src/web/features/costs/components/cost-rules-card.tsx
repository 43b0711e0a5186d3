import type { CostSettingsResponse } from '@shared/contracts/costs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { useSaveFeeRules, useSaveShippingProfiles, useSetDefaultMargin } from '../api/cost-queries.ts';
import { EditableRows } from './editable-rows.tsx';
import { ExpensesEditor } from './expenses-editor.tsx';

const FEE_COLUMNS = [
  { key: 'gateway', label: 'gateway', placeholder: 'e.g. paypal', width: 'w-36' },
  { key: 'percent', label: 'percent', placeholder: '% e.g. 3.49', width: 'w-28' },
  { key: 'fixed', label: 'fixed fee', placeholder: 'fixed e.g. 0.49', width: 'w-28' },
] as const;

const SHIPPING_COLUMNS = [
  { key: 'country', label: 'country', placeholder: 'US or *', width: 'w-20' },
  { key: 'minGrams', label: 'from grams', placeholder: 'from g', width: 'w-24' },
  { key: 'maxGrams', label: 'to grams', placeholder: 'to g (empty: ∞)', width: 'w-32' },
  { key: 'cost', label: 'cost', placeholder: 'cost e.g. 6.50', width: 'w-28' },
] as const;

/** A whole-number field as the API expects it; anything else goes as text for the API to name. */
const grams = (value: string): number => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

function DefaultMargin({ settings }: { settings: CostSettingsResponse }) {
  const [margin, setMargin] = useState(settings.defaultMarginPercent ?? '');
  const save = useSetDefaultMargin();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(margin.trim() === '' ? null : margin.trim());
      }}
    >
      <Input
        aria-label="Default margin percent"
        className="w-28"
        placeholder="e.g. 40"
        value={margin}
        onChange={(e) => setMargin(e.target.value)}
      />
      <span className="text-sm text-slate-400">%</span>
      <Button size="sm" type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      {save.error ? (
        <p role="alert" className="basis-full text-sm text-rose-300">
          {errorSentence(save.error, 'Not saved.')}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="basis-full text-sm text-emerald-300">
          Saved. Run a recalculation to price earlier orders without a cost with it.
        </p>
      ) : null}
    </form>
  );
}

/** The owner's rules for the other costs: default margin, fee rules, shipping profiles, expenses. */
export function CostRulesCard({ settings }: { settings: CostSettingsResponse }) {
  const fees = useSaveFeeRules();
  const shipping = useSaveShippingProfiles();
  return (
    <Card className="grid gap-6 p-4 lg:grid-cols-2">
      <section className="min-w-0 space-y-2" aria-labelledby="default-margin">
        <h2 id="default-margin" className="text-lg font-semibold text-white">
          Default margin
        </h2>
        <p className="text-xs text-slate-400">
          For items with no cost: cost = price × (1 − margin), shown as estimated.
        </p>
        <DefaultMargin settings={settings} />
      </section>
      <section className="min-w-0 space-y-2" aria-labelledby="fee-rules">
        <h2 id="fee-rules" className="text-lg font-semibold text-white">
          Payment fee rules
        </h2>
        <p className="text-xs text-slate-400">
          Per gateway whose transactions carry no fees (Shopify Payments reports its own): percent of the
          amount + a fixed fee{settings.currency ? ` in ${settings.currency}` : ''}, per transaction.
        </p>
        <EditableRows
          name="Fee rule"
          columns={FEE_COLUMNS}
          initial={settings.paymentFeeRules}
          empty="None: gateways without fees cost nothing."
          saving={fees.isPending}
          error={fees.error}
          saved={fees.isSuccess}
          onSave={(rows) => fees.mutate(rows.map((row) => ({ ...row, gateway: row.gateway.trim() })))}
        />
      </section>
      <section className="min-w-0 space-y-2" aria-labelledby="shipping-profiles">
        <h2 id="shipping-profiles" className="text-lg font-semibold text-white">
          Shipping profiles
        </h2>
        <p className="text-xs text-slate-400">
          Cost by destination (* = every other country) and order weight band. Orders synced from now on use
          them; run a recalculation for earlier orders. A per-order shipping import beats them.
        </p>
        <EditableRows
          name="Shipping band"
          columns={SHIPPING_COLUMNS}
          initial={settings.shippingProfiles.map((profile) => ({
            country: profile.country,
            minGrams: String(profile.minGrams),
            maxGrams: profile.maxGrams === null ? '' : String(profile.maxGrams),
            cost: profile.cost,
          }))}
          empty="None: shipping costs what was charged."
          saving={shipping.isPending}
          error={shipping.error}
          saved={shipping.isSuccess}
          onSave={(rows) =>
            shipping.mutate(
              rows.map((row) => ({
                country: row.country.trim().toUpperCase(),
                minGrams: grams(row.minGrams),
                maxGrams: row.maxGrams.trim() === '' ? null : grams(row.maxGrams),
                cost: row.cost.trim(),
              })),
            )
          }
        />
      </section>
      <section className="min-w-0 space-y-2" aria-labelledby="expenses">
        <h2 id="expenses" className="text-lg font-semibold text-white">
          Expenses
        </h2>
        <p className="text-xs text-slate-400">
          Fixed per month (spread over its days), per order, or a percent of net sales or ad spend, between
          two dates (no end: ongoing). Profit reports apply them at once.
        </p>
        <ExpensesEditor settings={settings} />
      </section>
    </Card>
  );
}
