import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { formatCurrency } from '@web/lib/money.ts';
import { AlertTriangle, DollarSign } from 'lucide-react';
import { useMetaSpending } from '../../../lib/integrations/use-integrations.ts';
import { serverMessage } from '../lib/error-text.ts';

/** Meta ad spending last month (spec §2 "Spending widget"), in all its states. */
export function SpendingWidget({
  connected,
  adAccountId,
  tokenInvalid = false,
}: {
  connected: boolean;
  adAccountId: string | null;
  /** The live test says the token itself is invalid (Meta 190): not a permission problem. */
  tokenInvalid?: boolean;
}) {
  const spending = useMetaSpending(connected);
  return (
    <Card data-testid="spending-widget">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DollarSign aria-hidden="true" className="size-5 text-emerald-300" />
          Meta Ad Spending
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!connected ? (
          <p className="text-sm text-slate-400">Connect Meta Marketing API to see your ad spending.</p>
        ) : spending.isLoading ? (
          <div className="grid gap-3" data-testid="spending-loading">
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : spending.error ? (
          <div className="grid gap-3">
            <p className="flex items-center gap-2 font-semibold text-amber-300">
              <AlertTriangle aria-hidden="true" className="size-4" />
              {tokenInvalid ? 'Access Token Invalid or Expired' : 'Permissions Needed'}
            </p>
            {tokenInvalid ? (
              <p className="text-sm text-slate-300">
                Meta rejected the access token. Generate a new token and update it in the Meta tab.
              </p>
            ) : (
              <p className="text-sm text-slate-300">
                Ad account <span className="font-mono">{adAccountId ?? 'unknown'}</span> needs the ads_read or
                ads_management permission to read spending.
              </p>
            )}
            <p className="text-xs text-slate-400">{serverMessage(spending.error, '')}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => spending.refetch()}>
                Test Connection
              </Button>
            </div>
          </div>
        ) : !spending.data ||
          (spending.data.campaignCount === 0 && Number(spending.data.totalSpending) === 0) ? (
          <p className="text-sm text-slate-400">No spending data available</p>
        ) : (
          <div className="grid gap-4">
            <div>
              <p className="text-3xl font-bold text-white" data-testid="spending-total">
                {formatCurrency(spending.data.totalSpending, spending.data.currency || 'USD')}
              </p>
              <p className="text-sm text-slate-400">{spending.data.period}</p>
            </div>
            <div className="flex items-center gap-2 text-sm text-slate-300">
              <span>
                {spending.data.campaignCount} {spending.data.campaignCount === 1 ? 'campaign' : 'campaigns'}
              </span>
              <Badge variant="success">Active</Badge>
            </div>
            {spending.data.platforms.length > 1 ? (
              <ul
                className="grid gap-1 text-sm"
                aria-label="Spend by platform"
                data-testid="spending-platforms"
              >
                {spending.data.platforms.map((p) => (
                  <li key={p.platform} className="flex items-center justify-between gap-3 text-slate-300">
                    <span>{platformLabel(p.platform)}</span>
                    <span className="font-mono text-slate-200">
                      {formatCurrency(p.spend, spending.data.currency || 'USD')}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            <ul className="grid gap-2">
              {spending.data.campaigns.slice(0, 3).map((campaign) => (
                <li
                  key={`${campaign.platform}/${campaign.name}`}
                  className="flex items-center justify-between gap-3 rounded-md border border-slate-700 px-3 py-2 text-sm"
                >
                  <span className="truncate text-slate-100">{campaign.name}</span>
                  <span className="flex items-center gap-2">
                    <span className="font-mono text-slate-200">
                      {formatCurrency(campaign.spend, spending.data.currency || 'USD')}
                    </span>
                    <Badge variant={campaign.status === 'ACTIVE' ? 'success' : 'secondary'}>
                      {campaign.status}
                    </Badge>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      {connected && spending.data && spending.data.campaignCount > 0 ? (
        <CardFooter className="text-xs text-slate-400">
          {spending.data.platforms.length > 1
            ? 'Data from every connected ad platform'
            : 'Data from Meta Marketing API'}
        </CardFooter>
      ) : null}
    </Card>
  );
}

const PLATFORM_LABELS: Record<string, string> = {
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok Ads',
};

/** An ad platform's name as the owner knows it (an imported platform keeps its own). */
function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform;
}
