import { ATTRIBUTION_MODELS, type FirstPartyAttribution } from '@shared/contracts/first-party.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { formatMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { formatCount } from '../../../lib/format/format-campaign.ts';
import type { CampaignPeriod } from '../api/campaign-queries.ts';
import { useFirstPartyAttribution } from '../api/first-party-queries.ts';

type Model = FirstPartyAttribution['model'];
const MODEL_NAMES: Record<Model, string> = {
  first: 'First touch',
  last: 'Last touch',
  'last-non-direct': 'Last non-direct',
  linear: 'Linear',
  position: 'Position (40/20/40)',
  markov: 'Markov (removal effect)',
  shapley: 'Shapley',
};

/**
 * First-party attribution (issue 16 item 3): what the chosen model credits to each channel over the
 * journeys our own tracker recorded, beside the store's own credit (last non-direct over Shopify's
 * visits), GA4's reported revenue and Meta's claim, and the model's top UTM campaigns.
 */
export function FirstPartyAttributionCard({ period }: { period: CampaignPeriod }) {
  const [model, setModel] = useState<Model>('last-non-direct');
  const { data } = useFirstPartyAttribution(period, model);
  if (!data || data.orders === 0) return null;
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, data.currency));
  // Whole orders under a one-touch model; shares of orders (one decimal) once a model splits credit.
  const wholeOrders = data.channels.every((c) => Number.isInteger(c.conversions));
  const orders = (value: number) => (wholeOrders ? formatCount(value) : value.toFixed(1));
  return (
    <Card data-testid="first-party-attribution" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>First-party attribution</CardTitle>
          <CardDescription>
            {formatCount(data.joinedOrders)} of {formatCount(data.orders)} orders joined to your own tracker's
            journeys ({money(data.joinedRevenue)}), beside the store's, GA4's and Meta's figures; every amount
            here is order value before refunds, as GA4 and Meta report it
          </CardDescription>
        </div>
        <Select value={model} onValueChange={(next) => setModel(next as Model)}>
          <SelectTrigger aria-label="Attribution model" className="w-56" data-testid="first-party-model">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ATTRIBUTION_MODELS.map((m) => (
              <SelectItem key={m} value={m}>
                {MODEL_NAMES[m]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent className="grid gap-4 overflow-x-auto">
        {data.ga4CurrencyNote ? (
          <p className="text-xs text-slate-400" data-testid="first-party-ga4-currency-note">
            {data.ga4CurrencyNote}
          </p>
        ) : null}
        <table className="w-full min-w-[40rem] text-sm">
          <HeadRow
            labels={[
              'Channel',
              `First-party (${MODEL_NAMES[data.model]})`,
              'Orders',
              'Store-verified (before refunds)',
              'GA4-reported',
              'Meta-reported',
            ]}
          />
          <tbody>
            {data.channels.map((c) => (
              <tr key={c.channel} className="border-t border-slate-800" data-testid="first-party-channel">
                <td className="py-2 pr-3 text-white">{c.channel}</td>
                <td className="py-2 pr-3" data-testid="first-party-channel-revenue">
                  {money(c.revenue)}
                </td>
                <td className="py-2 pr-3" data-testid="first-party-channel-orders">
                  {orders(c.conversions)}
                </td>
                <td className="py-2 pr-3">{money(c.storeRevenue)}</td>
                <td className="py-2 pr-3">{money(c.ga4ReportedRevenue)}</td>
                <td className="py-2 pr-3">{money(c.metaReportedRevenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.campaigns.length > 0 ? (
          <div className="grid gap-1">
            <p className="text-sm font-medium text-white">Top campaigns ({MODEL_NAMES[data.model]})</p>
            <ul className="grid gap-x-10 gap-y-1 text-sm sm:grid-cols-2" data-testid="first-party-campaigns">
              {data.campaigns.slice(0, 8).map((c) => (
                <li key={`${c.channel}/${c.campaign}`} className="flex justify-between gap-2 text-slate-300">
                  <span>
                    {c.campaign} <span className="text-xs text-slate-500">{c.channel}</span>
                  </span>
                  <span>{money(c.revenue)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-xs text-slate-400">{data.rule}</p>
      </CardContent>
    </Card>
  );
}
