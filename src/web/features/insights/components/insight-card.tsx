import type { Insight } from '@shared/contracts/insights.ts';
import { Badge, type BadgeVariant } from '@web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { ArrowRight, TrendingDown, TrendingUp, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { formatEvidence } from '../lib/format-insight.ts';

const SEVERITY: Record<Insight['severity'], { label: string; variant: BadgeVariant }> = {
  high: { label: 'High', variant: 'destructive' },
  medium: { label: 'Medium', variant: 'warning' },
  low: { label: 'Low', variant: 'secondary' },
};

const KIND_LABEL: Record<Insight['kind'], string> = {
  revenue_anomaly: 'Revenue anomaly',
  product_mover: 'Product mover',
  channel_mover: 'Channel mover',
  segment_mover: 'Segment mover',
  segment_shift: 'Segment shift',
  stockout: 'Stock-out',
  attribution_gap: 'Attribution gap',
};

/** One insight: severity and kind, the narrative, the numbers behind it, and where to see more. */
export function InsightCard({ insight, currency }: { insight: Insight; currency: string }) {
  const severity = SEVERITY[insight.severity];
  const Icon =
    insight.tone === 'positive' ? TrendingUp : insight.tone === 'negative' ? TrendingDown : TriangleAlert;
  return (
    <Card data-testid="insight-card" data-kind={insight.kind} data-severity={insight.severity}>
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={severity.variant}>{severity.label}</Badge>
          <Badge variant="outline">{KIND_LABEL[insight.kind]}</Badge>
          <Icon
            aria-label={
              insight.tone === 'positive' ? 'Good news' : insight.tone === 'negative' ? 'Bad news' : 'Note'
            }
            className={`ml-auto size-4 ${insight.tone === 'positive' ? 'text-emerald-300' : insight.tone === 'negative' ? 'text-rose-300' : 'text-slate-300'}`}
          />
        </div>
        <CardTitle className="text-base">{insight.title}</CardTitle>
        <p className="text-sm text-slate-200" data-testid="insight-narrative">
          {insight.narrative}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          {insight.evidence.map((e) => (
            <div key={e.label} className="contents">
              <dt className="text-slate-400">{e.label}</dt>
              <dd className="text-right font-medium text-slate-100">{formatEvidence(e, currency)}</dd>
            </div>
          ))}
        </dl>
        <Link
          href={insight.link.href}
          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-300 hover:text-indigo-200"
        >
          {insight.link.label}
          <ArrowRight aria-hidden="true" className="size-3" />
        </Link>
      </CardContent>
    </Card>
  );
}
