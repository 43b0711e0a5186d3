import type { CreativeRow } from '@shared/contracts/creatives.ts';
import { formatMoney } from '@shared/money.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { useState } from 'react';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} %`);

/** The fatigue verdict as a badge; its reason as the title. */
function FatigueBadge({ fatigue }: { fatigue: CreativeRow['fatigue'] }) {
  const text =
    fatigue.state === 'wearing_out'
      ? `Wearing out since ${fatigue.since}`
      : fatigue.state === 'healthy'
        ? 'Healthy'
        : 'Too little data';
  const variant =
    fatigue.state === 'wearing_out' ? 'warning' : fatigue.state === 'healthy' ? 'success' : 'secondary';
  return (
    <Badge variant={variant} title={fatigue.reason} data-testid="fatigue-badge">
      {text}
    </Badge>
  );
}

/** The thumbnail, or a placeholder when there is none (deleted creative, none upstream, failed load). */
function Thumbnail({ row }: { row: CreativeRow }) {
  const [failed, setFailed] = useState(false);
  if (row.thumbnailUrl === null || failed) {
    return (
      <div
        className="flex aspect-square w-full items-center justify-center rounded-md bg-slate-800 p-2 text-center text-xs text-slate-400"
        data-testid="thumbnail-placeholder"
      >
        {row.creativeDeleted
          ? 'Creative deleted upstream'
          : row.format === 'text'
            ? `Text ad: ${row.title ?? row.name}`
            : 'No thumbnail'}
      </div>
    );
  }
  return (
    <img
      src={row.thumbnailUrl}
      alt={row.title ?? row.name}
      className="aspect-square w-full rounded-md object-cover"
      onError={() => setFailed(true)}
      referrerPolicy="no-referrer"
    />
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-medium text-white">{value}</dd>
    </div>
  );
}

/** One creative of the grid: thumbnail, figures and the fatigue badge. */
export function CreativeCard({ row }: { row: CreativeRow }) {
  return (
    <Card data-testid="creative-card" data-ad-id={row.adId}>
      <CardContent className="grid gap-3 pt-4">
        <Thumbnail row={row} />
        <div className="grid gap-1">
          <p className="font-semibold text-white">{row.name}</p>
          <p className="text-xs text-slate-400">
            {row.campaign} · {row.platform} · {row.format ?? 'no creative'}
          </p>
          <FatigueBadge fatigue={row.fatigue} />
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <Figure label="Spend" value={formatMoney(row.spend, row.spendCurrency)} />
          <Figure label="CTR" value={percent(row.ctr)} />
          <Figure label="Hook rate" value={percent(row.hookRate)} />
          <Figure label="CPA" value={row.cpa === null ? '—' : formatMoney(row.cpa, row.spendCurrency)} />
          <Figure
            label="Platform ROAS"
            value={row.platformRoas === null ? '—' : `${row.platformRoas.toFixed(2)}×`}
          />
          <Figure label="Verified revenue" value={formatMoney(row.verifiedRevenue, row.currency)} />
          <Figure
            label="Contribution"
            value={row.contribution === null ? 'Hidden' : formatMoney(row.contribution, row.currency)}
          />
          <Figure label="Verified orders" value={String(row.verifiedOrders)} />
        </dl>
      </CardContent>
    </Card>
  );
}
