import type { CampaignPerformance, CampaignProfitFigures } from '@shared/contracts/campaigns.ts';
import { PROFIT_METRIC_NAMES } from '@shared/metrics.ts';
import { CostCoverage } from '@web/components/cost-coverage.tsx';
import { SummaryStat } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatAmountIn } from '@web/lib/money.ts';
import { formatCount, formatRoas } from '../../../lib/format/format-campaign.ts';

/** Profit figures of one row (a campaign, a channel or the totals), as the API names them. */

/** POAS coloured by the break-even line: under 1 the spend loses money. */
function PoasCell({ poas, testId }: { poas: number | null; testId?: string }) {
  return (
    <td
      className={cn('py-2 pr-3', poas !== null && (poas < 1 ? 'text-red-300' : 'text-emerald-300'))}
      data-testid={testId}
    >
      {formatRoas(poas)}
    </td>
  );
}

/** Summary cards of the period's profit: contribution, POAS and CAC of Meta, and the store's MER. */
export function CampaignProfitSummary({ data }: { data: CampaignPerformance }) {
  const { totals, shopCurrency } = data;
  const money = (amount: string | null) => formatAmountIn(amount, shopCurrency);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="campaign-profit-summary">
      <SummaryStat
        testId="total-contribution"
        title={PROFIT_METRIC_NAMES.contribution}
        value={formatAmountIn(totals.contribution, shopCurrency)}
        hint="Of the Meta-credited orders, before ad spend"
      />
      <SummaryStat
        testId="total-poas"
        title={PROFIT_METRIC_NAMES.poas}
        value={formatRoas(totals.poas)}
        hint="Contribution ÷ Meta ad spend; below 1.00x the spend loses money"
      />
      <SummaryStat
        testId="total-mer"
        title={PROFIT_METRIC_NAMES.mer}
        value={formatRoas(data.mer)}
        hint={`All store revenue (${formatAmountIn(data.storeNetRevenue, shopCurrency)}) ÷ all ad spend`}
      />
      <SummaryStat
        testId="total-ncac"
        title={PROFIT_METRIC_NAMES.newCustomerCac}
        value={money(totals.newCustomerCac)}
        hint={`${formatCount(totals.newCustomers)} new of ${formatCount(totals.customers)} customers · CAC ${money(totals.cac)}`}
      />
    </div>
  );
}

const PROFIT_HEAD = ['Contribution', 'POAS', 'Customers (new)', 'CAC', 'New-customer CAC'];

function ProfitCells({ row, data }: { row: CampaignProfitFigures; data: CampaignPerformance }) {
  const money = (amount: string | null) => formatAmountIn(amount, data.shopCurrency);
  return (
    <>
      <td className="py-2 pr-3">{money(row.contribution)}</td>
      <PoasCell poas={row.poas} testId="poas-cell" />
      <td className="py-2 pr-3">
        {formatCount(row.customers)} ({formatCount(row.newCustomers)})
      </td>
      <td className="py-2 pr-3">{money(row.cac)}</td>
      <td className="py-2 pr-3">{money(row.newCustomerCac)}</td>
    </>
  );
}

/** Per campaign and per channel: contribution, POAS, customers, CAC and new-customer CAC. */
export function CampaignProfitTables({ data }: { data: CampaignPerformance }) {
  return (
    <Card data-testid="campaign-profit" className="min-w-0">
      <CardHeader>
        <CardTitle>Profit per campaign and channel</CardTitle>
        <CardDescription>
          What the credited orders earned after cost of goods, shipping and fees
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm" data-testid="campaign-profit-table">
            <HeadRow labels={['Campaign', 'Spend', ...PROFIT_HEAD]} />
            <tbody>
              {data.campaigns.map((c) => (
                <tr
                  key={c.campaignId}
                  className="border-t border-slate-800"
                  data-testid="campaign-profit-row"
                  data-campaign-id={c.campaignId}
                >
                  <td className="py-2 pr-3 font-medium text-white">{c.name}</td>
                  <td className="py-2 pr-3">{formatAmountIn(c.spend, data.accountCurrency)}</td>
                  <ProfitCells row={c} data={data} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm" data-testid="channel-profit-table">
            <HeadRow labels={['Channel', 'Spend', 'Revenue', ...PROFIT_HEAD]} />
            <tbody>
              {data.channels.map((row) => (
                <tr
                  key={row.channel}
                  className="border-t border-slate-800"
                  data-testid="channel-profit-row"
                  data-channel={row.channel}
                >
                  <td className="py-2 pr-3 font-medium text-white">{row.channel.replaceAll('_', ' ')}</td>
                  <td className="py-2 pr-3">
                    {row.spend === null ? 'no tracked spend' : formatAmountIn(row.spend, data.shopCurrency)}
                  </td>
                  <td className="py-2 pr-3">{formatAmountIn(row.netRevenue, data.shopCurrency)}</td>
                  <ProfitCells row={row} data={data} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <CostCoverage
          coverage={{
            unitsSold: data.channels.reduce((sum, row) => sum + row.unitsSold, 0),
            unitsWithCost: data.channels.reduce((sum, row) => sum + row.unitsWithCost, 0),
          }}
        />
        <p className="text-xs text-slate-400" data-testid="profit-rule">
          {data.profitRule}
        </p>
      </CardContent>
    </Card>
  );
}
