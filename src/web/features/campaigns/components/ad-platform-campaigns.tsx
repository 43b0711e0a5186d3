import type { AdPlatformCampaigns, CampaignPerformance } from '@shared/contracts/campaigns.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { HeadRow } from '@web/components/ui/head-row.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatMoney } from '@web/lib/money.ts';
import { useState } from 'react';
import { formatCount, formatRoas } from '../../../lib/format/format-campaign.ts';

const PLATFORM_NAMES: Record<string, string> = {
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok Ads',
};
const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** The rate(s) a foreign-currency account was converted at over the period, in words. */
function rateText(p: AdPlatformCampaigns, shop: string): string | null {
  const last = p.rates.at(-1);
  if (!last) return null;
  const more = p.rates.length > 1 ? ` (${p.rates.length} daily rates over the period; latest shown)` : '';
  return `1 ${p.accountCurrency} = ${last.rate} ${shop}, ECB rate of ${last.rateDate}${more}`;
}

const HEAD = [
  'Platform',
  'Campaign',
  'Spend',
  'Spend (account)',
  'Platform ROAS',
  'Store-verified orders',
  'Store-verified revenue',
  'Store ROAS',
  'Click-id orders',
  'First-party orders',
  'First-party revenue',
] as const;

/**
 * Every ad platform's campaigns over the period (issue #39): spend in the shop currency (a
 * foreign-currency account at each day's rate, the rate shown) and in the account's own, what the
 * platform reports beside what the store verifies (orders carrying the campaign's utm_campaign)
 * and the first-party tracker's credit; a campaign whose UTMs never matched an order is flagged.
 */
export function AdPlatformCampaignsCard({ data }: { data: CampaignPerformance }) {
  const [platform, setPlatform] = useState<string>('all');
  const shop = data.shopCurrency;
  const inShop = (amount: string) => (shop ? formatMoney(amount, shop.code) : '—');
  const shown = data.adPlatforms.filter((p) => platform === 'all' || p.platform === platform);
  return (
    <Card data-testid="ad-platform-campaigns" className="min-w-0">
      <CardHeader>
        <CardTitle>Campaigns on every ad platform</CardTitle>
        <CardDescription>
          All ad spend {inShop(data.adSpendTotal)} in {shop?.code ?? 'the shop currency'}:{' '}
          {data.adPlatforms.map((p) => `${platformName(p.platform)} ${inShop(p.spend)}`).join(' · ')}
        </CardDescription>
        <fieldset className="flex flex-wrap gap-2 pt-2" aria-label="Platform filter">
          {['all', ...data.adPlatforms.map((p) => p.platform)].map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={platform === value}
              onClick={() => setPlatform(value)}
              className={cn(
                'rounded-md border px-2 py-1 text-xs',
                platform === value ? 'border-sky-400 text-sky-200' : 'border-slate-700 text-slate-300',
              )}
            >
              {value === 'all' ? 'All platforms' : platformName(value)}
            </button>
          ))}
        </fieldset>
        {shown.map((p) => {
          const rate = rateText(p, shop?.code ?? '');
          return rate ? (
            <p key={p.platform} className="text-xs text-slate-400" data-testid={`rate-${p.platform}`}>
              {platformName(p.platform)} bills in {p.accountCurrency}: {rate}.
              {p.daysWithoutRate > 0 ? ` ${p.daysWithoutRate} days without a rate yet are left out.` : ''}
            </p>
          ) : null;
        })}
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <HeadRow labels={HEAD} />
          <tbody>
            {shown.flatMap((p) =>
              p.campaigns.map((c) => (
                <tr
                  key={`${p.platform}/${c.campaignId}`}
                  className="border-t border-slate-800"
                  data-testid="platform-campaign-row"
                  data-platform={p.platform}
                >
                  <td className="py-2 pr-3">{platformName(p.platform)}</td>
                  <td className="py-2 pr-3">
                    {c.name}
                    {c.utmNeverMatched ? (
                      <Badge
                        variant="secondary"
                        className="ml-2"
                        data-testid="utm-never-matched"
                        title="No order ever carried its utm_campaign, and no tracked click id led to one"
                      >
                        UTM matches no order
                      </Badge>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 font-mono">{inShop(c.spend)}</td>
                  <td className="py-2 pr-3 font-mono">
                    {formatMoney(c.spendInAccountCurrency, p.accountCurrency)}
                  </td>
                  <td className="py-2 pr-3">{formatRoas(c.platformRoas)}</td>
                  <td className="py-2 pr-3">{formatCount(c.storeVerifiedOrders)}</td>
                  <td className="py-2 pr-3 font-mono">{inShop(c.storeVerifiedRevenue)}</td>
                  <td className="py-2 pr-3">{formatRoas(c.storeRoas)}</td>
                  <td className="py-2 pr-3" data-testid="click-id-orders">
                    {formatCount(c.clickIdOrders)}
                  </td>
                  <td className="py-2 pr-3">{formatCount(c.firstPartyOrders)}</td>
                  <td className="py-2 pr-3 font-mono">{inShop(c.firstPartyRevenue)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
