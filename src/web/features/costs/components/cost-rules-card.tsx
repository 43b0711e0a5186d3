import type { CostSettingsResponse } from '@shared/contracts/costs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { useSetDefaultMargin } from '../api/cost-queries.ts';

const EXPENSE_KIND = {
  monthly: 'per month',
  per_order: 'per order',
  percent_of_net_sales: '% of net sales',
  percent_of_ad_spend: '% of ad spend',
} as const;

export function CostRulesCard({ settings }: { settings: CostSettingsResponse }) {
  const [margin, setMargin] = useState(settings.defaultMarginPercent ?? '');
  const save = useSetDefaultMargin();
  return (
    <Card className="grid gap-6 p-4 md:grid-cols-2">
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-white">Default margin</h2>
        <p className="text-xs text-slate-400">
          For items with no cost: cost = price × (1 − margin), shown as estimated.
        </p>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(margin === '' ? null : margin);
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
            Save
          </Button>
        </form>
        {save.error ? (
          <p className="text-sm text-rose-300">{errorSentence(save.error, 'Not saved.')}</p>
        ) : null}
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-white">Payment fee rules</h2>
        <ul className="text-sm text-slate-300">
          {settings.paymentFeeRules.length === 0 ? (
            <li className="text-slate-400">None: gateways without fees cost nothing.</li>
          ) : null}
          {settings.paymentFeeRules.map((rule) => (
            <li key={rule.gateway}>
              {rule.gateway}: {rule.percent}% + {rule.fixed} {settings.currency}
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-white">Shipping profiles</h2>
        <ul className="text-sm text-slate-300">
          {settings.shippingProfiles.length === 0 ? (
            <li className="text-slate-400">None: shipping costs what was charged.</li>
          ) : null}
          {settings.shippingProfiles.map((profile) => (
            <li key={`${profile.country}-${profile.minGrams}`}>
              {profile.country === '*' ? 'Other countries' : profile.country}, {profile.minGrams}–
              {profile.maxGrams ?? '∞'} g: {profile.cost} {settings.currency}
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-white">Expenses</h2>
        <ul className="text-sm text-slate-300">
          {settings.expenses.length === 0 ? <li className="text-slate-400">None.</li> : null}
          {settings.expenses.map((expense) => (
            <li key={expense.id}>
              {expense.name}: {expense.amount} {EXPENSE_KIND[expense.kind]} from {expense.startsOn}
              {expense.endsOn ? ` to ${expense.endsOn}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
