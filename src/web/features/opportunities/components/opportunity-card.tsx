import type { Opportunity } from '@shared/contracts/opportunities.ts';
import { formatCoverageShare } from '@web/components/cost-coverage.tsx';
import { EstimatedBadge } from '@web/components/profit-marks.tsx';
import { Badge, type BadgeVariant } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';
import { formatMoney, NO_DECIMALS } from '@web/lib/money.ts';
import { AlarmClock, CheckCircle2, Eye, Rocket, X } from 'lucide-react';
import { formatConfidence, priorityLabel } from '../../../lib/opportunities/format-opportunity.ts';

const PRIORITY_VARIANT: Record<string, BadgeVariant> = {
  high: 'destructive',
  medium: 'warning',
  low: 'success',
};

export interface OpportunityCardProps {
  opportunity: Opportunity;
  /** An action on it is running. */
  busy: boolean;
  onImplement(id: string): void;
  onDismiss(id: string): void;
  onSnooze(id: string): void;
  onViewDetails(id: string): void;
}

/** One opportunity (spec §2): priority label, title, description, impact range, confidence, effort, actions. */
export function OpportunityCard({
  opportunity: o,
  busy,
  onImplement,
  onDismiss,
  onSnooze,
  onViewDetails,
}: OpportunityCardProps) {
  const implemented = o.status === 'implemented';
  return (
    <Card data-testid="opportunity-card" data-opportunity-id={o.id}>
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={PRIORITY_VARIANT[o.priority] ?? 'secondary'}>{priorityLabel(o.priority)}</Badge>
          {implemented ? (
            <Badge variant="outline" className="gap-1">
              <CheckCircle2 aria-hidden="true" className="size-3" /> Implemented
            </Badge>
          ) : null}
        </div>
        <CardTitle className="text-base">{o.title}</CardTitle>
        <p className="text-sm text-slate-300">{o.description}</p>
        {o.losesMoney ? (
          <p
            className="flex items-center gap-2 text-sm font-medium text-rose-300"
            data-testid="opportunity-loses-money"
          >
            <Badge variant="destructive">Loses money</Badge>
            {o.profitNote}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          {/* Cutting spend saves money; it adds no revenue (issue #36). */}
          <p className="text-slate-400">{o.impactKind === 'savings' ? 'Savings' : 'Revenue impact'}</p>
          <p className="font-semibold text-emerald-300" data-testid="opportunity-impact">
            {formatMoney(o.revenueImpactMin, o.currency, NO_DECIMALS)} –{' '}
            {formatMoney(o.revenueImpactMax, o.currency, NO_DECIMALS)}
          </p>
        </div>
        <div>
          <p className="text-slate-400">Profit impact</p>
          <p
            className={cn('font-semibold', o.losesMoney ? 'text-rose-300' : 'text-emerald-300')}
            data-testid="opportunity-profit-impact"
          >
            {o.profitImpactMin === null || o.profitImpactMax === null
              ? '—'
              : `${formatMoney(o.profitImpactMin, o.currency, NO_DECIMALS)} – ${formatMoney(o.profitImpactMax, o.currency, NO_DECIMALS)}`}
          </p>
          <ProfitCoverageNote opportunity={o} />
        </div>
        <div>
          <p className="text-slate-400">Confidence</p>
          <p className="font-semibold">{formatConfidence(o.confidenceScore)}</p>
        </div>
        <div>
          <p className="text-slate-400">Effort</p>
          <p className="font-semibold">{o.effortLevel || 'Medium'}</p>
        </div>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button size="sm" disabled={implemented || busy} onClick={() => onImplement(o.id)}>
          <Rocket aria-hidden="true" />
          {implemented ? 'Implemented' : 'Implement'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onViewDetails(o.id)}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
        {implemented ? null : (
          <>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onSnooze(o.id)}>
              <AlarmClock aria-hidden="true" />
              Snooze
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDismiss(o.id)}>
              <X aria-hidden="true" />
              Dismiss
            </Button>
          </>
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * What the profit impact rests on (issue #13): the share of units whose cost is known, and the
 * *estimated* mark while some rest on the default margin or have no cost at all.
 */
function ProfitCoverageNote({ opportunity: o }: { opportunity: Opportunity }) {
  const coverage = o.profitCoverage;
  if (o.profitImpactMax === null || coverage === null || coverage.unitsSold === 0) return null;
  const estimated = coverage.unitsWithCost < coverage.unitsSold;
  return (
    <p
      className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-400"
      data-testid="opportunity-cost-coverage"
    >
      {estimated ? (
        <EstimatedBadge title="Part of the cost of goods behind this profit impact is estimated from the default margin or unknown." />
      ) : null}
      Costs known for {formatCoverageShare(coverage)} of units
    </p>
  );
}
