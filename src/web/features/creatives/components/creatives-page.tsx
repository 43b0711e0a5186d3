import type { CreativeRow } from '@shared/contracts/creatives.ts';
import { LoadingCards, ReadError } from '@web/components/page-states.tsx';
import { type PeriodDays, PeriodSelect } from '@web/components/period-select.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { LabelledSelect } from '@web/components/ui/labelled-select.tsx';
import { useState } from 'react';
import { useCreatives } from '../api/creative-queries.ts';
import { CreativeCard } from './creative-card.tsx';
import { CreativeCompare } from './creative-compare.tsx';

const SORTS = {
  spend: { label: 'Spend', of: (r: CreativeRow) => Number(r.spend) },
  ctr: { label: 'CTR', of: (r: CreativeRow) => r.ctr ?? -1 },
  hookRate: { label: 'Hook rate', of: (r: CreativeRow) => r.hookRate ?? -1 },
  cpa: { label: 'CPA (lowest first)', of: (r: CreativeRow) => (r.cpa === null ? -Infinity : -Number(r.cpa)) },
  platformRoas: { label: 'Platform ROAS', of: (r: CreativeRow) => r.platformRoas ?? -1 },
  verifiedRevenue: { label: 'Verified revenue', of: (r: CreativeRow) => Number(r.verifiedRevenue) },
  contribution: { label: 'Contribution', of: (r: CreativeRow) => Number(r.contribution ?? 0) },
} as const;
type SortKey = keyof typeof SORTS;

const unique = (values: string[]) => [...new Set(values)].sort();

const PLATFORMS = [
  { value: 'meta', label: 'Meta' },
  { value: 'google_ads', label: 'Google Ads' },
  { value: 'tiktok_ads', label: 'TikTok' },
];

/** Why a filter shows nothing: none synced, or Google's Performance Max (ads of its own: none). */
function emptyText(rows: CreativeRow[], platform: string): string {
  if (rows.length === 0)
    return 'No ads synced yet: connect Meta, Google Ads or TikTok on your profile page, and their ads appear after the next sync.';
  if (platform === 'google_ads' && !rows.some((r) => r.platform === 'google_ads'))
    return 'No Google Ads ads synced. Performance Max campaigns have no ads of their own (Google serves their assets in asset groups): their spend is on Campaigns.';
  return 'No creative matches these filters.';
}

/**
 * Creatives (issue #44): every ad's creative with spend, CTR, hook rate, CPA, platform ROAS,
 * store-verified revenue and contribution, and whether it is wearing out (decision 121); sorted
 * and filtered by campaign, platform and format; two creatives compared over time.
 */
export function CreativesPage() {
  const [period, setPeriod] = useState<PeriodDays>('30');
  const [campaign, setCampaign] = useState('');
  const [platform, setPlatform] = useState('');
  const [format, setFormat] = useState('');
  const [sort, setSort] = useState<SortKey>('spend');
  const creatives = useCreatives(period);
  const rows = creatives.data ?? [];
  const shown = rows
    .filter(
      (r) => (campaign === '' || r.campaign === campaign) && (platform === '' || r.platform === platform),
    )
    .filter((r) => format === '' || (r.format ?? 'none') === format)
    .sort((x, y) => SORTS[sort].of(y) - SORTS[sort].of(x));
  const all = (label: string) => [{ value: '', label }];
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Creatives</CardTitle>
          <CardDescription>
            Every ad&apos;s creative with the platform&apos;s figures beside the orders that name it, and a
            warning when it wears out (frequency up while CTR and conversion fall against its first 14 days)
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-3 text-sm">
          <PeriodSelect value={period} onChange={setPeriod} />
          <LabelledSelect
            label="Campaign"
            value={campaign}
            onChange={setCampaign}
            options={[
              ...all('All campaigns'),
              ...unique(rows.map((r) => r.campaign)).map((c) => ({ value: c, label: c })),
            ]}
          />
          <LabelledSelect
            label="Platform"
            value={platform}
            onChange={setPlatform}
            options={[...all('All platforms'), ...PLATFORMS]}
          />
          <LabelledSelect
            label="Format"
            value={format}
            onChange={setFormat}
            options={[
              ...all('All formats'),
              { value: 'video', label: 'Video' },
              { value: 'image', label: 'Image' },
              { value: 'text', label: 'Text' },
              { value: 'none', label: 'No creative' },
            ]}
          />
          <LabelledSelect
            label="Sort by"
            value={sort}
            onChange={(value) => setSort(value as SortKey)}
            options={Object.entries(SORTS).map(([value, s]) => ({ value, label: s.label }))}
          />
        </CardContent>
      </Card>
      {creatives.isPending ? <LoadingCards count={4} /> : null}
      {creatives.error ? <ReadError error={creatives.error} /> : null}
      {creatives.isSuccess && shown.length === 0 ? (
        <p className="text-sm text-slate-300" data-testid="creatives-empty">
          {emptyText(rows, platform)}
        </p>
      ) : null}
      {platform === 'google_ads' && shown.length > 0 ? (
        <p className="text-sm text-slate-400" data-testid="pmax-note">
          Performance Max campaigns have no ads of their own, so their spend is not among these creatives.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="creatives-grid">
        {shown.map((row) => (
          <CreativeCard key={`${row.platform}|${row.adId}`} row={row} />
        ))}
      </div>
      {rows.length > 0 ? <CreativeCompare rows={rows} period={period} /> : null}
    </div>
  );
}
